// View-key administration (spec sections 6 and 7): read one user's keys, read the catalogue,
// replace a user's keys; by id (the spec's v2 paths) and by e-mail (the second set, under
// /api/v2/permisos/, documented in docs/api-admin.md). Permissions are read from the database
// on every request, so a change applies to the user's very next call.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  permissionCatalogueEntrySchema,
  permissionsUpdateSchema,
  userPermissionsSchema,
  type PermissionsUpdate,
  type UserPermissions,
} from '../../schemas/permissions.schema';
import type { PermissionKey } from '../../schemas/permission-key.schema';
import type { Db } from '../db/client';
import { permissionsCatalogue, users, type UserRow } from '../db/schema/app';
import { AppErrors } from '../errors/catalogue';
import { assertAdminsRemain } from '../authz/admin-safety';
import { recordAudit } from '../plugins/audit';
import {
  assertVersion,
  dataListOf,
  dataOf,
  emailParamsSchema,
  idParamsSchema,
  lockUserByEmail,
  lockUserById,
  normalisePermissions,
  touched,
} from './admin-shared';

export interface AdminPermissionRoutesOptions {
  db: Db;
}

function toUserPermissions(row: UserRow): UserPermissions {
  return {
    id: row.id,
    email: row.email,
    nombre: row.nombre,
    primer_apellido: row.primer_apellido,
    estado: row.estado,
    version: row.version,
    permisos: row.permisos_x_view as PermissionKey[],
  };
}

export default async function adminPermissionRoutes(app: FastifyInstance, options: AdminPermissionRoutesOptions) {
  const { db } = options;
  const admin = { permission: 'admin' } as const;

  async function catalogue() {
    return { data: await db.select().from(permissionsCatalogue).orderBy(asc(permissionsCatalogue.orden)) };
  }

  async function everyone() {
    const rows = await db.select().from(users).orderBy(asc(users.id));
    return { data: rows.map(toUserPermissions) };
  }

  async function findBy(where: ReturnType<typeof eq>) {
    const [row] = await db.select().from(users).where(where).limit(1);
    if (!row) throw new AppErrors.userNotFound();
    return { data: toUserPermissions(row) };
  }

  /** Replaces the user's keys (the row `lock` finds), refusing self-lockout and a lost last admin. */
  async function replace(request: FastifyRequest, body: PermissionsUpdate, lock: (tx: Db) => Promise<UserRow>) {
    const permisos = normalisePermissions(body.permisos);
    const actor = request.user;
    const updated = await db.transaction(async (tx) => {
      const before = await lock(tx);
      assertVersion(before.version, body.version);
      await assertAdminsRemain(tx, actor?.id ?? null, before, { estado: before.estado, permisos_x_view: permisos });
      const [row] = await tx
        .update(users)
        .set({ permisos_x_view: permisos, ...touched(actor?.email ?? null) })
        .where(eq(users.id, before.id))
        .returning();
      if (!row) throw new AppErrors.userNotFound();
      await recordAudit(tx, request, {
        action: 'user.permissions',
        entity: 'user',
        entityId: row.id,
        before: { permisos_x_view: before.permisos_x_view, version: before.version },
        after: { permisos_x_view: row.permisos_x_view, version: row.version },
      });
      return row;
    });
    return { data: toUserPermissions(updated) };
  }

  const catalogueResponse = { 200: dataListOf(permissionCatalogueEntrySchema) };
  const oneResponse = { 200: dataOf(userPermissionsSchema) };
  const listResponse = { 200: dataListOf(userPermissionsSchema) };

  // Spec section 7 paths (by id).
  app.get<{ Params: { id: number } }>(
    '/api/v2/get-permisos-usuario/:id',
    { config: admin, schema: { params: idParamsSchema, response: oneResponse } },
    async (request) => findBy(eq(users.id, request.params.id)),
  );

  app.get('/api/v2/get-permisos-catalogo', { config: admin, schema: { response: catalogueResponse } }, catalogue);

  app.put<{ Params: { id: number }; Body: PermissionsUpdate }>(
    '/api/v2/update-permisos-usuarios/:id',
    { config: admin, schema: { params: idParamsSchema, body: permissionsUpdateSchema, response: oneResponse } },
    async (request) => replace(request, request.body, (tx) => lockUserById(tx, request.params.id)),
  );

  // The second set (by e-mail): users, catalogue, one user, update.
  app.get('/api/v2/permisos/usuarios', { config: admin, schema: { response: listResponse } }, everyone);

  app.get('/api/v2/permisos/catalogo', { config: admin, schema: { response: catalogueResponse } }, catalogue);

  app.get<{ Params: { email: string } }>(
    '/api/v2/permisos/usuario/:email',
    { config: admin, schema: { params: emailParamsSchema, response: oneResponse } },
    async (request) => findBy(eq(users.email, request.params.email.trim().toLowerCase())),
  );

  app.put<{ Params: { email: string }; Body: PermissionsUpdate }>(
    '/api/v2/permisos/usuario/:email',
    { config: admin, schema: { params: emailParamsSchema, body: permissionsUpdateSchema, response: oneResponse } },
    async (request) => replace(request, request.body, (tx) => lockUserByEmail(tx, request.params.email)),
  );
}
