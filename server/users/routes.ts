// Users (spec section 7, User admin v2): the current user's own record, and the administration
// of accounts: list, read, and the use cases create, edit and switch on or off. The
// administration routes need the `admin` view key and the role's action on the Users page
// (server/authz).
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
import { requireCaller } from '../authz/caller';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { perform } from '../kit/use-case';
import { changeUserStatus } from './change-user-status';
import { createUser } from './create-user';
import * as store from './store';
import { updateUser } from './update-user';

const USERS = (action: 'view' | 'create' | 'edit') => ({ permission: 'admin', action: { page: 'Users', action } }) as const;

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
  const identity = { builtinIdentity: config.identity.mode === 'builtin', poolId: config.identity.poolId };
  const creating = createUser(identity);
  const updating = updateUser(identity);
  const switching = changeUserStatus(identity);

  app.get<{ Params: { email: string } }>(
    '/api/v2/get-once/:email',
    { config: { permission: 'signed-in' }, schema: { params: signedInEmailParams, response: { 200: currentUserResponse } } },
    async (request) => ({ data: await store.readCurrentUser(db, requireCaller(request), request.params.email) }),
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
    async (request, reply) => perform(db, request, reply, creating, request.body),
  );

  app.patch<{ Params: { id: number }; Body: UserUpdate }>(
    '/api/v2/user/:id',
    { config: USERS('edit'), schema: { params: idParamsSchema, body: userUpdateSchema, response: { 200: dataOf(userSchema) } } },
    async (request, reply) => perform(db, request, reply, updating, { id: request.params.id, ...request.body }),
  );

  app.post<{ Params: { id: number }; Body: UserStatusChange }>(
    '/api/v2/user/:id/status',
    { config: USERS('edit'), schema: { params: idParamsSchema, body: userStatusChangeSchema, response: { 200: dataOf(userSchema) } } },
    async (request, reply) => perform(db, request, reply, switching, { id: request.params.id, ...request.body }),
  );
}
