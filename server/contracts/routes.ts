// Contracts (spec section 7, Contracts): list, read, create, update and delete (refused while
// annexes depend on the contract). Every route needs the `relaciones` view key and the role's
// action on the Contracts page; every write is one transaction with its audit row (server/db/versioned).
import type { FastifyInstance } from 'fastify';
import {
  contractCreateSchema,
  contractDeleteSchema,
  contractListItemSchema,
  contractListQuerySchema,
  contractSchema,
  contractUpdateSchema,
  type ContractCreate,
  type ContractDelete,
  type ContractListQuery,
  type ContractUpdate,
} from '../../schemas/contract.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import { mutate } from '../db/versioned';
import { AppErrors, invalidRequest } from '../errors/catalogue';
import { actorOf } from '../plugins/audit';
import { contractProblems, createValues, updatedValues, type ContractValues } from './rules';
import * as store from './store';

const CONTRACTS = (action: 'view' | 'create' | 'edit' | 'delete') => ({ permission: 'relaciones', action: { page: 'Contracts', action } }) as const;
const inUse = () => new AppErrors.recordInUse();

export default async function contractRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Querystring: ContractListQuery }>(
    '/contratos/api/v1/get',
    { config: CONTRACTS('view'), schema: { querystring: contractListQuerySchema, response: { 200: dataListOf(contractListItemSchema) } } },
    async (request) => ({ data: await store.listContracts(db, request.query.empresa_id) }),
  );

  app.get<{ Params: { id: number } }>(
    '/contratos/api/v1/get-once-contract/:id',
    { config: CONTRACTS('view'), schema: { params: idParamsSchema, response: { 200: dataOf(contractSchema) } } },
    async (request) => ({ data: await store.readContract(db, request.params.id) }),
  );

  app.post<{ Body: ContractCreate }>(
    '/contratos/api/v1/create',
    { config: CONTRACTS('create'), schema: { body: contractCreateSchema, response: { 201: dataOf(contractSchema) } } },
    async (request, reply) => {
      const values = createValues(request.body);
      const created = await mutate(db, request, { action: 'contract.create', entity: 'contract' }, async (tx) => {
        const problems = contractProblems(values, () => true, await store.contractFacts(tx, values));
        if (problems.length > 0) throw invalidRequest(problems);
        const after = await store.insertContract(tx, values, actorOf(request).email);
        return { id: after.id, before: null, after };
      });
      return reply.status(201).send({ data: created });
    },
  );

  app.patch<{ Params: { id: number }; Body: ContractUpdate }>(
    '/contratos/api/v1/update/:id',
    { config: CONTRACTS('edit'), schema: { params: idParamsSchema, body: contractUpdateSchema, response: { 200: dataOf(contractSchema) } } },
    async (request) => {
      const { id } = request.params;
      const { version, ...changes } = request.body;
      const changed = (field: keyof ContractValues) => (changes as Partial<ContractValues>)[field] !== undefined;
      const updated = await mutate(db, request, { action: 'contract.update', entity: 'contract' }, async (tx) => {
        const before = await store.lockContract(tx, id, version);
        const values = updatedValues(store.valuesOf(before), changes as Partial<ContractValues>);
        const problems = contractProblems(values, changed, await store.contractFacts(tx, values, id));
        if (problems.length > 0) throw invalidRequest(problems);
        return { id, before, after: await store.updateContract(tx, id, values, actorOf(request).email) };
      });
      return { data: updated };
    },
  );

  app.post<{ Body: ContractDelete }>(
    '/contratos/api/v1/delete',
    { config: CONTRACTS('delete'), schema: { body: contractDeleteSchema, response: { 200: dataOf(contractSchema) } } },
    async (request) => {
      const { id } = request.body;
      const deleted = await mutate(
        db,
        request,
        { action: 'contract.delete', entity: 'contract' },
        async (tx) => {
          const before = await store.lockContract(tx, id);
          // Annexes carry the contract's parameters into settlements: they go first, by hand.
          if ((before.numero_anexos ?? 0) > 0) throw inUse();
          await store.deleteContract(tx, id);
          return { id, before, after: null };
        },
        // An annex added between the count and the delete: the foreign key refuses it.
        { foreignKey: inUse },
      );
      return { data: deleted };
    },
  );
}
