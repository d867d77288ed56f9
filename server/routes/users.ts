// User routes of spec section 7 (v2) built in the walking skeleton: the current-user look-up.
import type { FastifyInstance } from 'fastify';
import { currentUserSchema, type CurrentUser } from '../../schemas/current-user.schema';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/app';
import { grantedPageActions, roleOf } from '../authz/authorize';
import { findUserByEmail } from '../db/users';
import { AppErrors } from '../errors/catalogue';
import { hasPermission } from '../plugins/auth';

export interface UserRoutesOptions {
  db: Db;
}

/** The current-user view of a row: only the fields of the current-user schema leave the server. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    nombre: row.nombre,
    segundo_nombre: row.segundo_nombre,
    primer_apellido: row.primer_apellido,
    segundo_apellido: row.segundo_apellido,
    estado: row.estado as CurrentUser['estado'],
    permisos_x_view: row.permisos_x_view as CurrentUser['permisos_x_view'],
  };
}

/** Whether `reader` may read the record of `email`: themselves always, anyone else with admin. */
export function mayReadUser(reader: UserRow, email: string): boolean {
  // Everyone may load their own record: the app shell needs it to start.
  if (reader.email === email.trim().toLowerCase()) return true;
  // Other people's records are user administration.
  return hasPermission(reader, 'admin');
}

export default async function userRoutes(app: FastifyInstance, options: UserRoutesOptions) {
  const { db } = options;

  app.get<{ Params: { email: string } }>(
    '/api/v2/get-once/:email',
    {
      config: { permission: 'signed-in' },
      schema: {
        params: {
          type: 'object',
          required: ['email'],
          properties: { email: { type: 'string', minLength: 1, maxLength: 320 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['data'],
            properties: {
              // A user, or the empty list the spec gives for "not found".
              data: { anyOf: [{ $ref: `${currentUserSchema.$id}#` }, { type: 'array', maxItems: 0 }] },
            },
          },
        },
      },
    },
    async (request) => {
      const reader = request.user;
      // The auth hook guarantees a user on a 'signed-in' route; this keeps the types honest.
      if (!reader) throw new AppErrors.authUnauthenticated();
      const { email } = request.params;
      if (!mayReadUser(reader, email)) throw new AppErrors.authForbidden();
      const row = await findUserByEmail(db, email);
      if (!row) return { data: [] };
      return { data: { ...toCurrentUser(row), permisos_x_pagina: grantedPageActions(row, await roleOf(db, row)) } };
    },
  );
}
