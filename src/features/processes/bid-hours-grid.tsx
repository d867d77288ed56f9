import { Input } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useRef } from 'react';
import type { BidHour } from '../../../schemas/process.schema';
import { useFormat } from '../../lib/format/use-format';
import { decimalColumn } from '../../lib/grid/column-types';
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
    return [
      {
        colId: 'ofertar',
        field: 'ofertar',
        headerName: t('processes.sube.columns.ofertar'),
        sortable: false,
        filter: false,
        maxWidth: 100,
        cellRenderer: ({ data }: ICellRendererParams<BidHourRow>) =>
          data ? (
            <input type="checkbox" checked={data.ofertar} aria-label={label('processes.sube.bidRow', data)} onChange={() => latest.current.toggle(data.index)} />
          ) : null,
      },
      { field: 'periodo', headerName: t('processes.sube.columns.periodo'), type: 'rightAligned', filter: 'agNumberColumnFilter', maxWidth: 100 },
      { field: 'nodo', headerName: t('processes.sube.columns.nodo') },
      { ...decimalColumn<BidHourRow>('potencia', format), headerName: t('processes.sube.columns.potencia') },
      {
        field: 'potencia_oferta',
        headerName: t('processes.sube.columns.potencia_oferta'),
        minWidth: 130,
        filter: false,
        cellRenderer: ({ data }: ICellRendererParams<BidHourRow>) =>
          data ? (
            <Input
              size="xs"
              textAlign="end"
              inputMode="decimal"
              value={data.potencia_oferta}
              aria-label={label('processes.sube.bidPower', data)}
              onChange={(event) => latest.current.power(data.index, typedDecimal(event.target.value))}
            />
          ) : null,
      },
      { ...decimalColumn<BidHourRow>('precio', format), headerName: t('processes.sube.columns.precio') },
      {
        field: 'precio_oferta',
        headerName: t('processes.sube.columns.precio_oferta'),
        minWidth: 130,
        filter: false,
        cellRenderer: ({ data }: ICellRendererParams<BidHourRow>) =>
          data ? (
            <Input
              size="xs"
              textAlign="end"
              inputMode="decimal"
              value={data.precio_oferta}
              aria-invalid={data.problema ? true : undefined}
              aria-label={label('processes.sube.bidPrice', data)}
              onChange={(event) => latest.current.price(data.index, typedDecimal(event.target.value))}
            />
          ) : null,
      },
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
