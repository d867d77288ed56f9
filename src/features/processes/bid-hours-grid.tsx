import { Input } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useRef } from 'react';
import type { BidHour } from '../../../schemas/process.schema';
import { useFormat } from '../../lib/format/use-format';
import { decimalColumn } from '../../lib/grid/column-types';
import { checkboxColumn } from '../../lib/grid/grid-cells';
import { DataGrid } from '../../lib/grid/data-grid';
import { useT } from '../../lib/i18n/use-t';

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

/** A decimal typed in a cell, as the wire writes it (a comma is the Spanish decimal point). */
const typedDecimal = (text: string) => text.trim().replace(',', '.');

/**
 * The bid-hour grid of an operating day: period, node, power, bid power (editable), price, bid
 * price (editable: a typed price is kept when the percentage changes), the bid flag and the
 * priority its node has; a problem (an invalid price) on its row.
 */
export function BidHoursGrid({ rows, edits }: { rows: BidHourRow[] | null; edits: BidHourEdits }) {
  const t = useT();
  const format = useFormat();
  const latest = useRef(edits);
  latest.current = edits;
  const hasProblems = rows?.some((row) => row.problema !== '') ?? false;
  const columns = useMemo<ColDef<BidHourRow>[]>(() => {
    const label = (key: string, row: BidHourRow) => t(key, { nodo: row.nodo, periodo: row.periodo });
    /** A bid figure the trader types in its cell (bid power, bid price); a row's problem marks its price. */
    const typedColumn = (field: 'potencia_oferta' | 'precio_oferta', labelKey: string, onType: (index: number, value: string) => void): ColDef<BidHourRow> => ({
      field,
      headerName: t(`processes.sube.columns.${field}`),
      minWidth: 130,
      filter: false,
      cellRenderer: ({ data }: ICellRendererParams<BidHourRow>) =>
        data ? (
          <Input
            size="xs"
            textAlign="end"
            inputMode="decimal"
            value={data[field]}
            aria-invalid={field === 'precio_oferta' && data.problema ? true : undefined}
            aria-label={label(labelKey, data)}
            onChange={(event) => onType(data.index, typedDecimal(event.target.value))}
          />
        ) : null,
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
      typedColumn('potencia_oferta', 'processes.sube.bidPower', (index, value) => latest.current.power(index, value)),
      { ...decimalColumn<BidHourRow>('precio', format), headerName: t('processes.sube.columns.precio') },
      typedColumn('precio_oferta', 'processes.sube.bidPrice', (index, value) => latest.current.price(index, value)),
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
      emptyKey="processes.sube.empty"
      searchLabelKey="processes.sube.search"
      urlFilters={false}
      height="420px"
    />
  );
}
