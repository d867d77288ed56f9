import { HStack, Link as ChakraLink } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';

/** The colId of every list's row-actions column (never exported). */
export const ACTIONS_COLUMN = 'actions';

/**
 * What the DataGrid makes of the column whose colId is `ACTIONS_COLUMN`, in every list: pinned
 * to the grid's right edge so the buttons stay in view however many columns scroll beside
 * them, as wide as its buttons (measured), and never sorted, filtered, resized or moved.
 */
export const ACTIONS_COLUMN_DEF = {
  pinned: 'right',
  lockPinned: true,
  suppressMovable: true,
  sortable: false,
  filter: false,
  resizable: false,
  tooltip: false,
  flex: null,
} as const satisfies ColDef;

/** A row's buttons (open, edit, delete), in a row of their own. */
export function actionsColumn<Row>({
  headerName,
  hide = false,
  render,
}: {
  headerName: string;
  hide?: boolean;
  render: (row: Row) => ReactNode;
}): ColDef<Row> {
  return {
    colId: ACTIONS_COLUMN,
    headerName,
    hide,
    cellRenderer: ({ data }: ICellRendererParams<Row>) =>
      data ? (
        <HStack gap="2" height="full">
          {render(data)}
        </HStack>
      ) : null,
  };
}

function LinkCell<Row>({ params, href, text }: { params: ICellRendererParams<Row>; href: string; text: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const { setTooltip } = params;
  useEffect(() => {
    // The full text on hover, only when the column is too narrow for it.
    setTooltip(text, () => {
      const link = ref.current;
      return link !== null && link.scrollWidth > link.clientWidth;
    });
  }, [setTooltip, text]);
  return (
    <ChakraLink ref={ref} asChild color="brand.fg" display="block" truncate>
      <Link href={href}>{text}</Link>
    </ChakraLink>
  );
}

/**
 * `column` shown as a link to `href(row)` reading `text(row)` (the cell's value by default);
 * a text the column cuts reads in full on hover.
 */
export function linkColumn<Row>(column: ColDef<Row>, href: (row: Row) => string, text?: (row: Row) => string): ColDef<Row> {
  return {
    ...column,
    cellRenderer: (params: ICellRendererParams<Row>) =>
      params.data ? (
        <LinkCell params={params} href={href(params.data)} text={text ? text(params.data) : String(params.valueFormatted ?? params.value ?? '')} />
      ) : null,
  };
}

/**
 * A row's tick box (register it, bid it, delete it): the boolean `field` of the row, named for a
 * screen reader by `label(row)`; `onToggle` is called with the row (read it from a ref: the
 * columns are made once per language, the handler changes with every render).
 */
export function checkboxColumn<Row>({
  field,
  headerName,
  label,
  onToggle,
  disabled,
}: {
  field: keyof Row & string;
  headerName: string;
  label: (row: Row) => string;
  onToggle: (row: Row) => void;
  /** Whether a row may not be ticked (it is shown, unticked and greyed). */
  disabled?: (row: Row) => boolean;
}): ColDef<Row> {
  return {
    colId: field,
    field: field as unknown as ColDef<Row>['field'],
    headerName,
    sortable: false,
    filter: false,
    maxWidth: 110,
    cellRenderer: ({ data }: ICellRendererParams<Row>) =>
      data ? <input type="checkbox" checked={Boolean(data[field])} disabled={disabled?.(data)} aria-label={label(data)} onChange={() => onToggle(data)} /> : null,
  };
}
