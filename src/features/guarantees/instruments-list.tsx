import { Button } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { businessToday } from '../../../schemas/date.schema';
import type { Instrument } from '../../../schemas/guarantee.schema';
import { useFormat } from '../../lib/format/use-format';
import { dateColumn, integerColumn, moneyColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { actionsColumn, linkColumn } from '../../lib/grid/grid-cells';
import { StatusBadge } from '../../lib/grid/status-badge';
import { useT } from '../../lib/i18n/use-t';
import { daysToDue } from './instrument-values';

/** A column shown in words (`labelOf` of its value): searched, filtered and exported as shown. */
function inWords(field: 'tipo' | 'estado', labelOf: (value: string) => string): ColDef<Instrument> {
  const words = (value: unknown) => (value === null || value === undefined ? '' : labelOf(String(value)));
  return {
    field,
    valueFormatter: ({ value }) => words(value),
    filterValueGetter: ({ data }) => words(data?.[field]),
    getQuickFilterText: ({ value }) => words(value),
  };
}

/**
 * The guarantee instruments posted: operator, branch, kind, issuer, number (opening the
 * instrument), amount in its currency, issue and due dates, the days left until it falls due
 * (negative once it has; none for a released one) and where it stands today. Search, sort,
 * column filters and page in the URL; CSV.
 */
export function InstrumentsList({ rows, canEdit }: { rows: Instrument[] | null; canEdit: boolean }) {
  const t = useT();
  const format = useFormat();
  const columns = useMemo<ColDef<Instrument>[]>(() => {
    const today = businessToday();
    return [
      { field: 'operador', headerName: t('guarantees.fields.operador') },
      { field: 'sucursal', headerName: t('guarantees.fields.sucursal') },
      { ...inWords('tipo', (kind) => t(`guarantees.kinds.${kind}`)), headerName: t('guarantees.fields.tipo') },
      { field: 'emisor', headerName: t('guarantees.fields.emisor'), minWidth: 180 },
      linkColumn<Instrument>({ field: 'numero', headerName: t('guarantees.fields.numero') }, (row) => `/${row.id}`),
      { ...moneyColumn<Instrument>('monto', format, (row) => row?.moneda ?? 'USD'), headerName: t('guarantees.fields.monto') },
      { ...dateColumn<Instrument>('fecha_emision', format), headerName: t('guarantees.fields.fecha_emision') },
      { ...dateColumn<Instrument>('fecha_vencimiento', format), headerName: t('guarantees.fields.fecha_vencimiento') },
      {
        ...integerColumn<Instrument>('dias', format),
        field: undefined,
        // A released instrument no longer falls due.
        valueGetter: ({ data }) => (data && !data.liberada_en ? daysToDue(data, today) : null),
        filterValueGetter: ({ data }) => (data && !data.liberada_en ? daysToDue(data, today) : null),
        headerName: t('guarantees.instruments.daysToDue'),
        headerTooltip: t('guarantees.instruments.daysToDueHelp'),
      },
      {
        ...inWords('estado', (state) => t(`guarantees.states.${state}`)),
        headerName: t('guarantees.fields.estado'),
        cellRenderer: ({ data }: { data?: Instrument }) => (data ? <StatusBadge status={data.estado} labelPrefix="guarantees.states" /> : null),
      },
      actionsColumn<Instrument>({
        headerName: t('guarantees.instruments.actions'),
        hide: !canEdit,
        render: (row) => (
          <Button asChild size="xs" variant="outline">
            <Link href={`/${row.id}/editar`} aria-label={t('guarantees.instruments.editNamed', { number: row.numero, issuer: row.emisor })}>
              {t('common.edit')}
            </Link>
          </Button>
        ),
      }),
    ];
  }, [t, format, canEdit]);

  return <DataGrid<Instrument> rows={rows} columns={columns} i18nPrefix="guarantees.instruments" pageSize={25} csv />;
}
