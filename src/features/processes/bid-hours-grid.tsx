import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useRef } from 'react';
import type { BidHour } from '../../../schemas/process.schema';
import { useFormat } from '../../lib/format/use-format';
import { decimalColumn } from '../../lib/grid/column-types';
import { checkboxColumn } from '../../lib/grid/grid-cells';
import { DataGrid } from '../../lib/grid/data-grid';
import { useT } from '../../lib/i18n/use-t';
import { DecimalCellInput } from '../../lib/grid/decimal-cell-input';

/** A bid hour as the grid shows it: its place in the body sent, and its problem in words. */
export interface BidHourRow extends BidHour {
  index: number;
  problema: string;
}

/** What the grid's cells change (kept in a ref: the columns are made once per language). */
export interface BidHourEdits {
  toggle: (index: number) => void;
  power: (index: number, value: string) => void;
  price: (index: number, value: string) => void;
}

/** Prices ($/MWh) always show their cents, and the tenths of a cent a node price may have. */
const PRICE_DIGITS = { minFractionDigits: 2, maxFractionDigits: 4 };

/** What a typed figure's cell is told besides its row (its column's `cellRendererParams`). */
interface FigureCellParams {
  field: 'potencia_oferta' | 'precio_oferta';
  /** The box's accessible name: `{{nodo}}` and `{{periodo}}` of its row. */
  labelKey: string;
  digits?: typeof PRICE_DIGITS;
  edits: { current: BidHourEdits };
}

/**
 * A bid figure the trader types in its cell (bid power, bid price); a row's problem marks its
 * price. One component for every such cell, so a change of the columns (the problem column
 * shown) draws it again instead of anew: what is being typed stays, and so does the focus.
 */
function FigureCell({ data, field, labelKey, digits, edits }: ICellRendererParams<BidHourRow> & FigureCellParams) {
  const t = useT();
  if (!data) return null;
  return (
    <DecimalCellInput
      value={data[field]}
      digits={digits}
      label={t(labelKey, { nodo: data.nodo, periodo: data.periodo })}
      invalid={field === 'precio_oferta' && data.problema !== ''}
      onType={(wire) => (field === 'precio_oferta' ? edits.current.price : edits.current.power)(data.index, wire)}
    />
  );
}

/**
 * The bid-hour grid of an operating day: period, node, power, bid power (editable), price, bid
 * price (editable: a typed price is kept when the percentage changes), the bid flag and the
 * priority its node has; a problem (an invalid price) on its row. Every figure, typed or not,
 * in the language's notation. `emptyKey` says why there is no row; `onShownRowsChange` hears
 * the hours the search leaves (the grid's).
 */
export function BidHoursGrid({
  rows,
  edits,
  emptyKey,
  onShownRowsChange,
}: {
  rows: BidHourRow[] | null;
  edits: BidHourEdits;
  emptyKey: string;
  onShownRowsChange: (rows: BidHourRow[]) => void;
}) {
  const t = useT();
  const format = useFormat();
  const latest = useRef(edits);
  latest.current = edits;
  const hasProblems = rows?.some((row) => row.problema !== '') ?? false;
  const columns = useMemo<ColDef<BidHourRow>[]>(() => {
    const label = (key: string, row: BidHourRow) => t(key, { nodo: row.nodo, periodo: row.periodo });
    const typedColumn = (field: FigureCellParams['field'], labelKey: string, digits?: typeof PRICE_DIGITS): ColDef<BidHourRow> => ({
      ...decimalColumn<BidHourRow>(field, format, digits && { min: digits.minFractionDigits, max: digits.maxFractionDigits }),
      headerName: t(`processes.sube.columns.${field}`),
      minWidth: 130,
      filter: false,
      cellRenderer: FigureCell,
      cellRendererParams: { field, labelKey, digits, edits: latest } satisfies FigureCellParams,
    });
    return [
      checkboxColumn<BidHourRow>({
        field: 'ofertar',
        headerName: t('processes.sube.columns.ofertar'),
        label: (row) => label('processes.sube.bidRow', row),
        onToggle: (row) => latest.current.toggle(row.index),
      }),
      { field: 'periodo', headerName: t('processes.sube.columns.periodo'), type: 'rightAligned', filter: 'agNumberColumnFilter', maxWidth: 100 },
      { field: 'nodo', headerName: t('processes.sube.columns.nodo') },
      { ...decimalColumn<BidHourRow>('potencia', format), headerName: t('processes.sube.columns.potencia') },
      typedColumn('potencia_oferta', 'processes.sube.bidPower'),
      { ...decimalColumn<BidHourRow>('precio', format, { min: PRICE_DIGITS.minFractionDigits, max: PRICE_DIGITS.maxFractionDigits }), headerName: t('processes.sube.columns.precio') },
      typedColumn('precio_oferta', 'processes.sube.bidPrice', PRICE_DIGITS),
      {
        field: 'prioridad',
        headerName: t('processes.sube.columns.prioridad'),
        maxWidth: 110,
        valueFormatter: ({ value }) => (value ? t('processes.sube.priority', { n: value as number }) : ''),
      },
      {
        field: 'problema',
        headerName: t('processes.sube.columns.problema'),
        // Shown only while an hour has a problem.
        hide: !hasProblems,
        cellStyle: { color: 'var(--chakra-colors-fg-error)' },
      },
    ];
  }, [t, format, hasProblems]);
  return (
    <DataGrid<BidHourRow>
      rows={rows}
      columns={columns}
      rowId={(row) => `${row.nodo}|${row.periodo}`}
      emptyKey={emptyKey}
      searchLabelKey="processes.sube.search"
      urlFilters={false}
      height="420px"
      onShownRowsChange={onShownRowsChange}
    />
  );
}
