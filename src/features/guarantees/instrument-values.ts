import type { FormValue } from '../../../machines/forms/record-form.machine';
import { INSTRUMENT_REQUIRED_FIELDS, instrumentRuleBreaks, type Instrument } from '../../../schemas/guarantee.schema';
import { toFieldErrors, type FieldErrors, type FieldMessage, type MessageOverrides, type SchemaIssue } from '../../lib/forms/field-errors';
import { formToBody, recordToForm, typingErrors, type RecordFieldKinds } from '../../lib/forms/record-body';
import { validateForm } from '../../lib/forms/validate-form';
import type { Locale } from '../../lib/i18n/locales';
import instrumentCreateSchema from 'virtual:form-validator/instrumentCreate';
import instrumentUpdateSchema from 'virtual:form-validator/instrumentUpdate';

// The instrument form's value and its request bodies; how typed dates and amounts travel is
// `lib/forms/record-body.ts`, the rules the server judges too are the schema file's
// `instrumentRuleBreaks`.

const FIELD_KINDS: RecordFieldKinds = {
  decimals: ['monto'],
  dates: ['fecha_emision', 'fecha_vencimiento', 'liberada_en'],
  clearable: new Set(['liberada_en']),
  formOnly: ['version'],
};

/** The words an instrument's own field shapes are refused with (say what is expected). */
export const INSTRUMENT_MESSAGES: MessageOverrides = {
  agente: { pattern: 'guarantees.problems.agentPattern' },
  numero: { pattern: 'guarantees.problems.numberPattern' },
  emisor: { pattern: 'guarantees.problems.markup' },
};

/** An empty create form: the currency follows the operator once one is chosen. */
export function blankInstrument(): FormValue {
  return {
    operador: '',
    sucursal: '',
    agente: '',
    tipo: '',
    emisor: '',
    numero: '',
    moneda: '',
    monto: '',
    fecha_emision: '',
    fecha_vencimiento: '',
    liberada_en: '',
  };
}

/** The edit form of a stored instrument in the active language, with the version read. */
export function instrumentToForm(instrument: Instrument, locale: Locale): FormValue {
  return recordToForm(blankInstrument(), instrument, FIELD_KINDS, locale);
}

/** `POST /garantias/api/v1/instrumentos` body: the typed fields (no release date is left out). */
export function createBody(value: FormValue, locale: Locale): Record<string, unknown> {
  return formToBody(value, FIELD_KINDS, locale, 'create');
}

/** `PATCH /garantias/api/v1/instrumentos` body: every field (an emptied release date clears it) and the version read. */
export function updateBody(id: number, value: FormValue, locale: Locale): Record<string, unknown> {
  return { id, ...formToBody(value, FIELD_KINDS, locale, 'update'), version: value.version };
}

/**
 * The field messages of a form value: what cannot be read as an amount or a date, the shared
 * schema (required fields, the agent's and number's shapes, a positive amount), then the rules
 * the server judges too (a branch the company is no agent through at that operator, a currency
 * other than the operator's, a due date or a release before the issue).
 */
export function validateInstrument(value: FormValue, locale: Locale, id?: number): FieldErrors {
  const body = id === undefined ? createBody(value, locale) : updateBody(id, value, locale);
  const schema = id === undefined ? instrumentCreateSchema : instrumentUpdateSchema;
  const errors = { ...validateForm(schema, body, INSTRUMENT_MESSAGES), ...typingErrors(value, FIELD_KINDS, locale) };
  delete errors[''];
  // An update sends only what it has: an emptied required field is still missing.
  for (const field of INSTRUMENT_REQUIRED_FIELDS) if (body[field] === undefined) errors[field] ??= { key: 'forms.errors.required' };
  const breaks = instrumentRuleBreaks({
    operador: String(body.operador ?? ''),
    sucursal: String(body.sucursal ?? ''),
    moneda: String(body.moneda ?? ''),
    fecha_emision: String(body.fecha_emision ?? ''),
    fecha_vencimiento: String(body.fecha_vencimiento ?? ''),
    liberada_en: typeof body.liberada_en === 'string' ? body.liberada_en : null,
  });
  for (const { field, keyword } of breaks) errors[field] ??= { key: `guarantees.problems.${keyword}` };
  return errors;
}

/** The server's refusal details beside their fields: its instrument rules (`guarantee...` keywords) in the page's words, the schema's as any form's. */
export function instrumentRefusalFields(details: readonly SchemaIssue[] | undefined): FieldErrors {
  const errors = toFieldErrors(details, INSTRUMENT_MESSAGES);
  for (const issue of details ?? []) {
    if (!issue.keyword?.startsWith('guarantee')) continue;
    errors[issue.instancePath.split('/')[1] ?? ''] = { key: `guarantees.problems.${issue.keyword}` };
  }
  return errors;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from `today` to the instrument's due date (ISO dates): 0 on the day, negative once it is past. */
export function daysToDue(instrument: Pick<Instrument, 'fecha_vencimiento'>, today: string): number {
  return Math.round((Date.parse(`${instrument.fecha_vencimiento}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/**
 * Where an instrument stands against its due date as a message: released on its day, due in
 * N days, due today, or due N days ago.
 */
export function dueCountdown(instrument: Pick<Instrument, 'fecha_vencimiento' | 'liberada_en'>, today: string, formatDay: (iso: string) => string): FieldMessage {
  if (instrument.liberada_en) return { key: 'guarantees.countdown.releasedOn', params: { day: formatDay(instrument.liberada_en) } };
  const days = daysToDue(instrument, today);
  if (days === 0) return { key: 'guarantees.countdown.dueToday' };
  return days > 0 ? { key: 'guarantees.countdown.dueIn', params: { count: days } } : { key: 'guarantees.countdown.dueAgo', params: { count: -days } };
}
