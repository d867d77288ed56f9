// An audit entry's before and after, read in words: one row per changed field, each field by
// its label and each value as the reader reads it (dates, yes and no, coded values by their
// names, amounts in the language's format), never as JSON. Nested records go one row per
// changed field too (a contact of a company, a page of a role's permission matrix).
import type { Formatters } from '../../lib/format/use-format';
import type { Translate } from '../../lib/i18n/use-t';
import type { RecordWords } from './audit-words';

/** One field that differs between an entry's before and after, in words. */
interface ChangedField {
  /** Stable identity of the row: the path of field names (and record ids) to the value. */
  path: string;
  label: string;
  before: string;
  after: string;
}

/** What reads an entry: the active language's texts and formats. */
export interface AuditReader {
  t: Translate;
  format: Formatters;
}

/** How a value that is not there (null, empty, absent) reads. */
export const EMPTY = '—';

// Who changed a record and when are the entry's own who and when, its id is the entry's
// record and its version only counts changes: as rows they would repeat the entry or say nothing.
const BOOKKEEPING = ['id', 'version', 'created_at', 'created_by', 'updated_at', 'updated_by'];

const LABEL_SEPARATOR = ' › ';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A set of yes/no flags (a page of the role matrix): it reads as the names of those set. */
function isFlags(value: unknown): value is Record<string, boolean> {
  return isPlain(value) && Object.keys(value).length > 0 && Object.values(value).every((flag) => typeof flag === 'boolean');
}

function isRecordList(value: unknown): value is Plain[] {
  return Array.isArray(value) && value.length > 0 && value.every(isPlain);
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** `t(key)`, or null when the catalogue has no text for `key`. */
function known(reader: AuditReader, key: string): string | null {
  const text = reader.t(key);
  return text === key ? null : text;
}

/** A field's label: where the record's words put it, else the field's own name. */
function labelOf(field: string, words: RecordWords, reader: AuditReader): string {
  const explicit = words.labelKeys?.[field];
  const fromKey = explicit === undefined ? null : known(reader, explicit);
  if (fromKey !== null) return fromKey;
  for (const group of words.labels ?? []) {
    const label = known(reader, `${group}.${field}`);
    if (label !== null) return label;
  }
  return field;
}

function readText(text: string, field: string, words: RecordWords, reader: AuditReader): string {
  const group = words.values?.[field];
  const named = group === undefined ? null : known(reader, `${group}.${text}`);
  if (named !== null) return named;
  if (words.decimals?.includes(field)) {
    // As many decimals as stored: 250000.00 is an amount to the cent.
    return reader.format.decimal(text, { minFractionDigits: text.split('.')[1]?.length ?? 0 });
  }
  if (ISO_DATE.test(text)) return reader.format.date(text);
  if (ISO_TIMESTAMP.test(text)) return reader.format.dateTime(text);
  return text;
}

/** A value in words; `field` says which words apply to it. */
function readValue(value: unknown, field: string, words: RecordWords, reader: AuditReader): string {
  if (isBlank(value)) return EMPTY;
  if (typeof value === 'boolean') return reader.t(value ? 'admin.audit.values.yes' : 'admin.audit.values.no');
  if (typeof value === 'string') return readText(value, field, words, reader);
  if (Array.isArray(value)) {
    const inner = words.nested?.[field] ?? words;
    return value.map((item) => (isPlain(item) ? describe(item, inner, reader) : readValue(item, field, words, reader))).join(isRecordList(value) ? '\n\n' : ', ');
  }
  if (isFlags(value)) {
    const set = (words.flags?.order ?? Object.keys(value)).filter((flag) => value[flag] === true);
    return set.length === 0 ? reader.t('admin.audit.values.none') : set.map((flag) => known(reader, `${words.flags?.group}.${flag}`) ?? flag).join(', ');
  }
  if (isPlain(value)) return describe(value, words.nested?.[field] ?? {}, reader);
  return String(value);
}

/** The fields of `record` a reader is shown: no bookkeeping, nothing the entry already says. */
function shownFields(record: Plain, words: RecordWords): string[] {
  const skipped = new Set([...BOOKKEEPING, ...(words.hidden ?? []), ...Object.values(words.shownAs ?? {})]);
  return Object.keys(record).filter((field) => !skipped.has(field));
}

/** `field` of `record` in words; a reference by the name the record carries beside it. */
function readField(record: Plain, field: string, words: RecordWords, reader: AuditReader): string {
  const nameField = words.shownAs?.[field];
  const name = nameField === undefined ? undefined : record[nameField];
  return readValue(isBlank(name) ? record[field] : name, field, words, reader);
}

const byLabel = (reader: AuditReader) => (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, reader.format.locale);

/** A whole record, one "Label: value" line per field that holds something. */
function describe(record: Plain, words: RecordWords, reader: AuditReader): string {
  return shownFields(record, words)
    .filter((field) => field !== words.title && !isBlank(record[field]))
    .map((field) => ({ label: labelOf(field, words, reader), value: readField(record, field, words, reader) }))
    .sort(byLabel(reader))
    .map(({ label, value }) => `${label}: ${value}`)
    .join('\n');
}

interface Place {
  path: string;
  label: string;
}

const inside = (place: Place | null, path: string, label: string): Place => ({
  path: place ? `${place.path}.${path}` : path,
  label: place ? `${place.label}${LABEL_SEPARATOR}${label}` : label,
});

/** The changes between two versions of one record (either may be missing). */
function recordChanges(before: unknown, after: unknown, words: RecordWords, reader: AuditReader, place: Place | null): ChangedField[] {
  const old = isPlain(before) ? before : {};
  const next = isPlain(after) ? after : {};
  const fields = [...new Set([...shownFields(old, words), ...shownFields(next, words)])];
  return fields.flatMap((field) => {
    const here = inside(place, field, labelOf(field, words, reader));
    const [was, is] = [old[field], next[field]];
    const inner = words.nested?.[field] ?? {};
    if (isRecordList(was) || isRecordList(is)) return listChanges(isRecordList(was) ? was : [], isRecordList(is) ? is : [], inner, reader, here);
    if ((isPlain(was) || isPlain(is)) && !isFlags(was ?? is)) return recordChanges(was, is, inner, reader, here);
    const shown = { before: readField(old, field, words, reader), after: readField(next, field, words, reader) };
    return shown.before === shown.after ? [] : [{ ...here, ...shown }];
  });
}

/** The changes between two versions of a list of records, matched by id (else by position). */
function listChanges(before: Plain[], after: Plain[], words: RecordWords, reader: AuditReader, place: Place): ChangedField[] {
  const keyOf = (record: Plain, index: number) => (typeof record.id === 'number' || typeof record.id === 'string' ? `id${record.id}` : `at${index}`);
  const titleOf = (record: Plain, index: number) => {
    const title = words.title === undefined ? undefined : record[words.title];
    return isBlank(title) ? reader.t('admin.audit.item', { n: index + 1 }) : readValue(title, words.title!, words, reader);
  };
  const old = new Map(before.map((record, index) => [keyOf(record, index), { record, index }]));
  const next = new Map(after.map((record, index) => [keyOf(record, index), { record, index }]));
  return [...new Set([...old.keys(), ...next.keys()])].flatMap((key) => {
    const [was, is] = [old.get(key), next.get(key)];
    const named = is ?? was!;
    const here = inside(place, key, titleOf(named.record, named.index));
    if (was && is) return recordChanges(was.record, is.record, words, reader, here);
    // A record added or removed reads whole on its side.
    const whole = describe(named.record, words, reader);
    return [{ ...here, before: was ? whole : EMPTY, after: is ? whole : EMPTY }];
  });
}

/** The fields that differ between an entry's `before` and `after`, in words, by label. */
export function changedFields(before: unknown, after: unknown, words: RecordWords, reader: AuditReader): ChangedField[] {
  return recordChanges(before, after, words, reader, null).sort(byLabel(reader));
}
