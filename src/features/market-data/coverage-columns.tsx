import { Badge } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { integerColumn, percentColumn } from '../../lib/grid/column-types';
import type { Formatters } from '../../lib/format/use-format';
import type { Translate } from '../../lib/i18n/use-t';
import { useT } from '../../lib/i18n/use-t';

// What every coverage grid ends with: how much of the month is loaded against what a complete
// month has (hours for hourly data, days for charge rates), its share, and whether it is complete.

/** A count of loaded periods (or days) against what a complete month has, with its share. */
export interface Counted {
  periodos: number;
  periodos_esperados: number;
  porcentaje: string;
  completo: boolean;
}

/** The share of `present` in `expected`, as a decimal string with one decimal (0 when nothing is expected). */
function share(present: number, expected: number): string {
  return expected > 0 ? ((present * 100) / expected).toFixed(1) : '0';
}

/** Complete when every expected period is there (a month nothing is expected of is not). */
function isComplete(present: number, wanted: number): boolean {
  return wanted > 0 && present >= wanted;
}

export function counted(periodos: number, periodos_esperados: number): Counted {
  return { periodos, periodos_esperados, porcentaje: share(periodos, periodos_esperados), completo: isComplete(periodos, periodos_esperados) };
}

export function CompleteBadge({ complete }: { complete: boolean }) {
  const t = useT();
  return (
    <Badge colorPalette={complete ? 'green' : 'orange'} variant="subtle">
      {t(complete ? 'marketData.coverage.complete' : 'marketData.coverage.incomplete')}
    </Badge>
  );
}

/** The columns present, expected, percent, complete; `unit` names what is counted in the headers. */
export function countColumns<Row extends Counted>(t: Translate, format: Formatters, unit: 'periods' | 'days' = 'periods'): ColDef<Row>[] {
  const status = (complete: boolean | undefined) => t(complete ? 'marketData.coverage.complete' : 'marketData.coverage.incomplete');
  return [
    { ...integerColumn<Row>('periodos', format), headerName: t(unit === 'days' ? 'marketData.coverage.presentDays' : 'marketData.coverage.present') },
    { ...integerColumn<Row>('periodos_esperados', format), headerName: t(unit === 'days' ? 'marketData.coverage.expectedDays' : 'marketData.coverage.expected') },
    { ...percentColumn<Row>('porcentaje', format), headerName: t('marketData.coverage.percent') },
    {
      field: 'completo' as ColDef<Row>['field'],
      headerName: t('marketData.coverage.status'),
      cellRenderer: ({ value }: { value: boolean }) => <CompleteBadge complete={value} />,
      valueFormatter: ({ value }) => status(value),
      getQuickFilterText: ({ value }) => status(value),
      filterValueGetter: ({ data }) => status(data?.completo),
    },
  ];
}
