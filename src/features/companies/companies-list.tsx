import { Button } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { CompanyListItem } from '../../../schemas/company.schema';
import { useFormat } from '../../lib/format/use-format';
import { integerColumn } from '../../lib/grid/column-types';
import { usePageActions } from '../../app/session/use-page-actions';
import { DataGrid } from '../../lib/grid/data-grid';
import { actionsColumn, linkColumn } from '../../lib/grid/grid-cells';
import { useT } from '../../lib/i18n/use-t';
import { useRequest } from '../../lib/api/use-request';
import {RecordListLayout } from '../../lib/ui/record-page';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { listCompanies } from './companies-api';

/**
 * `/empresas`: every company (search, sort, column filters, page, all in the URL; CSV of the
 * filtered rows). Codes (country, contract type) are searched and filtered as shown.
 */
export function CompaniesList() {
  const t = useT();
  const format = useFormat();
  const companies = useRequest(() => listCompanies(), { load: [] });
  const actions = usePageActions('Companies');

  const columns = useMemo<ColDef<CompanyListItem>[]>(() => {
    const shown = (prefix: string) => ({
      valueFormatter: ({ value }: { value: unknown }) => (value ? t(`${prefix}.${String(value)}`) : ''),
      filterValueGetter: undefined,
      getQuickFilterText: ({ value }: { value: unknown }) => (value ? t(`${prefix}.${String(value)}`) : ''),
    });
    return [
      linkColumn<CompanyListItem>({ field: 'razon_social', headerName: t('companies.fields.razon_social') }, (row) => `/${row.id}`),
      { field: 'pais', headerName: t('companies.fields.pais'), ...shown('countries'), filterValueGetter: ({ data }) => (data ? t(`countries.${data.pais}`) : '') },
      { field: 'codigo_agente', headerName: t('companies.fields.codigo_agente') },
      { field: 'nit', headerName: t('companies.fields.nit') },
      {
        field: 'tipo_contrato',
        headerName: t('companies.fields.tipo_contrato'),
        ...shown('companies.contractTypes'),
        filterValueGetter: ({ data }) => (data ? t(`companies.contractTypes.${data.tipo_contrato}`) : ''),
      },
      { field: 'relacion_comercial', headerName: t('companies.fields.relacion_comercial') },
      { ...integerColumn<CompanyListItem>('contactos_count', format), headerName: t('companies.columns.contacts') },
      // Shown because a company with contracts cannot be deleted.
      { ...integerColumn<CompanyListItem>('contratos_count', format), headerName: t('companies.columns.contracts') },
      actionsColumn<CompanyListItem>({
        headerName: t('companies.columns.actions'),
        hide: !actions.edit,
        render: (company) => (
          <Button asChild size="xs" variant="outline">
            <Link href={`/${company.id}/editar`} aria-label={t('companies.editNamed', { name: company.razon_social })}>
              {t('common.edit')}
            </Link>
          </Button>
        ),
      }),
    ];
  }, [t, format, actions.edit]);

  if (companies.failure) return <ErrorAlert messageKey={companies.failure.messageKey} />;

  return (
    <RecordListLayout newKey="companies.new" newHref="/nueva" introKey="companies.listIntro" canCreate={actions.create}>
      <DataGrid<CompanyListItem>
        rows={companies.data}
        columns={columns}
        i18nPrefix="companies"
        pageSize={20}
        csv
      />
    </RecordListLayout>
  );
}
