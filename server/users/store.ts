// The SQL of the users area: a user is read, locked and written in the one shape the admin API
// shows (its columns plus its role's name), so a write answers without reading again.
import { asc, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../../schemas/current-user.schema';
import type { PermissionKey } from '../../schemas/permission-key.schema';
import type { UserPermissions } from '../../schemas/permissions.schema';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema/app';
import { createStamp, editStamp, lockedRow, wireRow } from '../db/versioned';
import { AppErrors } from '../errors/catalogue';
import { grantedPageActions, roleOf } from '../authz/authorize';
import { findUserByEmail } from '../db/users';
import { mayReadUser, type UserValues } from './rules';

const userColumns = {
  ...getTableColumns(users),
  rol_nombre: sql<string | null>`(select r."nombre" from "roles" r where r."id" = "users"."rol_id")`,
};

type UserRead = UserRow & { rol_nombre: string | null };

/** The admin view of a user: its columns and its role's name; nothing of its identity. */
export function toUser(row: UserRead) {
  return wireRow(row);
}

/** A user as the admin API returns it (`User`, with the columns' own types). */
export type UserWire = ReturnType<typeof toUser>;

/** The current-user view of a row: only the fields of the current-user schema leave the server. */
export function toCurrentUser(row: UserRow): CurrentUser {
  const { id, email, nombre, segundo_nombre, primer_apellido, segundo_apellido, estado, permisos_x_view } = row;
  return { id, email, nombre, segundo_nombre, primer_apellido, segundo_apellido, estado, permisos_x_view };
}

/** Which user a call names: by id, or by e-mail in any case (e-mails are stored lower-case). */
export function userById(id: number): SQL {
  return eq(users.id, id);
}

export function userByEmail(email: string): SQL {
  return eq(users.email, email.trim().toLowerCase());
}

/** Every user, by id. */
export async function listUsers(db: Db): Promise<UserWire[]> {
  const rows = await db.select(userColumns).from(users).orderBy(asc(users.id));
  return rows.map(toUser);
}

/** The user `id`; 404 when there is none. */
export async function readUser(db: Db, id: number): Promise<UserWire> {
  const [row] = await db.select(userColumns).from(users).where(userById(id));
  if (!row) throw new AppErrors.userNotFound();
  return toUser(row);
}

/** The user `which` names, locked for the rest of the transaction, after the version check of an edit (`sent`). */
export async function lockUser(tx: Db, which: SQL, sent?: number): Promise<UserWire> {
  return toUser(lockedRow(await lockedUsers(tx, which), sent, AppErrors.userNotFound));
}

/** The user `which` names, locked for the rest of the transaction; undefined when there is none. */
export async function findLockedUser(tx: Db, which: SQL): Promise<UserWire | undefined> {
  const [row] = await lockedUsers(tx, which);
  return row && toUser(row);
}

function lockedUsers(tx: Db, which: SQL) {
  return tx.select(userColumns).from(users).where(which).for('update', { of: users });
}

export async function insertUser(tx: Db, values: UserValues, actor: string | null): Promise<UserWire> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, ...createStamp(actor) })
    .returning(userColumns);
  return toUser(row!);
}

export async function updateUser(tx: Db, id: number, changes: Partial<UserValues>, actor: string | null): Promise<UserWire> {
  const [row] = await tx
    .update(users)
    .set({ ...changes, ...editStamp(users, actor) })
    .where(userById(id))
    .returning(userColumns);
  return toUser(row!);
}

/** The id of the user with this e-mail, case aside (who computed a settlement), or null when none has it. */
export async function userIdByEmail(db: Db, email: string | null | undefined): Promise<number | null> {
  if (!email) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row?.id ?? null;
}

/**
 * The record of `email` as `reader` may read it (their own, or anyone's with admin: 403
 * otherwise), with the page actions their role grants; the empty list the spec gives for none.
 */
export async function readCurrentUser(db: Db, reader: UserRow, email: string): Promise<CurrentUser | []> {
  if (!mayReadUser(reader, email)) throw new AppErrors.authForbidden();
  const row = await findUserByEmail(db, email);
  if (!row) return [];
  return { ...toCurrentUser(row), permisos_x_pagina: grantedPageActions(row, await roleOf(db, row)) };
}

// ---- A user's view keys, in the one shape the permission calls show (a write answers without reading again).

const userPermissionColumns = {
  id: users.id,
  email: users.email,
  nombre: users.nombre,
  primer_apellido: users.primer_apellido,
  estado: users.estado,
  version: users.version,
  permisos: users.permisos_x_view,
};

/** Every user's keys, by user id. */
export async function listUserPermissions(db: Db): Promise<UserPermissions[]> {
  return db.select(userPermissionColumns).from(users).orderBy(asc(users.id));
}

/** The keys of the user `which` names; 404 when there is none. */
export async function readUserPermissions(db: Db, which: SQL): Promise<UserPermissions> {
  const [row] = await db.select(userPermissionColumns).from(users).where(which);
  if (!row) throw new AppErrors.userNotFound();
  return row;
}

/** The keys of the user `which` names, locked for the rest of the transaction, after the version check (`sent`). */
export async function lockUserPermissions(tx: Db, which: SQL, sent: number | undefined) {
  const rows = await tx.select(userPermissionColumns).from(users).where(which).for('update');
  return lockedRow(rows, sent, AppErrors.userNotFound);
}

export async function updateUserPermissions(tx: Db, id: number, permisos: PermissionKey[], actor: string | null) {
  const [row] = await tx
    .update(users)
    .set({ permisos_x_view: permisos, ...editStamp(users, actor) })
    .where(eq(users.id, id))
    .returning(userPermissionColumns);
  return row!;
}

/** How many users hold role `id`. */
export async function countUsersWithRole(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.rol_id, id));
  return Number(row?.n ?? 0);
}
