// The built-in identity service as a Fastify plugin, registered under `/idp`: the identity
// protocol on `POST /` (operation in X-Amz-Target) and the JWKS under the pool id. Errors are
// answered in the protocol's own shape, not the app's error body, because the client parses them.
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import * as account from './account';
import type { IdpContext, IdpOptions } from './context';
import { IdpError, invalidParameter } from './errors';
import { confirmForgotPassword, forgotPassword } from './forgot-password';
import { ensureSigningKey, localJwks, publicJwks } from './keys';
import { refreshTokens } from './refresh';
import {
  accessTokenRequestSchema,
  changePasswordSchema,
  confirmForgotPasswordSchema,
  forgotPasswordSchema,
  initiateAuthSchema,
  requestParser,
  respondToAuthChallengeSchema,
  revokeTokenSchema,
  type AccessTokenRequest,
  type ChangePasswordRequest,
  type ConfirmForgotPasswordRequest,
  type ForgotPasswordRequest,
  type InitiateAuthRequest,
  type RespondToAuthChallengeRequest,
  type RevokeTokenRequest,
} from './requests';
import { completeNewPassword, startSrpSignIn, verifyMfaCode, verifyPasswordClaim } from './sign-in';
import { poolNameOf } from './srp';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

type Operation = (body: unknown) => Promise<object>;

const parseInitiateAuth = requestParser<InitiateAuthRequest>(initiateAuthSchema);
const parseRespond = requestParser<RespondToAuthChallengeRequest>(respondToAuthChallengeSchema);
const parseAccessToken = requestParser<AccessTokenRequest>(accessTokenRequestSchema);
const parseChangePassword = requestParser<ChangePasswordRequest>(changePasswordSchema);
const parseRevokeToken = requestParser<RevokeTokenRequest>(revokeTokenSchema);
const parseForgotPassword = requestParser<ForgotPasswordRequest>(forgotPasswordSchema);
const parseConfirmForgot = requestParser<ConfirmForgotPasswordRequest>(confirmForgotPasswordSchema);

/** The one app client this service knows; any other client id is refused as the hosted service does. */
function assertClient(ctx: IdpContext, clientId: string): void {
  if (clientId !== ctx.clientId) throw new IdpError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
}

function operations(ctx: IdpContext): Record<string, Operation> {
  const keys = localJwks(ctx.db);
  return {
    async InitiateAuth(body) {
      const request = parseInitiateAuth(body);
      assertClient(ctx, request.ClientId);
      const params = request.AuthParameters ?? {};
      if (request.AuthFlow === 'USER_SRP_AUTH') return startSrpSignIn(ctx, params);
      if (request.AuthFlow === 'REFRESH_TOKEN_AUTH' || request.AuthFlow === 'REFRESH_TOKEN') return refreshTokens(ctx, params);
      throw invalidParameter(`${request.AuthFlow} flow not enabled for this client`);
    },
    async RespondToAuthChallenge(body) {
      const request = parseRespond(body);
      assertClient(ctx, request.ClientId);
      const responses = request.ChallengeResponses ?? {};
      switch (request.ChallengeName) {
        case 'PASSWORD_VERIFIER':
          return verifyPasswordClaim(ctx, responses);
        case 'NEW_PASSWORD_REQUIRED':
          return completeNewPassword(ctx, request.Session, responses);
        case 'SOFTWARE_TOKEN_MFA':
        case 'SMS_MFA':
          return verifyMfaCode(ctx, request.Session, responses);
        default:
          throw invalidParameter(`Unsupported challenge ${request.ChallengeName}`);
      }
    },
    async GetUser(body) {
      return account.getUser(ctx, keys, parseAccessToken(body).AccessToken);
    },
    async ChangePassword(body) {
      return account.changePassword(ctx, keys, parseChangePassword(body));
    },
    async GlobalSignOut(body) {
      return account.globalSignOut(ctx, keys, parseAccessToken(body).AccessToken);
    },
    async RevokeToken(body) {
      const request = parseRevokeToken(body);
      assertClient(ctx, request.ClientId);
      return account.revokeToken(ctx, request.Token);
    },
    async ForgotPassword(body) {
      const request = parseForgotPassword(body);
      assertClient(ctx, request.ClientId);
      return forgotPassword(ctx, request.Username);
    },
    async ConfirmForgotPassword(body) {
      const request = parseConfirmForgot(body);
      assertClient(ctx, request.ClientId);
      return confirmForgotPassword(ctx, request);
    },
  };
}

/** Registers the identity service; the app mounts it with `{ prefix: '/idp' }`. */
export const idpPlugin: FastifyPluginAsync<IdpOptions> = async (app, options) => {
  const ctx: IdpContext = { ...options, poolName: poolNameOf(options.poolId) };
  const ops = operations(ctx);
  // Create the signing key now rather than on the first sign-in.
  await ensureSigningKey(ctx.db);

  // The client posts `application/x-amz-json-1.1`, which Fastify refuses (415) unless told.
  app.addContentTypeParser('application/x-amz-json-1.1', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new IdpError('SerializationException', 'Request body is not valid JSON'));
    }
  });

  app.setErrorHandler((error: FastifyError | IdpError, request, reply) => {
    if (error instanceof IdpError) {
      return reply.code(400).send({ __type: error.type, message: error.message });
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply.code(400).send({ __type: 'InvalidParameterException', message: error.message });
    }
    request.log.error({ err: error }, 'identity service failure');
    return reply.code(500).send({ __type: 'InternalErrorException', message: 'Internal error' });
  });

  const operationAnswer = {
    contentType: 'application/x-amz-json-1.1',
    description:
      'The AWS JSON protocol of Amazon Cognito: the body is the request of the operation `X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>` names ' +
      `(${Object.keys(ops).map((name) => `\`${name}\``).join(', ')}), the answer its result as Cognito gives it (tokens, a challenge, the user...), with \`Cache-Control: no-store\`.`,
  } as const;
  app.post('/', { config: { public: true, answers: operationAnswer } }, async (request, reply) => {
    const target = request.headers['x-amz-target'];
    const name = typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const operation = Object.hasOwn(ops, name) ? ops[name] : undefined;
    if (!operation) {
      return reply.code(400).send({ __type: 'InvalidActionException', message: `Unknown operation ${name || String(target)}` });
    }
    // Tokens and challenge state must never sit in a cache.
    reply.header('cache-control', 'no-store').type('application/x-amz-json-1.1');
    return operation(request.body);
  });

  const jwksAnswer = {
    contentType: 'application/json',
    description: '`{ keys: [JWK] }`: the public RSA keys the service signs tokens with (RS256, newest first), to check a token\'s signature; cached 5 minutes.',
  } as const;
  app.get<{ Params: { poolId: string } }>('/:poolId/.well-known/jwks.json', { config: { public: true, answers: jwksAnswer } }, async (request, reply) => {
    if (request.params.poolId !== ctx.poolId) {
      return reply.code(404).send({ __type: 'ResourceNotFoundException', message: 'User pool not found' });
    }
    reply.header('cache-control', 'public, max-age=300');
    return publicJwks(ctx.db);
  });
};
