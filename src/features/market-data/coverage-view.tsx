import { Badge, Heading, Stack, Text } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import type { MarketDataCoverage } from '../../../schemas/market-data.schema';
import { integerColumn, percentColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { useFormat } from '../../lib/format/use-format';
import type { Translate } from '../../lib/i18n/use-t';
import { useT } from '../../lib/i18n/use-t';
import { gridHeightFor } from './grid-height';

/** A count of loaded periods against what a complete month has, with its share. */
interface Counted {
  periodos: number;
  periodos_esperados: number;
  porcentaje: string;
  completo: boolean;
}

type PriceRow = Counted & { id: string; nodo: string; version: string };
type EnergyRow = Counted & { id: string; anexo_id: number; contrato_id: number; version: string };

/** The share of `present` in `expected`, as a decimal string with one decimal (0 when nothing is expected). */
function share(present: number, expected: number): string {
  return expected > 0 ? ((present * 100) / expected).toFixed(1) : '0';
}

function counted(periodos: number, periodos_esperados: number): Counted {
  return { periodos, periodos_esperados, porcentaje: share(periodos, periodos_esperados), completo: isComplete(periodos, periodos_esperados) };
}

/** Complete when every expected period is there (a month nothing is expected of is not). */
function isComplete(present: number, wanted: number): boolean {
  return wanted > 0 && present >= wanted;
}

function CompleteBadge({ complete }: { complete: boolean }) {
  const t = useT();
  return (
    <Badge colorPalette={complete ? 'green' : 'orange'} variant="subtle">
      {t(complete ? 'marketData.coverage.complete' : 'marketData.coverage.incomplete')}
    </Badge>
  );
}

/** The columns every coverage grid ends with: present, expected, percent, complete. */
function countColumns<Row extends Counted>(t: Translate, format: ReturnType<typeof useFormat>): ColDef<Row>[] {
  return [
    { ...integerColumn<Row>('periodos', format), headerName: t('marketData.coverage.present') },
    { ...integerColumn<Row>('periodos_esperados', format), headerName: t('marketData.coverage.expected') },
    { ...percentColumn<Row>('porcentaje', format), headerName: t('marketData.coverage.percent') },
    {
      field: 'completo' as ColDef<Row>['field'],
      headerName: t('marketData.coverage.status'),
      cellRenderer: ({ value }: { value: boolean }) => <CompleteBadge complete={value} />,
      valueFormatter: ({ value }) => t(value ? 'marketData.coverage.complete' : 'marketData.coverage.incomplete'),
      getQuickFilterText: ({ value }) => t(value ? 'marketData.coverage.complete' : 'marketData.coverage.incomplete'),
      filterValueGetter: ({ data }) => t(data?.completo ? 'marketData.coverage.complete' : 'marketData.coverage.incomplete'),
    },
  ];
}

/**
 * What a month has loaded: node prices per node and version, measured energy per annex and
 * version (each with present and expected periods, the share and whether it is complete),
 * and the days with an exchange rate. `coverage` null while it loads.
 */
export function CoverageView({ coverage }: { coverage: MarketDataCoverage | null }) {
  const t = useT();
  const format = useFormat();
  const prices = useMemo<PriceRow[] | null>(
    () =>
      coverage?.precios.map((row) => ({
        id: `${row.nodo}:${row.version}`,
        nodo: row.nodo,
        version: row.version,
        ...counted(row.periodos, coverage.periodos_esperados),
      })) ?? null,
    [coverage],
  );
  const energy = useMemo<EnergyRow[] | null>(
    () =>
      coverage?.mediciones.map((row) => ({
        id: `${row.anexo_id}:${row.version}`,
        anexo_id: row.anexo_id,
        contrato_id: row.contrato_id,
        version: row.version,
        ...counted(row.periodos, row.periodos_esperados),
      })) ?? null,
    [coverage],
  );
  const priceColumns = useMemo<ColDef<PriceRow>[]>(
    () => [
      { field: 'nodo', headerName: t('marketData.coverage.node') },
      { field: 'version', headerName: t('marketData.coverage.version') },
      ...countColumns<PriceRow>(t, format),
    ],
    [t, format],
  );
  const energyColumns = useMemo<ColDef<EnergyRow>[]>(
    () => [
      { ...integerColumn<EnergyRow>('anexo_id', format), headerName: t('marketData.coverage.annex') },
      { ...integerColumn<EnergyRow>('contrato_id', format), headerName: t('marketData.coverage.contract') },
      { field: 'version', headerName: t('marketData.coverage.version') },
      ...countColumns<EnergyRow>(t, format),
    ],
    [t, format],
  );
  const rates = coverage ? counted(coverage.tipos_cambio.dias, coverage.dias) : null;

  return (
    <Stack gap="6">
      <Stack gap="3" as="section" aria-labelledby="coverage-prices">
        <Heading as="h3" size="md" id="coverage-prices">
          {t('marketData.kinds.precios')}
        </Heading>
        <DataGrid<PriceRow>
          rows={prices}
          columns={priceColumns}
          rowId={(row) => row.id}
          emptyKey="marketData.coverage.emptyPrices"
          searchLabelKey="marketData.coverage.searchPrices"
          height={gridHeightFor(prices)}
          urlPrefix="precios."
        />
      </Stack>
      <Stack gap="3" as="section" aria-labelledby="coverage-energy">
        <Heading as="h3" size="md" id="coverage-energy">
          {t('marketData.kinds.mediciones')}
        </Heading>
        <DataGrid<EnergyRow>
          rows={energy}
          columns={energyColumns}
          rowId={(row) => row.id}
          emptyKey="marketData.coverage.emptyEnergy"
          searchLabelKey="marketData.coverage.searchEnergy"
          height={gridHeightFor(energy)}
          urlPrefix="mediciones."
        />
      </Stack>
      <Stack gap="2" as="section" aria-labelledby="coverage-rates">
        <Heading as="h3" size="md" id="coverage-rates">
          {t('marketData.kinds.tipos-cambio')}
        </Heading>
        {rates && coverage ? (
          <Stack direction="row" gap="3" align="center" wrap="wrap">
            <Text data-testid="coverage-rates">
              {t('marketData.coverage.rateDays', {
                n: format.integer(rates.periodos),
                total: format.integer(coverage.dias),
                percent: format.percent(rates.porcentaje),
              })}
            </Text>
            <CompleteBadge complete={rates.completo} />
          </Stack>
        ) : null}
      </Stack>
    </Stack>
  );
}
