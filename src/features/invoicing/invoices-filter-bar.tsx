import { Button, Field, Wrap } from '@chakra-ui/react';
import { useMemo } from 'react';
import { CURRENCIES, EPWM_BRANCHES } from '../../../schemas/contract.schema';
import { INVOICE_DIRECTIONS, INVOICE_STATES } from '../../../schemas/invoice.schema';
import { useSession } from '../../app/session/use-session';
import { useRequest } from '../../lib/api/use-request';
import { MONTHS, useMonthNames, yearsOffered } from '../../lib/format/month-names';
import { RecordPicker, type PickerOption } from '../../lib/forms/record-picker';
import { useT } from '../../lib/i18n/use-t';
import { FilterSelect, type FilterOption } from '../../lib/ui/filter-select';
import { listCompanies } from '../companies/companies-api';
import { FILTER_NAMES, type FilterName } from './invoice-filters';

const FILTER_WIDTH = { width: { base: 'full', md: 'auto' }, minW: { md: '9rem' }, flexShrink: 0 } as const;

/**
 * The companies the company filter offers: the companies list, read by who may read it (the
 * `relaciones` view key); without it the filter is not offered, though a link's `?empresa=`
 * still narrows the list.
 */
function useCompanyOptions(): PickerOption[] | null {
  const { permissions } = useSession();
  const mayRead = permissions?.includes('relaciones') ?? false;
  const companies = useRequest(() => (mayRead ? listCompanies() : Promise.resolve([])), { load: [mayRead], empty: 'list' });
  return useMemo(
    () =>
      mayRead && companies.data
        ? companies.data.map((company) => ({ value: String(company.id), label: company.razon_social })).sort((a, b) => a.label.localeCompare(b.label))
        : null,
    [mayRead, companies.data],
  );
}

/**
 * The filters of `/facturacion` (direction, year, month, country, status, currency, company), read from
 * and written to the URL by the page.
 */
export function InvoicesFilterBar({ filters, onChange }: { filters: Record<string, string>; onChange: (name: FilterName, value: string) => void }) {
  const t = useT();
  const monthNames = useMonthNames();
  const companies = useCompanyOptions();
  const value = (name: FilterName) => filters[name] ?? '';
  const choice = (name: FilterName, options: ReadonlyArray<FilterOption>) => (
    <FilterSelect
      key={name}
      label={t(`invoicing.list.filters.${name}`)}
      anyLabel={t(`invoicing.list.filters.any.${name}`)}
      value={value(name)}
      options={options}
      onChange={(chosen) => onChange(name, chosen)}
      rootProps={FILTER_WIDTH}
    />
  );
  const active = FILTER_NAMES.some((name) => value(name) !== '');

  return (
    <Wrap gap="3" align="flex-end">
      {choice('sentido', INVOICE_DIRECTIONS.map((direction) => ({ value: direction, label: t(`accounting.tipos.${direction}`) })))}
      {choice('anio', yearsOffered(value('anio')).map((year) => ({ value: String(year), label: String(year) })))}
      {choice('mes', MONTHS.map((month) => ({ value: String(month), label: monthNames[month - 1]! })))}
      {choice('pais', EPWM_BRANCHES.map((country) => ({ value: country, label: t(`countries.${country}`) })))}
      {choice('estado', INVOICE_STATES.map((state) => ({ value: state, label: t(`invoicing.states.${state}`) })))}
      {choice('moneda', CURRENCIES.map((currency) => ({ value: currency, label: currency })))}
      {companies ? (
        <Field.Root {...FILTER_WIDTH} minW={{ md: '18rem' }}>
          <Field.Label whiteSpace="nowrap">{t('invoicing.list.filters.empresa')}</Field.Label>
          {/* Remounted when the choices arrive: the combobox writes a linked choice's name only when it starts. */}
          <RecordPicker key={`empresa-${companies.length}`} name="empresa" options={companies} value={value('empresa')} onChange={(chosen) => onChange('empresa', chosen)} />
        </Field.Root>
      ) : null}
      {active ? (
        <Button variant="ghost" onClick={() => FILTER_NAMES.forEach((name) => onChange(name, ''))}>
          {t('invoicing.list.filters.clear')}
        </Button>
      ) : null}
    </Wrap>
  );
}
