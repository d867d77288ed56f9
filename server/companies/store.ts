// The SQL of the companies area. A company is read, locked and updated in the one shape the
// API shows: its columns with its contacts, bank accounts and documents (JSON aggregates), so
// an update answers without reading again (the record kit's store). A create writes the company
// and its children and answers with what those inserts return.
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { BankCoordinates, Company, CompanyDocument, CompanyDocumentInput, CompanyListItem } from '../../schemas/company.schema';
import type { Db } from '../db/client';
import {
  contactos,
  coordenadasBancarias,
  empresaDocumentos,
  empresas,
  type CoordenadaBancariaRow,
  type EmpresaDocumentoRow,
  type EmpresaRow,
} from '../db/schema/relations-companies';
import { createStamp, editStamp, wireRow } from '../db/versioned';
import { recordStore } from '../kit/record-store';
import { insertContacts, toContact } from '../contacts/store';
import type { ContactValues } from '../contacts/rules';
import type { BankValues, ChildList, CompanyValues } from './rules';

type ContactRead = Parameters<typeof toContact>[0];
type DocumentRead = EmpresaDocumentoRow & { nombre: string | null; tipo_mime: string | null };

/** A row inside a JSON aggregate: its timestamps arrive as text. */
type JsonRow<Row> = { [K in keyof Row]: Row[K] extends Date ? string : Row[K] };

// Written out with their tables' names: drizzle leaves column names unqualified inside sql,
// which would bind them to the subquery's own table.
const companyColumns = {
  ...getTableColumns(empresas),
  contactos: sql<JsonRow<ContactRead>[]>`(select coalesce(jsonb_agg(to_jsonb(c) || jsonb_build_object('empresa_razon_social', "empresas"."razon_social") order by c."id"), '[]'::jsonb)
    from "contactos" c where c."empresa_id" = "empresas"."id")`,
  coordenadas_bancarias: sql<JsonRow<CoordenadaBancariaRow>[]>`(select coalesce(jsonb_agg(to_jsonb(b) order by b."id"), '[]'::jsonb)
    from "coordenadas_bancarias" b where b."empresa_id" = "empresas"."id")`,
  documentos: sql<JsonRow<DocumentRead>[]>`(select coalesce(jsonb_agg(to_jsonb(d) || jsonb_build_object('nombre', f."nombre", 'tipo_mime', f."tipo_mime") order by d."id"), '[]'::jsonb)
    from "empresa_documentos" d left join "files" f on f."key" = d."key" where d."empresa_id" = "empresas"."id")`,
};

/** A document with its file's name and type, as an insert returns it. */
const documentColumns = {
  ...getTableColumns(empresaDocumentos),
  nombre: sql<string | null>`(select f."nombre" from "files" f where f."key" = "empresa_documentos"."key")`,
  tipo_mime: sql<string | null>`(select f."tipo_mime" from "files" f where f."key" = "empresa_documentos"."key")`,
};

type CompanyRead = EmpresaRow & {
  contactos: JsonRow<ContactRead>[];
  coordenadas_bancarias: JsonRow<CoordenadaBancariaRow>[];
  documentos: JsonRow<DocumentRead>[];
};

const TIMESTAMPS = new Set(['created_at', 'updated_at']);

/** A row read inside a JSON aggregate with the Dates a row read as columns has. */
function revived<Row>(json: JsonRow<Row>): Row {
  return Object.fromEntries(
    Object.entries(json).map(([key, value]) => [key, TIMESTAMPS.has(key) ? new Date(value as string) : value]),
  ) as Row;
}

function toDocument(row: DocumentRead): CompanyDocument {
  return { ...row, created_at: row.created_at.toISOString() };
}

/** A company with its children as the API returns it. */
function toCompany({ contactos: contacts, coordenadas_bancarias: banks, documentos: documents, ...row }: CompanyRead): Company {
  return {
    ...wireRow(row),
    contactos: contacts.map((contact) => toContact(revived(contact))),
    coordenadas_bancarias: banks.map((bank) => wireRow(revived(bank))),
    documentos: documents.map((document) => toDocument(revived(document))),
  };
}

/** Companies read, locked, updated and deleted with their children, in the API's shape. */
export const companyStore = recordStore({ table: empresas, columns: companyColumns, notFound: 'APP_ERR_COMPANY_NOT_FOUND', toWire: toCompany });

/** Every company with how many contacts, bank accounts and contracts it has, by name. */
export async function listCompanies(db: Db): Promise<CompanyListItem[]> {
  const rows = await db
    .select({
      ...getTableColumns(empresas),
      contactos_count: sql<number>`(select count(*) from "contactos" c where c."empresa_id" = "empresas"."id")::int`,
      coordenadas_count: sql<number>`(select count(*) from "coordenadas_bancarias" b where b."empresa_id" = "empresas"."id")::int`,
      contratos_count: sql<number>`(select count(*) from "contratos" k where k."empresa_id" = "empresas"."id")::int`,
    })
    .from(empresas)
    .orderBy(asc(empresas.razon_social), asc(empresas.id));
  return rows.map(wireRow);
}

/** A new company with its contacts, bank accounts and documents. */
export async function insertCompany(
  tx: Db,
  values: CompanyValues,
  children: { contacts: readonly ContactValues[]; banks: readonly BankValues[]; documents: readonly CompanyDocumentInput[] },
  actor: string | null,
): Promise<Company> {
  const company = await companyStore.insert(tx, values, actor);
  const contacts = await insertContacts(tx, company.id, children.contacts, actor);
  const banks = await insertBanks(tx, company.id, children.banks, actor);
  const documents = await insertDocuments(tx, company.id, children.documents, actor);
  return { ...company, contactos: contacts, coordenadas_bancarias: banks, documentos: documents };
}

async function insertBanks(tx: Db, empresaId: number, banks: readonly BankValues[], actor: string | null): Promise<BankCoordinates[]> {
  if (banks.length === 0) return [];
  const rows = await tx
    .insert(coordenadasBancarias)
    .values(banks.map((bank) => ({ empresa_id: empresaId, ...bank, ...createStamp(actor) })))
    .returning();
  return rows.sort((a, b) => a.id - b.id).map(wireRow);
}

const CHILD_TABLES = { contactos, coordenadas_bancarias: coordenadasBancarias } as const;

/**
 * Replaces a company's children of one kind (`storedIds`) with `items`: an item with the id of
 * a stored child updates it (its version goes up), one without an id is added, and a stored
 * child missing from the list is removed. The ids were checked first (rules: childIdProblems).
 */
export async function replaceChildren(
  tx: Db,
  list: ChildList,
  empresaId: number,
  storedIds: readonly number[],
  items: ReadonlyArray<{ id?: number; values: ContactValues | BankValues }>,
  actor: string | null,
): Promise<void> {
  // One shape for the query builder: both tables have the id, the company and the edit columns.
  const table = CHILD_TABLES[list] as typeof contactos;
  const kept = new Set(items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  const removed = storedIds.filter((id) => !kept.has(id));
  if (removed.length > 0) await tx.delete(table).where(inArray(table.id, removed));
  const added = items.filter((item) => item.id === undefined);
  if (added.length > 0) {
    await tx.insert(table).values(added.map((item) => ({ empresa_id: empresaId, ...item.values, ...createStamp(actor) })) as never);
  }
  for (const { id, values } of items) {
    if (id === undefined) continue;
    await tx
      .update(table)
      .set({ ...values, ...editStamp(table, actor) } as never)
      .where(and(eq(table.id, id), eq(table.empresa_id, empresaId)));
  }
}

/** Replaces a company's documents with `documents`. */
export async function replaceDocuments(tx: Db, empresaId: number, documents: readonly CompanyDocumentInput[], actor: string | null): Promise<void> {
  await tx.delete(empresaDocumentos).where(eq(empresaDocumentos.empresa_id, empresaId));
  await insertDocuments(tx, empresaId, documents, actor);
}

async function insertDocuments(tx: Db, empresaId: number, documents: readonly CompanyDocumentInput[], actor: string | null): Promise<CompanyDocument[]> {
  if (documents.length === 0) return [];
  const rows = await tx
    .insert(empresaDocumentos)
    .values(documents.map((document) => ({ empresa_id: empresaId, tipo: document.tipo, key: document.key, created_by: actor })))
    .returning(documentColumns);
  return rows.sort((a, b) => a.id - b.id).map(toDocument);
}

