// Roles (spec section 6): a country and a matrix of page actions. Managing roles needs only
// the `admin` view key (server/authz/authorize.ts explains why). Every write is one
// transaction with its audit row (the record kit).
import type { FastifyInstance } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import { roleCreateSchema, roleSchema, roleUpdateSchema } from '../../schemas/role.schema';
import type { Db } from '../db/client';
import { recordRoutes } from '../kit/record-handlers';
import { roleRecord } from './record';
import { listRoles } from './store';

const ADMIN = { permission: 'admin' } as const;

export default async function roleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const roles = recordRoutes(db, roleRecord);

  app.get('/api/v2/roles', { config: ADMIN, schema: { response: { 200: dataListOf(roleSchema) } } }, async () => ({ data: await listRoles(db) }));
  app.get('/api/v2/roles/:id', { config: ADMIN, schema: { params: idParamsSchema, response: { 200: dataOf(roleSchema) } } }, roles.read);
  app.post('/api/v2/roles', { config: ADMIN, schema: { body: roleCreateSchema, response: { 201: dataOf(roleSchema) } } }, roles.create);
  app.patch('/api/v2/roles/:id', { config: ADMIN, schema: { params: idParamsSchema, body: roleUpdateSchema, response: { 200: dataOf(roleSchema) } } }, roles.update);
  app.delete('/api/v2/roles/:id', { config: ADMIN, schema: { params: idParamsSchema, response: { 200: dataOf(roleSchema) } } }, roles.delete);
}
