// The market-site simulator's HTTP face (docs/processes.md, "The site's API"), under
// `/market-sim/{sitio}/api/...` for the two sites, and its test and demo control under
// `/market-sim/{sitio}/admin/...`. The site's calls are public for the app's own sign-in (the site
// checks its own session token); the control calls need a signed-in product admin, or, when the
// simulator runs on its own (main.ts), a caller on the same machine.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  siteBidsBodySchema,
  siteBidsQuerySchema,
  siteConfigSchema,
  siteParamsSchema,
  sitePlanillaBodySchema,
  sitePlanillaParamsSchema,
  sitePlanillaQuerySchema,
  siteSignInBodySchema,
  type SiteBidsBody,
  type SiteConfigBody,
  type SitePlanillaBody,
  type SiteSignInBody,
} from '../../schemas/market-site.schema';
import type { MarketSite } from '../../schemas/process.schema';
import type { AnswerDeclaration } from '../openapi/answers';
import { drawFault, latencyOf, pause, playFault } from './faults';
import type { MarketSim, SimulatedSite } from './site';

interface MarketSimOptions {
  sim: MarketSim;
  /** The one account the site knows (MARKET_SITE_USER / MARKET_SITE_PASSWORD). */
  credentials: { usuario: string; clave: string };
  /**
   * Who may use the control calls: `app` (inside the product: a signed-in admin, the `admin`
   * view key) or `loopback` (standalone: any caller from 127.0.0.1 or ::1, nobody else).
   */
  admin: 'app' | 'loopback';
}

/** Seconds a client is told to wait when every session place is taken. */
const RETRY_AFTER_SECONDS = 1;

interface Answer {
  status: number;
  body?: unknown;
}

type SiteRequest = FastifyRequest<{ Params: { sitio: MarketSite } }>;

function tokenOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

const SESSION_GONE: Answer = { status: 401, body: { error: 'sesion_no_valida' } };

/** A JSON answer, for the API reference (`config.answers`): what its body holds. */
const json = (description: string) => ({ contentType: 'application/json', description }) as const;

export default async function marketSimPlugin(app: FastifyInstance, options: MarketSimOptions) {
  const { sim, credentials } = options;
  // Aborted when the app closes: held answers and pauses end, so closing never waits for them.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());

  /**
   * Answers a site call the way the site's configuration says: after its latency, a fault
   * before `work`, or `work` and then (a change only) possibly a fault that loses its answer.
   */
  async function play(request: SiteRequest, reply: FastifyReply, isChange: boolean, work: (site: SimulatedSite) => Answer): Promise<FastifyReply> {
    const site = sim.site(request.params.sitio);
    const sentAt = Number(request.headers['x-enviado-en']);
    const received = site.received(request.method, request.url, Number.isSafeInteger(sentAt) && sentAt > 0 ? sentAt : null, isChange);
    await pause(latencyOf(site.config), closing.signal);
    const fault = drawFault(site.config, isChange);
    received.fault = fault;
    if (fault && !fault.afterApplying) return playFault(fault.kind, request, reply, closing.signal);
    const answer = work(site);
    if (fault) return playFault(fault.kind, request, reply, closing.signal);
    if (answer.status === 429) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return answer.body === undefined ? reply.code(answer.status).send() : reply.code(answer.status).send(answer.body);
  }

  /** `work` for a live session only (401 otherwise). */
  const signedIn = (request: FastifyRequest, work: (site: SimulatedSite) => Answer) => (site: SimulatedSite) =>
    site.touch(tokenOf(request)) ? work(site) : SESSION_GONE;

  /** A site call's options: public, and what it answers for the API reference. */
  const api = (answers: AnswerDeclaration) => ({ config: { public: true, answers } }) as const;

  app.post<{ Params: { sitio: MarketSite }; Body: SiteSignInBody }>(
    '/:sitio/api/sesiones',
    {
      ...api({ status: 201, ...json('`{ token }`: a session token, sent as `Authorization: Bearer <token>` on every other call.') }),
      schema: { params: siteParamsSchema, body: siteSignInBodySchema },
    },
    async (request, reply) =>
      play(request, reply, false, (site) => {
        if (request.body.usuario !== credentials.usuario || request.body.clave !== credentials.clave) return { status: 401, body: { error: 'credenciales' } };
        const token = site.signIn(request.body.usuario);
        return token ? { status: 201, body: { token } } : { status: 429, body: { error: 'sesiones_agotadas' } };
      }),
  );

  app.delete<{ Params: { sitio: MarketSite } }>(
    '/:sitio/api/sesiones',
    { ...api({ status: 204, description: 'The session ends; its place is free.' }), schema: { params: siteParamsSchema } },
    async (request, reply) =>
      play(request, reply, false, (site) => {
        const token = tokenOf(request);
        if (token) site.signOut(token);
        return { status: 204 };
      }),
  );

  app.post<{ Params: { sitio: MarketSite }; Body: SitePlanillaBody }>(
    '/:sitio/api/planillas',
    {
      ...api({ status: 201, ...json('The planilla registered: the body sent with `numero_planilla` and `registrada_en`. No idempotency key: sent twice, it registers twice.') }),
      schema: { params: siteParamsSchema, body: sitePlanillaBodySchema },
    },
    async (request, reply) => play(request, reply, true, signedIn(request, (site) => ({ status: 201, body: site.register(request.body) }))),
  );

  app.get<{ Params: { sitio: MarketSite }; Querystring: { codigo_anexo?: string } }>(
    '/:sitio/api/planillas',
    {
      ...api(json('`{ data: [planilla] }`: the planillas registered, of the annex `codigo_anexo` when given.')),
      schema: { params: siteParamsSchema, querystring: sitePlanillaQuerySchema },
    },
    async (request, reply) => play(request, reply, false, signedIn(request, (site) => ({ status: 200, body: { data: site.findPlanillas(request.query.codigo_anexo) } }))),
  );

  app.delete<{ Params: { sitio: MarketSite; numero: string } }>(
    '/:sitio/api/planillas/:numero',
    { ...api({ status: 204, description: 'The planilla is deleted.' }), schema: { params: sitePlanillaParamsSchema } },
    async (request, reply) =>
      play(request, reply, true, signedIn(request, (site) => (site.deletePlanilla(request.params.numero) ? { status: 204 } : { status: 404, body: { error: 'planilla_no_existe' } }))),
  );

  app.post<{ Params: { sitio: MarketSite }; Body: SiteBidsBody }>(
    '/:sitio/api/ofertas',
    {
      ...api({ status: 201, ...json('The bids taken: the body sent with `id` and `recibida_en`. Sent twice, the PM has its bids twice.') }),
      schema: { params: siteParamsSchema, body: siteBidsBodySchema },
    },
    async (request, reply) => play(request, reply, true, signedIn(request, (site) => ({ status: 201, body: site.submitBids(request.body) }))),
  );

  app.get<{ Params: { sitio: MarketSite }; Querystring: { fecha_operacion?: string; pm?: string } }>(
    '/:sitio/api/ofertas',
    {
      ...api(json('`{ data: [bids] }`: the bids taken, of the day `fecha_operacion` and the PM `pm` when given.')),
      schema: { params: siteParamsSchema, querystring: siteBidsQuerySchema },
    },
    async (request, reply) =>
      play(request, reply, false, signedIn(request, (site) => ({ status: 200, body: { data: site.findBids(request.query.fecha_operacion, request.query.pm) } }))),
  );

  // ---- Test and demo control (not part of a real site).

  /** A control call's options: who may call it, and what it answers for the API reference. */
  const admin = (answers: AnswerDeclaration) =>
    options.admin === 'app'
      ? ({ config: { permission: 'admin', answers } } as const)
      : ({
          config: { public: true, answers },
          // Standalone there is no product sign-in: only this machine may steer the site.
          onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
            if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.ip)) await reply.code(403).send({ error: 'solo_local' });
          },
        } as const);
  const site = (request: FastifyRequest<{ Params: { sitio: MarketSite } }>) => sim.site(request.params.sitio);
  const configAnswer = json('`{ data: { latencia_ms, jitter_ms, tasa_fallos, tasa_fallos_tras_aplicar, limite_sesiones } }`: the site\'s configuration.');

  app.get<{ Params: { sitio: MarketSite } }>('/:sitio/admin/config', { ...admin(configAnswer), schema: { params: siteParamsSchema } }, async (request) => ({ data: site(request).config }));
  app.put<{ Params: { sitio: MarketSite }; Body: SiteConfigBody }>(
    '/:sitio/admin/config',
    { ...admin(configAnswer), schema: { params: siteParamsSchema, body: siteConfigSchema } },
    async (request) => ({ data: site(request).configure(request.body) }),
  );
  app.get<{ Params: { sitio: MarketSite } }>(
    '/:sitio/admin/planillas',
    { ...admin(json('`{ data: [planilla] }`: every planilla the site holds, duplicates included.')), schema: { params: siteParamsSchema } },
    async (request) => ({ data: site(request).findPlanillas() }),
  );
  app.get<{ Params: { sitio: MarketSite } }>(
    '/:sitio/admin/ofertas',
    { ...admin(json('`{ data: [bids] }`: every bid the site holds, duplicates included.')), schema: { params: siteParamsSchema } },
    async (request) => ({ data: site(request).findBids() }),
  );
  // Every request the site received (when, when its client says it sent it, what): how the
  // benchmark counts the requests sent after a stop.
  app.get<{ Params: { sitio: MarketSite } }>(
    '/:sitio/admin/peticiones',
    { ...admin(json('`{ data: [{ at, sentAt, method, path, change, fault }] }`: the requests the site received, the latest ones kept.')), schema: { params: siteParamsSchema } },
    async (request) => ({ data: site(request).requests }),
  );
  app.post<{ Params: { sitio: MarketSite } }>(
    '/:sitio/admin/reset',
    { ...admin({ status: 204, description: 'The site forgets its sessions, planillas, bids and requests; it keeps its configuration.' }), schema: { params: siteParamsSchema } },
    async (request, reply) => {
      site(request).reset();
      return reply.code(204).send();
    },
  );
}
