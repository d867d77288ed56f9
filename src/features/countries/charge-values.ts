import type { FormValue } from '../../../machines/forms/record-form.machine';
import { CHARGE_COUNTRIES, chargeRuleBreaks, type Charge, type ChargeBase, type ChargeCountryId, type ChargeRuleValues } from '../../../schemas/country-charge.schema';
import { addDays } from '../../../schemas/date.schema';
import { formatDate } from '../../lib/format/date-format';
import { toFieldErrors, type FieldErrors, type MessageOverrides, type SchemaIssue } from '../../lib/forms/field-errors';
import { formToBody, recordToForm, typingErrors, type RecordFieldKinds } from '../../lib/forms/record-body';
import { validateForm } from '../../lib/forms/validate-form';
import type { Locale } from '../../lib/i18n/locales';
import chargeCreateSchema from 'virtual:form-validator/chargeCreate';
import chargeUpdateSchema from 'virtual:form-validator/chargeUpdate';

// The charge form's value and its request bodies; how typed dates and numbers travel is
// `lib/forms/record-body.ts`, the period rules are the schema file's `chargeRuleBreaks`.

const FIELD_KINDS: RecordFieldKinds = {
  decimals: ['tasa'],
  dates: ['vigente_desde', 'vigente_hasta'],
  clearable: new Set(['vigente_hasta', 'referencia_legal', 'concepto_liquidacion']),
  formOnly: ['version'],
};

/** The words a charge's own rules are refused with (spec section 5: say what is expected). */
export const CHARGE_MESSAGES: MessageOverrides = {
  codigo: { pattern: 'charges.problems.codePattern' },
  nombre: { pattern: 'charges.problems.markup' },
  unidad: { pattern: 'charges.problems.markup' },
  referencia_legal: { pattern: 'charges.problems.markup' },
};

/** An empty create form. */
export function blankCharge(): FormValue {
  return {
    codigo: '',
    nombre: '',
    base: '',
    unidad: '',
    moneda: 'USD',
    tasa: '',
    vigente_desde: '',
    vigente_hasta: '',
    referencia_legal: '',
    pagador: '',
    gravado: false,
    concepto_liquidacion: '',
  };
}

/** The edit form of a stored period in the active language, with the version read. */
export function chargeToForm(charge: Charge, locale: Locale): FormValue {
  return recordToForm(blankCharge(), charge, FIELD_KINDS, locale);
}

/**
 * The create form of the period that follows `charge`: the same charge's words and rate, from
 * the day after its end (left to the user when it has none, as it must be closed first).
 */
export function nextPeriodForm(charge: Charge, locale: Locale): FormValue {
  const { version: _version, ...form } = chargeToForm(charge, locale);
  return { ...form, vigente_desde: charge.vigente_hasta ? formatDate(addDays(charge.vigente_hasta, 1)) : '', vigente_hasta: '' };
}

/** `POST /countries/api/v1/create/cargo/` body: the page's country and the typed fields. */
export function createBody(paisId: ChargeCountryId, value: FormValue, locale: Locale): Record<string, unknown> {
  return { pais_id: paisId, ...formToBody(value, FIELD_KINDS, locale, 'create') };
}

/** `POST /countries/api/v1/update/cargo/` body: every field (an emptied optional one clears it) and the version read. */
export function updateBody(id: number, value: FormValue, locale: Locale): Record<string, unknown> {
  return { id, ...formToBody(value, FIELD_KINDS, locale, 'update'), version: value.version };
}

/**
 * The unit a charge of `base` in `moneda` is usually written in: what the form fills in when the
 * user picks a basis and has not typed a unit of their own.
 */
export function suggestedUnit(base: string, moneda: string): string {
  const units: Record<ChargeBase, string> = {
    mwh_inyectado: `${moneda}/MWh`,
    mwh_retirado: `${moneda}/MWh`,
    mwh_ambos: `${moneda}/MWh`,
    kw_mes: `${moneda}/kW-mes`,
    porcentaje: '%',
    fijo: `${moneda}/mes`,
  };
  return units[base as ChargeBase] ?? '';
}

/**
 * The field messages of a form value: what cannot be read as a number or a date, the shared
 * schema (required fields, the code's shape, the rate's bounds), then the period rules the
 * server judges too (an end before the start, MXN outside Mexico, a percentage over 100, an
 * engine input the basis does not feed).
 */
export function validateCharge(paisId: ChargeCountryId, value: FormValue, locale: Locale, id?: number): FieldErrors {
  const body = id === undefined ? createBody(paisId, value, locale) : updateBody(id, value, locale);
  const schema = id === undefined ? chargeCreateSchema : chargeUpdateSchema;
  const errors = { ...validateForm(schema, body, CHARGE_MESSAGES), ...typingErrors(value, FIELD_KINDS, locale) };
  delete errors[''];
  const rules: ChargeRuleValues = {
    pais: CHARGE_COUNTRIES[paisId].pais,
    base: body.base as ChargeBase,
    moneda: String(body.moneda ?? ''),
    tasa: String(body.tasa ?? ''),
    vigente_desde: String(body.vigente_desde ?? ''),
    vigente_hasta: typeof body.vigente_hasta === 'string' ? body.vigente_hasta : null,
    concepto_liquidacion: (body.concepto_liquidacion as ChargeRuleValues['concepto_liquidacion'] | undefined) ?? null,
  };
  for (const { field, keyword } of chargeRuleBreaks(rules)) errors[field] ??= { key: `charges.problems.${keyword}` };
  return errors;
}

/** A month and year as the server's details give them, written `07/2025` (never as decimals). */
const monthOf = (params: Record<string, unknown>) => `${String(params.month).padStart(2, '0')}/${String(params.year)}`;

/**
 * The server's refusal details beside their fields: its period rules (`charge...` keywords) in
 * the page's words with their dates as the page writes them; the schema's as any form's.
 */
export function chargeRefusalFields(details: readonly SchemaIssue[] | undefined): FieldErrors {
  const errors = toFieldErrors(details, CHARGE_MESSAGES);
  for (const issue of details ?? []) {
    const field = issue.instancePath.split('/')[1] ?? '';
    const params = issue.params ?? {};
    if (issue.keyword === 'chargeOverlap') {
      errors[field] = params.to
        ? { key: 'charges.problems.chargeOverlap', params: { code: String(params.code), from: formatDate(String(params.from)), to: formatDate(String(params.to)) } }
        : { key: 'charges.problems.chargeOverlapOpen', params: { code: String(params.code), from: formatDate(String(params.from)) } };
    } else if (issue.keyword === 'chargeUsedByValidated') {
      errors[field] = {
        key: 'charges.problems.chargeUsedByValidated',
        params: { contract: String(params.contract), month: monthOf(params), version: String(params.version), lastDay: formatDate(String(params.lastDay)) },
      };
    } else if (issue.keyword?.startsWith('charge')) {
      errors[field] = { key: `charges.problems.${issue.keyword}` };
    }
  }
  return errors;
}
