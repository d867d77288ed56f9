import { ApiError } from '../api/api-error';
import { api, type ApiClient, type QueryValue } from '../api/client';
import { loadPublicConfig } from '../identity/public-config';
import { DATA_AREAS, type DataArea, type DataOperation, type OperationSpec } from './data-areas';

/** What a data request sends: `:name` path segments, a JSON body, query parameters. */
export interface OperationParams {
  path?: Record<string, string | number>;
  body?: unknown;
  query?: Record<string, QueryValue>;
}

export function operationSpec<A extends DataArea>(area: A, operation: DataOperation<A>): OperationSpec {
  return (DATA_AREAS[area] as Record<string, OperationSpec>)[operation] as OperationSpec;
}

/** Fills `:name` segments; a missing one is a programming error, reported before any call. */
export function fillPath(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') {
      throw new ApiError('clientError', `Missing path parameter '${name}' for ${template}`);
    }
    return encodeURIComponent(String(value));
  });
}

function withoutKeys(body: unknown, keys: readonly string[] | undefined): unknown {
  if (!keys?.length || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));
}

function unwrap(response: unknown, how: OperationSpec['unwrap']): unknown {
  if (!how || typeof response !== 'object' || response === null || Array.isArray(response)) return response;
  const wrapped = response as { data?: unknown; results?: unknown };
  if (how === 'data') return wrapped.data;
  return wrapped.data ?? wrapped.results ?? response;
}

export interface RunOptions {
  client?: ApiClient;
  /** The gateway base URL; read from `/config.json` when not given. */
  gatewayUrl?: () => Promise<string>;
  signal?: AbortSignal;
}

/** Runs one operation of the table through the API client. */
export async function runOperation<A extends DataArea>(
  area: A,
  operation: DataOperation<A>,
  params: OperationParams = {},
  options: RunOptions = {},
): Promise<unknown> {
  const spec = operationSpec(area, operation);
  const client = options.client ?? api;
  let path = fillPath(spec.path, params.path);
  if (spec.base === 'gateway') {
    const base = await (options.gatewayUrl ?? (async () => (await loadPublicConfig()).gatewayUrl))();
    path = `${base.replace(/\/$/, '')}${path}`;
  }
  const response = await client({
    method: spec.method,
    path,
    body: spec.method === 'GET' || spec.method === 'DELETE' ? undefined : withoutKeys(params.body ?? {}, spec.omitBodyKeys),
    query: params.query,
    signal: options.signal,
  });
  return unwrap(response, spec.unwrap);
}
