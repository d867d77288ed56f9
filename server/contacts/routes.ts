// Contacts of companies (spec section 7, Contacts): list, read, update and delete under
// /contact/api/v1. Creation goes through the gateway route (gateway-routes.ts). Every route
// needs the `relaciones` view key and the role's action on the Companies page; every write is
// one transaction with its audit row (server/db/versioned).
import type { FastifyInstance } from 'fastify';
import {
  contactDeleteSchema,
  contactSchema,
  contactUpdateSchema,
  type ContactDelete,
  type ContactUpdate,
} from '../../schemas/contact.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import { mutate } from '../db/versioned';
import { actorOf } from '../plugins/audit';
import { contactValues } from './rules';
import * as store from './store';

const CONTACTS = (action: 'view' | 'create' | 'edit' | 'delete') => ({ permission: 'relaciones', action: { page: 'Companies', action } }) as const;

const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { empresa_id: { type: 'integer', minimum: 1 } },
} as const;

export default async function contactRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Querystring: { empresa_id?: number } }>(
    '/contact/api/v1/get',
    { config: CONTACTS('view'), schema: { querystring: listQuerySchema, response: { 200: dataListOf(contactSchema) } } },
    async (request) => ({ data: await store.listContacts(db, request.query.empresa_id) }),
  );

  app.get<{ Params: { id: number } }>(
    '/contact/api/v1/get-once/:id',
    { config: CONTACTS('view'), schema: { params: idParamsSchema, response: { 200: dataOf(contactSchema) } } },
    async (request) => ({ data: await store.readContact(db, request.params.id) }),
  );

  app.post<{ Body: ContactUpdate }>(
    '/contact/api/v1/update',
    { config: CONTACTS('edit'), schema: { body: contactUpdateSchema, response: { 200: dataOf(contactSchema) } } },
    async (request) => {
      const { id, version, ...changes } = request.body;
      const actor = actorOf(request).email;
      const updated = await mutate(db, request, { action: 'contact.update', entity: 'contact' }, async (tx) => {
        const before = await store.lockContact(tx, id, actor, { sent: version, alsoCompany: changes.empresa_id });
        const empresaId = changes.empresa_id ?? before.empresa_id;
        // Moving away the last contact would leave its company without one.
        if (empresaId !== before.empresa_id) await store.assertNotLastContact(tx, before.empresa_id, id);
        const after = await store.updateContact(tx, id, empresaId, contactValues({ ...before, ...changes }), actor);
        return { id, before, after };
      });
      return { data: updated };
    },
  );

  app.post<{ Body: ContactDelete }>(
    '/contact/api/v1/delete',
    { config: CONTACTS('delete'), schema: { body: contactDeleteSchema, response: { 200: dataOf(contactSchema) } } },
    async (request) => {
      const { id } = request.body;
      const deleted = await mutate(db, request, { action: 'contact.delete', entity: 'contact' }, async (tx) => {
        const before = await store.lockContact(tx, id, actorOf(request).email);
        await store.assertNotLastContact(tx, before.empresa_id, id);
        await store.deleteContact(tx, id);
        return { id, before, after: null };
      });
      return { data: deleted };
    },
  );
}
