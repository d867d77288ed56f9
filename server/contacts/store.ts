// The SQL of the contacts area: a contact is read, locked and written in the one shape the API
// shows (its columns plus its company's name), so a write answers without reading again, and
// its audit row's before and after have the same fields (the record kit's store). A company's
// version covers its contacts (its edit form sends the whole list): every contact write raises
// it, so an edit form opened before the change gets 409 instead of silently undoing it.
import { and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Contact } from '../../schemas/contact.schema';
import type { Db } from '../db/client';
import { contactos, type ContactoRow } from '../db/schema/relations-companies';
import { touchCompany } from '../companies/touch';
import { createStamp, wireRow } from '../db/versioned';
import { errorForCode } from '../errors/catalogue';
import { recordStore } from '../kit/record-store';
import type { ContactValues } from './rules';

const contactColumns = {
  ...getTableColumns(contactos),
  empresa_razon_social: sql<string>`(select e."razon_social" from "empresas" e where e."id" = "contactos"."empresa_id")`,
};

type ContactRead = ContactoRow & { empresa_razon_social: string };

/** A contact as the API returns it. */
export function toContact(row: ContactRead): Contact {
  return wireRow(row);
}

/** Contacts read, locked, inserted, updated and deleted in the API's shape. */
export const contactStore = recordStore({ table: contactos, columns: contactColumns, notFound: 'APP_ERR_CONTACT_NOT_FOUND', toWire: toContact });

/** Every contact (of one company when `empresaId` is given), by company name, then name. */
export function listContacts(db: Db, empresaId?: number): Promise<Contact[]> {
  const where = empresaId === undefined ? undefined : eq(contactos.empresa_id, empresaId);
  return contactStore.list(db, where, [asc(contactColumns.empresa_razon_social), asc(contactos.nombre), asc(contactos.id)]);
}

/**
 * Contact `id` locked for the rest of the transaction after its companies (`alsoCompany`: the
 * one it moves to): every company it belongs to is touched first, in id order, then the
 * contact is locked and its version checked (`sent`).
 */
export async function lockContact(
  tx: Db,
  id: number,
  actor: string | null,
  options: { sent?: number; alsoCompany?: number } = {},
): Promise<Contact> {
  const [found] = await tx.select({ empresa_id: contactos.empresa_id }).from(contactos).where(eq(contactos.id, id));
  if (!found) throw errorForCode('APP_ERR_CONTACT_NOT_FOUND');
  const companies = [...new Set([found.empresa_id, options.alsoCompany ?? found.empresa_id])].sort((a, b) => a - b);
  for (const empresaId of companies) await touchCompany(tx, empresaId, actor);
  // Deleted, or moved to another company, between the first read and the lock: not found.
  return contactStore.lock(tx, id, options.sent, inArray(contactos.empresa_id, companies));
}

/** The contacts of a company just written (its version is the company's own business). */
export async function insertContacts(tx: Db, empresaId: number, values: readonly ContactValues[], actor: string | null): Promise<Contact[]> {
  if (values.length === 0) return [];
  const rows = await tx
    .insert(contactos)
    .values(values.map((contact) => ({ empresa_id: empresaId, ...contact, ...createStamp(actor) })))
    .returning(contactColumns);
  return rows.map(toContact).sort((a, b) => a.id - b.id);
}

/** Whether company `empresaId` has a contact besides `id`. */
export async function hasOtherContacts(tx: Db, empresaId: number, id: number): Promise<boolean> {
  const others = await tx
    .select({ id: contactos.id })
    .from(contactos)
    .where(and(eq(contactos.empresa_id, empresaId), ne(contactos.id, id)))
    .limit(1);
  return others.length > 0;
}
