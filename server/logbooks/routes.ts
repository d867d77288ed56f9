// The log books' calls (spec section 7, base /bitacoras/api/v1; docs/api-logbooks.md): the
// regional annexes of an operating day, which the day's sent MER log book declared and which
// are still to declare, the day's reference prices, a day's log book, and saving (and sending)
// it. Every call needs the `acciones` view key (the bid processes' pages); `fecha` is the
// operating day, tomorrow in the company's calendar when absent.
import type { FastifyInstance } from 'fastify';
import { addDays, businessToday, isoDate } from '../../schemas/date.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  activeAnnexSchema,
  LOGBOOK_MARKETS,
  logbookCreateSchema,
  logbookDayQuerySchema,
  logbookSchema,
  pricesQuerySchema,
  referencePriceSchema,
  sentSummarySchema,
  type GateClosure,
  type LogbookCreate,
  type LogbookDayQuery,
  type LogbookMarket,
  type PricesQuery,
} from '../../schemas/logbook.schema';
import type { Db } from '../db/client';
import { perform } from '../kit/use-case';
import { logbookAnswer, saveLogbook } from './save-logbook';
import { activeAnnexes, currentLogbook, referencePrices, sentSummary } from './store';

const ACCIONES = { permission: 'acciones' } as const;
const BASE = '/bitacoras/api/v1';

/** The operating day a call asks about: the one named, else tomorrow (the day being prepared). */
const operatingDay = (fecha: string | undefined) => fecha ?? addDays(businessToday(), 1);

const logbookQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mercado'],
  properties: { mercado: { type: 'string', enum: LOGBOOK_MARKETS }, fecha: isoDate },
} as const;

export default async function logbookRoutes(app: FastifyInstance, { db, gateClosures }: { db: Db; gateClosures: Readonly<Record<LogbookMarket, GateClosure>> }) {
  app.get<{ Querystring: LogbookDayQuery }>(
    `${BASE}/anexos-activos`,
    { config: ACCIONES, schema: { querystring: logbookDayQuerySchema, response: { 200: dataListOf(activeAnnexSchema) } } },
    async (request) => ({ data: await activeAnnexes(db, operatingDay(request.query.fecha)) }),
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
    async (request) => ({ data: (await activeAnnexes(db, operatingDay(request.query.fecha))).filter((annex) => !annex.enviado) }),
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

  const save = saveLogbook(gateClosures);
  app.post<{ Body: LogbookCreate }>(
    `${BASE}/create`,
    { config: ACCIONES, schema: { body: logbookCreateSchema, response: { 200: dataOf(logbookSchema), 201: dataOf(logbookSchema) } } },
    async (request, reply) => perform(db, request, reply, save, request.body),
  );
}
