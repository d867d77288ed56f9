import type { FormValue } from '../../../machines/forms/record-form.machine';
import { formatDate, parseDate } from '../format/date-format';
import { formatDecimal, parseDecimal } from '../format/number-format';
import type { Locale } from '../i18n/locales';

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
    if (typeof text === 'string' && /^\d{1,9}$/.test(text)) body[field] = Number(text);
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
