// What the API reference says about one route beyond its JSON Schemas: who may call it (the
// auth plugin's `permission` and the authz plugin's `action`), the bearer token it needs, its
// area, and the error answers it can give. The catalogue (server/errors/catalogue.ts) has no
// per-route list of codes, so 400, 401 and 403 are stated exactly from the route's declaration,
// while 404 and 409 follow from what the route is (a record named in the request, a change)
// and the area's document names the codes; every other refusal is the `default` answer. A
// route whose answer Fastify does not serialize (a file, an event stream, another protocol)
// says what it sends in `config.answers` (./answers.ts) instead of a `response` schema, and a
// route that reads a multipart body says what it reads in `config.upload` (./uploads.ts): its
// `requestBody` and the upload's error answers.
import type { FastifySchema, RouteOptions } from 'fastify';
import { errorBodySchema } from '../../schemas/error-body.schema';
import type { RouteAction } from '../authz/authorize';
import { declaredAnswers, type AnswerDeclaration } from './answers';
import { areaOf } from './areas';
import { uploadErrors, uploadRequestBody, type UploadDeclaration } from './uploads';

/** The name of the bearer-token security scheme in `components.securitySchemes`. */
export const BEARER_SCHEME = 'bearer';

/** What a route says about its callers (server/plugins/auth.ts, server/authz/authorize.ts). */
interface CallerDeclaration {
  public?: boolean;
  permission?: string | readonly string[];
  action?: RouteAction | readonly RouteAction[];
}

/** Fastify's route schema as the reference reads it (all parts optional, any shape). */
type RouteSchema = FastifySchema & { response?: Record<string, unknown> };

const CHANGES = new Set(['PUT', 'PATCH', 'DELETE']);

const ERROR_CONTENT = { 'application/json': { schema: { $ref: `${errorBodySchema.$id}#` } } };

/** A response of the error body with `description`, in the form @fastify/swagger passes through as it is. */
function errorAnswer(description: string) {
  return { description, content: ERROR_CONTENT };
}

const codes = (list: readonly string[]) => list.map((code) => `\`${code}\``).join(', ');

/** The declared permission as the reference's `x-permission` shows it: `public` for public routes. */
export function permissionOf(config: CallerDeclaration): string | readonly string[] {
  if (config.public === true) return 'public';
  // Every non-public route declares one (the auth plugin refuses to start otherwise).
  return config.permission ?? 'signed-in';
}

/** One sentence saying who may call the route. */
export function whoMayCall(config: CallerDeclaration): string {
  if (config.public === true) return 'Public: no token needed.';
  const permission = permissionOf(config);
  let sentence: string;
  if (permission === 'signed-in') sentence = 'Any signed-in user (a valid bearer token)';
  else if (Array.isArray(permission)) sentence = `Needs one of the view keys ${codes(permission)}`;
  else sentence = `Needs the view key \`${permission as string}\``;
  const actions = config.action === undefined ? [] : [config.action].flat();
  if (actions.length === 1) sentence += ` and the role action ${actionName(actions[0]!)}`;
  else if (actions.length > 1) sentence += ` and one of the role actions ${actions.map(actionName).join(', ')}`;
  return `${sentence}.`;
}

const actionName = ({ page, action }: RouteAction) => `${page} / ${action}`;

type ObjectSchema = { properties?: Record<string, { enum?: unknown } | undefined> } | undefined;

/**
 * Whether the request names one record: a path parameter that is not one of a fixed list (a
 * value outside an `enum` is a 400), or an `id` in its query or body.
 */
function namesRecord(url: string, schema: RouteSchema): boolean {
  const params = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (params.some((name) => (schema.params as ObjectSchema)?.properties?.[name]?.enum === undefined)) return true;
  const hasId = (part: unknown) => (part as ObjectSchema)?.properties?.id !== undefined;
  return hasId(schema.querystring) || hasId(schema.body);
}

/** Whether the route changes records: PUT, PATCH, DELETE, or a POST whose role action is not a read. */
function changesRecords(method: string, config: CallerDeclaration): boolean {
  if (CHANGES.has(method)) return true;
  const actions = config.action === undefined ? [] : [config.action].flat();
  return method === 'POST' && actions.some((one) => one.action !== 'view');
}

/** Whether the route declares a success answer (a 2xx status, `2xx` or `default`). */
function declaresSuccess(response: Record<string, unknown> | undefined): boolean {
  return Object.keys(response ?? {}).some((status) => /^2/.test(status));
}

/**
 * The error answers of a route, by status: exact for 400 (the request's schemas), 401 and 403
 * (the declaration); generic for 404 and 409, and `default` for the rest of the catalogue. An
 * upload's 400, 413 and 415 say what its multipart reader refuses (./uploads.ts).
 */
function errorAnswers(method: string, url: string, schema: RouteSchema, config: CallerDeclaration, upload: UploadDeclaration | undefined): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  const checksRequest = schema.body !== undefined || schema.querystring !== undefined || schema.params !== undefined;
  if (upload !== undefined) {
    // What an upload's reader refuses (server/files/upload.ts), on top of its query's schema.
    const { 400: invalid, 413: tooLarge, 415: unsupported } = uploadErrors(upload);
    Object.assign(answers, { 400: errorAnswer(invalid), 413: errorAnswer(tooLarge), 415: errorAnswer(unsupported) });
  } else if (checksRequest || method === 'POST' || method === 'PUT' || method === 'PATCH') {
    answers[400] = errorAnswer(
      'The request is not valid: `APP_ERR_REQUEST_INVALID` with `details[]` naming each bad field (`instancePath`), ' +
        'or `APP_ERR_REQUEST_MALFORMED` for a body that is not JSON.',
    );
  }
  if (config.public !== true) {
    answers[401] = errorAnswer('`APP_ERR_AUTH_UNAUTHENTICATED`: no bearer token, or an invalid or expired one, or an inactive user.');
  }
  const permission = permissionOf(config);
  if (config.public !== true && (permission !== 'signed-in' || config.action !== undefined)) {
    answers[403] = errorAnswer(`\`APP_ERR_AUTH_FORBIDDEN\`: the caller lacks what the route needs. ${whoMayCall(config)}`);
  }
  if (namesRecord(url, schema)) {
    answers[404] = errorAnswer('The record the request names does not exist (`APP_ERR_<ENTITY>_NOT_FOUND`, e.g. `APP_ERR_CONTRACT_NOT_FOUND`).');
  }
  if (changesRecords(method, config)) {
    answers[409] = errorAnswer(
      'A rule refused the change: the record changed since it was read (`APP_ERR_RECORD_STALE`), other records depend on it ' +
        "(`APP_ERR_RECORD_IN_USE`), or its lifecycle does not allow it; the area's document lists the rules.",
    );
  }
  answers.default = errorAnswer('Any other failure: the error body with a code of the catalogue (`x-error-codes` at the top of this document).');
  return answers;
}

const SUCCESS_WORDS: Record<string, string> = {
  200: 'Success.',
  201: 'Created.',
  202: 'Accepted: the work goes on as a job.',
  204: 'Done; no body.',
};

/** The route's declared answers, each success with a description (@fastify/swagger's default says "Default Response"). */
function describedSuccess(response: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response ?? {}).map(([status, answer]) => {
      const schema = answer as { description?: string; $ref?: string };
      if (!/^2/.test(status) || schema.description !== undefined) return [status, answer];
      const words = SUCCESS_WORDS[status] ?? 'Success.';
      // A bare $ref loses its siblings when resolved, but the answer's description is read first.
      return [status, { ...schema, [schema.$ref === undefined ? 'x-response-description' : 'description']: words }];
    }),
  );
}

/**
 * The success answer of a route that declares neither a `response` schema nor `config.answers`:
 * listed, without content (the reference test fails on any).
 */
const UNDECLARED_SUCCESS = {
  // `type: 'null'` makes @fastify/swagger list the answer without content (it describes nothing of its body).
  type: 'null',
  description: 'Success. The answer has no declared schema (a file, a page, or a shape the area\'s document describes).',
};

/** The success answers of a route without a `response` schema: what its `config.answers` says, or UNDECLARED_SUCCESS. */
function undeclaredSuccess(answers: AnswerDeclaration | undefined): Record<string, unknown> {
  return answers === undefined ? { 200: UNDECLARED_SUCCESS } : declaredAnswers(answers);
}

/**
 * Where the transform leaves an operation's whole `requestBody` when @fastify/swagger cannot
 * build it from a `body` schema (an upload's part `encoding`): swagger copies an operation's
 * `x-` keys as they are, and placeRequestBodies (the document's `transformObject`) moves it.
 */
const REQUEST_BODY = 'x-request-body';

/**
 * The @fastify/swagger `transform`: returns the schema the document shows for the route, never
 * changing the route's own (shared, `as const`) schema objects.
 */
export function describeRoute({ schema, url, route }: { schema: FastifySchema | undefined; url: string; route: RouteOptions }): {
  schema: FastifySchema;
  url: string;
} {
  const own = (schema ?? {}) as RouteSchema;
  const config = (route.config ?? {}) as CallerDeclaration & { answers?: AnswerDeclaration; upload?: UploadDeclaration };
  const method = [route.method].flat()[0]!.toUpperCase();
  // The SPA's catch-all serves pages and files, not an API (server/plugins/spa.ts).
  if (url === '/*') return { schema: { ...own, hide: true }, url };
  // A multipart body is never parsed into `request.body`: a body schema would describe nothing it reads.
  if (config.upload !== undefined && own.body !== undefined) throw new Error(`${method} ${url} declares both a body schema and config.upload`);
  const area = areaOf(url);
  const response = {
    ...(declaresSuccess(own.response) ? {} : undeclaredSuccess(config.answers)),
    // An area of its own protocol answers its failures in that protocol: one described answer.
    ...(area.ownProtocol === undefined ? errorAnswers(method, url, own, config, config.upload) : { default: { type: 'null', description: area.ownProtocol } }),
    // What the route declares itself wins over the generic answers.
    ...describedSuccess(own.response),
  };
  const described: RouteSchema & Record<`x-${string}`, unknown> = {
    ...own,
    tags: [area.tag],
    description: [own.description, whoMayCall(config)].filter(Boolean).join('\n\n'),
    security: config.public === true ? [] : [{ [BEARER_SCHEME]: [] }],
    response,
    'x-permission': permissionOf(config),
    ...(config.action === undefined ? {} : { 'x-role-action': config.action }),
    ...(config.upload === undefined ? {} : { [REQUEST_BODY]: uploadRequestBody(config.upload) }),
  };
  return { schema: described, url };
}

type Operations = Record<string, Record<string, unknown>>;

/** The document with each operation's REQUEST_BODY as its `requestBody`, placed before its `responses`. */
export function placeRequestBodies<T extends { paths?: unknown }>(document: T): T {
  for (const item of Object.values((document.paths ?? {}) as Operations)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || operation === null || !(REQUEST_BODY in operation)) continue;
      const { [REQUEST_BODY]: requestBody, responses, ...rest } = operation as Record<string, unknown>;
      item[method] = { ...rest, requestBody, responses };
    }
  }
  return document;
}
