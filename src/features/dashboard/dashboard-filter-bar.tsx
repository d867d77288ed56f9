import { Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { CONTRACT_CLASSES, CONTRACT_TYPES, EPWM_BRANCHES, TRANSACTION_TYPES } from '../../../schemas/contract.schema';
import { REPORT_VERSIONS } from '../../../schemas/report.schema';
import { useRequest } from '../../lib/api/use-request';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { FilterSelect } from '../../lib/ui/filter-select';
import { MonthPicker } from '../../lib/ui/month-picker';
import { listCompanies } from '../companies/companies-api';
import type { DashboardFilters } from './use-dashboard-filters';

const FIELD = { width: { md: '13rem' } } as const;

/** The dashboard's period (its first and last months) and its filters, each kept in the URL. */
export function DashboardFilterBar({ filters }: { filters: DashboardFilters }) {
  const t = useT();
  const { desde, hasta, fault, values, setFilter } = filters;
  const companies = useRequest(listCompanies, { load: [] });
  const companyOptions = useMemo(
    () => (companies.data ?? []).map((company) => ({ value: String(company.id), label: company.razon_social })).sort((a, b) => a.label.localeCompare(b.label)),
    [companies.data],
  );
  return (
    <Stack gap="3">
      <Stack direction={{ base: 'column', lg: 'row' }} gap="4" align={{ lg: 'flex-end' }} wrap="wrap">
        <MonthPicker month={desde} monthLabel={t('dashboard.filters.desde')} yearLabel={t('dashboard.filters.year')} />
        <MonthPicker month={hasta} monthLabel={t('dashboard.filters.hasta')} yearLabel={t('dashboard.filters.year')} />
        <FilterSelect
          label={t('dashboard.filters.pais')}
          anyLabel={t('dashboard.filters.allCountries')}
          value={values.pais}
          options={EPWM_BRANCHES.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
          onChange={(value) => setFilter('pais', value)}
          rootProps={FIELD}
        />
        <FilterSelect label={t('dashboard.filters.empresa')} anyLabel={t('dashboard.filters.allCompanies')} value={values.empresa} options={companyOptions} onChange={(value) => setFilter('empresa', value)} rootProps={{ width: { md: '18rem' } }} />
      </Stack>
      <Stack direction={{ base: 'column', lg: 'row' }} gap="4" align={{ lg: 'flex-end' }} wrap="wrap">
        <FilterSelect
          label={t('dashboard.filters.tipoContrato')}
          anyLabel={t('dashboard.filters.allTypes')}
          value={values.tipo}
          options={CONTRACT_TYPES.map((code) => ({ value: code, label: t(`contracts.tipoContrato.${code}`) }))}
          onChange={(value) => setFilter('tipo', value)}
          rootProps={FIELD}
        />
        <FilterSelect
          label={t('dashboard.filters.clase')}
          anyLabel={t('dashboard.filters.allClasses')}
          value={values.clase}
          options={CONTRACT_CLASSES.map((code) => ({ value: code, label: t(`contracts.claseContrato.${code}`) }))}
          onChange={(value) => setFilter('clase', value)}
          rootProps={{ width: { md: '18rem' } }}
        />
        <FilterSelect
          label={t('dashboard.filters.transaccion')}
          anyLabel={t('dashboard.filters.allTransactions')}
          value={values.transaccion}
          options={TRANSACTION_TYPES.map((code) => ({ value: code, label: t(`contracts.tipoTransaccion.${code}`) }))}
          onChange={(value) => setFilter('transaccion', value)}
          rootProps={FIELD}
        />
        <FilterSelect
          label={t('dashboard.filters.version')}
          anyLabel={t('reports.versions.mejor')}
          value={values.version === 'mejor' ? '' : values.version}
          options={REPORT_VERSIONS.filter((version) => version !== 'mejor').map((version) => ({ value: version, label: t(`reports.versions.${version}`) }))}
          onChange={(value) => setFilter('version', value)}
          rootProps={{ width: { md: '21rem' } }}
        />
      </Stack>
      {fault ? (
        <Text role="alert" color="fg.error">
          {t(`dashboard.filters.${fault}`)}
        </Text>
      ) : null}
      {companies.failure ? <ErrorAlert messageKey={companies.failure.messageKey} /> : null}
    </Stack>
  );
}
