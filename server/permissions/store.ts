// The SQL of the view keys: the catalogue, and a user's keys read, locked and written in the
// one shape the permission calls show, so a write answers without reading again. Which user a
// call names is said as in the users area (server/users/store.ts: userById, userByEmail).
import { asc, eq, type SQL } from 'drizzle-orm';
import type { PermissionKey } from '../../schemas/permission-key.schema';
import type { UserPermissions } from '../../schemas/permissions.schema';
import type { Db } from '../db/client';
import { permissionsCatalogue, users } from '../db/schema/app';
import { editStamp, lockedRow } from '../db/versioned';
import { AppErrors } from '../errors/catalogue';

const userPermissionColumns = {
  id: users.id,
  email: users.email,
  nombre: users.nombre,
  primer_apellido: users.primer_apellido,
  estado: users.estado,
  version: users.version,
  permisos: users.permisos_x_view,
};

/** The view-key catalogue, in menu order. */
export async function listCatalogue(db: Db) {
  return db.select().from(permissionsCatalogue).orderBy(asc(permissionsCatalogue.orden));
}

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
