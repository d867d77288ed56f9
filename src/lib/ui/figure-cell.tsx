import { Table, type TableCellProps } from '@chakra-ui/react';

/**
 * A table cell holding a figure (an amount, a count): right-aligned with digits of one width so
 * a column's figures line up, and never wrapped (an amount cut over two lines misreads).
 */
export function FigureCell(props: TableCellProps) {
  return <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" {...props} />;
}
