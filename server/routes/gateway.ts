// The gateway (issue 4; spec section 7, Contacts): contact creation goes to `POST /contactos`
// at the gateway URL of `/config.json`. By default the gateway is this process under its own
// prefix (`/gateway`), so production can point GATEWAY_URL at another service without the
// browser changing. Register with `{ prefix: '/gateway' }`.
import type { FastifyInstance } from 'fastify';
import { contactCreateSchema, contactSchema, type ContactCreate } from '../../schemas/contact.schema';
import type { Db } from '../db/client';
import { dataOf } from './admin-shared';
import { createContact } from './contacts';

export interface GatewayRoutesOptions {
  db: Db;
}

export default async function gatewayRoutes(app: FastifyInstance, options: GatewayRoutesOptions) {
  const { db } = options;

  app.post<{ Body: ContactCreate }>(
    '/contactos',
    {
      config: { permission: 'relaciones', action: { page: 'Companies', action: 'create' } },
      schema: { body: contactCreateSchema, response: { 201: dataOf(contactSchema) } },
    },
    async (request, reply) => {
      const contact = await createContact(db, request, request.body);
      return reply.status(201).send({ data: contact });
    },
  );
}
