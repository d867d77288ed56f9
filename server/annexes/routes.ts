// Annexes (spec section 7, Annexes): list (optionally of one contract), read, create, update
// and delete. An annex is a dated amendment of a contract with the commercial parameters and
// the PMi / PMr lists (DOMAIN.md). Every route needs the `relaciones` view key and the role's
// action on the Contracts page; every write is one transaction with its audit row (the record kit).
import type { FastifyInstance } from 'fastify';
import {
  annexCreateSchema,
  annexDeleteSchema,
  annexListItemSchema,
  annexListQuerySchema,
  annexSchema,
  annexUpdateSchema,
  type AnnexListQuery,
} from '../../schemas/annex.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import { recordRoutes } from '../kit/record-handlers';
import { annexRecord } from './record';
import { listAnnexes } from './store';

const ANNEXES = (action: 'view' | 'create' | 'edit' | 'delete') => ({ permission: 'relaciones', action: { page: 'Contracts', action } }) as const;

export default async function annexRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const annexes = recordRoutes(db, annexRecord);

  app.get<{ Querystring: AnnexListQuery }>(
    '/anexos/api/v1/get',
    { config: ANNEXES('view'), schema: { querystring: annexListQuerySchema, response: { 200: dataListOf(annexListItemSchema) } } },
    async (request) => ({ data: await listAnnexes(db, request.query.contrato_id) }),
  );
  app.get(
    '/anexos/api/v1/get-once/:id',
    { config: ANNEXES('view'), schema: { params: idParamsSchema, response: { 200: dataOf(annexSchema) } } },
    annexes.read,
  );
  app.post(
    '/anexos/api/v1/create',
    { config: ANNEXES('create'), schema: { body: annexCreateSchema, response: { 201: dataOf(annexSchema) } } },
    annexes.create,
  );
  app.patch(
    '/anexos/api/v1/update/:id',
    { config: ANNEXES('edit'), schema: { params: idParamsSchema, body: annexUpdateSchema, response: { 200: dataOf(annexSchema) } } },
    annexes.update,
  );
  app.post(
    '/anexos/api/v1/delete',
    { config: ANNEXES('delete'), schema: { body: annexDeleteSchema, response: { 200: dataOf(annexSchema) } } },
    annexes.delete,
  );
}
