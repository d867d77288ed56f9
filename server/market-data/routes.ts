// Market data of the settlements (docs/settlements.md): importing a file of node prices, energy
// measurements, exchange rates, loss factors or national charge rates, and what each month has loaded. Every route needs the
// `liquidaciones` view key and the role's action on the Settlements page.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { dataOf } from '../../schemas/envelope.schema';
import {
  MARKET_DATA_KINDS,
  MARKET_DATA_MAX_BYTES,
  marketDataCoverageQuerySchema,
  marketDataCoverageSchema,
  marketDataImportedSchema,
  type MarketDataCoverageQuery,
  type MarketDataKind,
} from '../../schemas/market-data.schema';
import type { Db } from '../db/client';
import { AppErrors, invalidRequest, isCatalogueError, withDetails } from '../errors/catalogue';
import { tableOfFile, UnreadableFileError } from './file-table';
import { importMarketData } from './import';
import { problem } from './rules';
import * as store from './store';

const SETTLEMENTS = (action: 'view' | 'create') => ({ permission: 'liquidaciones', action: { page: 'Settlements', action } }) as const;

function isKind(value: string | undefined): value is MarketDataKind {
  return (MARKET_DATA_KINDS as readonly string[]).includes(value ?? '');
}

/** Busboy's own failures, as catalogue errors (the size cap has its own code). */
function uploadError(error: unknown): Error {
  if (isCatalogueError(error)) return error;
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) return new AppErrors.requestTooLarge();
  return new AppErrors.requestMalformed();
}

export default async function marketDataRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Multipart in this plugin's scope only, with the import's own size cap.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MARKET_DATA_MAX_BYTES, files: 1, fields: 2, fieldSize: 64, parts: 3, headerPairs: 50 },
  });

  app.post(
    '/liquidacion/api/v3/datos-mercado',
    { config: SETTLEMENTS('create'), schema: { response: { 200: dataOf(marketDataImportedSchema) } } },
    async (request) => {
      if (!request.isMultipart()) throw new AppErrors.requestUnsupportedMediaType();
      let content: Buffer | null = null;
      let tipo: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && content === null) content = await part.toBuffer();
            else part.file.resume();
          } else if (part.fieldname === 'tipo') {
            tipo = String(part.value);
          }
        }
      } catch (error) {
        throw uploadError(error);
      }
      if (!isKind(tipo)) {
        throw invalidRequest([{ instancePath: '/tipo', keyword: 'enum', message: `tipo must be one of ${MARKET_DATA_KINDS.join(', ')}` }]);
      }
      if (!content) throw new AppErrors.fileMissing();
      let table: string[][];
      try {
        table = await tableOfFile(content);
      } catch (error) {
        if (!(error instanceof UnreadableFileError)) throw error;
        throw withDetails(new AppErrors.marketDataInvalid(), [problem('unreadable', 1, null)]);
      }
      return { data: await importMarketData(db, request, tipo, table) };
    },
  );

  app.get<{ Querystring: MarketDataCoverageQuery }>(
    '/liquidacion/api/v3/datos-mercado/cobertura',
    {
      config: {
        ...SETTLEMENTS('view'),
        // The same for everyone allowed, and a count over every hour of the month: kept until the data or the annexes change.
        cache: { tables: ['precios_nodo', 'factores_perdida', 'energia_anexo', 'cargos_pais', 'tipos_cambio', 'anexos'] },
      },
      schema: { querystring: marketDataCoverageQuerySchema, response: { 200: dataOf(marketDataCoverageSchema) } },
    },
    async (request) => ({ data: await store.coverageOf(db, request.query.anio, request.query.mes) }),
  );
}
