// Reads the server's OpenAPI document (GET /api/openapi.json, docs/api-reference.md) into what the
// API reference page shows: operations grouped by area, each with who may call it, and the
// fields of its parameters, body and answers as rows. The document is English; what the page can
// tell from its structure (who may call, what an answer is by its status and content type, the
// texts the server names with `x-answer-kind`) it words in the reader's language instead.

/** A JSON Schema as the document holds it (only the keywords the page reads). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  contentMediaType?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
  /** The largest file a file part takes, in bytes (server/openapi/uploads.ts). */
  'x-max-bytes'?: number;
}

interface MediaType {
  schema?: JsonSchema;
  /** The name of the answer's own text the page words in the reader's language (server/openapi/answers.ts). */
  'x-answer-kind'?: string;
  /** A multipart body's parts: a file part's content types, comma-separated (server/openapi/uploads.ts). */
  encoding?: Record<string, { contentType?: string }>;
}

interface OperationObject {
  tags?: string[];
  description?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType>; headers?: Record<string, { description?: string }> }>;
  'x-permission'?: string | string[];
  'x-role-action'?: RoleAction | RoleAction[];
}

interface RoleAction {
  page: string;
  action: string;
}

/** The parts of the OpenAPI 3.1 document the page reads. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string; description?: string; 'x-doc'?: string }>;
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
  'x-error-codes'?: Array<{ code: string; statusCode: number; message: string }>;
}

/** One field of a schema as a row: its path (`data.id`, `items[].name`), type and rules. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  /** The constraints in short words: `one of a, b`, `1..100 chars`, `pattern ^\d+$`. */
  rules: string;
}

/** A path or query parameter. */
export interface ParameterRow extends FieldRow {
  place: string;
}

/**
 * What an answer is, as far as its structure tells: `success`, a 2xx of JSON with a declared
 * schema (the document words it by its status); `file`, a 2xx whose every content is bytes;
 * `events`, a Server-Sent Events stream; `error`, the error body (the document words it by its
 * status); `own`, anything else, which only the document's text describes (another protocol's
 * body, an answer without content).
 */
export type AnswerShape = 'success' | 'file' | 'events' | 'error' | 'own';

export interface Answer {
  status: string;
  /** The document's text (English). */
  description: string;
  shape: AnswerShape;
  /** The answer's `x-answer-kind`: the name of its own text (a download's `Content-Disposition`, a job's events), or null. */
  kind: string | null;
  /** Whether the answer declares a body schema at all. */
  declared: boolean;
  /** The body's content types; shown unless the body is plain JSON. */
  contentTypes: string[];
  /** The body's fields, when it is an object listed field by field. */
  fields: FieldRow[];
  /** The body's type when it is JSON not listed field by field: a shared schema's name (`error-body`), `array of string`... */
  bodyType: string | null;
  /** The headers the answer states (a download's `Content-Disposition`), with what they say. */
  headers: Array<{ name: string; description: string }>;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  tag: string;
  /**
   * What the route itself says, without the document's sentence on who may call it (its
   * description's last paragraph, which the page words from `permission` and `roleActions`).
   */
  note: string;
  /** `public`, `signed-in`, or the view keys (any one of them). */
  permission: string[];
  roleActions: RoleAction[];
  parameters: ParameterRow[];
  /** The body's fields (a multipart body's parts, a file part typed `file` with its content types and cap), or null without a body. */
  body: FieldRow[] | null;
  /** The body's content type (`application/json`, `multipart/form-data`), or null without a body. */
  bodyContentType: string | null;
  answers: Answer[];
}

export interface Area {
  tag: string;
  description: string;
  doc: string | null;
  operations: Operation[];
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

/** How deep nested objects are listed; deeper fields show as `object`. */
const MAX_DEPTH = 4;

/** The shared schema a local `$ref` names (`#/components/schemas/error-body` -> `error-body`). */
function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  return doc.components?.schemas?.[refName(schema.$ref)] ?? {};
}

/**
 * The words the page writes a schema's type and rules with, in the reader's language (the JSON
 * Schema's own names, `string`, `integer`, a format, a pattern, stay as they are).
 */
export interface SchemaWords {
  /** `array of string`. */
  arrayOf: (type: string) => string;
  /** Between the members of `anyOf` / `oneOf`. */
  or: string;
  /** Between the members of `allOf`. */
  and: string;
  /** A schema that says nothing of its type. */
  any: string;
  /** `one of "GT", "SV"`. */
  oneOf: (values: string) => string;
  /** `1..100 chars`. */
  chars: (range: string) => string;
  /** `0..∞ items`. */
  items: (range: string) => string;
  /** `pattern ^\d+$`. */
  pattern: (pattern: string) => string;
  /** The type of a multipart body's file part. */
  file: string;
  /** A file part's rules: what it may be (its content types) and its largest size in bytes, where stated. */
  fileRules: (contentTypes: readonly string[], maxBytes: number | undefined) => string;
}

/** The English words (the reading's own; the page passes the reader's). */
export const ENGLISH_SCHEMA_WORDS: SchemaWords = {
  arrayOf: (type) => `array of ${type}`,
  or: 'or',
  and: 'and',
  any: 'any',
  oneOf: (values) => `one of ${values}`,
  chars: (range) => `${range} chars`,
  items: (range) => `${range} items`,
  pattern: (pattern) => `pattern ${pattern}`,
  file: 'file',
  fileRules: (contentTypes, maxBytes) => [contentTypes.join(', '), maxBytes === undefined ? '' : `≤ ${maxBytes} bytes`].filter(Boolean).join('; '),
};

/** A schema's type in short words: `string`, `integer | null`, `array of object`, `a or b`. */
export function typeOf(doc: OpenApiDocument, raw: JsonSchema, words: SchemaWords = ENGLISH_SCHEMA_WORDS): string {
  const schema = resolve(doc, raw);
  if (raw.$ref) return refName(raw.$ref);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((member) => typeOf(doc, member, words)).join(` ${words.or} `);
  if (schema.allOf) return schema.allOf.map((member) => typeOf(doc, member, words)).join(` ${words.and} `);
  const types = [schema.type ?? (schema.properties ? 'object' : schema.enum || schema.const !== undefined ? '' : words.any)].flat().filter(Boolean);
  const named = types.map((type) => (type === 'array' && schema.items ? words.arrayOf(typeOf(doc, schema.items, words)) : type));
  return named.join(' | ') || words.any;
}

const list = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join(', ');

/** A schema's constraints in short words. */
export function rulesOf(raw: JsonSchema, words: SchemaWords = ENGLISH_SCHEMA_WORDS): string {
  const rules: string[] = [];
  if (raw.const !== undefined) rules.push(`= ${JSON.stringify(raw.const)}`);
  if (raw.enum) rules.push(words.oneOf(list(raw.enum)));
  if (raw.format) rules.push(raw.format);
  if (raw.minLength !== undefined || raw.maxLength !== undefined) rules.push(words.chars(`${raw.minLength ?? 0}..${raw.maxLength ?? '∞'}`));
  if (raw.minimum !== undefined || raw.maximum !== undefined) rules.push(`${raw.minimum ?? '−∞'}..${raw.maximum ?? '∞'}`);
  if (raw.exclusiveMinimum !== undefined) rules.push(`> ${raw.exclusiveMinimum}`);
  if (raw.exclusiveMaximum !== undefined) rules.push(`< ${raw.exclusiveMaximum}`);
  if (raw.minItems !== undefined || raw.maxItems !== undefined) rules.push(words.items(`${raw.minItems ?? 0}..${raw.maxItems ?? '∞'}`));
  if (raw.pattern) rules.push(words.pattern(raw.pattern));
  return rules.join('; ');
}

/** The object a schema describes, if any: itself, its array's items, or its one object member. */
function objectOf(doc: OpenApiDocument, raw: JsonSchema): { schema: JsonSchema; suffix: string } | null {
  const schema = resolve(doc, raw);
  if (schema.properties) return { schema, suffix: '' };
  if (schema.items) {
    const inner = objectOf(doc, schema.items);
    return inner ? { schema: inner.schema, suffix: `[]${inner.suffix}` } : null;
  }
  const members = (schema.anyOf ?? schema.oneOf ?? []).map((member) => objectOf(doc, member)).filter((member) => member !== null);
  return members.length === 1 ? members[0]! : null;
}

/**
 * The fields of an object schema as rows, nested fields under their parent's name
 * (`data.contactos[].email`); a shared schema (`$ref`) is one row named by its schema.
 */
export function fieldsOf(doc: OpenApiDocument, raw: JsonSchema, words: SchemaWords = ENGLISH_SCHEMA_WORDS, prefix = '', depth = 0): FieldRow[] {
  const found = objectOf(doc, raw);
  if (!found) return [];
  const required = new Set(found.schema.required ?? []);
  return Object.entries(found.schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const row: FieldRow = { name: path, type: typeOf(doc, property, words), required: required.has(name), rules: rulesOf(resolve(doc, property), words) };
    const nested = depth < MAX_DEPTH && !property.$ref ? objectOf(doc, property) : null;
    return nested ? [row, ...fieldsOf(doc, property, words, `${path}${nested.suffix}.`, depth + 1)] : [row];
  });
}

/** Whether a media type's schema is bytes (a file): `format: binary` or a `contentMediaType`. */
const isBytesSchema = (schema: JsonSchema | undefined) => schema?.format === 'binary' || schema?.contentMediaType !== undefined;

/**
 * A body's fields as rows: a JSON body's fields, or a multipart body's parts, its file part
 * typed as a file with its content types (its `encoding`, or its `contentMediaType`) and its cap.
 */
function bodyFieldsOf(doc: OpenApiDocument, media: MediaType & { schema: JsonSchema }, words: SchemaWords): FieldRow[] {
  const properties = resolve(doc, media.schema).properties ?? {};
  return fieldsOf(doc, media.schema, words).map((row) => {
    const part = properties[row.name];
    if (!isBytesSchema(part)) return row;
    const listed = media.encoding?.[row.name]?.contentType;
    const contentTypes = listed ? listed.split(',').map((type) => type.trim()) : [part!.contentMediaType ?? 'application/octet-stream'];
    return { ...row, type: words.file, rules: words.fileRules(contentTypes, part!['x-max-bytes']) };
  });
}

function permissionOf(operation: OperationObject): string[] {
  const declared = operation['x-permission'] ?? 'signed-in';
  return [declared].flat();
}

const isBytes = (media: MediaType) => isBytesSchema(media.schema);

/** What an answer is by its status and content (AnswerShape). */
function shapeOf(status: string, content: Record<string, MediaType>, json: boolean): AnswerShape {
  const media = Object.values(content);
  if (media.some((one) => one.schema?.$ref !== undefined && refName(one.schema.$ref) === 'error-body')) return 'error';
  if (!/^2/.test(status) || media.length === 0) return 'own';
  if (media.every(isBytes)) return 'file';
  if ('text/event-stream' in content) return 'events';
  return json ? 'success' : 'own';
}

function answersOf(doc: OpenApiDocument, operation: OperationObject, words: SchemaWords): Answer[] {
  return Object.entries(operation.responses ?? {}).map(([status, response]) => {
    const content = response.content ?? {};
    const [contentType, media] = Object.entries(content)[0] ?? [];
    const schema = media?.schema;
    // A file, an event stream or another protocol's body has no fields to list: its content
    // types say what it is. An empty schema (any JSON) says nothing either.
    const json = contentType !== undefined && /[/+]json\b/.test(contentType) && Object.keys(schema ?? {}).length > 0;
    // A shared schema is named rather than unfolded: the error body is every failure's.
    const fields = schema && json && !schema.$ref ? fieldsOf(doc, schema, words) : [];
    return {
      status,
      description: response.description ?? '',
      shape: shapeOf(status, content, json),
      kind: media?.['x-answer-kind'] ?? null,
      declared: schema !== undefined,
      contentTypes: Object.keys(response.content ?? {}),
      fields,
      bodyType: schema && json && fields.length === 0 ? typeOf(doc, schema, words) : null,
      headers: Object.entries(response.headers ?? {}).map(([name, header]) => ({ name, description: header.description ?? '' })),
    };
  });
}

/**
 * The document's operations by area, in the document's tag order, each area's by path then
 * method; types and rules in `words`.
 */
export function areasOf(doc: OpenApiDocument, words: SchemaWords = ENGLISH_SCHEMA_WORDS): Area[] {
  const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHOD_ORDER.includes(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        const [bodyContentType, bodyMedia] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
        const bodySchema = bodyMedia?.schema;
        return {
          // No space: the accordion names its parts by it, and `aria-controls` takes a list of ids.
          id: `${method}${path}`,
          method: method.toUpperCase(),
          path,
          tag: operation.tags?.[0] ?? '',
          // The server writes the route's own description, then the sentence on who may call it.
          note: (operation.description ?? '').split('\n\n').slice(0, -1).join('\n\n'),
          permission: permissionOf(operation),
          roleActions: operation['x-role-action'] === undefined ? [] : [operation['x-role-action']].flat(),
          parameters: parameters.map((parameter) => ({
            name: parameter.name,
            place: parameter.in,
            type: parameter.schema ? typeOf(doc, parameter.schema, words) : words.any,
            required: parameter.required === true,
            rules: parameter.schema ? rulesOf(parameter.schema, words) : '',
          })),
          body: bodySchema ? bodyFieldsOf(doc, { ...bodyMedia, schema: bodySchema }, words) : null,
          bodyContentType: bodySchema ? bodyContentType! : null,
          answers: answersOf(doc, operation, words),
        };
      }),
  );
  const byOrder = (a: Operation, b: Operation) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method.toLowerCase()) - METHOD_ORDER.indexOf(b.method.toLowerCase());
  const tags: NonNullable<OpenApiDocument['tags']> = doc.tags ?? [];
  const listed = new Set(tags.map((tag) => tag.name));
  // An operation of a tag the document does not list still shows, after the listed ones.
  const unlisted: typeof tags = [...new Set(operations.map((operation) => operation.tag))].filter((tag) => !listed.has(tag)).map((name) => ({ name }));
  return [...tags, ...unlisted]
    .map(
      (tag): Area => ({
        tag: tag.name,
        description: tag.description ?? '',
        doc: tag['x-doc'] ?? null,
        operations: operations.filter((operation) => operation.tag === tag.name).sort(byOrder),
      }),
    )
    .filter((area) => area.operations.length > 0);
}

/**
 * Whether an operation matches a search: every word in its method, path, area or permission, or
 * in `names` (what the page calls them in the reader's language).
 */
export function matchesSearch(operation: Operation, search: string, names: readonly string[] = []): boolean {
  const haystack = [
    operation.method,
    operation.path,
    operation.tag,
    ...operation.permission,
    ...operation.roleActions.map((one) => `${one.page} ${one.action}`),
    ...names,
  ]
    .join(' ')
    .toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
