import type { FromSchema } from 'json-schema-to-ts';

/** `GET /config.json`: what the browser needs to reach identity and the gateway. */
export const publicConfigSchema = {
  $id: 'public-config',
  type: 'object',
  required: ['userPoolId', 'clientId', 'gatewayUrl'],
  properties: {
    userPoolId: { type: 'string' },
    clientId: { type: 'string' },
    // Absent when the hosted identity service is used (its default URL applies).
    endpoint: { type: 'string' },
    gatewayUrl: { type: 'string' },
  },
} as const;

export type PublicConfig = FromSchema<typeof publicConfigSchema>;
