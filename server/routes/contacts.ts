// Contacts of companies (issue 4; spec section 7, Contacts): list, read, update and delete
// under /contact/api/v1. Creation goes through the gateway route (gateway.ts), which calls
// `createContact` here. Every route needs the `relaciones` view key and the role's action on
// the Companies page; every write is one transaction with its audit row.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  contactDeleteSchema,
  contactSchema,
  contactUpdateSchema,
  type Contact,
  type ContactCreate,
  type ContactDelete,
  type ContactType,
  type ContactUpdate,
} from '../../schemas/contact.schema';
import type { Db } from '../db/client';
import { contactos, empresas, type ContactoRow } from '../db/schema/relations-companies';
import { AppErrors, withDetails } from '../errors/catalogue';
import { actorOf, recordAudit } from '../plugins/audit';
import { assertVersion, dataListOf, dataOf, idParamsSchema } from './admin-shared';

export interface ContactRoutesOptions {
  db: Db;
}

const iso = (value: Date) => value.toISOString();

/** A stored contact as the API returns it (with its company's name when known). */
export function toContact(row: ContactoRow, empresaRazonSocial?: string | null): Contact {
  return {
    id: row.id,
    empresa_id: row.empresa_id,
    ...(empresaRazonSocial ? { empresa_razon_social: empresaRazonSocial } : {}),
    tipo_contacto: row.tipo_contacto as ContactType,
    nombre: row.nombre,
    email: row.email,
    telefono: row.telefono,
    extension: row.extension,
    celular: row.celular,
    cargo: row.cargo,
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

/**
 * Strings as stored: trimmed, and an optional field left blank becomes null (a blank
 * extension is no extension).
 */
export function cleaned<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || null : value]),
  ) as T;
}

/** The columns of a contact from the fields of a contact body. */
export function contactValues(fields: Omit<ContactCreate, 'empresa_id'>) {
  const clean = cleaned(fields);
  return {
    tipo_contacto: clean.tipo_contacto ?? 'comercial',
    nombre: clean.nombre,
    email: clean.email,
    telefono: clean.telefono,
    extension: clean.extension ?? null,
    celular: clean.celular,
    cargo: clean.cargo,
  };
}

/**
 * Marks company `id` as changed by a change to one of its contacts and gives its business
 * name; 400 on `/empresa_id` when there is no such company. The company's version covers its
 * contacts (its edit form sends the whole list), so an edit form opened before this change
 * gets 409 instead of silently undoing it. Locks the company row: callers take it before the
 * contact's, in the order the company update takes them.
 */
async function touchCompany(tx: Db, id: number, actor: string | null): Promise<string> {
  const [company] = await tx
    .update(empresas)
    .set({ version: sql`${empresas.version} + 1`, updated_at: sql`now()`, updated_by: actor })
    .where(eq(empresas.id, id))
    .returning({ razon_social: empresas.razon_social });
  if (!company) {
    throw withDetails(new AppErrors.requestInvalid(), [
      { instancePath: '/empresa_id', keyword: 'exists', message: 'there is no such company' },
    ]);
  }
  return company.razon_social;
}

/** 409 when contact `id` is the last one of company `empresaId` (a company keeps one). */
async function assertNotLastContact(tx: Db, empresaId: number, id: number): Promise<void> {
  const others = await tx
    .select({ id: contactos.id })
    .from(contactos)
    .where(and(eq(contactos.empresa_id, empresaId), ne(contactos.id, id)))
    .limit(1);
  if (others.length === 0) throw new AppErrors.contactLast();
}

/** Creates a contact of an existing company with its audit row (the gateway's create). */
export async function createContact(db: Db, request: FastifyRequest, body: ContactCreate): Promise<Contact> {
  const actor = actorOf(request);
  const { empresa_id, ...fields } = body;
  return db.transaction(async (tx) => {
    const razonSocial = await touchCompany(tx, empresa_id, actor.email);
    const [row] = await tx
      .insert(contactos)
      .values({ empresa_id, ...contactValues(fields), created_by: actor.email, updated_by: actor.email })
      .returning();
    if (!row) throw new Error('contact insert returned no row');
    const contact = toContact(row, razonSocial);
    await recordAudit(tx, request, { action: 'contact.create', entity: 'contact', entityId: row.id, before: null, after: contact });
    return contact;
  });
}

/**
 * Locks contact `id` after its companies (`alsoCompany`: the one it moves to): every company
 * it belongs to is touched first, in id order, then the contact row is locked.
 */
async function lockContact(tx: Db, id: number, actor: string | null, alsoCompany?: number): Promise<{ row: ContactoRow; names: Map<number, string> }> {
  const [found] = await tx.select({ empresa_id: contactos.empresa_id }).from(contactos).where(eq(contactos.id, id));
  if (!found) throw new AppErrors.contactNotFound();
  const companies = [...new Set([found.empresa_id, alsoCompany ?? found.empresa_id])].sort((a, b) => a - b);
  const names = new Map<number, string>();
  for (const empresaId of companies) names.set(empresaId, await touchCompany(tx, empresaId, actor));
  const [row] = await tx.select().from(contactos).where(eq(contactos.id, id)).for('update');
  // Deleted, or moved to another company, between the first read and the lock.
  if (!row || !names.has(row.empresa_id)) throw new AppErrors.contactNotFound();
  return { row, names };
}

const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { empresa_id: { type: 'integer', minimum: 1 } },
} as const;

export default async function contactRoutes(app: FastifyInstance, options: ContactRoutesOptions) {
  const { db } = options;

  app.get<{ Querystring: { empresa_id?: number } }>(
    '/contact/api/v1/get',
    {
      config: { permission: 'relaciones', action: { page: 'Companies', action: 'view' } },
      schema: { querystring: listQuerySchema, response: { 200: dataListOf(contactSchema) } },
    },
    async (request) => {
      const { empresa_id } = request.query;
      const rows = await db
        .select({ contact: contactos, razon_social: empresas.razon_social })
        .from(contactos)
        .innerJoin(empresas, eq(contactos.empresa_id, empresas.id))
        .where(empresa_id === undefined ? undefined : eq(contactos.empresa_id, empresa_id))
        .orderBy(asc(empresas.razon_social), asc(contactos.nombre), asc(contactos.id));
      return { data: rows.map((row) => toContact(row.contact, row.razon_social)) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/contact/api/v1/get-once/:id',
    {
      config: { permission: 'relaciones', action: { page: 'Companies', action: 'view' } },
      schema: { params: idParamsSchema, response: { 200: dataOf(contactSchema) } },
    },
    async (request) => {
      const [row] = await db
        .select({ contact: contactos, razon_social: empresas.razon_social })
        .from(contactos)
        .innerJoin(empresas, eq(contactos.empresa_id, empresas.id))
        .where(eq(contactos.id, request.params.id))
        .limit(1);
      if (!row) throw new AppErrors.contactNotFound();
      return { data: toContact(row.contact, row.razon_social) };
    },
  );

  app.post<{ Body: ContactUpdate }>(
    '/contact/api/v1/update',
    {
      config: { permission: 'relaciones', action: { page: 'Companies', action: 'edit' } },
      schema: { body: contactUpdateSchema, response: { 200: dataOf(contactSchema) } },
    },
    async (request) => {
      const { id, version, ...changes } = request.body;
      const actor = actorOf(request);
      const updated = await db.transaction(async (tx) => {
        const { row: before, names } = await lockContact(tx, id, actor.email, changes.empresa_id);
        assertVersion(before.version, version);
        const moving = changes.empresa_id !== undefined && changes.empresa_id !== before.empresa_id;
        if (moving) await assertNotLastContact(tx, before.empresa_id, id);
        const razonSocial = names.get(changes.empresa_id ?? before.empresa_id) ?? '';
        const [row] = await tx
          .update(contactos)
          .set({
            ...cleaned(changes),
            updated_at: sql`now()`,
            updated_by: actor.email,
            version: sql`${contactos.version} + 1`,
          })
          .where(eq(contactos.id, id))
          .returning();
        if (!row) throw new AppErrors.contactNotFound();
        const contact = toContact(row, razonSocial);
        await recordAudit(tx, request, {
          action: 'contact.update',
          entity: 'contact',
          entityId: id,
          before: toContact(before),
          after: contact,
        });
        return contact;
      });
      return { data: updated };
    },
  );

  app.post<{ Body: ContactDelete }>(
    '/contact/api/v1/delete',
    {
      config: { permission: 'relaciones', action: { page: 'Companies', action: 'delete' } },
      schema: { body: contactDeleteSchema, response: { 200: dataOf(contactSchema) } },
    },
    async (request) => {
      const { id } = request.body;
      const deleted = await db.transaction(async (tx) => {
        const { row: before } = await lockContact(tx, id, actorOf(request).email);
        await assertNotLastContact(tx, before.empresa_id, id);
        await tx.delete(contactos).where(eq(contactos.id, id));
        const contact = toContact(before);
        await recordAudit(tx, request, { action: 'contact.delete', entity: 'contact', entityId: id, before: contact, after: null });
        return contact;
      });
      return { data: deleted };
    },
  );
}
