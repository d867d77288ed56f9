// Request bodies derived from a route's JSON Schema, for the generated bad-input walk
// (tests/server/route-bad-input.test.ts): one valid body, then variants that each differ from
// it by exactly one defect, and the fields whose schema sets no bound.
//
// Only the JSON Schema the project's schemas/ use is understood (type, enum, const, pattern,
// minLength/maxLength, format, minimum/maximum and their exclusive forms, properties,
// required, additionalProperties, items, minItems/maxItems, uniqueItems, allOf, anyOf/oneOf,
// then/else);
// a keyword it does not know simply takes no part in the derivation, and the walk's own check
// that the valid body is valid says so. A decimal string whose pattern is one of
// schemas/decimal.schema.ts's kinds is bounded like a number: one variant just below its
// minimum, one just above its maximum, one with a decimal too many.
import fc from 'fast-check';
import { decimalBoundsOf, type DecimalBounds } from '../../../schemas/decimal.schema';

export interface JsonSchema {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  allOf?: readonly JsonSchema[];
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  then?: JsonSchema;
  else?: JsonSchema;
}

export type JsonPath = readonly (string | number)[];

/** A JSON Pointer for `path` (`/` for the body itself), as ajv's instancePath spells fields. */
function pointer(path: JsonPath): string {
  if (path.length === 0) return '/';
  return path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The anyOf / oneOf branch values are generated from: the first that is not just null. */
function chosenBranch(schema: JsonSchema): JsonSchema | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches || branches.length === 0) return undefined;
  return branches.find((candidate) => !typesOf(candidate).has('null') || typesOf(candidate).size > 1) ?? branches[0];
}

/** The schema to generate from: the chosen anyOf / oneOf branch over the outer keywords. */
function effective(schema: JsonSchema): JsonSchema {
  const branch = chosenBranch(schema);
  if (!branch) return schema;
  const { anyOf: _anyOf, oneOf: _oneOf, ...outer } = schema;
  return { ...outer, ...effective(branch) };
}

/** The JSON types a schema admits (inferred from its keywords when it names none). */
function typesOf(schema: JsonSchema): Set<JsonType> {
  if (schema.type !== undefined) return new Set((Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[]);
  if ('const' in schema) return new Set([jsonTypeOf(schema.const)]);
  if (schema.enum) return new Set(schema.enum.map(jsonTypeOf));
  if (schema.properties) return new Set(['object']);
  if (schema.items) return new Set(['array']);
  if (schema.pattern !== undefined || schema.maxLength !== undefined) return new Set(['string']);
  return new Set();
}

const admits = (types: Set<JsonType>, value: unknown) => {
  const type = jsonTypeOf(value);
  return types.has(type) || (type === 'integer' && types.has('number'));
};

/** Every pattern a string must match: its own and those of its allOf entries. */
function patternsOf(schema: JsonSchema): string[] {
  return [schema.pattern, ...(schema.allOf ?? []).map((entry) => entry.pattern)].filter(
    (pattern): pattern is string => typeof pattern === 'string',
  );
}

const regExps = new Map<string, RegExp>();
/** ajv compiles `pattern` with the `u` flag. */
function regExp(pattern: string): RegExp {
  let compiled = regExps.get(pattern);
  if (!compiled) {
    compiled = new RegExp(pattern, 'u');
    regExps.set(pattern, compiled);
  }
  return compiled;
}

/** Length in code points, as JSON Schema counts it. */
const lengthOf = (text: string) => [...text].length;

function minLengthOf(schema: JsonSchema): number {
  return Math.max(schema.minLength ?? 0, ...(schema.allOf ?? []).map((entry) => entry.minLength ?? 0));
}

function maxLengthOf(schema: JsonSchema): number | undefined {
  const bounds = [schema.maxLength, ...(schema.allOf ?? []).map((entry) => entry.maxLength)].filter(
    (bound): bound is number => typeof bound === 'number',
  );
  return bounds.length > 0 ? Math.min(...bounds) : undefined;
}

function fitsString(schema: JsonSchema, text: string): boolean {
  const length = lengthOf(text);
  const max = maxLengthOf(schema);
  if (length < minLengthOf(schema) || (max !== undefined && length > max)) return false;
  return patternsOf(schema).every((pattern) => regExp(pattern).test(text));
}

/** Whether a pattern alone caps the length: anchored at both ends, no `*`, `+`, `{n,}` or top-level `|`. */
function patternBoundsLength(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false;
  let depth = 0;
  let inClass = false;
  for (let index = 1; index < pattern.length - 1; index += 1) {
    const char = pattern[index];
    if (char === '\\') {
      index += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '*' || char === '+' || (char === '|' && depth === 0)) return false;
    else if (char === '{' && /^\{\d+,\}/.test(pattern.slice(index))) return false;
  }
  return true;
}

/** Whether a string property's length is bounded by its schema. */
function stringIsBounded(schema: JsonSchema): boolean {
  if (maxLengthOf(schema) !== undefined || schema.enum || 'const' in schema || schema.format) return true;
  return patternsOf(schema).some(patternBoundsLength);
}

/** Values for the formats ajv-formats knows that a body is likely to use. */
const FORMAT_EXAMPLES: Record<string, string> = {
  email: 'persona@test.energy',
  date: '2025-02-01',
  'date-time': '2025-02-01T10:00:00Z',
  time: '10:00:00Z',
  uri: 'https://example.test/recurso',
  uuid: '6f1c2b9e-3d4a-4b5c-8d6e-7f8091a2b3c4',
};

/** Free text: words of letters, so an unanchored pattern such as `\S` is met without noise. */
const freeText = fc.stringMatching(/^[A-Z][a-z]{2,9}( [a-z]{2,9}){0,2}$/);

/** FNV-1a: a seed per field, so a value does not depend on the order fields are generated in. */
function seedFor(seed: number, path: JsonPath): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const char of `${pointer(path)}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

function sampleOne<T>(arbitrary: fc.Arbitrary<T>, seed: number): T {
  const [value] = fc.sample(arbitrary, { seed, numRuns: 1 });
  return value as T;
}

interface GenerateOptions {
  /** The fixed seed every value derives from, so a failure reproduces. */
  seed: number;
  /**
   * A value to use at `path` instead of a generated one (a real record's id, a stored file's
   * key), or undefined to generate. A hint that breaks the schema shows in the validity check.
   */
  hint?: (path: JsonPath, schema: JsonSchema) => unknown;
}

/** A valid value of `schema`: every property present, optional ones too, arrays with one item or minItems. */
export function validValue(schema: JsonSchema, options: GenerateOptions, path: JsonPath = []): unknown {
  const hinted = options.hint?.(path, schema);
  if (hinted !== undefined) return hinted;
  const target = effective(schema);
  const seed = seedFor(options.seed, path);
  if ('const' in target) return target.const;
  if (target.enum) {
    const values = target.enum.filter((value) => value !== null);
    return sampleOne(fc.constantFrom(...(values.length > 0 ? values : [null])), seed);
  }
  const types = typesOf(target);
  if (types.has('object')) {
    return Object.fromEntries(
      Object.entries(target.properties ?? {}).map(([key, property]) => [key, validValue(property, options, [...path, key])]),
    );
  }
  if (types.has('array')) return validArray(target, options, path);
  if (types.has('string')) return validString(target, seed, path);
  if (types.has('integer') || types.has('number')) {
    const [low, high] = generationRange(target);
    return sampleOne(fc.integer({ min: low, max: high }), seed);
  }
  if (types.has('boolean')) return sampleOne(fc.boolean(), seed);
  if (types.has('null')) return null;
  throw new Error(`no value can be derived at ${pointer(path)}: the schema names no type`);
}

function validArray(schema: JsonSchema, options: GenerateOptions, path: JsonPath): unknown[] {
  const count = Math.min(Math.max(schema.minItems ?? 0, 1), schema.maxItems ?? Number.POSITIVE_INFINITY);
  const items: unknown[] = [];
  const seen = new Set<string>();
  for (let index = 0; items.length < count; index += 1) {
    if (index > count + 50) throw new Error(`no ${count} distinct items can be derived at ${pointer(path)}`);
    // Later attempts of a unique list draw from another seed, under the same path.
    const item = validValue(schema.items ?? {}, { ...options, seed: options.seed + index - items.length }, [...path, items.length]);
    const key = JSON.stringify(item);
    if (schema.uniqueItems && seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

function validString(schema: JsonSchema, seed: number, path: JsonPath): string {
  if (schema.format) {
    const example = FORMAT_EXAMPLES[schema.format];
    if (example === undefined) throw new Error(`no example of format ${schema.format} at ${pointer(path)}`);
    return example;
  }
  const patterns = patternsOf(schema);
  const anchored = patterns.find((pattern) => pattern.startsWith('^') && pattern.endsWith('$'));
  if (anchored) {
    return sampleOne(
      fc.stringMatching(regExp(anchored)).filter((text) => fitsString(schema, text)),
      seed,
    );
  }
  // Unanchored patterns (`\S`, the password's character classes): free text, then one match
  // of each pattern it does not meet yet, then padding up to the minimum length.
  let text = sampleOne(freeText, seed);
  patterns.forEach((pattern, index) => {
    if (!regExp(pattern).test(text)) text += sampleOne(fc.stringMatching(regExp(`^(?:${pattern})$`)), seed + index + 1);
  });
  text = text.padEnd(minLengthOf(schema), 'x');
  const max = maxLengthOf(schema);
  if (max !== undefined && lengthOf(text) > max) text = [...text].slice(-max).join('');
  if (!fitsString(schema, text)) throw new Error(`no valid string can be derived at ${pointer(path)}`);
  return text;
}

function lowerBound(schema: JsonSchema): number | undefined {
  if (schema.minimum !== undefined) return schema.minimum;
  if (schema.exclusiveMinimum !== undefined) return Math.floor(schema.exclusiveMinimum) + 1;
  return undefined;
}

function upperBound(schema: JsonSchema): number | undefined {
  if (schema.maximum !== undefined) return schema.maximum;
  if (schema.exclusiveMaximum !== undefined) return Math.ceil(schema.exclusiveMaximum) - 1;
  return undefined;
}

function generationRange(schema: JsonSchema): [number, number] {
  const low = lowerBound(schema) ?? 0;
  return [Math.ceil(low), Math.floor(upperBound(schema) ?? low + 1000)];
}

/** A request that differs from the valid body by one defect. */
export interface BodyVariant {
  /** `<defect> <field>`, e.g. `missing /nombre`, `too-long /contactos/0/cargo`. */
  label: string;
  /** The JSON body (sent as application/json), or the raw text and its content type. */
  payload: { json: unknown } | { raw: string; contentType: string };
}

/** A field whose schema sets no bound, with a request that tries a value past where one belongs. */
interface BoundGap {
  /** `unbounded-string /x`, `unbounded-number /y (no maximum)`. */
  label: string;
  /** For a number: the body with a value no int4 column holds (labelled by that value). */
  probe?: BodyVariant;
}

interface Derivation {
  variants: BodyVariant[];
  gaps: BoundGap[];
  /** Defects the derivation could not build (each one is a test failure to look at). */
  problems: string[];
}

/** A property name no schema of this project uses. */
const UNKNOWN_FIELD = 'campo_desconocido';

/** Where int4 columns end: one past it must never reach the database as a valid id. */
const INT4_MAX = 2_147_483_647;

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

function withChange(body: unknown, path: JsonPath, change: (parent: Record<string, unknown> | unknown[], key: string | number) => void): unknown {
  const copy = structuredClone(body);
  let parent = copy as Record<string, unknown> | unknown[];
  for (const part of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[part] as typeof parent;
  change(parent, path[path.length - 1] as string | number);
  return copy;
}

const replaced = (body: unknown, path: JsonPath, value: unknown) =>
  withChange(body, path, (parent, key) => {
    (parent as Record<string | number, unknown>)[key] = value;
  });

const removed = (body: unknown, path: JsonPath) =>
  withChange(body, path, (parent, key) => {
    delete (parent as Record<string | number, unknown>)[key];
  });

/**
 * A value of another JSON type than the schema admits, chosen as a caller's likely slip (the
 * number for a numeric text, the text of a number or boolean, the lone item for a list), so a
 * server that converts types instead of refusing them is caught.
 */
function wrongTypeValue(schema: JsonSchema, value: unknown): unknown {
  const types = typesOf(schema);
  const slips: unknown[] = [];
  if (typeof value === 'string') slips.push(NUMERIC_TEXT.test(value) ? Number(value) : 12345);
  if (typeof value === 'number' || typeof value === 'boolean') slips.push(String(value));
  if (Array.isArray(value) && value.length > 0) slips.push(value[0]);
  if (isPlainObject(value)) slips.push(JSON.stringify(value));
  return [...slips, { valor: 'x' }, ['x'], 'texto', 12345, true].find((candidate) => !admits(types, candidate));
}

/** A string one code point longer than maxLength that still meets every pattern. */
function overLongString(schema: JsonSchema, valid: string, maxLength: number): string | null {
  const missing = maxLength + 1 - lengthOf(valid);
  if (missing < 1) return null;
  const chars = [...valid];
  // The same character repeated, inserted anywhere; or, for decimals, as a fraction.
  const fillers = ['x', 'a', '1', '0', 'A', 'X'].flatMap((pad) => [pad.repeat(missing), `.${pad.repeat(missing - 1)}`]);
  for (const filler of fillers) {
    for (let at = 0; at <= chars.length; at += 1) {
      const candidate = chars.slice(0, at).join('') + filler + chars.slice(at).join('');
      if (patternsOf(schema).every((pattern) => regExp(pattern).test(candidate))) return candidate;
    }
  }
  return null;
}

/** A wire decimal in units of its last decimal place (`12.5` at scale 2 is 1250n). */
function decimalUnits(text: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

/** `units` (of the last decimal place at `scale`) as a wire decimal with `scale` decimals. */
function unitsDecimal(units: bigint, scale: number): string {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  return `${units < 0n ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** The decimals one step past each bound of a decimal kind, and one with a decimal too many. */
function pastDecimalBounds({ min, positive, max, scale }: DecimalBounds): Array<[string, string]> {
  return [
    ['below-minimum', positive ? '0' : unitsDecimal(decimalUnits(min, scale) - 1n, scale)],
    ['above-maximum', unitsDecimal(decimalUnits(max, scale) + 1n, scale)],
    ['too-precise', `1.${'0'.repeat(scale)}1`],
  ];
}

/**
 * The one-defect variants of `body` (valid for `schema`): a required field missing, a wrong
 * type, a number (or a bounded decimal) one past a bound, a string one past maxLength, an unknown field (at every
 * object), malformed JSON and a wrong content type; and the fields left unbounded.
 */
export function deriveVariants(schema: JsonSchema, body: unknown): Derivation {
  const derivation: Derivation = { variants: [], gaps: [], problems: [] };
  const add = (label: string, json: unknown) => derivation.variants.push({ label, payload: { json } });
  walk(schema, body, [], { body, derivation, add });
  const text = JSON.stringify(body);
  derivation.variants.push({ label: 'malformed-json', payload: { raw: text.slice(0, -1), contentType: 'application/json' } });
  derivation.variants.push({ label: 'text-plain', payload: { raw: text, contentType: 'text/plain' } });
  return derivation;
}

/**
 * The bound gaps of schema parts no generated value goes through (the other anyOf / oneOf
 * branches, then / else), so a field without a bound cannot hide there.
 */
function scanBounds(schema: JsonSchema, at: string, derivation: Derivation): void {
  const types = typesOf(schema);
  if (!schema.enum && !('const' in schema)) {
    if (types.has('string') && !stringIsBounded(schema)) derivation.gaps.push({ label: `unbounded-string ${at}` });
    if (types.has('integer') || types.has('number')) {
      if (lowerBound(schema) === undefined) derivation.gaps.push({ label: `unbounded-number ${at} (no minimum)` });
      if (upperBound(schema) === undefined) derivation.gaps.push({ label: `unbounded-number ${at} (no maximum)` });
    }
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) scanBounds(property, `${at === '/' ? '' : at}/${key}`, derivation);
  if (schema.items) scanBounds(schema.items, `${at === '/' ? '' : at}/0`, derivation);
  [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].forEach((branch, index) => scanBounds(branch, `${at} (branch ${index + 1})`, derivation));
}

/** Scans what the walk of `schema` does not go through itself. */
function scanUnwalked(schema: JsonSchema, at: string, derivation: Derivation): void {
  const chosen = chosenBranch(schema);
  [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].forEach((branch, index) => {
    if (branch !== chosen) scanBounds(branch, `${at} (branch ${index + 1})`, derivation);
  });
  for (const conditional of [schema.then, schema.else]) if (conditional) scanBounds(conditional, at, derivation);
}

/** What a walk over one body carries: the valid body, the derivation it fills, and how a variant is added. */
interface Walk {
  body: unknown;
  derivation: Derivation;
  add: (label: string, json: unknown) => void;
}

function walk(schema: JsonSchema, value: unknown, path: JsonPath, state: Walk): void {
  const { body, derivation, add } = state;
  const target = effective(schema);
  const at = pointer(path);
  scanUnwalked(schema, at, derivation);
  if (path.length > 0) fieldVariants(target, value, path, state);
  if (isPlainObject(value) && typesOf(target).has('object')) {
    for (const key of target.required ?? []) {
      if (key in value) add(`missing ${pointer([...path, key])}`, removed(body, [...path, key]));
    }
    add(`unknown-field ${at}`, replaced(body, [...path, UNKNOWN_FIELD], 'x'));
    for (const [key, property] of Object.entries(target.properties ?? {})) {
      if (key in value) walk(property, value[key], [...path, key], state);
    }
  }
  if (Array.isArray(value) && value.length > 0 && target.items) walk(target.items, value[0], [...path, 0], state);
}

function numberGap(label: string, body: unknown, path: JsonPath, value: number): BoundGap {
  return { label, probe: { label: String(value), payload: { json: replaced(body, path, value) } } };
}

function fieldVariants(schema: JsonSchema, value: unknown, path: JsonPath, { body, derivation, add }: Walk): void {
  const at = pointer(path);
  const wrong = wrongTypeValue(schema, value);
  if (wrong === undefined) derivation.problems.push(`no value of another type can be found for ${at}`);
  else add(`wrong-type(${jsonTypeOf(wrong)}) ${at}`, replaced(body, path, wrong));
  if (schema.enum || 'const' in schema) return;

  if (typeof value === 'number') {
    if (schema.minimum !== undefined) add(`below-minimum ${at}`, replaced(body, path, schema.minimum - 1));
    else if (schema.exclusiveMinimum !== undefined) add(`below-minimum ${at}`, replaced(body, path, schema.exclusiveMinimum));
    else derivation.gaps.push(numberGap(`unbounded-number ${at} (no minimum)`, body, path, -INT4_MAX - 2));
    if (schema.maximum !== undefined) add(`above-maximum ${at}`, replaced(body, path, schema.maximum + 1));
    else if (schema.exclusiveMaximum !== undefined) add(`above-maximum ${at}`, replaced(body, path, schema.exclusiveMaximum));
    else derivation.gaps.push(numberGap(`unbounded-number ${at} (no maximum)`, body, path, INT4_MAX + 1));
  }

  if (typeof value === 'string') {
    const bounds = decimalBoundsOf(schema.pattern);
    if (bounds) for (const [defect, past] of pastDecimalBounds(bounds)) add(`${defect} ${at}`, replaced(body, path, past));
    const maxLength = maxLengthOf(schema);
    if (maxLength !== undefined) {
      const long = overLongString(schema, value, maxLength);
      if (long === null) derivation.problems.push(`no string one past maxLength ${maxLength} meets the pattern of ${at}`);
      else add(`too-long ${at}`, replaced(body, path, long));
    } else if (!stringIsBounded(schema)) {
      derivation.gaps.push({ label: `unbounded-string ${at}` });
    }
  }
}
