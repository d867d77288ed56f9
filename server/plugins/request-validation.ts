// How requests are checked against their route's JSON Schema (the same schemas the forms use).
// Two rules on top of ajv's, for every route:
// - A JSON body is taken as typed: a number where text belongs (or text where a number, a
//   boolean or a list belongs) is refused, never converted. Fastify's default converts
//   (`coerceTypes: 'array'`), which would store the role name `42` and money as binary floats.
//   The query string and path parameters are text by nature and keep the conversion.
// - No text may carry a NUL character: PostgreSQL cannot store one, so it would fail deep in
//   the database instead of being refused here beside its field.
// A date that is no calendar day is said in words (ajv's own "must match format" names no rule
// a caller could read), the same words whichever field or area it is.
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import type { Options as AjvOptions } from 'ajv';
import type { FastifyServerOptions } from 'fastify';
import { CALENDAR_DATE_MESSAGE } from '../../schemas/date.schema';

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string };
/** What Fastify calls with the shared schemas and its `ajv` option; it answers a compiler of route schemas. */
type ValidatorBuilder = (externalSchemas: Record<string, unknown>, options: FastifyServerOptions['ajv']) => (route: RouteSchema) => Validate;

interface Issue {
  instancePath: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

/** Every string in `value` (keys included) that holds a NUL character, as an ajv-shaped issue. */
function nulIssues(value: unknown, path = ''): Issue[] {
  if (typeof value === 'string') {
    return value.includes('\u0000') ? [{ instancePath: path, keyword: 'pattern', message: 'must not contain a NUL character', params: {} }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => nulIssues(item, `${path}/${index}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [...nulIssues(key, path), ...nulIssues(inner, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)]);
  }
  return [];
}

/** ajv's issue, a calendar date's in words. */
function worded(issue: unknown): unknown {
  const { keyword, params } = issue as Partial<Issue>;
  return keyword === 'format' && params?.format === 'date' ? { ...(issue as Issue), message: CALENDAR_DATE_MESSAGE } : issue;
}

/** The schema's validator, also refusing NUL characters (its issues beside ajv's). */
function withoutNul(validate: Validate): Validate {
  const checked: Validate = (data) => {
    const valid = validate(data);
    const nul = nulIssues(data);
    checked.errors = valid && nul.length === 0 ? null : [...(valid ? [] : (validate.errors ?? []).map(worded)), ...nul];
    return checked.errors === null;
  };
  return checked;
}

/**
 * The server's `schemaController.compilersFactory.buildValidator`: Fastify's own ajv compiler
 * twice over, bodies without type conversion and the other request parts with it.
 */
export function buildRequestValidators(): ValidatorFactory {
  // The compiler's published types describe another signature than the function it returns
  // and Fastify calls (route in, validator out): typed here as it runs.
  const factory = AjvCompiler() as unknown as ValidatorBuilder;
  const build: ValidatorBuilder = (externalSchemas, options = {}) => {
    const customOptions = (options.customOptions ?? {}) as AjvOptions;
    const typed = factory(externalSchemas, { ...options, customOptions: { ...customOptions, coerceTypes: false } } as FastifyServerOptions['ajv']);
    const fromText = factory(externalSchemas, options);
    return (route) => withoutNul((route.httpPart === 'body' ? typed : fromText)(route));
  };
  return build as unknown as ValidatorFactory;
}
