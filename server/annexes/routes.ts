// Annexes (spec section 7, Annexes): list (optionally of one contract), read, create, update
// and delete. An annex is a dated amendment of a contract with the commercial parameters and
// the PMi / PMr lists (DOMAIN.md). Every route needs the `relaciones` view key and the role's
// action on the Contracts page; every write is one transaction with its audit row.
import type { FastifyInstance } from 'fastify';
import {
  annexCreateSchema,
  annexDeleteSchema,
  annexListItemSchema,
  annexListQuerySchema,
  annexSchema,
  annexUpdateSchema,
  type AnnexCreate,
  type AnnexDelete,
  type AnnexListQuery,
  type AnnexUpdate,
} from '../../schemas/annex.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import { mutate } from '../db/versioned';
import { AppErrors, invalidRequest } from '../errors/catalogue';
import { actorOf } from '../plugins/audit';
import { annexProblems, createValues, updatedValues, type AnnexValues } from './rules';
import * as store from './store';

const ANNEXES = (action: 'view' | 'create' | 'edit' | 'delete') => ({ permission: 'relaciones', action: { page: 'Contracts', action } }) as const;

export default async function annexRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Querystring: AnnexListQuery }>(
    '/anexos/api/v1/get',
    { config: ANNEXES('view'), schema: { querystring: annexListQuerySchema, response: { 200: dataListOf(annexListItemSchema) } } },
    async (request) => ({ data: await store.listAnnexes(db, request.query.contrato_id) }),
  );

  app.get<{ Params: { id: number } }>(
    '/anexos/api/v1/get-once/:id',
    { config: ANNEXES('view'), schema: { params: idParamsSchema, response: { 200: dataOf(annexSchema) } } },
    async (request) => ({ data: await store.readAnnex(db, request.params.id) }),
  );

  app.post<{ Body: AnnexCreate }>(
    '/anexos/api/v1/create',
    { config: ANNEXES('create'), schema: { body: annexCreateSchema, response: { 201: dataOf(annexSchema) } } },
    async (request, reply) => {
      const values = createValues(request.body);
      const created = await mutate(db, request, { action: 'annex.create', entity: 'annex' }, async (tx) => {
        const problems = annexProblems(values, await store.annexFacts(tx, values));
        if (problems.length > 0) throw invalidRequest(problems);
        const after = await store.insertAnnex(tx, values, actorOf(request).email);
        return { id: after.id, before: null, after };
      });
      return reply.status(201).send({ data: created });
    },
  );

  app.patch<{ Params: { id: number }; Body: AnnexUpdate }>(
    '/anexos/api/v1/update/:id',
    { config: ANNEXES('edit'), schema: { params: idParamsSchema, body: annexUpdateSchema, response: { 200: dataOf(annexSchema) } } },
    async (request) => {
      const { id } = request.params;
      const { version, ...changes } = request.body;
      const updated = await mutate(db, request, { action: 'annex.update', entity: 'annex' }, async (tx) => {
        const before = await store.lockAnnex(tx, id, version);
        const values = updatedValues(store.valuesOf(before), changes as Partial<AnnexValues>);
        const problems = annexProblems(values, await store.annexFacts(tx, values));
        if (problems.length > 0) throw invalidRequest(problems);
        return { id, before, after: await store.updateAnnex(tx, id, values, actorOf(request).email) };
      });
      return { data: updated };
    },
  );

  app.post<{ Body: AnnexDelete }>(
    '/anexos/api/v1/delete',
    { config: ANNEXES('delete'), schema: { body: annexDeleteSchema, response: { 200: dataOf(annexSchema) } } },
    async (request) => {
      const { id } = request.body;
      const deleted = await mutate(
        db,
        request,
        { action: 'annex.delete', entity: 'annex' },
        async (tx) => {
          const before = await store.lockAnnex(tx, id);
          await store.deleteAnnex(tx, id);
          return { id, before, after: null };
        },
        // Its measured energy or the rows of a settlement keep it.
        { foreignKey: () => new AppErrors.recordInUse() },
      );
      return { data: deleted };
    },
  );
}
