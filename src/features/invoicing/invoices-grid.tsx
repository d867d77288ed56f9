import { Button } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useRef } from 'react';
import { Link } from 'wouter';
import type { Invoice, InvoiceState } from '../../../schemas/invoice.schema';
import { useFormat } from '../../lib/format/use-format';
import { dateColumn, moneyColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { actionsColumn, checkboxColumn, linkColumn } from '../../lib/grid/grid-cells';
import { useT } from '../../lib/i18n/use-t';
import { InvoiceStateBadge } from './invoice-badges';
import { invoiceMonth, invoiceReference } from './invoice-names';

interface GridRow extends Invoice {
  elegida: boolean;
}

/** Room for an amount in the hundreds of thousands with its currency on an empty page; wider ones are measured. */
const MONEY_WIDTH = 130;

const currencyOf = (row: Invoice | undefined) => row?.moneda ?? 'USD';

/**
 * One page of invoices and notes: reference (opens it), contract, company, status badge, total
 * and what is owed (each in its own currency), issue and due dates, then month, kind and country
 * (the subtotal and VAT are on the document). At 1440 px with the drawer open everything up to
 * the due date is in view beside the pinned row actions; what follows scrolls. With
 * `selection`, a tick box per row picks the drafts to request together; a row that may not be
 * requested cannot be ticked.
 */
export function InvoicesGrid({
  rows,
  selection,
}: {
  rows: Invoice[] | null;
  selection?: { chosen: ReadonlySet<number>; mayChoose: (invoice: Invoice) => boolean; onToggle: (invoice: Invoice) => void };
}) {
  const t = useT();
  const format = useFormat();
  // The columns are made once per language: the tick box reads the latest handlers from here.
  const latest = useRef(selection);
  latest.current = selection;
  const selectable = selection !== undefined;
  const columns = useMemo<ColDef<GridRow>[]>(
    () => [
      ...(selectable
        ? [
            checkboxColumn<GridRow>({
              field: 'elegida',
              headerName: t('invoicing.list.columns.elegida'),
              label: (row) => t('invoicing.list.chooseRow', { reference: invoiceReference(row), contract: row.contrato_codigo ?? '', month: invoiceMonth(row) }),
              onToggle: (row) => latest.current?.onToggle(row),
              disabled: (row) => !(latest.current?.mayChoose(row) ?? false),
            }),
          ]
        : []),
      linkColumn<GridRow>({ colId: 'referencia', headerName: t('invoicing.list.columns.referencia'), valueGetter: ({ data }) => (data ? invoiceReference(data) : ''), minWidth: 110 }, (row) => `/${row.id}`),
      { field: 'contrato_codigo', headerName: t('invoicing.list.columns.contrato_codigo') },
      // A long company name is cut and reads in full on hover: the amounts need the room.
      { field: 'razon_social', headerName: t('invoicing.list.columns.razon_social') },
      {
        field: 'estado',
        headerName: t('invoicing.list.columns.estado'),
        // As wide as its longest badge ("Conciliada", "Reconciled") with the header's filter button.
        minWidth: 100,
        cellRenderer: ({ value }: ICellRendererParams<GridRow>) => (value ? <InvoiceStateBadge state={value as InvoiceState} /> : null),
        getQuickFilterText: ({ value }) => t(`invoicing.states.${value as string}`),
      },
      { ...moneyColumn<GridRow>('total', format, currencyOf), minWidth: MONEY_WIDTH, headerName: t('invoicing.list.columns.total') },
      { ...moneyColumn<GridRow>('saldo', format, currencyOf), minWidth: MONEY_WIDTH, headerName: t('invoicing.list.columns.saldo') },
      { ...dateColumn<GridRow>('fecha_emision', format), headerName: t('invoicing.list.columns.fecha_emision') },
      { ...dateColumn<GridRow>('fecha_vencimiento', format), headerName: t('invoicing.list.columns.fecha_vencimiento') },
      // What the reference, the contract and the filters above already tell (an issued number
      // holds its country and month): last, where a narrow screen scrolls to them.
      {
        colId: 'periodo',
        headerName: t('invoicing.list.columns.periodo'),
        // Sorted by year then month; shown and searched as 03/2026.
        valueGetter: ({ data }) => (data ? (data.anio ?? 0) * 100 + (data.mes ?? 0) : null),
        valueFormatter: ({ data }) => invoiceMonth(data),
        getQuickFilterText: ({ data }) => invoiceMonth(data),
        filter: false,
      },
      {
        field: 'tipo_documento',
        headerName: t('invoicing.list.columns.tipo_documento'),
        valueFormatter: ({ value }) => (value ? t(`invoicing.kinds.${value as string}`) : ''),
        getQuickFilterText: ({ value }) => (value ? t(`invoicing.kinds.${value as string}`) : ''),
      },
      {
        field: 'pais',
        headerName: t('invoicing.list.columns.pais'),
        valueFormatter: ({ value }) => (value ? t(`countries.${value as string}`) : ''),
        getQuickFilterText: ({ value }) => (value ? t(`countries.${value as string}`) : ''),
      },
      actionsColumn<GridRow>({
        headerName: t('invoicing.list.columns.actions'),
        render: (row) => (
          <Button asChild size="xs" variant="outline">
            <Link href={`/${row.id}`} aria-label={t('invoicing.list.openNamed', { reference: invoiceReference(row), contract: row.contrato_codigo ?? '', month: invoiceMonth(row) })}>
              {t('invoicing.list.open')}
            </Link>
          </Button>
        ),
      }),
    ],
    [t, format, selectable],
  );
  const chosen = selection?.chosen;
  const gridRows = useMemo(() => rows?.map((row) => ({ ...row, elegida: chosen?.has(row.id) ?? false })) ?? null, [rows, chosen]);
  return (
    <DataGrid<GridRow>
      rows={gridRows}
      columns={columns}
      i18nPrefix="invoicing.list"
      csv
      urlFilters={false}
    />
  );
}
