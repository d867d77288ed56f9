// Pieces every edited record shares (ARCHITECTURE.md, Data: `version` for optimistic
// concurrency, who and when in the edit columns), and the body shapes built from them.

/** The largest id or version a record may have: the database's `integer` columns hold no more. */
export const RECORD_ID_MAX = 2_147_483_647;

/** A record's id (a path parameter, a body's `id`, a reference such as `empresa_id`). */
export const recordIdSchema = { type: 'integer', minimum: 1, maximum: RECORD_ID_MAX } as const;

/** The version an editor read and sends back: a stale one gets 409. */
export const versionSchema = { type: 'integer', minimum: 1, maximum: RECORD_ID_MAX } as const;

/** The edit columns of a stored record as the API returns them. */
export const editColumnsProperties = {
  version: { type: 'integer' },
  created_at: { type: 'string' },
  updated_at: { type: 'string' },
  created_by: { type: ['string', 'null'] },
  updated_by: { type: ['string', 'null'] },
} as const;

/** Path parameter `{id}` of a record's address: a positive integer. */
export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: recordIdSchema },
} as const;

/** Path parameter `{email}` of the calls that find a user by e-mail. */
export const emailParamsSchema = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string', minLength: 3, maxLength: 254 } },
} as const;

/** `{ id }`: the body of the delete calls that name the record in the body (spec section 7). */
export const idBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: recordIdSchema },
} as const;

/** An update body: any of `fields` to change (at least one) and the version the editor read. */
export function updateBodySchema<const Fields extends object>(fields: Fields) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['version'],
    minProperties: 2,
    properties: { ...fields, version: versionSchema },
  } as const;
}

/** The named entries of a schema's `properties`: a list row shows a subset of its record. */
export function pickProperties<const Properties extends object, const Key extends keyof Properties>(
  properties: Properties,
  keys: readonly Key[],
): Pick<Properties, Key> {
  return Object.fromEntries(keys.map((key) => [key, properties[key]])) as Pick<Properties, Key>;
}
