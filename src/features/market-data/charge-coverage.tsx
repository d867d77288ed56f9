import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import type { MarketDataCoverage } from '../../../schemas/market-data.schema';
import { wrappedTextColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { useFormat, type Formatters } from '../../lib/format/use-format';
import { useT, type Translate } from '../../lib/i18n/use-t';
import { countColumns, counted, type Counted } from './coverage-columns';
import { gridHeightFor } from '../../lib/grid/grid-height';

type Charges = MarketDataCoverage['cargos'];
type ChargeRow = Counted & { id: string; pais: string; concepto: string; tasas: string };

/** The rates in force in the month with their periods, as one line: "01/01/2026 – 15/01/2026: 1,2; 16/01/2026 – no end: 1,25". */
function ratesText(vigencias: Charges[number]['vigencias'], t: Translate, format: Formatters): string {
  return vigencias
    .map((rate) =>
      t('marketData.coverage.rateInForce', {
        desde: format.date(rate.vigente_desde),
        hasta: rate.vigente_hasta ? format.date(rate.vigente_hasta) : t('marketData.periods.noEnd'),
        tasa: format.decimal(rate.tasa),
      }),
    )
    .join('; ');
}

/**
 * The national charge rates of the month: per country (those the nodes in force are in, and
 * those with a rate) and kind, the days of the month a rate is in force, and those rates.
 */
export function ChargeCoverage({ charges, days }: { charges: Charges | null; days: number }) {
  const t = useT();
  const format = useFormat();
  const rows = useMemo<ChargeRow[] | null>(
    () =>
      charges?.map((row) => ({
        id: `${row.pais}:${row.concepto}`,
        pais: row.pais,
        concepto: row.concepto,
        tasas: ratesText(row.vigencias, t, format),
        ...counted(row.dias, days),
      })) ?? null,
    [charges, days, t, format],
  );
  const columns = useMemo<ColDef<ChargeRow>[]>(() => {
    // A node's prefix that is no country of the application shows as it is.
    const country = (code: string | undefined) => {
      const name = code ? t(`countries.${code}`) : '';
      return name === `countries.${code}` ? (code ?? '') : name;
    };
    const kind = (code: string | undefined) => (code ? t(`marketData.chargeKinds.${code}`) : '');
    return [
      { field: 'pais', headerName: t('marketData.coverage.country'), valueFormatter: ({ value }) => country(value), getQuickFilterText: ({ value }) => country(value), filterValueGetter: ({ data }) => country(data?.pais) },
      { field: 'concepto', headerName: t('marketData.coverage.chargeKind'), valueFormatter: ({ value }) => kind(value), getQuickFilterText: ({ value }) => kind(value), filterValueGetter: ({ data }) => kind(data?.concepto) },
      ...countColumns<ChargeRow>(t, format, 'days'),
      // Several periods in a month wrap rather than being cut.
      { ...wrappedTextColumn<ChargeRow>('tasas'), headerName: t('marketData.coverage.rates'), flex: 3, minWidth: 260 },
    ];
  }, [t, format]);
  return (
    <DataGrid<ChargeRow>
      rows={rows}
      columns={columns}
      emptyKey="marketData.coverage.emptyCharges"
      searchLabelKey="marketData.coverage.searchCharges"
      height={gridHeightFor(rows)}
      urlPrefix="cargos."
    />
  );
}
