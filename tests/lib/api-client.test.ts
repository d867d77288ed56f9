// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/api-error';
import { createApiClient } from '../../src/lib/api/client';
import { createCurrentUserLoader } from '../../src/lib/api/current-user';

const BASE = 'http://api.test';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function clientWith(fetchImpl: (url: string, init: RequestInit) => Promise<Response>, token: string | null = 'id-token') {
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetchImpl(String(input), init ?? {}));
  return { client: createApiClient({ getToken: async () => token, fetch }), fetch };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('sends the id token as bearer and the body as JSON', async () => {
    const { client, fetch } = clientWith(async () => json(200, { ok: true }));
    await expect(client({ method: 'POST', path: `${BASE}/contratos/api/v1/delete`, body: { id: 4 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(String(url)).toBe(`${BASE}/contratos/api/v1/delete`);
    expect(headers.get('authorization')).toBe('Bearer id-token');
    expect(headers.get('content-type')).toContain('application/json');
    expect(init?.body).toBe('{"id":4}');
  });

  it('sends no authorization header when signed out', async () => {
    const { client, fetch } = clientWith(async () => json(200, {}), null);
    await client({ method: 'GET', path: `${BASE}/health` });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
  });

  it('maps a 4xx to clientError carrying the server error body', async () => {
    const body = { statusCode: 403, code: 'APP_ERR_AUTH_FORBIDDEN', message: 'Forbidden' };
    const { client } = clientWith(async () => json(403, body));
    const error = await failureOf(client({ method: 'GET', path: `${BASE}/api/v2/user` }));
    expect(error).toMatchObject({ kind: 'clientError', statusCode: 403, body, code: 'APP_ERR_AUTH_FORBIDDEN', message: 'Forbidden' });
  });

  it('maps a 5xx to badResponse, with the status in the message when no body came', async () => {
    const { client } = clientWith(async () => new Response('oops', { status: 502 }));
    const error = await failureOf(client({ method: 'GET', path: `${BASE}/x` }));
    expect(error).toMatchObject({ kind: 'badResponse', statusCode: 502, body: null });
    expect(error.message).toContain('502');
  });

  it('maps a failed fetch to network', async () => {
    const { client } = clientWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await failureOf(client({ method: 'GET', path: `${BASE}/x` }))).kind).toBe('network');
  });

  it('maps an exceeded timeout to timeout', async () => {
    const { client } = clientWith(
      (_, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    expect((await failureOf(client({ method: 'GET', path: `${BASE}/x`, timeout: 20 }))).kind).toBe('timeout');
  });

  it('tells a caller cancellation (cancelled) from another abort (aborted)', async () => {
    const hang = (_: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        // Like fetch: an already aborted signal fails at once.
        if (init.signal?.aborted) abort();
        init.signal?.addEventListener('abort', abort);
      });
    const { client } = clientWith(hang);
    const controller = new AbortController();
    const cancelled = failureOf(client({ method: 'GET', path: `${BASE}/x`, signal: controller.signal }));
    controller.abort();
    expect((await cancelled).kind).toBe('cancelled');

    const { client: dropping } = clientWith(async () => {
      throw new DOMException('The connection was aborted.', 'AbortError');
    });
    expect((await failureOf(dropping({ method: 'GET', path: `${BASE}/x` }))).kind).toBe('aborted');
  });

  it('refuses a URL with an unsupported protocol without calling fetch', async () => {
    const { client, fetch } = clientWith(async () => json(200, {}));
    expect((await failureOf(client({ method: 'GET', path: 'ftp://files.test/a' }))).kind).toBe('unsupportedProtocol');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('current user loader', () => {
  const user = { id: 1, email: 'admin@demo.energy', nombre: 'Ada', primer_apellido: 'Admin', permisos_x_view: ['admin'] };

  it('shares one pending lookup between concurrent callers and keeps the user for the session', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { client, fetch } = clientWith(() => new Promise((resolve) => (answer = resolve)));
    const loader = createCurrentUserLoader((request) => client({ ...request, path: `${BASE}${request.path}` }));

    const first = loader.load('Admin@Demo.Energy');
    const second = loader.load('admin@demo.energy');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    answer(json(200, { data: user }));
    await expect(first).resolves.toEqual(user);
    await expect(second).resolves.toEqual(user);
    await loader.load('admin@demo.energy');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`${BASE}/api/v2/get-once/admin%40demo.energy`);

    loader.forget();
    const again = loader.load('admin@demo.energy');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    answer(json(200, { data: user }));
    await again;
  });

  it('rejects the spec failure answer { data: [] } as a client error and does not cache it', async () => {
    const { client, fetch } = clientWith(async () => json(200, { data: [] }));
    const loader = createCurrentUserLoader((request) => client({ ...request, path: `${BASE}${request.path}` }));
    await expect(loader.load('ghost@demo.energy')).rejects.toMatchObject({ kind: 'clientError' });
    await expect(loader.load('ghost@demo.energy')).rejects.toMatchObject({ kind: 'clientError' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
