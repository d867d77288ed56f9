// Contacts of companies (spec section 7, Contacts): list, read, update and delete under
// /contact/api/v1. Creation goes through the gateway route (gateway-routes.ts). Every route
// needs the `relaciones` view key and the role's action on the Companies page; every write is
// one transaction with its audit row (the record kit).
import type { FastifyInstance } from 'fastify';
import { contactDeleteSchema, contactSchema, contactUpdateSchema } from '../../schemas/contact.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import { recordRoutes } from '../kit/record-handlers';
import { contactRecord } from './record';
import { listContacts } from './store';

const CONTACTS = (action: 'view' | 'create' | 'edit' | 'delete') => ({ permission: 'relaciones', action: { page: 'Companies', action } }) as const;

const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { empresa_id: { type: 'integer', minimum: 1 } },
} as const;

export default async function contactRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const contacts = recordRoutes(db, contactRecord);

  app.get<{ Querystring: { empresa_id?: number } }>(
    '/contact/api/v1/get',
    { config: CONTACTS('view'), schema: { querystring: listQuerySchema, response: { 200: dataListOf(contactSchema) } } },
    async (request) => ({ data: await listContacts(db, request.query.empresa_id) }),
  );
  app.get(
    '/contact/api/v1/get-once/:id',
    { config: CONTACTS('view'), schema: { params: idParamsSchema, response: { 200: dataOf(contactSchema) } } },
    contacts.read,
  );
  app.post('/contact/api/v1/update', { config: CONTACTS('edit'), schema: { body: contactUpdateSchema, response: { 200: dataOf(contactSchema) } } }, contacts.update);
  app.post('/contact/api/v1/delete', { config: CONTACTS('delete'), schema: { body: contactDeleteSchema, response: { 200: dataOf(contactSchema) } } }, contacts.delete);
}
