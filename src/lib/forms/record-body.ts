import type { FormValue } from '../../../machines/forms/record-form.machine';
import { formatDate, parseDate } from '../format/date-format';
import { formatDecimal, parseDecimal } from '../format/number-format';
import type { Locale } from '../i18n/locales';
import type { FieldErrors } from './field-errors';

/**
 * What the fields of a record form are, for turning a stored record into what the user edits
 * and what the user typed into a request body. The form keeps values as typed: dates
 * dd/mm/yyyy, numbers in the language's notation. The body carries ISO dates, decimal strings
 * and integers; a text that is not a date or a number is sent as typed, so the shared schema
 * refuses it and its message shows beside the field.
 */
export interface RecordFieldKinds {
  integers?: readonly string[];
  decimals?: readonly string[];
  dates?: readonly string[];
  /** Optional fields an update clears (null) when the user emptied them; a create leaves them out. */
  clearable: ReadonlySet<string>;
  /** What the form keeps for itself (a file's name, the version read): never in the body. */
  formOnly: readonly string[];
}

const WHOLE_NUMBER = /^-?\d+$/;
/** What a typed date looks like, whether or not the day exists. */
const DATE_SHAPE = /^\d{1,2}\/\d{1,2}\/\d{4}$/;

/** A stored record as its form shows it in `locale`: `blank` filled from the record, with its version. */
export function recordToForm(blank: FormValue, record: Record<string, unknown>, kinds: RecordFieldKinds, locale: Locale): FormValue {
  const value = { ...blank };
  for (const field of Object.keys(blank)) {
    const stored = record[field];
    if (stored === null || stored === undefined) continue;
    value[field] = typeof stored === 'number' ? String(stored) : stored;
  }
  for (const field of kinds.decimals ?? []) {
    const stored = record[field];
    if (typeof stored === 'string') value[field] = formatDecimal(stored, locale, { maxFractionDigits: 10 });
  }
  for (const field of kinds.dates ?? []) {
    const stored = record[field];
    if (typeof stored === 'string') value[field] = formatDate(stored);
  }
  value.version = record.version;
  return value;
}

/** The request body of a form value: strings trimmed, numbers and dates in the wire's form. */
export function formToBody(value: FormValue, kinds: RecordFieldKinds, locale: Locale, mode: 'create' | 'update'): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    if (kinds.formOnly.includes(field)) continue;
    if (typeof fieldValue !== 'string') {
      body[field] = fieldValue;
      continue;
    }
    const trimmed = fieldValue.trim();
    if (trimmed !== '') body[field] = trimmed;
    else if (mode === 'update' && kinds.clearable.has(field)) body[field] = null;
  }
  for (const field of kinds.integers ?? []) {
    const text = body[field];
    // Any whole number, negative or huge too, so the schema's bounds say what is wrong with it.
    if (typeof text === 'string' && WHOLE_NUMBER.test(text)) body[field] = Number(text);
  }
  for (const field of kinds.decimals ?? []) {
    const text = body[field];
    if (typeof text === 'string') body[field] = parseDecimal(text, locale) ?? text;
  }
  for (const field of kinds.dates ?? []) {
    const text = body[field];
    if (typeof text === 'string') body[field] = parseDate(text) ?? text;
  }
  return body;
}

/**
 * The messages of what was typed but cannot be read as its field's kind in `locale`: a number
 * in the language's notation (Spanish `1.5` is refused rather than read as one and a half), a
 * whole number, a calendar date (31/02/2025 has the shape of one, but no such day). They come
 * before the schema's messages, which judge the value once it can be read.
 */
export function typingErrors(value: FormValue, kinds: RecordFieldKinds, locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  const typed = (field: string) => (typeof value[field] === 'string' ? (value[field] as string).trim() : '');
  for (const field of kinds.integers ?? []) {
    const text = typed(field);
    if (text !== '' && !WHOLE_NUMBER.test(text)) errors[field] = { key: 'forms.errors.integer' };
  }
  for (const field of kinds.decimals ?? []) {
    const text = typed(field);
    if (text !== '' && parseDecimal(text, locale) === null) {
      errors[field] = { key: 'forms.errors.number', params: { example: formatDecimal('1234.5', locale) } };
    }
  }
  for (const field of kinds.dates ?? []) {
    const text = typed(field);
    if (text === '' || parseDate(text) !== null) continue;
    errors[field] = DATE_SHAPE.test(text) ? { key: 'forms.errors.calendarDay', params: { value: text } } : { key: 'forms.errors.date' };
  }
  return errors;
}
