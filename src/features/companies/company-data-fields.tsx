import { Box, Button, Card, Fieldset, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import type { CompanyDraft } from '../../../machines/companies/company-draft.machine';
import {
  BANK_REQUIRED,
  COMPANY_CONTRACT_TYPES,
  COMPANY_REQUIRED,
  COMPANY_ROW_LIMITS,
  CURRENCIES,
  ID_TYPES,
  type CompanyRowList,
} from '../../../schemas/company.schema';
import { CONTACT_REQUIRED, CONTACT_TYPES } from '../../../schemas/contact.schema';
import { COUNTRY_CODES } from '../../../schemas/role.schema';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { FormField } from '../../lib/forms/form-field';
import { useT } from '../../lib/i18n/use-t';
import { BANK_FIELD_NAMES, COMPANY_FIELD_NAMES, CONTACT_FIELD_NAMES } from './company-values';

/** The choices of the select fields, by field name: values and the i18n prefix of their labels. */
const CHOICES: Readonly<Record<string, { values: readonly string[]; prefix: string }>> = {
  pais: { values: COUNTRY_CODES, prefix: 'countries' },
  pais_destino: { values: COUNTRY_CODES, prefix: 'countries' },
  tipo_identificacion: { values: ID_TYPES, prefix: 'companies.idTypes' },
  tipo_contrato: { values: COMPANY_CONTRACT_TYPES, prefix: 'companies.contractTypes' },
  tipo_contacto: { values: CONTACT_TYPES, prefix: 'contacts.types' },
  moneda: { values: CURRENCIES, prefix: 'currencies' },
};

const INPUT_TYPES: Readonly<Record<string, string>> = {
  email: 'email',
  email_notificacion_pago: 'email',
  telefono: 'tel',
  celular: 'tel',
};

const REQUIRED = {
  company: new Set<string>(COMPANY_REQUIRED),
  contactos: new Set<string>(CONTACT_REQUIRED),
  coordenadas_bancarias: new Set<string>(BANK_REQUIRED),
};

interface DataFieldsProps {
  value: CompanyDraft;
  errors: FieldErrors;
  onChange: (path: string, value: string) => void;
  onAddRow: (list: CompanyRowList) => void;
  onRemoveRow: (list: CompanyRowList, index: number) => void;
  disabled?: boolean;
}

/**
 * Step 1 of the company wizard, and the body of the edit form: the company's fields, its
 * commercial contacts and its bank accounts (rows added and removed), each field named by its
 * path (`contactos.0.email`) with its message beside it.
 */
export function CompanyDataFields({ value, errors, onChange, onAddRow, onRemoveRow, disabled = false }: DataFieldsProps) {
  const t = useT();

  function field(path: string, name: string, labelPrefix: string, required: boolean, current: string) {
    const choice = CHOICES[name];
    return (
      <FormField key={path} labelKey={`${labelPrefix}.${name}`} error={errors[path]} required={required}>
        {choice ? (
          <NativeSelect.Root disabled={disabled}>
            <NativeSelect.Field name={path} value={current} onChange={(event) => onChange(path, event.target.value)}>
              <option value="">{t('forms.choose')}</option>
              {choice.values.map((option) => (
                <option key={option} value={option}>
                  {t(`${choice.prefix}.${option}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <Input
            name={path}
            type={INPUT_TYPES[name] ?? 'text'}
            autoComplete="off"
            value={current}
            disabled={disabled}
            onChange={(event) => onChange(path, event.target.value)}
          />
        )}
      </FormField>
    );
  }

  function rows(list: CompanyRowList, names: readonly string[], labelPrefix: string, legendKey: string, rowKey: string) {
    const items = value[list];
    return (
      <Fieldset.Root>
        <Fieldset.Legend textStyle="lg" fontWeight="semibold">
          {t(legendKey)}
        </Fieldset.Legend>
        <Stack gap="4">
          {items.map((row, index) => (
            <Card.Root key={`${list}-${row.id ?? 'new'}-${index}`} variant="outline" role="group" aria-label={t(rowKey, { n: index + 1 })}>
              <Card.Body>
                <HStack justify="space-between" marginBottom="3">
                  <Box fontWeight="medium">{t(rowKey, { n: index + 1 })}</Box>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    disabled={disabled || items.length <= COMPANY_ROW_LIMITS[list].min}
                    aria-label={t('companies.removeRow', { row: t(rowKey, { n: index + 1 }) })}
                    onClick={() => onRemoveRow(list, index)}
                  >
                    {t('companies.remove')}
                  </Button>
                </HStack>
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                  {names.map((name) => field(`${list}.${index}.${name}`, name, labelPrefix, REQUIRED[list].has(name), row[name] ?? ''))}
                </SimpleGrid>
              </Card.Body>
            </Card.Root>
          ))}
          <HStack>
            <Button variant="outline" size="sm" disabled={disabled || items.length >= COMPANY_ROW_LIMITS[list].max} onClick={() => onAddRow(list)}>
              {t(list === 'contactos' ? 'companies.addContact' : 'companies.addBank')}
            </Button>
          </HStack>
        </Stack>
      </Fieldset.Root>
    );
  }

  return (
    <Stack gap="6">
      <Fieldset.Root>
        <Fieldset.Legend textStyle="lg" fontWeight="semibold">
          {t('companies.sections.company')}
        </Fieldset.Legend>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {COMPANY_FIELD_NAMES.map((name) =>
            field(name, name, 'companies.fields', REQUIRED.company.has(name), typeof value[name] === 'string' ? (value[name] as string) : ''),
          )}
        </SimpleGrid>
      </Fieldset.Root>
      {rows('contactos', CONTACT_FIELD_NAMES, 'companies.contactFields', 'companies.sections.contacts', 'companies.contactRow')}
      {rows('coordenadas_bancarias', BANK_FIELD_NAMES, 'companies.bankFields', 'companies.sections.banks', 'companies.bankRow')}
    </Stack>
  );
}
