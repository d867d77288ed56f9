// User administration (issue 3; spec section 7, User admin v2): list, read, create, edit and
// switch accounts on or off. Every route needs the `admin` view key and the role's action on
// the Users page (server/authz); every write is one transaction with its audit row.
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  userCreateSchema,
  userSchema,
  userStatusChangeSchema,
  userUpdateSchema,
  type UserCreate,
  type UserStatusChange,
  type UserUpdate,
} from '../../schemas/user.schema';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema/app';
import { idpUsers } from '../db/schema/idp';
import { roles } from '../db/schema/roles';
import { AppErrors } from '../errors/catalogue';
import { createIdentity, findIdentity, usernameOf } from '../idp/identities';
import { actorOf, recordAudit } from '../plugins/audit';
import { applyAdminStatusChange } from '../authz/user-status';
import {
  assertRoleFits,
  assertVersion,
  dataListOf,
  dataOf,
  idParamsSchema,
  lockUserById,
  normalisePermissions,
  roleName,
  toUser,
  touched,
} from './admin-shared';

export interface AdminUserRoutesOptions {
  config: AppConfig;
  db: Db;
}

export default async function adminUserRoutes(app: FastifyInstance, options: AdminUserRoutesOptions) {
  const { config, db } = options;
  const builtinIdentity = config.identity.mode === 'builtin';

  app.get(
    '/api/v2/user',
    {
      config: { permission: 'admin', action: { page: 'Users', action: 'view' } },
      schema: { response: { 200: dataListOf(userSchema) } },
    },
    async () => {
      const rows = await db
        .select({ user: users, rol_nombre: roles.nombre })
        .from(users)
        .leftJoin(roles, eq(users.rol_id, roles.id))
        .orderBy(asc(users.id));
      return { data: rows.map((row) => toUser(row.user, row.rol_nombre)) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v2/user/:id',
    {
      config: { permission: 'admin', action: { page: 'Users', action: 'view' } },
      schema: { params: idParamsSchema, response: { 200: dataOf(userSchema) } },
    },
    async (request) => {
      const [row] = await db.select().from(users).where(eq(users.id, request.params.id)).limit(1);
      if (!row) throw new AppErrors.userNotFound();
      return { data: toUser(row, await roleName(db, row.rol_id)) };
    },
  );

  app.post<{ Body: UserCreate }>(
    '/api/v2/create-user',
    {
      config: { permission: 'admin', action: { page: 'Users', action: 'create' } },
      schema: { body: userCreateSchema, response: { 201: dataOf(userSchema) } },
    },
    async (request, reply) => {
      // The hosted service's accounts are made there (its admin API needs AWS credentials
      // this product does not hold); pretending here would leave a user who can never sign in.
      if (!builtinIdentity) throw new AppErrors.userHostedIdentity();
      const { password, ...fields } = request.body;
      const email = usernameOf(fields.email);
      const actor = actorOf(request);
      const created = await db.transaction(async (tx) => {
        const rolNombre = await assertRoleFits(tx, fields.rol_id, fields.pais);
        // An identity without an app user (left by hand, or by another product) is still taken.
        if (await findIdentity(tx, email)) throw new AppErrors.userDuplicateEmail();
        const [row] = await tx
          .insert(users)
          .values({
            email,
            nombre: fields.nombre.trim(),
            segundo_nombre: fields.segundo_nombre?.trim() || null,
            primer_apellido: fields.primer_apellido.trim(),
            segundo_apellido: fields.segundo_apellido.trim(),
            telefono: fields.telefono.trim(),
            cargo: fields.cargo.trim(),
            pais: fields.pais,
            rol_id: fields.rol_id,
            sexo: fields.sexo ?? null,
            estado: 'pending',
            permisos_x_view: normalisePermissions(fields.permisos_x_view ?? []),
            created_by: actor.email,
            updated_by: actor.email,
          })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!row) throw new AppErrors.userDuplicateEmail();
        // Pending identity: the first sign-in answers NEW_PASSWORD_REQUIRED.
        await createIdentity(tx, {
          email,
          password,
          givenName: row.nombre,
          familyName: row.primer_apellido,
          status: 'FORCE_CHANGE_PASSWORD',
          poolId: config.identity.poolId,
        });
        const user = toUser(row, rolNombre);
        await recordAudit(tx, request, { action: 'user.create', entity: 'user', entityId: row.id, before: null, after: user });
        return user;
      });
      return reply.status(201).send({ data: created });
    },
  );

  app.patch<{ Params: { id: number }; Body: UserUpdate }>(
    '/api/v2/user/:id',
    {
      config: { permission: 'admin', action: { page: 'Users', action: 'edit' } },
      schema: { params: idParamsSchema, body: userUpdateSchema, response: { 200: dataOf(userSchema) } },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      const actor = actorOf(request);
      const updated = await db.transaction(async (tx) => {
        const before = await lockUserById(tx, request.params.id);
        assertVersion(before.version, version);
        const pais = changes.pais ?? before.pais;
        const rolId = changes.rol_id ?? before.rol_id;
        const rolNombre = await assertRoleFits(tx, rolId, pais);
        const trimmed = Object.fromEntries(
          Object.entries(changes).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || null : value]),
        );
        const [row] = await tx
          .update(users)
          .set({ ...trimmed, ...touched(actor.email) })
          .where(eq(users.id, before.id))
          .returning();
        if (!row) throw new AppErrors.userNotFound();
        // The identity's names travel in the id token: keep them in step.
        if (builtinIdentity && (changes.nombre !== undefined || changes.primer_apellido !== undefined)) {
          await tx
            .update(idpUsers)
            .set({ given_name: row.nombre, family_name: row.primer_apellido, updated_at: sql`now()` })
            .where(eq(idpUsers.username, row.email));
        }
        const user = toUser(row, rolNombre);
        await recordAudit(tx, request, {
          action: 'user.update',
          entity: 'user',
          entityId: row.id,
          before: toUser(before, await roleName(tx, before.rol_id)),
          after: user,
        });
        return user;
      });
      return { data: updated };
    },
  );

  app.post<{ Params: { id: number }; Body: UserStatusChange }>(
    '/api/v2/user/:id/status',
    {
      config: { permission: 'admin', action: { page: 'Users', action: 'edit' } },
      schema: { params: idParamsSchema, body: userStatusChangeSchema, response: { 200: dataOf(userSchema) } },
    },
    async (request) => {
      const actor = actorOf(request);
      const updated = await db.transaction(async (tx) => {
        const before = await lockUserById(tx, request.params.id);
        assertVersion(before.version, request.body.version);
        const row = await applyAdminStatusChange(tx, actor, before, request.body.estado, { builtinIdentity });
        const rolNombre = await roleName(tx, row.rol_id);
        const user = toUser(row, rolNombre);
        await recordAudit(tx, request, {
          action: 'user.status',
          entity: 'user',
          entityId: row.id,
          before: toUser(before, rolNombre),
          after: user,
        });
        return user;
      });
      return { data: updated };
    },
  );
}
