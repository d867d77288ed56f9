import { Button, HStack, Link as ChakraLink } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { AnnexListItem } from '../../../schemas/annex.schema';
import { formatDate } from '../../lib/format/date-format';
import { useFormat } from '../../lib/format/use-format';
import { numberFilterParams } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
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
      {
        field: 'id',
        headerName: t('annexes.columns.id'),
        maxWidth: 110,
        filter: 'agNumberColumnFilter',
        cellRenderer: ({ data }: ICellRendererParams<AnnexListItem>) =>
          data ? (
            <ChakraLink asChild color="brand.fg">
              <Link href={`/${data.id}`}>{t('annexes.label', { id: String(data.id) })}</Link>
            </ChakraLink>
          ) : null,
      },
      {
        field: 'contrato_id',
        headerName: t('annexes.columns.contract'),
        maxWidth: 140,
        filter: 'agNumberColumnFilter',
        cellRenderer: ({ data }: ICellRendererParams<AnnexListItem>) =>
          data ? (
            <ChakraLink asChild color="brand.fg">
              <Link href={`~/contratos/${data.contrato_id}`}>{`#${data.contrato_id}`}</Link>
            </ChakraLink>
          ) : null,
      },
      { field: 'empresa_razon_social', headerName: t('annexes.columns.company'), minWidth: 200 },
      { field: 'tipo_contrato', headerName: t('annexes.columns.type'), maxWidth: 130 },
      { field: 'clase_contrato', headerName: t('annexes.columns.class'), maxWidth: 130 },
      {
        field: 'fecha_inicio',
        headerName: t('annexes.columns.start'),
        maxWidth: 150,
        valueFormatter: ({ value }) => formatDate(value as string),
        filterValueGetter: ({ data }) => formatDate(data?.fecha_inicio),
        getQuickFilterText: ({ value }) => formatDate(value as string),
      },
      {
        field: 'fecha_fin',
        headerName: t('annexes.columns.end'),
        maxWidth: 150,
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
        maxWidth: 140,
        valueFormatter: ({ value }) => yesNo(value === true),
        filterValueGetter: ({ data }) => yesNo(data?.tripartito === true),
        getQuickFilterText: ({ value }) => yesNo(value === true),
      },
      {
        colId: 'actions',
        headerName: t('annexes.columns.actions'),
        sortable: false,
        filter: false,
        maxWidth: 130,
        cellRenderer: ({ data }: ICellRendererParams<AnnexListItem>) =>
          data ? (
            <HStack height="full">
              <Button asChild size="xs" variant="outline">
                <Link href={`/${data.id}`} aria-label={t('annexes.openNamed', { id: String(data.id) })}>
                  {t('annexes.open')}
                </Link>
              </Button>
            </HStack>
          ) : null,
      },
    ];
  }, [t, format]);

  return (
    <DataGrid<AnnexListItem>
      rows={rows}
      columns={columns}
      rowId={(row) => String(row.id)}
      emptyKey="annexes.empty"
      searchLabelKey="annexes.search"
      pageSize={25}
      csvFileName={t('annexes.csvName')}
    />
  );
}
