// The SQL of the contracts area: a contract is read, locked, written and returned in the one
// shape the API shows (its columns plus its company's name, its annex count and its signed
// file's uploaded name), so a write answers without reading again.
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Contract } from '../../schemas/contract.schema';
import { queryRows, type Db } from '../db/client';
import { contratos, type ContratoRow } from '../db/schema/relations-contracts';
import { createStamp, editStamp, lockedRow, ownValues, wireRow } from '../db/versioned';
import { AppErrors } from '../errors/catalogue';
import type { ContractFacts, ContractValues } from './rules';

// Written out with their tables' names: drizzle leaves column names unqualified inside sql,
// which would bind them to the subquery's own table.
const contractColumns = {
  ...getTableColumns(contratos),
  empresa_razon_social: sql<string>`(select e."razon_social" from "empresas" e where e."id" = "contratos"."empresa_id")`,
  numero_anexos: sql<number>`(select count(*)::int from "anexos" a where a."contrato_id" = "contratos"."id")`,
  archivo_firmado_nombre: sql<string | null>`(select f."nombre" from "files" f where f."key" = "contratos"."archivo_firmado")`,
};

type ContractRead = ContratoRow & { empresa_razon_social: string; numero_anexos: number; archivo_firmado_nombre: string | null };

/** A contract as the API returns it. */
export function toContract(row: ContractRead): Contract {
  return wireRow(row);
}

/** A contract's own column values (what an update lays its changes over). */
export function valuesOf(contract: Contract): ContractValues {
  return ownValues(contratos, contract);
}

/** Every contract (of one company when `empresaId` is given), by id. */
export async function listContracts(db: Db, empresaId?: number): Promise<Contract[]> {
  const rows = await db
    .select(contractColumns)
    .from(contratos)
    .where(empresaId === undefined ? undefined : eq(contratos.empresa_id, empresaId))
    .orderBy(asc(contratos.id));
  return rows.map(toContract);
}

/** The contract `id`; 404 when there is none. */
export async function readContract(db: Db, id: number): Promise<Contract> {
  const [row] = await db.select(contractColumns).from(contratos).where(eq(contratos.id, id));
  if (!row) throw new AppErrors.contractNotFound();
  return toContract(row);
}

/**
 * The contract `id` locked for the rest of the transaction (its company's row stays free),
 * after the version check of an edit (`sent`); 404 when there is none, 409 when stale.
 */
export async function lockContract(tx: Db, id: number, sent?: number): Promise<Contract> {
  const rows = await tx.select(contractColumns).from(contratos).where(eq(contratos.id, id)).for('update', { of: contratos });
  return toContract(lockedRow(rows, sent, AppErrors.contractNotFound));
}

export async function insertContract(tx: Db, values: ContractValues, actor: string | null): Promise<Contract> {
  const [row] = await tx
    .insert(contratos)
    .values({ ...values, ...createStamp(actor) })
    .returning(contractColumns);
  return toContract(row!);
}

export async function updateContract(tx: Db, id: number, values: ContractValues, actor: string | null): Promise<Contract> {
  const [row] = await tx
    .update(contratos)
    .set({ ...values, ...editStamp(contratos, actor) })
    .where(eq(contratos.id, id))
    .returning(contractColumns);
  return toContract(row!);
}

export async function deleteContract(tx: Db, id: number): Promise<void> {
  await tx.delete(contratos).where(eq(contratos.id, id));
}

/**
 * What the rules need to know of the database, in one query: whether the company and the
 * signed file exist, and (for a stored contract) the annexes' transmission holders.
 */
export async function contractFacts(db: Db, values: Pick<ContractValues, 'empresa_id' | 'archivo_firmado'>, storedId?: number): Promise<ContractFacts> {
  const [facts] = await queryRows<{ company: boolean; file: boolean; holders: ContractFacts['annexHolders'] | null }>(db, sql`
    select
      exists(select 1 from "empresas" where "id" = ${values.empresa_id}) as "company",
      exists(select 1 from "files" where "key" = ${values.archivo_firmado}) as "file",
      (select json_agg(json_build_object('id', a."id", 'titular_transmision', a."titular_transmision") order by a."id")
         from "anexos" a where a."contrato_id" = ${storedId ?? null}::int) as "holders"`);
  return { companyExists: facts!.company, signedFileStored: facts!.file, annexHolders: facts!.holders ?? [] };
}

/** What another area copies or checks of contract `id` (settlements, invoicing), or null when there is none. */
export async function contractTerms(db: Db, id: number) {
  const [row] = await db
    .select({
      codigo_contraparte: contratos.codigo_contraparte,
      codigo_agente: contratos.codigo_agente,
      sucursal: contratos.sucursal,
      moneda: contratos.moneda,
      tipo_transaccion: contratos.tipo_transaccion,
      incoterm: contratos.incoterm,
      dias_credito: contratos.dias_credito,
      tipo_credito: contratos.tipo_credito,
      empresa_id: contratos.empresa_id,
    })
    .from(contratos)
    .where(eq(contratos.id, id));
  return row ?? null;
}

export type ContractTerms = NonNullable<Awaited<ReturnType<typeof contractTerms>>>;
