// Contracts (spec section 7, Contracts): list, read, create, update and delete (refused while
// annexes depend on the contract). Every route needs the `relaciones` view key and the role's
// action on the Contracts page; every write is one transaction with its audit row (the record kit).
import type { FastifyInstance } from 'fastify';
import {
  contractCreateSchema,
  contractDeleteSchema,
  contractListItemSchema,
  contractListQuerySchema,
  contractSchema,
  contractUpdateSchema,
  type ContractListQuery,
} from '../../schemas/contract.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import { recordRoutes } from '../kit/record-handlers';
import { contractRecord } from './record';
import { listContracts } from './store';

const CONTRACTS = (action: 'view' | 'create' | 'edit' | 'delete') => ({ permission: 'relaciones', action: { page: 'Contracts', action } }) as const;

export default async function contractRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const contracts = recordRoutes(db, contractRecord);

  app.get<{ Querystring: ContractListQuery }>(
    '/contratos/api/v1/get',
    {
      // The same list for everyone allowed: kept until a contract, its company, its annexes or its
      // signed file change. It shows a company's name, not its stamps: a company's version raised
      // by a change to its contacts keeps it.
      config: { ...CONTRACTS('view'), cache: { tables: ['contratos', 'empresas', 'anexos', 'files'], showsNoStampsOf: ['empresas'] } },
      schema: { querystring: contractListQuerySchema, response: { 200: dataListOf(contractListItemSchema) } },
    },
    async (request) => ({ data: await listContracts(db, request.query.empresa_id) }),
  );
  app.get(
    '/contratos/api/v1/get-once-contract/:id',
    { config: CONTRACTS('view'), schema: { params: idParamsSchema, response: { 200: dataOf(contractSchema) } } },
    contracts.read,
  );
  app.post(
    '/contratos/api/v1/create',
    { config: CONTRACTS('create'), schema: { body: contractCreateSchema, response: { 201: dataOf(contractSchema) } } },
    contracts.create,
  );
  app.patch(
    '/contratos/api/v1/update/:id',
    { config: CONTRACTS('edit'), schema: { params: idParamsSchema, body: contractUpdateSchema, response: { 200: dataOf(contractSchema) } } },
    contracts.update,
  );
  app.post(
    '/contratos/api/v1/delete',
    { config: CONTRACTS('delete'), schema: { body: contractDeleteSchema, response: { 200: dataOf(contractSchema) } } },
    contracts.delete,
  );
}
