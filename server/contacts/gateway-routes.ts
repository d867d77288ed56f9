// The gateway (spec section 7, Contacts): contact creation goes to `POST /contactos` at the
// gateway URL of `/config.json`. By default the gateway is this process under its own prefix
// (`/gateway`), so production can point GATEWAY_URL at another service without the browser
// changing. Register with `{ prefix: '/gateway' }`.
import type { FastifyInstance } from 'fastify';
import { contactCreateSchema, contactSchema, type ContactCreate } from '../../schemas/contact.schema';
import { dataOf } from '../../schemas/envelope.schema';
import type { Db } from '../db/client';
import { mutate } from '../db/versioned';
import { actorOf } from '../plugins/audit';
import { contactValues } from './rules';
import * as store from './store';

export default async function gatewayRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post<{ Body: ContactCreate }>(
    '/contactos',
    {
      config: { permission: 'relaciones', action: { page: 'Companies', action: 'create' } },
      schema: { body: contactCreateSchema, response: { 201: dataOf(contactSchema) } },
    },
    async (request, reply) => {
      const { empresa_id, ...fields } = request.body;
      const created = await mutate(db, request, { action: 'contact.create', entity: 'contact' }, async (tx) => {
        const after = await store.insertContact(tx, empresa_id, contactValues(fields), actorOf(request).email);
        return { id: after.id, before: null, after };
      });
      return reply.status(201).send({ data: created });
    },
  );
}
