// Market data of the settlements (docs/settlements.md): importing a file of node prices, energy
// measurements, exchange rates, loss factors or national charge rates, and what each month has loaded. Every route needs the
// `liquidaciones` view key and the role's action on the Settlements page.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { dataOf } from '../../schemas/envelope.schema';
import {
  MARKET_DATA_MAX_BYTES,
  marketDataCoverageQuerySchema,
  marketDataKindSchema,
  marketDataCoverageSchema,
  marketDataImportedSchema,
  type MarketDataCoverageQuery,
} from '../../schemas/market-data.schema';
import type { Db } from '../db/client';
import { perform } from '../kit/use-case';
import { tableUpload } from './file-table';
import { importMarketData, readMarketDataFile } from './import-market-data';
import * as store from './store';

const SETTLEMENTS = (action: 'view' | 'create') => ({ permission: 'liquidaciones', action: { page: 'Settlements', action } }) as const;

export default async function marketDataRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Multipart in this plugin's scope only; the file's cap is the import's `config.upload` (MARKET_DATA_MAX_BYTES).
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { files: 1, fields: 2, fieldSize: 64, parts: 3, headerPairs: 50 },
  });

  app.post(
    '/liquidacion/api/v3/datos-mercado',
    {
      config: { ...SETTLEMENTS('create'), upload: tableUpload(MARKET_DATA_MAX_BYTES, 'The market data of kind `tipo`', { tipo: { schema: marketDataKindSchema, required: true } }) },
      schema: { response: { 200: dataOf(marketDataImportedSchema) } },
    },
    async (request, reply) => perform(db, request, reply, importMarketData, await readMarketDataFile(request)),
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
