// Companies (issue 4; spec section 7, Companies): list, read with children, create (company,
// contacts, bank coordinates and documents in ONE transaction), update (child lists given
// replace the stored ones) and delete (409 while contracts refer to the company). Every
// route needs the `relaciones` view key and the role's action on the Companies page; every
// write carries its audit row in the same transaction.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  companyCreateSchema,
  companyListItemSchema,
  companySchema,
  companyUpdateSchema,
  type BankCoordinates,
  type BankCoordinatesInput,
  type Company,
  type CompanyContractType,
  type CompanyCreate,
  type CompanyDocument,
  type CompanyDocumentInput,
  type CompanyDocumentType,
  type CompanyListItem,
  type CompanyUpdate,
  type Currency,
  type IdType,
} from '../../schemas/company.schema';
import type { CountryCode } from '../../schemas/role.schema';
import type { Db } from '../db/client';
import { files } from '../db/schema/files';
import {
  contactos,
  coordenadasBancarias,
  empresaDocumentos,
  empresas,
  type CoordenadaBancariaRow,
  type EmpresaRow,
} from '../db/schema/relations-companies';
import { contratos } from '../db/schema/relations-contracts';
import { AppErrors, withDetails, type ErrorDetail } from '../errors/catalogue';
import { actorOf, recordAudit } from '../plugins/audit';
import { assertVersion, dataListOf, dataOf, idParamsSchema, isUniqueViolation } from './admin-shared';
import { cleaned, contactValues, toContact } from './contacts';

export interface CompanyRoutesOptions {
  db: Db;
}

const iso = (value: Date) => value.toISOString();

const editedRow = (row: Pick<EmpresaRow, 'version' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by'>) => ({
  version: row.version,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
  created_by: row.created_by,
  updated_by: row.updated_by,
});

function companyColumns(row: EmpresaRow) {
  return {
    id: row.id,
    razon_social: row.razon_social,
    codigo_agente: row.codigo_agente,
    pais: row.pais as CountryCode,
    nit: row.nit,
    representante_legal: row.representante_legal,
    direccion_legal: row.direccion_legal,
    tipo_identificacion: row.tipo_identificacion as IdType,
    identificacion_representante: row.identificacion_representante,
    tipo_contrato: row.tipo_contrato as CompanyContractType,
    relacion_comercial: row.relacion_comercial,
    codigo_cenace_importacion: row.codigo_cenace_importacion,
    codigo_cenace_exportacion: row.codigo_cenace_exportacion,
    ...editedRow(row),
  };
}

function toBank(row: CoordenadaBancariaRow): BankCoordinates {
  const { created_at, updated_at, created_by, updated_by, version, pais_destino, moneda, ...rest } = row;
  return {
    ...rest,
    pais_destino: pais_destino as CountryCode,
    moneda: moneda as Currency,
    ...editedRow({ created_at, updated_at, created_by, updated_by, version }),
  };
}

/** The company `id` with its contacts, bank accounts and documents; null when absent. */
export async function readCompany(db: Db, id: number): Promise<Company | null> {
  const [row] = await db.select().from(empresas).where(eq(empresas.id, id)).limit(1);
  if (!row) return null;
  // One after the other: `db` may be a transaction, which runs one statement at a time.
  const contacts = await db.select().from(contactos).where(eq(contactos.empresa_id, id)).orderBy(asc(contactos.id));
  const banks = await db
    .select()
    .from(coordenadasBancarias)
    .where(eq(coordenadasBancarias.empresa_id, id))
    .orderBy(asc(coordenadasBancarias.id));
  const documents = await db
    .select({ document: empresaDocumentos, nombre: files.nombre, tipo_mime: files.tipo_mime })
    .from(empresaDocumentos)
    .leftJoin(files, eq(empresaDocumentos.key, files.key))
    .where(eq(empresaDocumentos.empresa_id, id))
    .orderBy(asc(empresaDocumentos.id));
  return {
    ...companyColumns(row),
    contactos: contacts.map((contact) => toContact(contact, row.razon_social)),
    coordenadas_bancarias: banks.map(toBank),
    documentos: documents.map(
      ({ document, nombre, tipo_mime }): CompanyDocument => ({
        id: document.id,
        empresa_id: document.empresa_id,
        tipo: document.tipo as CompanyDocumentType,
        key: document.key,
        nombre,
        tipo_mime,
        created_at: iso(document.created_at),
        created_by: document.created_by,
      }),
    ),
  };
}

const invalid = (details: ErrorDetail[]) => withDetails(new AppErrors.requestInvalid(), details);

/**
 * Each document kind at most once, and every key an uploaded file: 400 with a detail on the
 * offending item otherwise, so step 2 of the wizard marks it.
 */
async function assertDocuments(tx: Db, documents: readonly CompanyDocumentInput[]): Promise<void> {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  documents.forEach((document, index) => {
    if (seen.has(document.tipo)) {
      details.push({ instancePath: `/documentos/${index}/tipo`, keyword: 'unique', message: 'this document kind is given twice' });
    }
    seen.add(document.tipo);
  });
  const keys = [...new Set(documents.map((document) => document.key))];
  if (keys.length > 0) {
    const found = new Set(
      (await tx.select({ key: files.key }).from(files).where(inArray(files.key, keys))).map((row) => row.key),
    );
    documents.forEach((document, index) => {
      if (!found.has(document.key)) {
        details.push({ instancePath: `/documentos/${index}/key`, keyword: 'exists', message: 'there is no uploaded file with this key' });
      }
    });
  }
  if (details.length > 0) throw invalid(details);
}

function bankValues(fields: BankCoordinatesInput) {
  return cleaned({ ...fields });
}

type Stamp = { created_by: string | null; updated_by: string | null };

async function insertDocuments(tx: Db, empresaId: number, documents: readonly CompanyDocumentInput[], actor: string | null) {
  if (documents.length === 0) return;
  await tx
    .insert(empresaDocumentos)
    .values(documents.map((document) => ({ empresa_id: empresaId, tipo: document.tipo, key: document.key, created_by: actor })));
}

/**
 * Replaces a company's stored children of one kind with `items`: an item with the id of a
 * stored child updates it (its version goes up), one without an id is added, and a stored
 * child missing from the list is removed. An id of another company's child is a 400.
 */
async function replaceChildren<Item extends { id?: number }>(
  tx: Db,
  options: {
    table: typeof contactos | typeof coordenadasBancarias;
    empresaId: number;
    listName: 'contactos' | 'coordenadas_bancarias';
    items: readonly Item[];
    values: (item: Omit<Item, 'id'>) => Record<string, unknown>;
    stamp: Stamp;
  },
): Promise<void> {
  const { table, empresaId, listName, items, values, stamp } = options;
  const stored = new Set(
    (await tx.select({ id: table.id }).from(table).where(eq(table.empresa_id, empresaId))).map((row) => row.id),
  );
  const details: ErrorDetail[] = [];
  const kept = new Set<number>();
  items.forEach((item, index) => {
    if (item.id === undefined) return;
    if (!stored.has(item.id) || kept.has(item.id)) {
      details.push({ instancePath: `/${listName}/${index}/id`, keyword: 'exists', message: 'not a child of this company' });
    }
    kept.add(item.id);
  });
  if (details.length > 0) throw invalid(details);
  const removed = [...stored].filter((id) => !kept.has(id));
  if (removed.length > 0) await tx.delete(table).where(inArray(table.id, removed));
  for (const item of items) {
    const { id, ...fields } = item;
    if (id === undefined) {
      await tx.insert(table).values({ empresa_id: empresaId, ...values(fields), ...stamp } as never);
    } else {
      await tx
        .update(table)
        .set({ ...values(fields), updated_by: stamp.updated_by, updated_at: sql`now()`, version: sql`${table.version} + 1` } as never)
        .where(and(eq(table.id, id), eq(table.empresa_id, empresaId)));
    }
  }
}

/** A duplicate tax id in the same country: 409 with the detail on `/nit`. */
function duplicateOr(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  return withDetails(new AppErrors.companyDuplicate(), [
    { instancePath: '/nit', keyword: 'unique', message: 'a company with this tax id exists in this country' },
  ]);
}

/** Whether a database error is a foreign-key violation (drizzle may wrap the driver's error). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export default async function companyRoutes(app: FastifyInstance, options: CompanyRoutesOptions) {
  const { db } = options;

  app.get(
    '/empresas/api/v1/get',
    {
      // The contract form picks its company from this list: whoever may write contracts may read it.
      config: {
        permission: 'relaciones',
        action: [
          { page: 'Companies', action: 'view' },
          { page: 'Contracts', action: 'create' },
          { page: 'Contracts', action: 'edit' },
        ],
      },
      schema: { response: { 200: dataListOf(companyListItemSchema) } },
    },
    async () => {
      const rows = await db
        .select({
          company: empresas,
          // Written out: drizzle leaves column names unqualified inside a select's sql, which
          // would bind "id" to the subquery's own table.
          contactos_count: sql<number>`(select count(*) from "contactos" c where c."empresa_id" = "empresas"."id")::int`,
          coordenadas_count: sql<number>`(select count(*) from "coordenadas_bancarias" b where b."empresa_id" = "empresas"."id")::int`,
          contratos_count: sql<number>`(select count(*) from "contratos" k where k."empresa_id" = "empresas"."id")::int`,
        })
        .from(empresas)
        .orderBy(asc(empresas.razon_social), asc(empresas.id));
      const data: CompanyListItem[] = rows.map((row) => ({
        ...companyColumns(row.company),
        contactos_count: Number(row.contactos_count),
        coordenadas_count: Number(row.coordenadas_count),
        contratos_count: Number(row.contratos_count),
      }));
      return { data };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/empresas/api/v1/get-once/:id',
    {
      config: { permission: 'relaciones', action: { page: 'Companies', action: 'view' } },
      schema: { params: idParamsSchema, response: { 200: dataOf(companySchema) } },
    },
    async (request) => {
      const company = await readCompany(db, request.params.id);
      if (!company) throw new AppErrors.companyNotFound();
      return { data: company };
    },
  );

  app.post<{ Body: CompanyCreate }>(
    '/empresas/api/v1/post',
    {
      config: { permission: 'relaciones', action: { page: 'Companies', action: 'create' } },
      schema: { body: companyCreateSchema, response: { 201: dataOf(companySchema) } },
    },
    async (request, reply) => {
      const { contactos: contacts, coordenadas_bancarias: banks, documentos: documents = [], ...fields } = request.body;
      const actor = actorOf(request).email;
      const stamp: Stamp = { created_by: actor, updated_by: actor };
      let created: Company;
      try {
        created = await db.transaction(async (tx) => {
          await assertDocuments(tx, documents);
          const [row] = await tx
            .insert(empresas)
            .values({
              ...cleaned(fields),
              codigo_agente: cleaned(fields).codigo_agente ?? null,
              codigo_cenace_importacion: cleaned(fields).codigo_cenace_importacion ?? null,
              codigo_cenace_exportacion: cleaned(fields).codigo_cenace_exportacion ?? null,
              ...stamp,
            })
            .returning();
          if (!row) throw new Error('company insert returned no row');
          await tx.insert(contactos).values(contacts.map((contact) => ({ empresa_id: row.id, ...contactValues(contact), ...stamp })));
          await tx
            .insert(coordenadasBancarias)
            .values(banks.map((bank) => ({ empresa_id: row.id, ...bankValues(bank), ...stamp })));
          await insertDocuments(tx, row.id, documents, actor);
          const company = await readCompany(tx, row.id);
          if (!company) throw new Error('the new company vanished inside its transaction');
          await recordAudit(tx, request, { action: 'company.create', entity: 'company', entityId: row.id, before: null, after: company });
          return company;
        });
      } catch (error) {
        throw duplicateOr(error);
      }
      return reply.status(201).send({ data: created });
    },
  );

  app.patch<{ Params: { id: number }; Body: CompanyUpdate }>(
    '/empresas/api/v1/update/:id',
    {
      config: { permission: 'relaciones', action: { page: 'Companies', action: 'edit' } },
      schema: { params: idParamsSchema, body: companyUpdateSchema, response: { 200: dataOf(companySchema) } },
    },
    async (request) => {
      const { id } = request.params;
      const { version, contactos: contacts, coordenadas_bancarias: banks, documentos: documents, ...fields } = request.body;
      const actor = actorOf(request).email;
      const stamp: Stamp = { created_by: actor, updated_by: actor };
      let updated: Company;
      try {
        updated = await db.transaction(async (tx) => {
          const [locked] = await tx.select({ version: empresas.version }).from(empresas).where(eq(empresas.id, id)).for('update');
          if (!locked) throw new AppErrors.companyNotFound();
          assertVersion(locked.version, version);
          const before = await readCompany(tx, id);
          if (documents) await assertDocuments(tx, documents);
          // The company's version goes up whatever changed, its children included: the
          // editor's next save must be made on what it now is.
          await tx
            .update(empresas)
            .set({ ...cleaned(fields), updated_at: sql`now()`, updated_by: actor, version: sql`${empresas.version} + 1` })
            .where(eq(empresas.id, id));
          if (contacts) {
            await replaceChildren(tx, {
              table: contactos,
              empresaId: id,
              listName: 'contactos',
              items: contacts,
              values: contactValues,
              stamp,
            });
          }
          if (banks) {
            await replaceChildren(tx, {
              table: coordenadasBancarias,
              empresaId: id,
              listName: 'coordenadas_bancarias',
              items: banks,
              values: bankValues,
              stamp,
            });
          }
          if (documents) {
            await tx.delete(empresaDocumentos).where(eq(empresaDocumentos.empresa_id, id));
            await insertDocuments(tx, id, documents, actor);
          }
          const after = await readCompany(tx, id);
          if (!after) throw new AppErrors.companyNotFound();
          await recordAudit(tx, request, { action: 'company.update', entity: 'company', entityId: id, before, after });
          return after;
        });
      } catch (error) {
        throw duplicateOr(error);
      }
      return { data: updated };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/empresas/api/v1/delete/:id',
    {
      config: { permission: 'relaciones', action: { page: 'Companies', action: 'delete' } },
      schema: { params: idParamsSchema, response: { 200: dataOf(companySchema) } },
    },
    async (request) => {
      const { id } = request.params;
      try {
        const deleted = await db.transaction(async (tx) => {
          const [locked] = await tx.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, id)).for('update');
          if (!locked) throw new AppErrors.companyNotFound();
          const [contracts] = await tx.select({ n: sql<number>`count(*)::int` }).from(contratos).where(eq(contratos.empresa_id, id));
          if (Number(contracts?.n ?? 0) > 0) throw new AppErrors.recordInUse();
          const before = await readCompany(tx, id);
          if (!before) throw new AppErrors.companyNotFound();
          // Contacts, bank accounts and documents go with the company (ON DELETE CASCADE).
          // Anything else that refers to it (a table of a later issue) makes the delete fail
          // with a foreign-key violation, answered as in use below.
          await tx.delete(empresas).where(eq(empresas.id, id));
          await recordAudit(tx, request, { action: 'company.delete', entity: 'company', entityId: id, before, after: null });
          return before;
        });
        return { data: deleted };
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppErrors.recordInUse();
        throw error;
      }
    },
  );
}
