import type { FromSchema } from 'json-schema-to-ts';

/** The one error body of every failed API call (ARCHITECTURE.md, Errors). */
export const errorBodySchema = {
  $id: 'error-body',
  type: 'object',
  required: ['statusCode', 'code', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string', pattern: '^APP_ERR_[A-Z0-9]+_[A-Z0-9_]+$' },
    message: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        required: ['instancePath', 'message'],
        properties: {
          instancePath: { type: 'string' },
          keyword: { type: 'string' },
          message: { type: 'string' },
          // What the message names (a period's dates, a settlement), for the page's translation of it.
          params: { type: 'object', additionalProperties: true },
        },
      },
    },
  },
} as const;

export type ErrorBody = FromSchema<typeof errorBodySchema>;
