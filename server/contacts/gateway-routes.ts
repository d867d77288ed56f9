// The gateway (spec section 7, Contacts): contact creation goes to `POST /contactos` at the
// gateway URL of `/config.json`. By default the gateway is this process under its own prefix
// (`/gateway`), so production can point GATEWAY_URL at another service without the browser
// changing. Register with `{ prefix: '/gateway' }`.
import type { FastifyInstance } from 'fastify';
import { contactCreateSchema, contactSchema } from '../../schemas/contact.schema';
import { dataOf } from '../../schemas/envelope.schema';
import type { Db } from '../db/client';
import { recordRoutes } from '../kit/record-handlers';
import { contactRecord } from './record';

export default async function gatewayRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const contacts = recordRoutes(db, contactRecord);

  app.post(
    '/contactos',
    {
      config: { permission: 'relaciones', action: { page: 'Companies', action: 'create' } },
      schema: { body: contactCreateSchema, response: { 201: dataOf(contactSchema) } },
    },
    contacts.create,
  );
}
