import { Button, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { EPWM_BRANCHES } from '../../../schemas/contract.schema';
import { MONITORING_MAX_RANGE_DAYS, type Counterparty } from '../../../schemas/monitoring.schema';
import { SETTLEMENT_VERSIONS } from '../../../schemas/settlement.schema';
import { useT } from '../../lib/i18n/use-t';
import { DateRangeFields } from '../../lib/ui/date-range-fields';
import { FilterSelect } from '../../lib/ui/filter-select';
import type { MonitoringFilterState } from './use-monitoring-filters';

/**
 * The filter bar of both pages: the range (its fault beside `Hasta`, translated with the limit),
 * the branch, the company (the buyers' and sellers' companies), the version and the download button.
 */
export function MonitoringFilters({
  filters,
  counterparties,
  onDownload,
  downloading,
}: {
  filters: MonitoringFilterState;
  counterparties: readonly Counterparty[] | null;
  onDownload: () => void;
  downloading: boolean;
}) {
  const t = useT();
  const { body, fault, values, setFilter } = filters;
  const companies = useMemo(() => {
    const named = new Map((counterparties ?? []).map((one) => [one.empresa_id, one.razon_social]));
    return [...named].map(([id, name]) => ({ value: String(id), label: name })).sort((a, b) => a.label.localeCompare(b.label));
  }, [counterparties]);

  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-start' }} wrap="wrap">
      <DateRangeFields desde={body.desde} hasta={body.hasta} fault={fault} maxDays={MONITORING_MAX_RANGE_DAYS} onChange={(name, iso) => setFilter(name, iso)} />
      <FilterSelect
        label={t('monitoring.filters.branch')}
        anyLabel={t('monitoring.filters.allBranches')}
        value={body.sucursal ?? ''}
        options={EPWM_BRANCHES.map((code) => ({ value: code, label: code }))}
        onChange={(value) => setFilter('sucursal', value)}
        rootProps={{ width: { md: '7rem' } }}
      />
      <FilterSelect
        label={t('monitoring.filters.company')}
        anyLabel={t('monitoring.filters.allCompanies')}
        value={values.empresa && body.empresa_id !== undefined ? String(body.empresa_id) : ''}
        options={companies}
        onChange={(value) => setFilter('empresa', value)}
        rootProps={{ width: { md: '15rem' } }}
      />
      <FilterSelect
        label={t('monitoring.filters.version')}
        anyLabel={t('monitoring.filters.bestVersion')}
        value={body.version ?? ''}
        options={SETTLEMENT_VERSIONS.map((code) => ({ value: code, label: code }))}
        onChange={(value) => setFilter('version', value)}
        rootProps={{ width: { md: '12rem' } }}
      />
      <Button variant="outline" marginStart={{ md: 'auto' }} marginTop={{ md: '6' }} onClick={onDownload} loading={downloading} disabled={fault !== null}>
        {t('monitoring.download')}
      </Button>
    </Stack>
  );
}
