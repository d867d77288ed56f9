// The SQL of the contracts area: a contract is read, locked, written and returned in the one
// shape the API shows (its columns plus its company's name, its annex count and its signed
// file's uploaded name), so a write answers without reading again (the record kit's store).
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Contract } from '../../schemas/contract.schema';
import type { Db } from '../db/client';
import { contratos, type ContratoRow } from '../db/schema/relations-contracts';
import { wireRow } from '../db/versioned';
import { readFacts, recordStore } from '../kit/record-store';
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
function toContract(row: ContractRead): Contract {
  return wireRow(row);
}

/** Contracts read, locked (their company's row stays free), inserted, updated and deleted in the API's shape. */
export const contractStore = recordStore({ table: contratos, columns: contractColumns, notFound: 'APP_ERR_CONTRACT_NOT_FOUND', toWire: toContract });

/** Every contract (of one company when `empresaId` is given), by id. */
export function listContracts(db: Db, empresaId?: number): Promise<Contract[]> {
  return contractStore.list(db, empresaId === undefined ? undefined : eq(contratos.empresa_id, empresaId), [asc(contratos.id)]);
}

/**
 * What the rules need to know of the database, in one query: whether the company and the
 * signed file exist, and (for a stored contract) the annexes' transmission holders.
 */
export async function contractFacts(db: Db, values: Pick<ContractValues, 'empresa_id' | 'archivo_firmado'>, storedId?: number): Promise<ContractFacts> {
  const facts = await readFacts(db, {
    companyExists: sql<boolean>`exists(select 1 from "empresas" where "id" = ${values.empresa_id})`,
    signedFileStored: sql<boolean>`exists(select 1 from "files" where "key" = ${values.archivo_firmado})`,
    annexHolders: sql<ContractFacts['annexHolders'] | null>`(select json_agg(json_build_object('id', a."id", 'titular_transmision', a."titular_transmision") order by a."id")
      from "anexos" a where a."contrato_id" = ${storedId ?? null}::int)`,
  });
  return { ...facts, annexHolders: facts.annexHolders ?? [] };
}

const termColumns = {
  codigo_contraparte: contratos.codigo_contraparte,
  codigo_agente: contratos.codigo_agente,
  sucursal: contratos.sucursal,
  moneda: contratos.moneda,
  tipo_transaccion: contratos.tipo_transaccion,
  incoterm: contratos.incoterm,
  dias_credito: contratos.dias_credito,
  tipo_credito: contratos.tipo_credito,
  empresa_id: contratos.empresa_id,
};

/** What another area copies or checks of contract `id` (settlements, invoicing), or null when there is none. */
export async function contractTerms(db: Db, id: number) {
  const [row] = await db.select(termColumns).from(contratos).where(eq(contratos.id, id));
  return row ?? null;
}

/**
 * Contract `id`'s terms with its company's legal party (name, tax id, legal address), as an
 * invoice copies them; null when there is none. The company's columns come by the same kind of
 * name join as `contractColumns`: read here, never written.
 */
export async function contractWithParty(db: Db, id: number) {
  const party = (column: string) => sql<string>`(select e.${sql.identifier(column)} from "empresas" e where e."id" = "contratos"."empresa_id")`;
  const [row] = await db
    .select({ ...termColumns, razon_social: party('razon_social'), nit: party('nit'), direccion_legal: party('direccion_legal') })
    .from(contratos)
    .where(eq(contratos.id, id));
  return row ?? null;
}
