// Users (spec section 7, User admin v2): the current user's own record, and the administration
// of accounts: list, read, create, edit and switch on or off. The administration routes need
// the `admin` view key and the role's action on the Users page (server/authz); every write is
// one transaction with its audit row (server/db/versioned).
import type { FastifyInstance } from 'fastify';
import { currentUserSchema } from '../../schemas/current-user.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import {
  userCreateSchema,
  userSchema,
  userStatusChangeSchema,
  userUpdateSchema,
  type UserCreate,
  type UserStatusChange,
  type UserUpdate,
} from '../../schemas/user.schema';
import { grantedPageActions, roleOf } from '../authz/authorize';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { findUserByEmail } from '../db/users';
import { mutate } from '../db/versioned';
import { AppErrors, withDetails } from '../errors/catalogue';
import { createIdentity, findIdentity, setIdentityNames, usernameOf } from '../idp/identities';
import { actorOf } from '../audit/store';
import { mayReadUser, newUserValues, roleFitProblems, userChanges } from './rules';
import { applyAdminStatusChange } from './status';
import * as store from './store';

const USERS = (action: 'view' | 'create' | 'edit') => ({ permission: 'admin', action: { page: 'Users', action } }) as const;
const duplicateEmail = () => new AppErrors.userDuplicateEmail();

/** Any e-mail the caller signed in with (the identity service's own limits, not the admin form's). */
const signedInEmailParams = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string', minLength: 1, maxLength: 320 } },
} as const;

/** A user, or the empty list the spec gives for "not found". */
const currentUserResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: { anyOf: [{ $ref: `${currentUserSchema.$id}#` }, { type: 'array', maxItems: 0 }] } },
} as const;

export default async function userRoutes(app: FastifyInstance, { config, db }: { config: AppConfig; db: Db }) {
  const builtinIdentity = config.identity.mode === 'builtin';

  /** 400 on `/rol_id` unless role `rolId` exists in country `pais`. */
  async function assertRoleFits(tx: Db, rolId: number | null, pais: string | null): Promise<void> {
    const problems = roleFitProblems(rolId, pais, await roleOf(tx, { rol_id: rolId }));
    if (problems.length > 0) throw withDetails(new AppErrors.userRoleInvalid(), problems);
  }

  app.get<{ Params: { email: string } }>(
    '/api/v2/get-once/:email',
    { config: { permission: 'signed-in' }, schema: { params: signedInEmailParams, response: { 200: currentUserResponse } } },
    async (request) => {
      const reader = request.user;
      // The auth hook guarantees a user on a 'signed-in' route; this keeps the types honest.
      if (!reader) throw new AppErrors.authUnauthenticated();
      const { email } = request.params;
      if (!mayReadUser(reader, email)) throw new AppErrors.authForbidden();
      const row = await findUserByEmail(db, email);
      if (!row) return { data: [] };
      return { data: { ...store.toCurrentUser(row), permisos_x_pagina: grantedPageActions(row, await roleOf(db, row)) } };
    },
  );

  app.get('/api/v2/user', { config: USERS('view'), schema: { response: { 200: dataListOf(userSchema) } } }, async () => ({
    data: await store.listUsers(db),
  }));

  app.get<{ Params: { id: number } }>(
    '/api/v2/user/:id',
    { config: USERS('view'), schema: { params: idParamsSchema, response: { 200: dataOf(userSchema) } } },
    async (request) => ({ data: await store.readUser(db, request.params.id) }),
  );

  app.post<{ Body: UserCreate }>(
    '/api/v2/create-user',
    { config: USERS('create'), schema: { body: userCreateSchema, response: { 201: dataOf(userSchema) } } },
    async (request, reply) => {
      // The hosted service's accounts are made there (its admin API needs AWS credentials
      // this product does not hold); pretending here would leave a user who can never sign in.
      if (!builtinIdentity) throw new AppErrors.userHostedIdentity();
      const { password, ...fields } = request.body;
      const email = usernameOf(fields.email);
      const created = await mutate(
        db,
        request,
        { action: 'user.create', entity: 'user' },
        async (tx) => {
          await assertRoleFits(tx, fields.rol_id, fields.pais);
          // An identity without an app user (left by hand, or by another product) is still taken.
          if (await findIdentity(tx, email)) throw duplicateEmail();
          const after = await store.insertUser(tx, newUserValues(fields, email), actorOf(request).email);
          // Pending identity: the first sign-in answers NEW_PASSWORD_REQUIRED.
          await createIdentity(tx, {
            email,
            password,
            givenName: after.nombre,
            familyName: after.primer_apellido,
            status: 'FORCE_CHANGE_PASSWORD',
            poolId: config.identity.poolId,
          });
          return { id: after.id, before: null, after };
        },
        // The same e-mail created twice at once: the unique index refuses the second.
        { unique: duplicateEmail },
      );
      return reply.status(201).send({ data: created });
    },
  );

  app.patch<{ Params: { id: number }; Body: UserUpdate }>(
    '/api/v2/user/:id',
    { config: USERS('edit'), schema: { params: idParamsSchema, body: userUpdateSchema, response: { 200: dataOf(userSchema) } } },
    async (request) => {
      const { id } = request.params;
      const { version, ...changes } = request.body;
      const updated = await mutate(db, request, { action: 'user.update', entity: 'user' }, async (tx) => {
        const before = await store.lockUser(tx, store.userById(id), version);
        await assertRoleFits(tx, changes.rol_id ?? before.rol_id, changes.pais ?? before.pais);
        const after = await store.updateUser(tx, id, userChanges(changes), actorOf(request).email);
        // The identity's names travel in the id token: keep them in step.
        if (builtinIdentity && (changes.nombre !== undefined || changes.primer_apellido !== undefined)) {
          await setIdentityNames(tx, after.email, { givenName: after.nombre, familyName: after.primer_apellido });
        }
        return { id, before, after };
      });
      return { data: updated };
    },
  );

  app.post<{ Params: { id: number }; Body: UserStatusChange }>(
    '/api/v2/user/:id/status',
    { config: USERS('edit'), schema: { params: idParamsSchema, body: userStatusChangeSchema, response: { 200: dataOf(userSchema) } } },
    async (request) => {
      const { id } = request.params;
      const { estado, version } = request.body;
      const updated = await mutate(db, request, { action: 'user.status', entity: 'user' }, async (tx) => {
        const before = await store.lockUser(tx, store.userById(id), version);
        return { id, before, after: await applyAdminStatusChange(tx, actorOf(request), before, estado, { builtinIdentity }) };
      });
      return { data: updated };
    },
  );
}
