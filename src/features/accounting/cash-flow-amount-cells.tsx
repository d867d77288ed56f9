import { Table } from '@chakra-ui/react';
import type { Currency } from '../../lib/format/number-format';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { FigureCell } from '../../lib/ui/figure-cell';

/** The money columns the cash-flow tables share, in the order they show them. */
export type CashFlowAmount = 'ingresos' | 'egresos' | 'neto' | 'acumulado';

/** The headers of a cash-flow table's money columns (right-aligned, as their figures). */
export function CashFlowAmountHeaders({ names }: { names: readonly CashFlowAmount[] }) {
  const t = useT();
  return names.map((name) => (
    <Table.ColumnHeader key={name} textAlign="end">
      {t(`accounting.cashFlow.columns.${name}`)}
    </Table.ColumnHeader>
  ));
}

/** A row's money cells, each in the row's currency. */
export function CashFlowAmountCells({ row, names }: { row: { moneda: Currency } & Partial<Record<CashFlowAmount, string>>; names: readonly CashFlowAmount[] }) {
  const format = useFormat();
  return names.map((name) => (
    <FigureCell key={name}>
      {format.money(row[name] ?? '0', row.moneda)}
    </FigureCell>
  ));
}
