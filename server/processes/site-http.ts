// The site adapter over HTTP (docs/processes.md, "The site's API"): the simulator's API, which
// is the shape we expect of an operator's site. Each request has its own time limit
// (MARKET_SITE_TIMEOUT_MS); past it the request is abandoned and counts as ambiguous, since the
// site may still apply it.
import type { SiteBids, SiteBidsBody, SitePlanilla, SitePlanillaBody } from '../../schemas/market-site.schema';
import type { MarketSite } from '../../schemas/process.schema';
import { SiteError, type SiteAdapter, type SiteSession } from './site-adapter';

interface HttpSiteOptions {
  /** Where the sites live: `<baseUrl>/<sitio>/api/...` (a function: the product's own address is known once it listens). */
  baseUrl: () => string;
  sitio: MarketSite;
  usuario: string;
  clave: string;
  timeoutMs: number;
}

/** Error codes of a connection that was never made: the request did not reach the site. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string; errors?: Array<{ code?: string }> } }).cause;
  return cause?.code ?? cause?.errors?.[0]?.code;
}

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  token?: string;
  body?: unknown;
  signal?: AbortSignal;
}

export function httpSiteAdapter(options: HttpSiteOptions): SiteAdapter {
  /** One request: its answer's status and body, or a `SiteError` of the right kind. */
  async function request({ method, path, token, body, signal }: Call): Promise<{ status: number; body: unknown }> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const url = `${options.baseUrl().replace(/\/+$/, '')}/${options.sitio}/api${path}`;
    let status: number;
    let answer: unknown = null;
    try {
      const response = await fetch(url, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          // When it left (epoch ms): the simulator tells a request sent before a stop, and received after it, from one sent after.
          'x-enviado-en': String(Date.now()),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: combined,
      });
      status = response.status;
      const text = await response.text();
      if (status === 429) {
        const seconds = Number(response.headers.get('retry-after'));
        throw new SiteError({ kind: 'busy', retryAfterMs: Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null });
      }
      answer = text ? (JSON.parse(text) as unknown) : null;
    } catch (error) {
      if (error instanceof SiteError) throw error;
      // Our own abandon (a stop past its bound): not the site's failure; the caller knows why.
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new SiteError({ kind: 'ambiguous', reason: 'timeout' });
      const code = causeCode(error);
      if (code && NEVER_CONNECTED.has(code)) throw new SiteError({ kind: 'unreachable' });
      throw new SiteError({ kind: 'ambiguous', reason: 'dropped' });
    }
    if (status === 401) throw new SiteError({ kind: 'expired' });
    if (status === 408) throw new SiteError({ kind: 'ambiguous', reason: 'timeout' });
    if (status >= 500) throw new SiteError({ kind: 'ambiguous', reason: 'unavailable' });
    return { status, body: answer };
  }

  /** A definite refusal of the answer unless its status is one of `ok`. */
  function expect(call: { status: number; body: unknown }, ...ok: number[]): unknown {
    if (ok.includes(call.status)) return call.body;
    const reason = (call.body as { error?: unknown } | null)?.error;
    throw new SiteError({ kind: 'refused', status: call.status, reason: typeof reason === 'string' ? reason : `http_${call.status}` });
  }

  const dataOf = <T>(body: unknown) => ((body as { data?: T[] } | null)?.data ?? []) as T[];

  function session(token: string): SiteSession {
    const call = (method: Call['method'], path: string, signal?: AbortSignal, body?: unknown) => request({ method, path, token, body, signal });
    return {
      async registerPlanilla(planilla: SitePlanillaBody, signal) {
        return expect(await call('POST', '/planillas', signal, planilla), 201) as SitePlanilla;
      },
      async findPlanillas(codigoAnexo, signal) {
        return dataOf<SitePlanilla>(expect(await call('GET', `/planillas?codigo_anexo=${encodeURIComponent(codigoAnexo)}`, signal), 200));
      },
      async hasPlanilla(numero, signal) {
        return dataOf<SitePlanilla>(expect(await call('GET', '/planillas', signal), 200)).some((planilla) => planilla.numero_planilla === numero);
      },
      async deletePlanilla(numero, signal) {
        const answer = await call('DELETE', `/planillas/${encodeURIComponent(numero)}`, signal);
        if (answer.status === 404) return 'absent';
        expect(answer, 200, 204);
        return 'deleted';
      },
      async submitBids(bids: SiteBidsBody, signal) {
        return expect(await call('POST', '/ofertas', signal, bids), 201) as SiteBids;
      },
      async findBids(fechaOperacion, pm, signal) {
        const query = `fecha_operacion=${encodeURIComponent(fechaOperacion)}&pm=${encodeURIComponent(pm)}`;
        return dataOf<SiteBids>(expect(await call('GET', `/ofertas?${query}`, signal), 200));
      },
      async signOut(signal) {
        await call('DELETE', '/sesiones', signal).catch(() => undefined);
      },
    };
  }

  return {
    async signIn(signal) {
      const answer = await request({ method: 'POST', path: '/sesiones', body: { usuario: options.usuario, clave: options.clave }, signal }).catch((error: unknown) => {
        // On sign-in a 401 is bad credentials: a refusal for good, not a session that ran out.
        if (error instanceof SiteError && error.failure.kind === 'expired') throw new SiteError({ kind: 'refused', status: 401, reason: 'credenciales' });
        throw error;
      });
      const { token } = expect(answer, 201) as { token: string };
      return session(token);
    },
  };
}
