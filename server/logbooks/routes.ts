// The log books' calls (spec section 7, base /bitacoras/api/v1; docs/api-logbooks.md): the
// regional annexes of an operating day, which the day's sent MER log book declared and which
// are still to declare, the day's reference prices, a day's log book, and saving (and sending)
// it. Every call needs the `acciones` view key (the bid processes' pages); `fecha` is the
// operating day, tomorrow in the company's calendar when absent.
import type { FastifyInstance } from 'fastify';
import { isoDate } from '../../schemas/date.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  nextOperatingDay,
  activeAnnexSchema,
  ammCreateSchema,
  importAgentCreateSchema,
  importAgentSchema,
  LOGBOOK_MARKETS,
  OFFER_SCOPES,
  offersUpdateSchema,
  offersViewSchema,
  rangeQuerySchema,
  logbookCreateSchema,
  logbookDayQuerySchema,
  logbookSchema,
  pricesQuerySchema,
  referencePriceSchema,
  sentSummarySchema,
  type AmmCreate,
  type ImportAgentCreate,
  type LogbookCreate,
  type LogbookDayQuery,
  type LogbookMarket,
  type OfferScope,
  type OffersUpdate,
  type PricesQuery,
  type RangeQuery,
} from '../../schemas/logbook.schema';
import type { Db } from '../db/client';
import { perform } from '../kit/use-case';
import { createImportAgent } from './import-agents';
import { offersView } from './offers-view';
import { createAmmRecord, logbookAnswer, saveOffers, type GateClosures } from './save-logbook';
import { annexesInForce, currentLogbook, importAgents, referencePrices, sentSummary } from './store';

const ACCIONES = { permission: 'acciones' } as const;
const BASE = '/bitacoras/api/v1';

/** The operating day a call asks about: the one named, else tomorrow (the day being prepared). */
const operatingDay = (fecha: string | undefined) => fecha ?? nextOperatingDay();

const logbookQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mercado'],
  properties: { mercado: { type: 'string', enum: LOGBOOK_MARKETS }, fecha: isoDate },
} as const;

export default async function logbookRoutes(app: FastifyInstance, { db, gateClosures }: { db: Db; gateClosures: GateClosures }) {
  app.get<{ Querystring: LogbookDayQuery }>(
    `${BASE}/anexos-activos`,
    { config: ACCIONES, schema: { querystring: logbookDayQuerySchema, response: { 200: dataListOf(activeAnnexSchema) } } },
    async (request) => ({ data: await annexesInForce(db, 'regional', operatingDay(request.query.fecha)) }),
  );

  app.get<{ Querystring: LogbookDayQuery }>(
    `${BASE}/anexos-resumen-enviados`,
    { config: ACCIONES, schema: { querystring: logbookDayQuerySchema, response: { 200: dataListOf(sentSummarySchema) } } },
    async (request) => ({ data: await sentSummary(db, operatingDay(request.query.fecha)) }),
  );

  // The complement of the sent summary: in force, not declared by the day's sent log book.
  app.get<{ Querystring: LogbookDayQuery }>(
    `${BASE}/anexos-resumen-disponibles`,
    { config: ACCIONES, schema: { querystring: logbookDayQuerySchema, response: { 200: dataListOf(activeAnnexSchema) } } },
    async (request) => ({ data: (await annexesInForce(db, 'regional', operatingDay(request.query.fecha))).filter((annex) => !annex.enviado) }),
  );

  app.get<{ Querystring: PricesQuery }>(
    `${BASE}/precios`,
    { config: ACCIONES, schema: { querystring: pricesQuerySchema, response: { 200: dataListOf(referencePriceSchema) } } },
    async (request) => ({ data: await referencePrices(db, operatingDay(request.query.fecha), request.query.nodo) }),
  );

  // Not in the spec's list: the pages read the day's log book (null when there is none yet) to edit it with its version.
  app.get<{ Querystring: { mercado: LogbookMarket; fecha?: string } }>(
    `${BASE}/bitacora`,
    { config: ACCIONES, schema: { querystring: logbookQuerySchema, response: { 200: { type: 'object', required: ['data'], properties: { data: { anyOf: [logbookSchema, { type: 'null' }] } } } } } },
    async (request) => {
      const current = await currentLogbook(db, request.query.mercado, operatingDay(request.query.fecha));
      return { data: current ? await logbookAnswer(db, current.id, gateClosures) : null };
    },
  );

  const saveMer = saveOffers(gateClosures, 'MER', OFFER_SCOPES.mer);
  app.post<{ Body: LogbookCreate }>(
    `${BASE}/create`,
    { config: ACCIONES, schema: { body: logbookCreateSchema, response: { 200: dataOf(logbookSchema), 201: dataOf(logbookSchema) } } },
    async (request, reply) => perform(db, request, reply, saveMer, request.body),
  );

  /** An offer view (GET) and its update (the spec's verb) of one part of a market's day. */
  function offerCalls(read: string, update: { method: 'PATCH' | 'POST'; path: string }, mercado: LogbookMarket, scope: OfferScope) {
    app.get<{ Querystring: LogbookDayQuery }>(
      `${BASE}/${read}`,
      { config: ACCIONES, schema: { querystring: logbookDayQuerySchema, response: { 200: dataOf(offersViewSchema) } } },
      async (request) => ({ data: await offersView(db, gateClosures, mercado, scope, operatingDay(request.query.fecha)) }),
    );
    const save = saveOffers(gateClosures, mercado, scope);
    app.route<{ Body: OffersUpdate }>({
      method: update.method,
      url: `${BASE}/${update.path}`,
      config: ACCIONES,
      schema: { body: offersUpdateSchema, response: { 200: dataOf(logbookSchema), 201: dataOf(logbookSchema) } },
      handler: async (request, reply) => perform(db, request, reply, save, request.body),
    });
  }
  offerCalls('ofertas-top-inyeccion', { method: 'PATCH', path: 'update-ofertas-top-inyeccion' }, 'SLV', OFFER_SCOPES.slvInyeccion);
  // The spec reads no withdrawal offers apart; the page reads them here.
  offerCalls('ofertas-top-retiro', { method: 'POST', path: 'update-ofertas-top-retiro' }, 'SLV', OFFER_SCOPES.slvRetiro);
  offerCalls('get-mex-ofertas-api', { method: 'PATCH', path: 'update-mex-ofertas-api' }, 'MEX', OFFER_SCOPES.mexExportacion);
  offerCalls('get-mex-ofertas-impo-api', { method: 'PATCH', path: 'update-mex-ofertas-impo-api' }, 'MEX', OFFER_SCOPES.mexImportacion);

  app.get<{ Querystring: LogbookDayQuery }>(
    `${BASE}/anexos-activos-impomex`,
    { config: ACCIONES, schema: { querystring: logbookDayQuerySchema, response: { 200: dataListOf(activeAnnexSchema) } } },
    async (request) => ({ data: await annexesInForce(db, 'impomex', operatingDay(request.query.fecha)) }),
  );

  // The spec: "the response may be an array, or wrapped in data or results"; this server answers `{ data: [...] }`.
  app.get(
    `${BASE}/get-mex-ofertas-impo-agentes`,
    { config: ACCIONES, schema: { response: { 200: dataListOf(importAgentSchema) } } },
    async () => ({ data: await importAgents(db) }),
  );
  app.post<{ Body: ImportAgentCreate }>(
    `${BASE}/create-mex-ofertas-impo-agentes`,
    { config: ACCIONES, schema: { body: importAgentCreateSchema, response: { 201: dataOf(importAgentSchema) } } },
    async (request, reply) => perform(db, request, reply, createImportAgent, request.body),
  );

  app.get<{ Querystring: RangeQuery }>(
    `${BASE}/anexos-activos-filtro`,
    { config: ACCIONES, schema: { querystring: rangeQuerySchema, response: { 200: dataListOf(activeAnnexSchema) } } },
    async (request) => ({ data: await annexesInForce(db, 'amm', request.query.start_date, request.query.end_date) }),
  );
  const createAmm = createAmmRecord(gateClosures);
  app.post<{ Body: AmmCreate }>(
    `${BASE}/create-amm`,
    { config: ACCIONES, schema: { body: ammCreateSchema, response: { 201: dataOf(logbookSchema) } } },
    async (request, reply) => perform(db, request, reply, createAmm, request.body),
  );
}
