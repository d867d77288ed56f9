// Companies (spec section 7, Companies): list, read with children, create (company, contacts,
// bank coordinates and documents in ONE transaction), update (child lists given replace the
// stored ones) and delete (409 while contracts refer to the company). Every route needs the
// `relaciones` view key and the role's action on the Companies page; every write is one
// transaction with its audit row (server/db/versioned).
import type { FastifyInstance } from 'fastify';
import {
  companyCreateSchema,
  companyListItemSchema,
  companySchema,
  companyUpdateSchema,
  type CompanyCreate,
  type CompanyDocumentInput,
  type CompanyUpdate,
} from '../../schemas/company.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import { contactValues } from '../contacts/rules';
import type { Db } from '../db/client';
import { mutate } from '../db/versioned';
import { AppErrors, invalidRequest, withDetails, type ErrorDetail } from '../errors/catalogue';
import { storedFileKeys } from '../files/store';
import { actorOf } from '../plugins/audit';
import { bankValues, childIdProblems, companyValues, documentProblems, updatedCompany } from './rules';
import * as store from './store';

const COMPANIES = (action: 'view' | 'create' | 'edit' | 'delete') => ({ permission: 'relaciones', action: { page: 'Companies', action } }) as const;

/** A duplicate tax id in the same country: 409 with the detail on `/nit`. */
const duplicateNit = {
  unique: () =>
    withDetails(new AppErrors.companyDuplicate(), [{ instancePath: '/nit', keyword: 'unique', message: 'a company with this tax id exists in this country' }]),
};

function assertNone(problems: ErrorDetail[]): void {
  if (problems.length > 0) throw invalidRequest(problems);
}

export default async function companyRoutes(app: FastifyInstance, { db }: { db: Db }) {
  /** 400 unless each document kind is given once and every key is an uploaded file. */
  async function assertDocuments(tx: Db, documents: readonly CompanyDocumentInput[]): Promise<void> {
    const stored = await storedFileKeys(tx, documents.map((document) => document.key));
    assertNone(documentProblems(documents, stored));
  }

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
    async () => ({ data: await store.listCompanies(db) }),
  );

  app.get<{ Params: { id: number } }>(
    '/empresas/api/v1/get-once/:id',
    { config: COMPANIES('view'), schema: { params: idParamsSchema, response: { 200: dataOf(companySchema) } } },
    async (request) => ({ data: await store.readCompany(db, request.params.id) }),
  );

  app.post<{ Body: CompanyCreate }>(
    '/empresas/api/v1/post',
    { config: COMPANIES('create'), schema: { body: companyCreateSchema, response: { 201: dataOf(companySchema) } } },
    async (request, reply) => {
      const { contactos: contacts, coordenadas_bancarias: banks, documentos: documents = [], ...fields } = request.body;
      const created = await mutate(
        db,
        request,
        { action: 'company.create', entity: 'company' },
        async (tx) => {
          await assertDocuments(tx, documents);
          const children = { contacts: contacts.map(contactValues), banks: banks.map(bankValues), documents };
          const after = await store.insertCompany(tx, companyValues(fields), children, actorOf(request).email);
          return { id: after.id, before: null, after };
        },
        duplicateNit,
      );
      return reply.status(201).send({ data: created });
    },
  );

  app.patch<{ Params: { id: number }; Body: CompanyUpdate }>(
    '/empresas/api/v1/update/:id',
    { config: COMPANIES('edit'), schema: { params: idParamsSchema, body: companyUpdateSchema, response: { 200: dataOf(companySchema) } } },
    async (request) => {
      const { id } = request.params;
      const { version, contactos: contacts, coordenadas_bancarias: banks, documentos: documents, ...fields } = request.body;
      const actor = actorOf(request).email;
      const updated = await mutate(
        db,
        request,
        { action: 'company.update', entity: 'company' },
        async (tx) => {
          const before = await store.lockCompany(tx, id, version);
          if (documents) await assertDocuments(tx, documents);
          const storedIds = (children: ReadonlyArray<{ id: number }>) => children.map((child) => child.id);
          if (contacts) assertNone(childIdProblems('contactos', contacts, new Set(storedIds(before.contactos))));
          if (banks) assertNone(childIdProblems('coordenadas_bancarias', banks, new Set(storedIds(before.coordenadas_bancarias))));
          if (contacts) {
            const items = contacts.map(({ id: childId, ...contact }) => ({ id: childId, values: contactValues(contact) }));
            await store.replaceChildren(tx, 'contactos', id, storedIds(before.contactos), items, actor);
          }
          if (banks) {
            const items = banks.map(({ id: childId, ...bank }) => ({ id: childId, values: bankValues(bank) }));
            await store.replaceChildren(tx, 'coordenadas_bancarias', id, storedIds(before.coordenadas_bancarias), items, actor);
          }
          if (documents) await store.replaceDocuments(tx, id, documents, actor);
          const after = await store.updateCompany(tx, id, updatedCompany(store.valuesOf(before), fields), actor);
          return { id, before, after };
        },
        duplicateNit,
      );
      return { data: updated };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/empresas/api/v1/delete/:id',
    { config: COMPANIES('delete'), schema: { params: idParamsSchema, response: { 200: dataOf(companySchema) } } },
    async (request) => {
      const { id } = request.params;
      const deleted = await mutate(
        db,
        request,
        { action: 'company.delete', entity: 'company' },
        async (tx) => {
          const before = await store.lockCompany(tx, id);
          await store.deleteCompany(tx, id);
          return { id, before, after: null };
        },
        // A contract, or any later table, that refers to the company: its foreign key refuses the delete.
        { foreignKey: () => new AppErrors.recordInUse() },
      );
      return { data: deleted };
    },
  );
}
