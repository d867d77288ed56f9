// The SQL of the annexes area: an annex is read, locked, written and returned in the one shape
// the API shows (its columns plus its contract's company, type and class, and its document's
// uploaded name), so a write answers without reading again.
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Annex } from '../../schemas/annex.schema';
import type { ContractClass, ContractType } from '../../schemas/contract.schema';
import { queryRows, type Db } from '../db/client';
import { anexos, type AnexoRow } from '../db/schema/relations-contracts';
import { createStamp, editStamp, lockedRow, ownValues, wireRow } from '../db/versioned';
import { AppErrors } from '../errors/catalogue';
import type { AnnexFacts, AnnexValues } from './rules';

// Written out with their tables' names: drizzle leaves column names unqualified inside sql,
// which would bind them to the subquery's own table.
const ofContract = (column: string) => sql.raw(`(select c."${column}" from "contratos" c where c."id" = "anexos"."contrato_id")`);

const annexColumns = {
  ...getTableColumns(anexos),
  empresa_id: sql<number>`${ofContract('empresa_id')}`,
  empresa_razon_social: sql<string>`(select e."razon_social" from "contratos" c join "empresas" e on e."id" = c."empresa_id" where c."id" = "anexos"."contrato_id")`,
  tipo_contrato: sql<ContractType>`${ofContract('tipo_contrato')}`,
  clase_contrato: sql<ContractClass>`${ofContract('clase_contrato')}`,
  archivo_nombre: sql<string | null>`(select f."nombre" from "files" f where f."key" = "anexos"."archivo")`,
};

type AnnexRead = AnexoRow & {
  empresa_id: number;
  empresa_razon_social: string;
  tipo_contrato: ContractType;
  clase_contrato: ContractClass;
  archivo_nombre: string | null;
};

/** An annex as the API returns it. */
export function toAnnex(row: AnnexRead): Annex {
  return wireRow(row);
}

/** An annex's own column values (what an update lays its changes over). */
export function valuesOf(annex: Annex): AnnexValues {
  return ownValues(anexos, annex);
}

/** Every annex (of one contract when `contratoId` is given), by id. */
export async function listAnnexes(db: Db, contratoId?: number): Promise<Annex[]> {
  const rows = await db
    .select(annexColumns)
    .from(anexos)
    .where(contratoId === undefined ? undefined : eq(anexos.contrato_id, contratoId))
    .orderBy(asc(anexos.id));
  return rows.map(toAnnex);
}

/** The annex `id`; 404 when there is none. */
export async function readAnnex(db: Db, id: number): Promise<Annex> {
  const [row] = await db.select(annexColumns).from(anexos).where(eq(anexos.id, id));
  if (!row) throw new AppErrors.annexNotFound();
  return toAnnex(row);
}

/** The annex `id` locked for the rest of the transaction, after the version check of an edit (`sent`). */
export async function lockAnnex(tx: Db, id: number, sent?: number): Promise<Annex> {
  const rows = await tx.select(annexColumns).from(anexos).where(eq(anexos.id, id)).for('update', { of: anexos });
  return toAnnex(lockedRow(rows, sent, AppErrors.annexNotFound));
}

export async function insertAnnex(tx: Db, values: AnnexValues, actor: string | null): Promise<Annex> {
  const [row] = await tx
    .insert(anexos)
    .values({ ...values, ...createStamp(actor) })
    .returning(annexColumns);
  return toAnnex(row!);
}

export async function updateAnnex(tx: Db, id: number, values: AnnexValues, actor: string | null): Promise<Annex> {
  const [row] = await tx
    .update(anexos)
    .set({ ...values, ...editStamp(anexos, actor) })
    .where(eq(anexos.id, id))
    .returning(annexColumns);
  return toAnnex(row!);
}

export async function deleteAnnex(tx: Db, id: number): Promise<void> {
  await tx.delete(anexos).where(eq(anexos.id, id));
}

/** What the rules need to know of the database, in one query: the contract's class and whether the document exists. */
export async function annexFacts(db: Db, values: Pick<AnnexValues, 'contrato_id' | 'archivo'>): Promise<AnnexFacts> {
  const [facts] = await queryRows<{ contract_class: ContractClass | null; document: boolean }>(
    db,
    sql`select
      (select "clase_contrato" from "contratos" where "id" = ${values.contrato_id}) as "contract_class",
      exists(select 1 from "files" where "key" = ${values.archivo}) as "document"`,
  );
  return { contractClass: facts!.contract_class, documentStored: facts!.document };
}

/** The annexes among `ids` that exist (a bid run's selection names annexes by id). */
export async function existingAnnexIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: anexos.id }).from(anexos).where(sql`${anexos.id} in ${[...ids]}`);
  return new Set(rows.map((row) => row.id));
}
