// Roles (spec section 6): a country and a matrix of page actions. Managing roles needs only
// the `admin` view key (server/authz/authorize.ts explains why). Every write is one
// transaction with its audit row.
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roleCreateSchema, roleSchema, roleUpdateSchema, type Role, type RoleCreate, type RoleUpdate } from '../../schemas/role.schema';
import type { Db } from '../db/client';
import { users } from '../db/schema/app';
import { roles, type RoleRow } from '../db/schema/roles';
import { AppErrors } from '../errors/catalogue';
import { actorOf, recordAudit } from '../plugins/audit';
import { assertVersion, dataListOf, dataOf, idParamsSchema, isUniqueViolation } from './admin-shared';

export interface AdminRoleRoutesOptions {
  db: Db;
}

export function toRole(row: RoleRow): Role {
  return {
    id: row.id,
    nombre: row.nombre,
    pais: row.pais as Role['pais'],
    permisos_x_pagina: row.permisos_x_pagina,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

async function lockRole(tx: Db, id: number): Promise<RoleRow> {
  const [row] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  if (!row) throw new AppErrors.roleNotFound();
  return row;
}

async function holders(tx: Db, id: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users).where(eq(users.rol_id, id));
  return Number(row?.n ?? 0);
}

/** Unique (name, country) clashes become 409 APP_ERR_ROLE_DUPLICATE. */
async function mapDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppErrors.roleDuplicate();
    throw error;
  }
}

export default async function adminRoleRoutes(app: FastifyInstance, options: AdminRoleRoutesOptions) {
  const { db } = options;
  const admin = { permission: 'admin' } as const;

  app.get('/api/v2/roles', { config: admin, schema: { response: { 200: dataListOf(roleSchema) } } }, async () => {
    const rows = await db.select().from(roles).orderBy(asc(roles.pais), asc(roles.nombre));
    return { data: rows.map(toRole) };
  });

  app.get<{ Params: { id: number } }>(
    '/api/v2/roles/:id',
    { config: admin, schema: { params: idParamsSchema, response: { 200: dataOf(roleSchema) } } },
    async (request) => {
      const [row] = await db.select().from(roles).where(eq(roles.id, request.params.id)).limit(1);
      if (!row) throw new AppErrors.roleNotFound();
      return { data: toRole(row) };
    },
  );

  app.post<{ Body: RoleCreate }>(
    '/api/v2/roles',
    { config: admin, schema: { body: roleCreateSchema, response: { 201: dataOf(roleSchema) } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await mapDuplicate(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(roles)
            .values({
              nombre: request.body.nombre.trim(),
              pais: request.body.pais,
              permisos_x_pagina: request.body.permisos_x_pagina,
              created_by: actor.email,
              updated_by: actor.email,
            })
            .onConflictDoNothing()
            .returning();
          if (!row) throw new AppErrors.roleDuplicate();
          const role = toRole(row);
          await recordAudit(tx, request, { action: 'role.create', entity: 'role', entityId: row.id, before: null, after: role });
          return role;
        }),
      );
      return reply.status(201).send({ data: created });
    },
  );

  app.patch<{ Params: { id: number }; Body: RoleUpdate }>(
    '/api/v2/roles/:id',
    { config: admin, schema: { params: idParamsSchema, body: roleUpdateSchema, response: { 200: dataOf(roleSchema) } } },
    async (request) => {
      const { version, ...changes } = request.body;
      const actor = actorOf(request);
      const updated = await mapDuplicate(() =>
        db.transaction(async (tx) => {
          const before = await lockRole(tx, request.params.id);
          assertVersion(before.version, version);
          // Users keep their country: moving their role elsewhere would silently strip their actions.
          if (changes.pais !== undefined && changes.pais !== before.pais && (await holders(tx, before.id)) > 0) {
            throw new AppErrors.roleInUse();
          }
          const nombre = changes.nombre?.trim() ?? before.nombre;
          const pais = changes.pais ?? before.pais;
          const [clash] = await tx
            .select({ id: roles.id })
            .from(roles)
            .where(and(sql`lower(${roles.nombre}) = lower(${nombre})`, eq(roles.pais, pais), ne(roles.id, before.id)))
            .limit(1);
          if (clash) throw new AppErrors.roleDuplicate();
          const [row] = await tx
            .update(roles)
            .set({
              nombre,
              pais,
              ...(changes.permisos_x_pagina ? { permisos_x_pagina: changes.permisos_x_pagina } : {}),
              updated_at: sql`now()`,
              updated_by: actor.email,
              version: sql`${roles.version} + 1`,
            })
            .where(eq(roles.id, before.id))
            .returning();
          if (!row) throw new AppErrors.roleNotFound();
          const role = toRole(row);
          await recordAudit(tx, request, { action: 'role.update', entity: 'role', entityId: row.id, before: toRole(before), after: role });
          return role;
        }),
      );
      return { data: updated };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/v2/roles/:id',
    { config: admin, schema: { params: idParamsSchema, response: { 200: dataOf(roleSchema) } } },
    async (request) => {
      const deleted = await db.transaction(async (tx) => {
        const before = await lockRole(tx, request.params.id);
        if ((await holders(tx, before.id)) > 0) throw new AppErrors.roleInUse();
        await tx.delete(roles).where(eq(roles.id, before.id));
        const role = toRole(before);
        await recordAudit(tx, request, { action: 'role.delete', entity: 'role', entityId: before.id, before: role, after: null });
        return role;
      });
      return { data: deleted };
    },
  );
}
