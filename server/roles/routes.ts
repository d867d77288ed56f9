// Roles (spec section 6): a country and a matrix of page actions. Managing roles needs only
// the `admin` view key (server/authz/authorize.ts explains why). Every write is one
// transaction with its audit row (server/db/versioned).
import type { FastifyInstance } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import { roleCreateSchema, roleSchema, roleUpdateSchema, type RoleCreate, type RoleUpdate } from '../../schemas/role.schema';
import type { Db } from '../db/client';
import { mutate } from '../db/versioned';
import { AppErrors } from '../errors/catalogue';
import { actorOf } from '../plugins/audit';
import { movesCountry, roleValues, updatedRole, viewRuleRefusal } from './rules';
import * as store from './store';

const ADMIN = { permission: 'admin' } as const;
// One name per country, whatever its case: the unique index decides, also between two editors.
const duplicate = { unique: () => new AppErrors.roleDuplicate() };
const inUse = () => new AppErrors.roleInUse();

export default async function roleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/v2/roles', { config: ADMIN, schema: { response: { 200: dataListOf(roleSchema) } } }, async () => ({
    data: await store.listRoles(db),
  }));

  app.get<{ Params: { id: number } }>(
    '/api/v2/roles/:id',
    { config: ADMIN, schema: { params: idParamsSchema, response: { 200: dataOf(roleSchema) } } },
    async (request) => ({ data: await store.readRole(db, request.params.id) }),
  );

  app.post<{ Body: RoleCreate }>(
    '/api/v2/roles',
    { config: ADMIN, schema: { body: roleCreateSchema, response: { 201: dataOf(roleSchema) } } },
    async (request, reply) => {
      const refusal = viewRuleRefusal(request.body.permisos_x_pagina);
      if (refusal) throw refusal;
      const created = await mutate(
        db,
        request,
        { action: 'role.create', entity: 'role' },
        async (tx) => {
          const after = await store.insertRole(tx, roleValues(request.body), actorOf(request).email);
          return { id: after.id, before: null, after };
        },
        duplicate,
      );
      return reply.status(201).send({ data: created });
    },
  );

  app.patch<{ Params: { id: number }; Body: RoleUpdate }>(
    '/api/v2/roles/:id',
    { config: ADMIN, schema: { params: idParamsSchema, body: roleUpdateSchema, response: { 200: dataOf(roleSchema) } } },
    async (request) => {
      const { id } = request.params;
      const { version, ...changes } = request.body;
      // Only a matrix the update gives is checked: a role stored before the rule can still be renamed.
      const refusal = changes.permisos_x_pagina && viewRuleRefusal(changes.permisos_x_pagina);
      if (refusal) throw refusal;
      const updated = await mutate(
        db,
        request,
        { action: 'role.update', entity: 'role' },
        async (tx) => {
          const before = await store.lockRole(tx, id, version);
          const stored = store.valuesOf(before);
          const values = updatedRole(stored, changes);
          if (movesCountry(stored, values) && (await store.holderCount(tx, id)) > 0) throw inUse();
          return { id, before, after: await store.updateRole(tx, id, values, actorOf(request).email) };
        },
        duplicate,
      );
      return { data: updated };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/v2/roles/:id',
    { config: ADMIN, schema: { params: idParamsSchema, response: { 200: dataOf(roleSchema) } } },
    async (request) => {
      const { id } = request.params;
      const deleted = await mutate(
        db,
        request,
        { action: 'role.delete', entity: 'role' },
        async (tx) => {
          const before = await store.lockRole(tx, id);
          if ((await store.holderCount(tx, id)) > 0) throw inUse();
          await store.deleteRole(tx, id);
          return { id, before, after: null };
        },
        // A user given the role between the count and the delete: the foreign key refuses it.
        { foreignKey: inUse },
      );
      return { data: deleted };
    },
  );
}
