import { Button } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { AnnexListItem } from '../../../schemas/annex.schema';
import { formatDate } from '../../lib/format/date-format';
import { useFormat } from '../../lib/format/use-format';
import { numberFilterParams } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { actionsColumn, linkColumn } from '../../lib/grid/grid-cells';
import { useT } from '../../lib/i18n/use-t';

/**
 * `/anexos`: every annex with its contract, company, dates (dd/mm/yyyy), contracted power with
 * its unit and the tripartite flag; search, sort, column filters and page in the URL; CSV.
 */
export function AnnexesList({ rows }: { rows: AnnexListItem[] | null }) {
  const t = useT();
  const format = useFormat();
  const columns = useMemo<ColDef<AnnexListItem>[]>(() => {
    const yesNo = (value: boolean) => t(value ? 'annexes.yes' : 'annexes.no');
    return [
      linkColumn<AnnexListItem>(
        { field: 'id', headerName: t('annexes.columns.id'), filter: 'agNumberColumnFilter' },
        (row) => `/${row.id}`,
        (row) => t('annexes.label', { id: String(row.id) }),
      ),
      linkColumn<AnnexListItem>(
        { field: 'contrato_id', headerName: t('annexes.columns.contract'), filter: 'agNumberColumnFilter' },
        (row) => `~/contratos/${row.contrato_id}`,
        (row) => `#${row.contrato_id}`,
      ),
      { field: 'empresa_razon_social', headerName: t('annexes.columns.company') },
      { field: 'tipo_contrato', headerName: t('annexes.columns.type') },
      { field: 'clase_contrato', headerName: t('annexes.columns.class') },
      {
        field: 'fecha_inicio',
        headerName: t('annexes.columns.start'),
        valueFormatter: ({ value }) => formatDate(value as string),
        filterValueGetter: ({ data }) => formatDate(data?.fecha_inicio),
        getQuickFilterText: ({ value }) => formatDate(value as string),
      },
      {
        field: 'fecha_fin',
        headerName: t('annexes.columns.end'),
        valueFormatter: ({ value }) => formatDate(value as string),
        filterValueGetter: ({ data }) => formatDate(data?.fecha_fin),
        getQuickFilterText: ({ value }) => formatDate(value as string),
      },
      {
        colId: 'potencia',
        headerName: t('annexes.columns.power'),
        filter: 'agNumberColumnFilter',
        filterParams: numberFilterParams(format),
        // Compared (and filtered) in MW whatever unit each row is in.
        valueGetter: ({ data }) => (data ? Number(data.potencia_contratada) / (data.unidad_potencia === 'kW' ? 1000 : 1) : null),
        valueFormatter: ({ data }) => (data ? `${format.decimal(data.potencia_contratada)} ${data.unidad_potencia}` : ''),
        getQuickFilterText: ({ data }) => (data ? `${format.decimal(data.potencia_contratada)} ${data.unidad_potencia}` : ''),
      },
      {
        field: 'tripartito',
        headerName: t('annexes.columns.tripartite'),
        valueFormatter: ({ value }) => yesNo(value === true),
        filterValueGetter: ({ data }) => yesNo(data?.tripartito === true),
        getQuickFilterText: ({ value }) => yesNo(value === true),
      },
      actionsColumn<AnnexListItem>({
        headerName: t('annexes.columns.actions'),
        render: (row) => (
          <Button asChild size="xs" variant="outline">
            <Link href={`/${row.id}`} aria-label={t('annexes.openNamed', { id: String(row.id) })}>
              {t('annexes.open')}
            </Link>
          </Button>
        ),
      }),
    ];
  }, [t, format]);

  return (
    <DataGrid<AnnexListItem>
      rows={rows}
      columns={columns}
      i18nPrefix="annexes"
      pageSize={25}
      csv
    />
  );
}
