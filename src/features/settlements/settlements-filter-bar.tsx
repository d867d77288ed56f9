import { Button, Field, Stack, Wrap, type FieldRootProps } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { EPWM_BRANCHES } from '../../../schemas/contract.schema';
import { SETTLEMENT_STATES, SETTLEMENT_VERSIONS } from '../../../schemas/settlement.schema';
import type { ContractSummary } from '../../../schemas/settlement-summary.schema';
import { MONTHS, useMonthNames, yearsOffered } from '../../lib/format/month-names';
import { RecordPicker, type PickerOption } from '../../lib/forms/record-picker';
import { useT } from '../../lib/i18n/use-t';
import { FilterSelect, type FilterOption } from '../../lib/ui/filter-select';
import { FILTER_NAMES, type FilterName } from './settlement-filters';

/** How wide a filter stands in the bar: record pickers wider than the short lists. */
function filterWidth(name: FilterName): FieldRootProps {
  return { width: { base: 'full', md: 'auto' }, minW: { md: name === 'contrato' || name === 'empresa' ? '18rem' : '9rem' }, flexShrink: 0 };
}

function Filter({ name, children }: { name: FilterName; children: ReactNode }) {
  const t = useT();
  return (
    <Field.Root {...filterWidth(name)}>
      <Field.Label whiteSpace="nowrap">{t(`settlements.list.filters.${name}`)}</Field.Label>
      {children}
    </Field.Root>
  );
}

/** A filter whose choices are a short fixed list. */
function Choice({
  name,
  value,
  options,
  onChange,
}: {
  name: FilterName;
  value: string;
  options: ReadonlyArray<FilterOption>;
  onChange: (name: FilterName, value: string) => void;
}) {
  const t = useT();
  return (
    <FilterSelect
      label={t(`settlements.list.filters.${name}`)}
      anyLabel={t(`settlements.list.filters.any.${name}`)}
      value={value}
      options={options}
      onChange={(chosen) => onChange(name, chosen)}
      rootProps={filterWidth(name)}
    />
  );
}

/**
 * The filters of `/liquidaciones` (year, month, version, state, contract, company, country),
 * read from and written to the URL by the page. Contracts and companies are offered from those
 * settled in the dashboard's year (`contracts`), so a settlements reader needs no other area's
 * permission to pick one.
 */
export function SettlementsFilterBar({
  filters,
  contracts,
  onChange,
}: {
  filters: Record<string, string>;
  contracts: readonly ContractSummary[];
  onChange: (name: FilterName, value: string) => void;
}) {
  const t = useT();
  const monthNames = useMonthNames();
  const value = (name: FilterName) => filters[name] ?? '';
  const [contractOptions, companyOptions] = useMemo(() => {
    const byContract: PickerOption[] = contracts.map((contract) => ({
      value: String(contract.contrato_id),
      label: `${contract.contrato_codigo} (#${contract.contrato_id})`,
      detail: contract.empresa_razon_social,
    }));
    const companies = new Map(contracts.map((contract) => [contract.empresa_id, contract.empresa_razon_social]));
    const byCompany: PickerOption[] = [...companies].map(([id, name]) => ({ value: String(id), label: name }));
    return [byContract, byCompany.sort((a, b) => a.label.localeCompare(b.label))];
  }, [contracts]);
  const active = FILTER_NAMES.some((name) => value(name) !== '');

  // Two rows: when and what (year, month, version, state, country), then whose (contract, company).
  return (
    <Stack gap="3">
      <Wrap gap="3" align="flex-end">
        <Choice name="anio" value={value('anio')} options={yearsOffered(value('anio')).map((year) => ({ value: String(year), label: String(year) }))} onChange={onChange} />
        <Choice name="mes" value={value('mes')} options={MONTHS.map((month) => ({ value: String(month), label: monthNames[month - 1]! }))} onChange={onChange} />
        <Choice name="version" value={value('version')} options={SETTLEMENT_VERSIONS.map((version) => ({ value: version, label: t(`settlements.common.versionNames.${version}`) }))} onChange={onChange} />
        <Choice name="estado" value={value('estado')} options={SETTLEMENT_STATES.map((state) => ({ value: state, label: t(`settlements.common.states.${state}`) }))} onChange={onChange} />
        <Choice name="pais" value={value('pais')} options={EPWM_BRANCHES.map((country) => ({ value: country, label: t(`countries.${country}`) }))} onChange={onChange} />
      </Wrap>
      <Wrap gap="3" align="flex-end">
        {/* Remounted when the choices arrive: the combobox writes a linked choice's name only when it starts. */}
        <Filter name="contrato">
          <RecordPicker key={`contrato-${contractOptions.length}`} name="contrato" options={contractOptions} value={value('contrato')} onChange={(chosen) => onChange('contrato', chosen)} />
        </Filter>
        <Filter name="empresa">
          <RecordPicker key={`empresa-${companyOptions.length}`} name="empresa" options={companyOptions} value={value('empresa')} onChange={(chosen) => onChange('empresa', chosen)} />
        </Filter>
        {active ? (
          <Button variant="ghost" onClick={() => FILTER_NAMES.forEach((name) => onChange(name, ''))}>
            {t('settlements.list.filters.clear')}
          </Button>
        ) : null}
      </Wrap>
    </Stack>
  );
}
