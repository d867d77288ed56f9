// One simulated market operator's site (docs/processes.md, "The site's API"): its sessions, the
// planillas and bids it holds, and how it misbehaves. It plays an external site, so its state
// lives in memory and dies with the process, as another company's site would not be ours to
// keep; a restarted simulator starts empty (planilla numbers never repeat, see `numberBase`).
import { randomBytes } from 'node:crypto';
import type { MarketSite } from '../../schemas/process.schema';
import { SITE_SESSION_LIMITS } from '../../schemas/process.schema';
import type { Fault } from './faults';
import type { SiteBids, SiteBidsBody, SiteConfig, SiteConfigBody, SitePlanilla, SitePlanillaBody } from '../../schemas/market-site.schema';

/** A session idle this long ends (the places of a client that died come free again). */
const DEFAULT_SESSION_TTL_MS = 120_000;
/** The requests kept for tests and the benchmark (the oldest are dropped beyond it). */
const MAX_KEPT_REQUESTS = 100_000;

/** A quiet site: no latency, no faults, the site's own session cap. */
export function quietConfig(sitio: MarketSite): SiteConfig {
  return { latencia_ms: 0, jitter_ms: 0, tasa_fallos: 0, tasa_fallos_tras_aplicar: 0, limite_sesiones: SITE_SESSION_LIMITS[sitio], caducidad_sesion_ms: DEFAULT_SESSION_TTL_MS };
}

/** The demo's site: slow and a little flaky, so the monitor shows retries. */
export function demoConfig(sitio: MarketSite): SiteConfig {
  return { ...quietConfig(sitio), latencia_ms: 150, jitter_ms: 50, tasa_fallos: 0.05, tasa_fallos_tras_aplicar: 0.5 };
}

/** A request the site received: when (epoch ms), when its client says it sent it, and what. */
export interface ReceivedRequest {
  at: number;
  /** The client's `x-enviado-en` (epoch ms), when it says: a request is on its way a while before it is received. */
  sentAt: number | null;
  method: string;
  path: string;
  /** Whether it asks for a change (a registration, a deletion, bids), which a fault may lose after applying. */
  change: boolean;
  /** The fault the site played on it, if any (set once drawn). */
  fault: Fault | null;
}

interface Session {
  usuario: string;
  lastSeen: number;
}

export class SimulatedSite {
  config: SiteConfig;
  readonly sessions = new Map<string, Session>();
  readonly planillas: SitePlanilla[] = [];
  readonly ofertas: SiteBids[] = [];
  readonly requests: ReceivedRequest[] = [];
  private planillaCount = 0;
  private bidCount = 0;
  /**
   * Planilla numbers start from the second the simulator started: a restarted simulator never
   * gives again a number it gave before (our `planillas_registradas` keeps them across restarts).
   */
  private readonly numberBase = Math.floor(Date.now() / 1000).toString(36).toUpperCase();

  constructor(
    readonly sitio: MarketSite,
    config: SiteConfig = quietConfig(sitio),
  ) {
    this.config = config;
  }

  configure(body: SiteConfigBody): SiteConfig {
    this.config = { ...body, caducidad_sesion_ms: body.caducidad_sesion_ms ?? this.config.caducidad_sesion_ms };
    return this.config;
  }

  /** Forgets everything it holds (sessions, planillas, bids, requests); keeps its configuration. */
  reset(): void {
    this.sessions.clear();
    this.planillas.length = 0;
    this.ofertas.length = 0;
    this.requests.length = 0;
  }

  /** Keeps a request as it arrives; the caller notes on it the fault it then plays. */
  received(method: string, path: string, sentAt: number | null, change: boolean): ReceivedRequest {
    if (this.requests.length >= MAX_KEPT_REQUESTS) this.requests.shift();
    const request: ReceivedRequest = { at: Date.now(), sentAt, method, path, change, fault: null };
    this.requests.push(request);
    return request;
  }

  /** Requests received after `at` (epoch ms), for tests and the benchmark. */
  requestsAfter(at: number): ReceivedRequest[] {
    return this.requests.filter((request) => request.at > at);
  }

  /** Requests their client sent after `at` (epoch ms; received ones without a stamp count by arrival). */
  requestsSentAfter(at: number): ReceivedRequest[] {
    return this.requests.filter((request) => (request.sentAt ?? request.at) > at);
  }

  private expireSessions(now: number): void {
    for (const [token, session] of this.sessions) {
      if (now - session.lastSeen > this.config.caducidad_sesion_ms) this.sessions.delete(token);
    }
  }

  /** A new session's token, or null when every place is taken. */
  signIn(usuario: string): string | null {
    const now = Date.now();
    this.expireSessions(now);
    if (this.sessions.size >= this.config.limite_sesiones) return null;
    const token = randomBytes(18).toString('base64url');
    this.sessions.set(token, { usuario, lastSeen: now });
    return token;
  }

  /** Whether `token` is a live session (and keeps it alive). */
  touch(token: string | undefined): boolean {
    if (!token) return false;
    const now = Date.now();
    this.expireSessions(now);
    const session = this.sessions.get(token);
    if (!session) return false;
    session.lastSeen = now;
    return true;
  }

  signOut(token: string): void {
    this.sessions.delete(token);
  }

  /** Registers a planilla: no idempotency key, so the same annex sent twice is registered twice. */
  register(body: SitePlanillaBody): SitePlanilla {
    this.planillaCount += 1;
    const planilla: SitePlanilla = { ...body, numero_planilla: `${this.numberBase}-${this.planillaCount}`, registrada_en: new Date().toISOString() };
    this.planillas.push(planilla);
    return planilla;
  }

  findPlanillas(codigoAnexo?: string): SitePlanilla[] {
    return codigoAnexo === undefined ? [...this.planillas] : this.planillas.filter((planilla) => planilla.codigo_anexo === codigoAnexo);
  }

  /** Whether it held (and now no longer holds) planilla `numero`. */
  deletePlanilla(numero: string): boolean {
    const index = this.planillas.findIndex((planilla) => planilla.numero_planilla === numero);
    if (index < 0) return false;
    this.planillas.splice(index, 1);
    return true;
  }

  /** Takes a PM's bids: sent twice, the PM has its bids twice. */
  submitBids(body: SiteBidsBody): SiteBids {
    this.bidCount += 1;
    const bids: SiteBids = { ...body, id: this.bidCount, recibida_en: new Date().toISOString() };
    this.ofertas.push(bids);
    return bids;
  }

  findBids(fechaOperacion?: string, pm?: string): SiteBids[] {
    return this.ofertas.filter((bids) => (fechaOperacion === undefined || bids.fecha_operacion === fechaOperacion) && (pm === undefined || bids.pm === pm));
  }
}

/** Both sites of one simulator. */
export class MarketSim {
  readonly sites: Record<MarketSite, SimulatedSite>;

  constructor(configFor: (sitio: MarketSite) => SiteConfig = quietConfig) {
    this.sites = { original: new SimulatedSite('original', configFor('original')), modified: new SimulatedSite('modified', configFor('modified')) };
  }

  site(sitio: MarketSite): SimulatedSite {
    return this.sites[sitio];
  }
}
