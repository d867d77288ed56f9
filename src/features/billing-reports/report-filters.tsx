import { Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { REPORT_MAX_RANGE_DAYS, REPORT_VERSIONS } from '../../../schemas/report.schema';
import { useRequest } from '../../lib/api/use-request';
import { useT } from '../../lib/i18n/use-t';
import { DateRangeFields } from '../../lib/ui/date-range-fields';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { FilterSelect } from '../../lib/ui/filter-select';
import { MonthPicker } from '../../lib/ui/month-picker';
import { listCompanies } from '../companies/companies-api';
import { listContracts } from '../contracts/contracts-api';
import type { ReportFilters } from './use-report-filters';

const FIELD = { width: { md: '16rem' } } as const;

/**
 * The filters of the report shown, as its body schema says it takes them: its month or its
 * range of days, its country (when it covers more than one), a company, one of its contracts, a
 * settlement version. Each is in the URL.
 */
export function ReportFilterBar({ filters }: { filters: ReportFilters }) {
  const t = useT();
  const { shape, month, desde, hasta, fault, values, setFilter } = filters;
  const companies = useRequest(listCompanies, { load: [] });
  const empresa = Number(values.empresa) || undefined;
  const contracts = useRequest(() => listContracts(empresa), { load: [empresa] });
  const companyOptions = useMemo(
    () => (companies.data ?? []).map((company) => ({ value: String(company.id), label: company.razon_social })).sort((a, b) => a.label.localeCompare(b.label)),
    [companies.data],
  );
  const contractOptions = useMemo(
    () => (contracts.data ?? []).map((contract) => ({ value: String(contract.id), label: `#${contract.id} · ${contract.empresa_razon_social} · ${contract.sucursal}` })),
    [contracts.data],
  );
  if (!shape) return null;
  return (
    <Stack gap="3">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }} wrap="wrap">
        {shape.period === 'month' ? (
          <MonthPicker month={month} monthLabel={t('reports.filters.mes')} yearLabel={t('reports.filters.anio')} />
        ) : (
          <DateRangeFields desde={desde} hasta={hasta} fault={fault} maxDays={REPORT_MAX_RANGE_DAYS} onChange={(name, iso) => setFilter(name, iso)} />
        )}
        {shape.countries.length > 1 ? (
          <FilterSelect label={t('reports.filters.pais')} anyLabel={t('reports.page.allCountries')} value={values.pais} options={shape.countries.map((code) => ({ value: code, label: t(`countries.${code}`) }))} onChange={(value) => setFilter('pais', value)} rootProps={FIELD} />
        ) : null}
        {shape.company ? (
          <FilterSelect label={t('reports.page.company')} anyLabel={t('reports.page.allCompanies')} value={values.empresa} options={companyOptions} onChange={(value) => setFilter('empresa', value)} rootProps={FIELD} />
        ) : null}
        {shape.contract ? (
          <FilterSelect label={t('reports.page.contract')} anyLabel={t('reports.page.allContracts')} value={values.contrato} options={contractOptions} onChange={(value) => setFilter('contrato', value)} rootProps={FIELD} />
        ) : null}
        {shape.version ? (
          <FilterSelect
            label={t('reports.filters.version')}
            anyLabel={t('reports.versions.mejor')}
            value={values.version === 'mejor' ? '' : values.version}
            options={REPORT_VERSIONS.filter((version) => version !== 'mejor').map((version) => ({ value: version, label: t(`reports.versions.${version}`) }))}
            onChange={(value) => setFilter('version', value)}
            rootProps={{ width: { md: '21rem' } }}
          />
        ) : null}
      </Stack>
      {companies.failure ?? contracts.failure ? <ErrorAlert messageKey={(companies.failure ?? contracts.failure)!.messageKey} /> : null}
    </Stack>
  );
}
