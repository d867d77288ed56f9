// Companies (spec section 7, Companies): list, read with children, create (company, contacts,
// bank coordinates and documents in ONE transaction), update (child lists given replace the
// stored ones) and delete (409 while contracts refer to the company). Every route needs the
// `relaciones` view key and the role's action on the Companies page; every write is one
// transaction with its audit row (the record kit).
import type { FastifyInstance } from 'fastify';
import { companyCreateSchema, companyListItemSchema, companySchema, companyUpdateSchema } from '../../schemas/company.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import { recordRoutes } from '../kit/record-handlers';
import { companyRecord } from './record';
import { listCompanies } from './store';

const COMPANIES = (action: 'view' | 'create' | 'edit' | 'delete') => ({ permission: 'relaciones', action: { page: 'Companies', action } }) as const;

export default async function companyRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const companies = recordRoutes(db, companyRecord);

  app.get(
    '/empresas/api/v1/get',
    {
      // The contract form picks its company from this list: whoever may write contracts may read it.
      config: {
        permission: 'relaciones',
        action: [
          { page: 'Companies', action: 'view' },
          { page: 'Contracts', action: 'create' },
          { page: 'Contracts', action: 'edit' },
        ],
        // The same list for everyone allowed: kept until a company, its contacts, accounts or contracts change.
        cache: { tables: ['empresas', 'contactos', 'coordenadas_bancarias', 'contratos'] },
      },
      schema: { response: { 200: dataListOf(companyListItemSchema) } },
    },
    async () => ({ data: await listCompanies(db) }),
  );

  app.get(
    '/empresas/api/v1/get-once/:id',
    { config: COMPANIES('view'), schema: { params: idParamsSchema, response: { 200: dataOf(companySchema) } } },
    companies.read,
  );
  app.post(
    '/empresas/api/v1/post',
    { config: COMPANIES('create'), schema: { body: companyCreateSchema, response: { 201: dataOf(companySchema) } } },
    companies.create,
  );
  app.patch(
    '/empresas/api/v1/update/:id',
    { config: COMPANIES('edit'), schema: { params: idParamsSchema, body: companyUpdateSchema, response: { 200: dataOf(companySchema) } } },
    companies.update,
  );
  app.delete(
    '/empresas/api/v1/delete/:id',
    { config: COMPANIES('delete'), schema: { params: idParamsSchema, response: { 200: dataOf(companySchema) } } },
    companies.delete,
  );
}
