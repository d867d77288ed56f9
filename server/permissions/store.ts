// The SQL of the view keys: the catalogue. A user's keys are a column of the users table,
// read and written by the users area (server/users/store.ts: readUserPermissions, ...).
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { permissionsCatalogue } from '../db/schema/app';


/** The view-key catalogue, in menu order. */
export async function listCatalogue(db: Db) {
  return db.select().from(permissionsCatalogue).orderBy(asc(permissionsCatalogue.orden));
}
