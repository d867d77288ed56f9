// The EOR predespacho results of the log books (AREAS.md (a)), under /bitacoras/api/v1: importing
// a country's workbook of a day (./predespacho-import.ts) and what a day has stored. Behind the
// `acciones` view key, as the bid processes are: the role matrix has no page of the bid processes
// (schemas/role.schema.ts ROLE_PAGE_ACTIONS), so these routes declare no role action.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { isoDate } from '../../schemas/date.schema';
import { dataOf } from '../../schemas/envelope.schema';
import { logbookDayQuerySchema, nextOperatingDay, PREDESPACHO_MAX_BYTES, predespachoComparisonSchema, type LogbookDayQuery } from '../../schemas/logbook.schema';
import type { Db } from '../db/client';
import { XLSX } from '../files/workbook';
import { perform } from '../kit/use-case';
import type { UploadDeclaration } from '../openapi/uploads';
import { importPredespacho, predespachoOfDay, readPredespachoUpload } from './predespacho-import';
import { PREDESPACHO_COUNTRIES, type PaisOso } from './predespacho-workbook';
import { predespachoComparison } from './store';

const ACCIONES = { permission: 'acciones' } as const;
const BASE = '/bitacoras/api/v1/predespacho';

const paisOso = { type: 'string', enum: Object.keys(PREDESPACHO_COUNTRIES) as PaisOso[] } as const;
const count = { type: 'integer', minimum: 0 } as const;

/** `POST .../importar` query: the day the caller imports the workbook for, when they say one (its date cell must say the same). */
const importQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { fecha: isoDate },
} as const;
type ImportQuery = FromSchema<typeof importQuerySchema>;

/** `POST .../importar` body: the EOR's workbook of a country file and a day. */
const importUpload: UploadDeclaration = {
  file: {
    name: 'file',
    contentTypes: [XLSX],
    maxBytes: PREDESPACHO_MAX_BYTES,
    description:
      "The EOR's predespacho workbook of one country file (sheets `TCP`, `TOP`, `PEXANTE`); its name says the country file " +
      '(`-OSO001` to `-OSO006`) and may say the day (`-YYYYMMDD-`); the sheets\' date cells, that day and `?fecha=` must be one day.',
  },
};

/** `GET /predespacho` query: the day and the country file. */
const dayQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha', 'pais_oso'],
  properties: { fecha: isoDate, pais_oso: paisOso },
} as const;
type DayQuery = FromSchema<typeof dayQuerySchema>;

const importedProperties = {
  fecha: isoDate,
  pais_oso: paisOso,
  filas: {
    type: 'object',
    additionalProperties: false,
    required: ['TCP', 'TOP', 'PEXANTE'],
    properties: { TCP: count, TOP: count, PEXANTE: count },
  },
} as const;

/** What an import stored: its day, its country file and the rows of each sheet. */
const importedSchema = { type: 'object', additionalProperties: false, required: ['fecha', 'pais_oso', 'filas'], properties: importedProperties } as const;

/** What a day has stored: the rows of each sheet and the ex-ante prices, by node and period (1..24). */
const dayStoredSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha', 'pais_oso', 'filas', 'precios'],
  properties: {
    ...importedProperties,
    precios: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['nodo', 'periodo', 'precio_exante'],
        properties: { nodo: { type: 'string' }, periodo: { type: 'integer' }, precio_exante: { type: 'string' } },
      },
    },
  },
} as const;

export default async function predespachoRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Multipart in this plugin's scope only; the workbook's cap is the import's `config.upload` (PREDESPACHO_MAX_BYTES).
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { files: 1, fields: 1, fieldSize: 64, parts: 2, headerPairs: 50 },
  });

  app.post<{ Querystring: ImportQuery }>(
    `${BASE}/importar`,
    { config: { ...ACCIONES, upload: importUpload }, schema: { querystring: importQuerySchema, response: { 201: dataOf(importedSchema) } } },
    async (request, reply) => perform(db, request, reply, importPredespacho, await readPredespachoUpload(request)),
  );

  app.get<{ Querystring: DayQuery }>(
    BASE,
    { config: ACCIONES, schema: { querystring: dayQuerySchema, response: { 200: dataOf(dayStoredSchema) } } },
    async (request) => ({ data: await predespachoOfDay(db, request.query.fecha, request.query.pais_oso) }),
  );

  app.get<{ Querystring: LogbookDayQuery }>(
    `${BASE}/comparacion`,
    { config: ACCIONES, schema: { querystring: logbookDayQuerySchema, response: { 200: dataOf(predespachoComparisonSchema) } } },
    async (request) => ({ data: await predespachoComparison(db, request.query.fecha ?? nextOperatingDay()) }),
  );
}
