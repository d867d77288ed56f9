import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import type { MarketDataCoverage } from '../../../schemas/market-data.schema';
import { integerColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ChargeCoverage } from './charge-coverage';
import { CompleteBadge, countColumns, counted, type Counted } from './coverage-columns';
import { gridHeightFor } from '../../lib/grid/grid-height';

/** One part of the coverage: a heading (named for the screen reader) and what is loaded of it. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="3" as="section" aria-labelledby={id}>
      <Heading as="h3" size="md" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/**
 * One kind's periods in a grid of its own part: `texts` names its empty and search texts
 * (`marketData.coverage.empty<texts>`, `.search<texts>`), `urlPrefix` its search and filters in the URL.
 */
function CoverageGrid<Row extends { id: string }>(props: { id: string; kind: string; texts: string; urlPrefix: string; rows: Row[] | null; columns: ColDef<Row>[] }) {
  const t = useT();
  return (
    <Part id={props.id} title={t(`marketData.kinds.${props.kind}`)}>
      <DataGrid<Row>
        rows={props.rows}
        columns={props.columns}
        rowId={(row) => row.id}
        emptyKey={`marketData.coverage.empty${props.texts}`}
        searchLabelKey={`marketData.coverage.search${props.texts}`}
        height={gridHeightFor(props.rows)}
        urlPrefix={props.urlPrefix}
      />
    </Part>
  );
}

type NodeRow = Counted & { id: string; nodo: string; version: string };
type EnergyRow = Counted & { id: string; anexo_id: number; contrato_id: number; version: string };

/** Per node and version (prices, loss factors): the periods loaded against every hour of the month. */
function nodeRows(rows: MarketDataCoverage['precios'] | undefined, expected: number): NodeRow[] | null {
  return rows?.map((row) => ({ id: `${row.nodo}:${row.version}`, nodo: row.nodo, version: row.version, ...counted(row.periodos, expected) })) ?? null;
}

/**
 * What a month has loaded: node prices and loss factors per node and version, measured energy
 * per annex and version (each with present and expected periods, the share and whether it is
 * complete), the days each country's charge rates are in force, and the days with an exchange
 * rate. `coverage` null while it loads.
 */
export function CoverageView({ coverage }: { coverage: MarketDataCoverage | null }) {
  const t = useT();
  const format = useFormat();
  const prices = useMemo(() => nodeRows(coverage?.precios, coverage?.periodos_esperados ?? 0), [coverage]);
  const lossFactors = useMemo(() => nodeRows(coverage?.factores_perdida, coverage?.periodos_esperados ?? 0), [coverage]);
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
  const nodeColumns = useMemo<ColDef<NodeRow>[]>(
    () => [
      { field: 'nodo', headerName: t('marketData.coverage.node') },
      { field: 'version', headerName: t('marketData.coverage.version') },
      ...countColumns<NodeRow>(t, format),
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
      <CoverageGrid id="coverage-prices" kind="precios" texts="Prices" urlPrefix="precios." rows={prices} columns={nodeColumns} />
      <CoverageGrid id="coverage-loss-factors" kind="factores-perdida" texts="LossFactors" urlPrefix="factores." rows={lossFactors} columns={nodeColumns} />
      <CoverageGrid id="coverage-energy" kind="mediciones" texts="Energy" urlPrefix="mediciones." rows={energy} columns={energyColumns} />
      <Part id="coverage-charges" title={t('marketData.kinds.cargos')}>
        <ChargeCoverage charges={coverage?.cargos ?? null} days={coverage?.dias ?? 0} />
      </Part>
      <Part id="coverage-rates" title={t('marketData.kinds.tipos-cambio')}>
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
      </Part>
    </Stack>
  );
}
