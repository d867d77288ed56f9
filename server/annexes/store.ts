// The SQL of the annexes area: an annex is read, locked, written and returned in the one shape
// the API shows (its columns plus its contract's company, type and class, and its document's
// uploaded name), so a write answers without reading again (the record kit's store).
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Annex } from '../../schemas/annex.schema';
import type { ContractClass, ContractType } from '../../schemas/contract.schema';
import type { Db } from '../db/client';
import { anexos, type AnexoRow } from '../db/schema/relations-contracts';
import { wireRow } from '../db/versioned';
import { readFacts, recordStore } from '../kit/record-store';
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
function toAnnex(row: AnnexRead): Annex {
  return wireRow(row);
}

/** Annexes read, locked (their contract's row stays free), inserted, updated and deleted in the API's shape. */
export const annexStore = recordStore({ table: anexos, columns: annexColumns, notFound: 'APP_ERR_ANNEX_NOT_FOUND', toWire: toAnnex });

/** Every annex (of one contract when `contratoId` is given), by id. */
export function listAnnexes(db: Db, contratoId?: number): Promise<Annex[]> {
  return annexStore.list(db, contratoId === undefined ? undefined : eq(anexos.contrato_id, contratoId), [asc(anexos.id)]);
}

/** What the rules need to know of the database, in one query: the contract's class and whether the document exists. */
export async function annexFacts(db: Db, values: Pick<AnnexValues, 'contrato_id' | 'archivo'>): Promise<AnnexFacts> {
  return readFacts(db, {
    contractClass: sql<ContractClass | null>`(select "clase_contrato" from "contratos" where "id" = ${values.contrato_id})`,
    documentStored: sql<boolean>`exists(select 1 from "files" where "key" = ${values.archivo})`,
  });
}

/** The annexes among `ids` that exist (a bid run's selection names annexes by id). */
export async function existingAnnexIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: anexos.id }).from(anexos).where(sql`${anexos.id} in ${[...ids]}`);
  return new Set(rows.map((row) => row.id));
}
