// View-key administration (spec sections 6 and 7): read one user's keys, read the catalogue,
// replace a user's keys; by id (the spec's v2 paths) and by e-mail (the second set, under
// /api/v2/permisos/, documented in docs/api-admin.md). Permissions are read from the database
// on every request, so a change applies to the user's very next call.
import type { FastifyInstance } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  permissionCatalogueEntrySchema,
  permissionsUpdateSchema,
  userPermissionsSchema,
  type PermissionsUpdate,
} from '../../schemas/permissions.schema';
import { emailParamsSchema, idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import { perform } from '../kit/use-case';
import { userByEmail, userById } from '../users/store';
import { replacePermissions } from './replace-permissions';
import * as users from '../users/store';
import * as store from './store';

const ADMIN = { permission: 'admin' } as const;
const catalogueResponse = { 200: dataListOf(permissionCatalogueEntrySchema) };
const oneResponse = { 200: dataOf(userPermissionsSchema) };
const listResponse = { 200: dataListOf(userPermissionsSchema) };

export default async function permissionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const catalogue = async () => ({ data: await store.listCatalogue(db) });

  // Spec section 7 paths (by id).
  app.get<{ Params: { id: number } }>(
    '/api/v2/get-permisos-usuario/:id',
    { config: ADMIN, schema: { params: idParamsSchema, response: oneResponse } },
    async (request) => ({ data: await users.readUserPermissions(db, userById(request.params.id)) }),
  );

  app.get('/api/v2/get-permisos-catalogo', { config: ADMIN, schema: { response: catalogueResponse } }, catalogue);

  app.put<{ Params: { id: number }; Body: PermissionsUpdate }>(
    '/api/v2/update-permisos-usuarios/:id',
    { config: ADMIN, schema: { params: idParamsSchema, body: permissionsUpdateSchema, response: oneResponse } },
    async (request, reply) => perform(db, request, reply, replacePermissions, { which: userById(request.params.id), body: request.body }),
  );

  // The second set (by e-mail): users, catalogue, one user, update.
  app.get('/api/v2/permisos/usuarios', { config: ADMIN, schema: { response: listResponse } }, async () => ({
    data: await users.listUserPermissions(db),
  }));

  app.get('/api/v2/permisos/catalogo', { config: ADMIN, schema: { response: catalogueResponse } }, catalogue);

  app.get<{ Params: { email: string } }>(
    '/api/v2/permisos/usuario/:email',
    { config: ADMIN, schema: { params: emailParamsSchema, response: oneResponse } },
    async (request) => ({ data: await users.readUserPermissions(db, userByEmail(request.params.email)) }),
  );

  app.put<{ Params: { email: string }; Body: PermissionsUpdate }>(
    '/api/v2/permisos/usuario/:email',
    { config: ADMIN, schema: { params: emailParamsSchema, body: permissionsUpdateSchema, response: oneResponse } },
    async (request, reply) => perform(db, request, reply, replacePermissions, { which: userByEmail(request.params.email), body: request.body }),
  );
}
