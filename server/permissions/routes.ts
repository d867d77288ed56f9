// View-key administration (spec sections 6 and 7): read one user's keys, read the catalogue,
// replace a user's keys; by id (the spec's v2 paths) and by e-mail (the second set, under
// /api/v2/permisos/, documented in docs/api-admin.md). Permissions are read from the database
// on every request, so a change applies to the user's very next call.
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  permissionCatalogueEntrySchema,
  permissionsUpdateSchema,
  userPermissionsSchema,
  type PermissionsUpdate,
  type UserPermissions,
} from '../../schemas/permissions.schema';
import { emailParamsSchema, idParamsSchema } from '../../schemas/record.schema';
import { assertAdminsRemain } from '../authz/admin-safety';
import type { Db } from '../db/client';
import { mutate } from '../db/versioned';
import { actorOf } from '../audit/store';
import { userByEmail, userById } from '../users/store';
import { normalisePermissions } from './rules';
import * as store from './store';

const ADMIN = { permission: 'admin' } as const;
const catalogueResponse = { 200: dataListOf(permissionCatalogueEntrySchema) };
const oneResponse = { 200: dataOf(userPermissionsSchema) };
const listResponse = { 200: dataListOf(userPermissionsSchema) };

export default async function permissionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const catalogue = async () => ({ data: await store.listCatalogue(db) });

  /** Replaces the keys of the user `which` names, refusing self-lockout and a lost last admin. */
  async function replace(request: FastifyRequest, body: PermissionsUpdate, which: SQL) {
    const permisos = normalisePermissions(body.permisos);
    const actor = actorOf(request);
    const updated = await mutate(db, request, { action: 'user.permissions', entity: 'user' }, async (tx) => {
      const before = await store.lockUserPermissions(tx, which, body.version);
      await assertAdminsRemain(tx, actor.id, { ...before, permisos_x_view: before.permisos }, { estado: before.estado, permisos_x_view: permisos });
      const after = await store.updateUserPermissions(tx, before.id, permisos, actor.email);
      // The audit row keeps what changed: the keys and the version.
      const keysOf = (user: UserPermissions) => ({ permisos_x_view: user.permisos, version: user.version });
      return { id: before.id, before, after, audited: { before: keysOf(before), after: keysOf(after) } };
    });
    return { data: updated };
  }

  // Spec section 7 paths (by id).
  app.get<{ Params: { id: number } }>(
    '/api/v2/get-permisos-usuario/:id',
    { config: ADMIN, schema: { params: idParamsSchema, response: oneResponse } },
    async (request) => ({ data: await store.readUserPermissions(db, userById(request.params.id)) }),
  );

  app.get('/api/v2/get-permisos-catalogo', { config: ADMIN, schema: { response: catalogueResponse } }, catalogue);

  app.put<{ Params: { id: number }; Body: PermissionsUpdate }>(
    '/api/v2/update-permisos-usuarios/:id',
    { config: ADMIN, schema: { params: idParamsSchema, body: permissionsUpdateSchema, response: oneResponse } },
    async (request) => replace(request, request.body, userById(request.params.id)),
  );

  // The second set (by e-mail): users, catalogue, one user, update.
  app.get('/api/v2/permisos/usuarios', { config: ADMIN, schema: { response: listResponse } }, async () => ({
    data: await store.listUserPermissions(db),
  }));

  app.get('/api/v2/permisos/catalogo', { config: ADMIN, schema: { response: catalogueResponse } }, catalogue);

  app.get<{ Params: { email: string } }>(
    '/api/v2/permisos/usuario/:email',
    { config: ADMIN, schema: { params: emailParamsSchema, response: oneResponse } },
    async (request) => ({ data: await store.readUserPermissions(db, userByEmail(request.params.email)) }),
  );

  app.put<{ Params: { email: string }; Body: PermissionsUpdate }>(
    '/api/v2/permisos/usuario/:email',
    { config: ADMIN, schema: { params: emailParamsSchema, body: permissionsUpdateSchema, response: oneResponse } },
    async (request) => replace(request, request.body, userByEmail(request.params.email)),
  );
}
