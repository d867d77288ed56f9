// Market data of the settlements (DOMAIN.md, Settlements): what each month has loaded. Every
// route needs the `liquidaciones` view key and the role's action on the Settlements page.
import type { FastifyInstance } from 'fastify';
import { dataOf } from '../../schemas/envelope.schema';
import {
  marketDataCoverageQuerySchema,
  marketDataCoverageSchema,
  type MarketDataCoverageQuery,
} from '../../schemas/market-data.schema';
import type { Db } from '../db/client';
import * as store from './store';

const SETTLEMENTS = (action: 'view') => ({ permission: 'liquidaciones', action: { page: 'Settlements', action } }) as const;

export default async function marketDataRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Querystring: MarketDataCoverageQuery }>(
    '/liquidacion/api/v3/datos-mercado/cobertura',
    {
      config: {
        ...SETTLEMENTS('view'),
        // The same for everyone allowed, and a count over every hour of the month: kept until the data or the annexes change.
        cache: { tables: ['precios_nodo', 'energia_anexo', 'tipos_cambio', 'anexos'] },
      },
      schema: { querystring: marketDataCoverageQuerySchema, response: { 200: dataOf(marketDataCoverageSchema) } },
    },
    async (request) => ({ data: await store.coverageOf(db, request.query.anio, request.query.mes) }),
  );
}
