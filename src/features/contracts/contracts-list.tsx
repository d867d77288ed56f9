import { Button, Field, NativeSelect, Stack } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { CONTRACT_CLASSES, CONTRACT_TYPES, LOCAL_REGIONAL, type ContractListItem } from '../../../schemas/contract.schema';
import { moneyColumn, numberFilterParams } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { actionsColumn, linkColumn } from '../../lib/grid/grid-cells';
import { useListState } from '../../lib/grid/use-list-state';
import { formatDate } from '../../lib/format/date-format';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';

/** The page's own filters (toolbar selects), by URL parameter, and the field each one filters. */
const FILTERS = [
  { name: 'tipo', field: 'tipo_contrato', options: CONTRACT_TYPES, labelPrefix: null },
  { name: 'clase', field: 'clase_contrato', options: CONTRACT_CLASSES, labelPrefix: null },
  { name: 'ambito', field: 'local_regional', options: LOCAL_REGIONAL, labelPrefix: 'contracts.localRegional' },
] as const;
const FILTER_NAMES = FILTERS.map((filter) => filter.name);

/**
 * `/contratos`: every contract with its company, type, class, transaction type, start date
 * (dd/mm/yyyy), term and scope; search, sort, column filters, the toolbar filters and the page
 * kept in the URL; CSV export of what the filters leave.
 */
export function ContractsList({ rows }: { rows: ContractListItem[] | null }) {
  const t = useT();
  const format = useFormat();
  const { state, setFilter } = useListState(FILTER_NAMES);

  const filtered = useMemo(
    () =>
      rows?.filter((row) => FILTERS.every(({ name, field }) => !state.filters[name] || row[field] === state.filters[name])) ?? null,
    [rows, state.filters],
  );

  const columns = useMemo<ColDef<ContractListItem>[]>(
    () => [
      { field: 'id', headerName: t('contracts.columns.id'), filter: 'agNumberColumnFilter' },
      linkColumn<ContractListItem>({ field: 'empresa_razon_social', headerName: t('contracts.columns.company') }, (row) => `/${row.id}`),
      { field: 'tipo_contrato', headerName: t('contracts.columns.type') },
      { field: 'clase_contrato', headerName: t('contracts.columns.class') },
      {
        field: 'tipo_transaccion',
        headerName: t('contracts.columns.transaction'),
        valueFormatter: ({ value }) => (value ? t(`contracts.tipoTransaccion.${value as string}`) : ''),
        filterValueGetter: ({ data }) => (data ? t(`contracts.tipoTransaccion.${data.tipo_transaccion}`) : ''),
        getQuickFilterText: ({ value }) => t(`contracts.tipoTransaccion.${value as string}`),
      },
      {
        field: 'fecha_inicio',
        headerName: t('contracts.columns.start'),
        // ISO dates sort as text; the screen (and the search, filters and CSV) read dd/mm/yyyy.
        valueFormatter: ({ value }) => formatDate(value as string),
        filterValueGetter: ({ data }) => formatDate(data?.fecha_inicio),
        getQuickFilterText: ({ value }) => formatDate(value as string),
      },
      {
        field: 'plazo',
        headerName: t('contracts.columns.term'),
        filter: 'agNumberColumnFilter',
        filterParams: numberFilterParams(format),
        valueFormatter: ({ value }) => t('contracts.months', { count: value as number }),
      },
      {
        field: 'local_regional',
        headerName: t('contracts.columns.scope'),
        valueFormatter: ({ value }) => (value ? t(`contracts.localRegional.${value as string}`) : ''),
        filterValueGetter: ({ data }) => (data ? t(`contracts.localRegional.${data.local_regional}`) : ''),
        getQuickFilterText: ({ value }) => t(`contracts.localRegional.${value as string}`),
      },
      { ...moneyColumn<ContractListItem>('monto_garantia', format, (row) => row?.moneda ?? 'USD'), headerName: t('contracts.columns.guarantee') },
      { field: 'numero_anexos', headerName: t('contracts.columns.annexes'), filter: 'agNumberColumnFilter' },
      actionsColumn<ContractListItem>({
        headerName: t('contracts.columns.actions'),
        render: (row) => (
          <Button asChild size="xs" variant="outline">
            <Link href={`/${row.id}`} aria-label={t('contracts.openNamed', { id: String(row.id) })}>
              {t('contracts.open')}
            </Link>
          </Button>
        ),
      }),
    ],
    [t, format],
  );

  const toolbar = (
    <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
      {/* Each filter as wide as its label and options, none squeezed: the labels stay on one
          line and the selects in one row. */}
      {FILTERS.map(({ name, field, options, labelPrefix }) => (
        <Field.Root key={name} width={{ md: 'auto' }} flexShrink={0}>
          <Field.Label whiteSpace="nowrap">{t(`contracts.fields.${field}`)}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={state.filters[name] ?? ''} onChange={(event) => setFilter(name, event.target.value)}>
              <option value="">{t('contracts.filters.all')}</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {labelPrefix ? t(`${labelPrefix}.${option}`) : option}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ))}
    </Stack>
  );

  return (
    <DataGrid<ContractListItem>
      rows={filtered}
      columns={columns}
      i18nPrefix="contracts"
      toolbar={toolbar}
      pageSize={25}
      csv
    />
  );
}
