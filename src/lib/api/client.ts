import { createFetch, FetchError, type Fetch } from 'ofetch';
import type { Data } from '../../../schemas/envelope.schema';
import { getIdToken } from '../identity/identity-client';
import { ApiError, toApiError } from './api-error';

/**
 * The one HTTP client of the app (spec sections 6-8): every call sends the identity id token
 * as bearer and JSON (or the form data of an upload), and every failure becomes an
 * {@link ApiError} of a spec kind. The areas' typed API modules are built on it; nothing else
 * in the app calls `fetch` but the identity client.
 */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method: HttpMethod;
  /** A path on the main backend, or an absolute URL (the gateway). */
  path: string;
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Milliseconds; spec section 9: no timeout by default. */
  timeout?: number;
  /** `blob` for a file's bytes, `stream` for the body as it arrives (Server-Sent Events); JSON otherwise. */
  responseType?: 'json' | 'blob' | 'stream';
  /** Further request headers (a resumed event stream's `Last-Event-ID`). */
  headers?: Record<string, string>;
}

const ACCEPT: Record<NonNullable<ApiRequest['responseType']>, string> = {
  json: 'application/json',
  blob: '*/*',
  stream: 'text/event-stream',
};

/** An answer with its response headers (a download reads the file name from them). */
interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

interface ApiClientOptions {
  /** The bearer token source; null sends the call without one (the server answers 401). */
  getToken: () => Promise<string | null>;
  /** Replaces the global fetch (tests). */
  fetch?: Fetch;
}

/** One call: the answer's body. */
export type ApiCall = <T = unknown>(request: ApiRequest) => Promise<T>;

interface ApiClient extends ApiCall {
  /** The same call, answering the body with the response headers. */
  raw<T = unknown>(request: ApiRequest): Promise<ApiAnswer<T>>;
}

const SUPPORTED_PROTOCOLS = new Set(['http:', 'https:']);

function protocolOf(path: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*:)/i.exec(path);
  return match?.[1]?.toLowerCase() ?? null;
}

/** Builds a client; the app uses {@link api}, tests build their own with a fake fetch. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const $fetch = createFetch({
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    // Retrying is the caller's decision (a request machine re-sends); never repeat a mutation silently.
    defaults: { retry: 0 },
  });

  async function raw<T>({ method, path, body, query, signal, timeout, responseType = 'json', headers: extra }: ApiRequest): Promise<ApiAnswer<T>> {
    const protocol = protocolOf(path);
    if (protocol && !SUPPORTED_PROTOCOLS.has(protocol)) {
      throw new ApiError('unsupportedProtocol', `Unsupported protocol ${protocol}`);
    }
    const token = await options.getToken();
    const headers: Record<string, string> = { ...extra, Accept: ACCEPT[responseType] };
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      const response = await $fetch.raw<T>(path, {
        method,
        headers,
        // ofetch serialises plain objects and arrays as JSON and sets the content type; form data goes as is.
        body: body === undefined ? undefined : (body as Record<string, unknown>),
        query,
        signal,
        timeout,
        responseType: responseType as 'json',
      });
      return { data: response._data as T, headers: response.headers };
    } catch (error) {
      if (error instanceof FetchError) {
        throw toApiError({ statusCode: error.statusCode, data: error.data, cause: error.cause ?? error, callerSignal: signal });
      }
      throw toApiError({ cause: error, callerSignal: signal });
    }
  }

  const request = async <T>(call: ApiRequest): Promise<T> => (await raw<T>(call)).data;
  return Object.assign(request, { raw }) as ApiClient;
}

/** The app's client: bearer token from the identity client. */
export const api: ApiClient = createApiClient({ getToken: getIdToken });

/** The `data` of an answer in the API's envelope (schemas/envelope.schema.ts). */
export async function apiData<T>(request: ApiRequest): Promise<T> {
  return (await api<Data<T>>(request)).data;
}
