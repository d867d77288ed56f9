// Request bodies of the identity protocol operations the client uses (IDENTITY.md, Operations),
// as JSON Schemas checked by ajv. Extra fields (ClientMetadata, UserContextData) are allowed.
import { Ajv, type ValidateFunction } from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';
import { invalidParameter } from './errors';

const text = { type: 'string', minLength: 1, maxLength: 8192 } as const;
/** Parameter maps: the browser client sends `DEVICE_KEY: null` when no device is remembered. */
const parameterMap = { type: 'object', additionalProperties: { type: ['string', 'null'], maxLength: 8192 } } as const;

export const initiateAuthSchema = {
  type: 'object',
  required: ['AuthFlow', 'ClientId', 'AuthParameters'],
  properties: { AuthFlow: text, ClientId: text, AuthParameters: parameterMap },
} as const;

export const respondToAuthChallengeSchema = {
  type: 'object',
  required: ['ChallengeName', 'ClientId', 'ChallengeResponses'],
  properties: { ChallengeName: text, ClientId: text, ChallengeResponses: parameterMap, Session: text },
} as const;

export const accessTokenRequestSchema = {
  type: 'object',
  required: ['AccessToken'],
  properties: { AccessToken: text },
} as const;

export const changePasswordSchema = {
  type: 'object',
  required: ['AccessToken', 'PreviousPassword', 'ProposedPassword'],
  properties: { AccessToken: text, PreviousPassword: text, ProposedPassword: text },
} as const;

export const revokeTokenSchema = {
  type: 'object',
  required: ['Token', 'ClientId'],
  properties: { Token: text, ClientId: text },
} as const;

export const forgotPasswordSchema = {
  type: 'object',
  required: ['ClientId', 'Username'],
  properties: { ClientId: text, Username: text },
} as const;

export const confirmForgotPasswordSchema = {
  type: 'object',
  required: ['ClientId', 'Username', 'ConfirmationCode', 'Password'],
  properties: { ClientId: text, Username: text, ConfirmationCode: text, Password: text },
} as const;

export type InitiateAuthRequest = FromSchema<typeof initiateAuthSchema>;
export type RespondToAuthChallengeRequest = FromSchema<typeof respondToAuthChallengeSchema>;
export type AccessTokenRequest = FromSchema<typeof accessTokenRequestSchema>;
export type ChangePasswordRequest = FromSchema<typeof changePasswordSchema>;
export type RevokeTokenRequest = FromSchema<typeof revokeTokenSchema>;
export type ForgotPasswordRequest = FromSchema<typeof forgotPasswordSchema>;
export type ConfirmForgotPasswordRequest = FromSchema<typeof confirmForgotPasswordSchema>;

const ajv = new Ajv({ allErrors: false });

/** A parser that returns the typed body or throws InvalidParameterException. */
export function requestParser<T>(schema: object): (body: unknown) => T {
  const validate: ValidateFunction = ajv.compile(schema);
  return (body) => {
    if (!validate(body)) {
      const [first] = validate.errors ?? [];
      throw invalidParameter(`Invalid request: ${first ? `${first.instancePath || 'body'} ${first.message}` : 'malformed'}`);
    }
    return body as T;
  };
}
