import { decimalBoundsOf, type DecimalBounds } from '../../../schemas/decimal.schema';
import { NODE_CODE_MAX_LENGTH, NODE_CODE_PATTERN } from '../../../schemas/node-code.schema';
import type { TranslationParams } from '../i18n/i18n';

/**
 * One message to show beside a field: an i18n key and its placeholders. Where it is shown, the
 * field's label fills `{{field}}` and the numbers (bounds, limits) are written as the
 * language writes them.
 */
export interface FieldMessage {
  key: string;
  params?: TranslationParams;
}

/** The first problem of each field, by field name (`''` for the form as a whole). */
export type FieldErrors = Partial<Record<string, FieldMessage>>;

/**
 * Field-specific message keys, by field then by ajv keyword; `'*'` covers every keyword of
 * that field. Used where the spec words a field's rule itself (e-mail, phone, password).
 */
export type MessageOverrides = Readonly<Record<string, Readonly<Partial<Record<string, string>>>>>;

/** What ajv reports, and what the server's error body carries in `details`. */
export interface SchemaIssue {
  instancePath: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** Keywords with a generic message under `forms.errors.<keyword>`. */
const GENERIC_KEYWORDS = new Set([
  'required',
  'pattern',
  'minLength',
  'maxLength',
  'enum',
  'type',
  'minimum',
  'maximum',
  'format',
  'uniqueItems',
  'maxItems',
  'exists',
  'country',
  'annexHolder',
  'contractCode',
]);

/**
 * The field an issue belongs to: the missing property of a `required` issue, otherwise the
 * first segment of the instance path. The server's details lose ajv's params, so a missing
 * property is read back from its message ("must have required property 'nombre'").
 */
export function fieldOfIssue(issue: SchemaIssue): string {
  if (issue.keyword === 'required') {
    const missing = issue.params?.missingProperty ?? /property '([^']+)'/.exec(issue.message ?? '')?.[1];
    if (typeof missing === 'string') return missing;
  }
  return issue.instancePath.split('/')[1] ?? '';
}

function keywordOf(issue: SchemaIssue): string {
  const keyword = issue.keyword ?? 'invalid';
  // An empty value present in the body breaks `minLength: 1`: to the user it is a missing field.
  if (keyword === 'minLength' && issue.params?.limit === 1) return 'required';
  return keyword;
}

/** The message of a decimal out of its bounds: they are the whole rule, so it says them. */
export function decimalBoundsMessage(bounds: DecimalBounds): FieldMessage {
  return {
    key: bounds.positive ? 'forms.errors.decimalPositive' : 'forms.errors.decimalRange',
    params: { min: Number(bounds.min), max: Number(bounds.max), scale: bounds.scale },
  };
}

/**
 * The message of a broken pattern whose meaning is known (a bounded decimal, a node code),
 * rather than "the format is not valid". Only ajv's own issues carry the pattern; the
 * server's details do not, and get the generic text.
 */
function patternMessage(pattern: unknown): FieldMessage | undefined {
  const bounds = decimalBoundsOf(pattern);
  if (bounds) return decimalBoundsMessage(bounds);
  if (pattern === NODE_CODE_PATTERN) return { key: 'forms.errors.nodeCode', params: { limit: NODE_CODE_MAX_LENGTH } };
  return undefined;
}

/** The message of a known format (a calendar date), from ajv's own issue. */
function formatMessage(format: unknown): FieldMessage | undefined {
  return format === 'date' ? { key: 'forms.errors.date' } : undefined;
}

function messageOf(issue: SchemaIssue, overrides: MessageOverrides): FieldMessage {
  const field = fieldOfIssue(issue);
  const keyword = keywordOf(issue);
  const fieldOverrides = overrides[field];
  // 'required' keeps the generic text: "this field is required" is right for every field.
  const override = fieldOverrides?.[keyword] ?? (keyword === 'required' ? undefined : fieldOverrides?.['*']);
  if (override) return { key: override };
  const known = keyword === 'pattern' ? patternMessage(issue.params?.pattern) : keyword === 'format' ? formatMessage(issue.params?.format) : undefined;
  if (known) return known;
  if (!GENERIC_KEYWORDS.has(keyword)) return { key: 'forms.errors.invalid' };
  const limit = issue.params?.limit;
  return typeof limit === 'number' ? { key: `forms.errors.${keyword}`, params: { limit } } : { key: `forms.errors.${keyword}` };
}

/** Turns schema issues (ajv's or the server's 400 `details`) into one message per field. */
export function toFieldErrors(issues: readonly SchemaIssue[] | null | undefined, overrides: MessageOverrides = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues ?? []) {
    const field = fieldOfIssue(issue);
    // The first issue of a field is the one to fix first; later ones would only repeat it.
    if (errors[field] === undefined) errors[field] = messageOf(issue, overrides);
  }
  return errors;
}
