// The SQL of the settlements area: one column set that reads, locks and returns a settlement
// in the shape the API shows (its columns, its contract's and company's names, whether a CD
// was made from it), the filtered page of the list, and the rows summed by the database at the
// asked aggregation (a month is hundreds of hourly rows per annex); and the engine's entry
// points. The computation itself is SQL (migration 0011_settlement_engine.sql:
// `calcular_liquidacion`, `faltantes_liquidacion`), so a month of hourly rows is computed where
// it is stored, the same on PGlite and PostgreSQL; here are the thin typed calls to it.
import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type {
  Settlement,
  SettlementAggregation,
  SettlementListQuery,
  SettlementRow,
  SettlementVersion,
} from '../../schemas/settlement.schema';
import { SETTLEMENT_ROW_AMOUNTS } from '../../schemas/settlement.schema';
import { queryRows, type Db } from '../db/client';
import { empresas } from '../db/schema/relations-companies';
import { contratos } from '../db/schema/relations-contracts';
import { liquidaciones, type LiquidacionRow } from '../db/schema/settlements';
import { createStamp, editStamp, lockedRow, pgRefusalOf, wireRow } from '../db/versioned';
import { AppErrors } from '../errors/catalogue';

// Written out with the table's name: drizzle leaves column names unqualified inside sql,
// which would bind them to the subquery's own table.
const settlementColumns = {
  ...getTableColumns(liquidaciones),
  contrato_codigo: contratos.codigo_contraparte,
  empresa_id: contratos.empresa_id,
  empresa_razon_social: empresas.razon_social,
  sucursal: contratos.sucursal,
  moneda: contratos.moneda,
  conciliada: sql<boolean>`exists (select 1 from "liquidaciones" cd where cd."contrato_id" = "liquidaciones"."contrato_id"
    and cd."anio" = "liquidaciones"."anio" and cd."mes" = "liquidaciones"."mes" and cd."version_liquidacion" = 'CD'
    and "liquidaciones"."version_liquidacion" = 'DF')`,
};

type SettlementRead = LiquidacionRow & {
  contrato_codigo: string;
  empresa_id: number;
  empresa_razon_social: string;
  sucursal: string;
  moneda: string;
  conciliada: boolean;
};

/** A settlement as the API returns it: timestamps as ISO strings. */
function toSettlement(row: SettlementRead): Settlement {
  return {
    ...wireRow(row),
    calculada_en: row.calculada_en?.toISOString() ?? null,
    validada_en: row.validada_en?.toISOString() ?? null,
  };
}


function selectSettlements(db: Db) {
  return db
    .select(settlementColumns)
    .from(liquidaciones)
    .innerJoin(contratos, eq(contratos.id, liquidaciones.contrato_id))
    .innerJoin(empresas, eq(empresas.id, contratos.empresa_id));
}

function filters(query: SettlementListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.anio !== undefined) conditions.push(eq(liquidaciones.anio, query.anio));
  if (query.mes !== undefined) conditions.push(eq(liquidaciones.mes, query.mes));
  if (query.version !== undefined) conditions.push(eq(liquidaciones.version_liquidacion, query.version));
  if (query.estado !== undefined) conditions.push(eq(liquidaciones.estado, query.estado));
  if (query.contrato_id !== undefined) conditions.push(eq(liquidaciones.contrato_id, query.contrato_id));
  if (query.empresa_id !== undefined) conditions.push(eq(contratos.empresa_id, query.empresa_id));
  if (query.pais !== undefined) conditions.push(sql`${contratos.sucursal} = ${query.pais}`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of the settlements `query` selects, newest month first, and how many it selects in all. */
export async function listSettlements(db: Db, query: SettlementListQuery): Promise<{ data: Settlement[]; total: number }> {
  const where = filters(query);
  const perPage = query.por_pagina ?? 50;
  const page = query.pagina ?? 1;
  const [rows, [total]] = await Promise.all([
    selectSettlements(db)
      .where(where)
      .orderBy(desc(liquidaciones.anio), desc(liquidaciones.mes), liquidaciones.contrato_id, liquidaciones.version_liquidacion, liquidaciones.reconciliacion, liquidaciones.id)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(liquidaciones)
      .innerJoin(contratos, eq(contratos.id, liquidaciones.contrato_id))
      .where(where),
  ]);
  return { data: rows.map(toSettlement), total: Number(total?.n ?? 0) };
}

/** The settlement `id`; 404 when there is none. */
export async function readSettlement(db: Db, id: number): Promise<Settlement> {
  const [row] = await selectSettlements(db).where(eq(liquidaciones.id, id));
  if (!row) throw new AppErrors.settlementNotFound();
  return toSettlement(row);
}

/**
 * The settlement `id` locked for the rest of the transaction (its contract and company stay
 * free): concurrent commands on one settlement take turns here, so the second one reads what
 * the first committed. No version check: the machine decides staleness among its rules.
 */
export async function lockSettlement(tx: Db, id: number): Promise<Settlement> {
  const rows = await selectSettlements(tx).where(eq(liquidaciones.id, id)).for('update', { of: liquidaciones });
  return toSettlement(lockedRow(rows, undefined, AppErrors.settlementNotFound));
}

/** preliminar -> validada, stamped with who and when: the one change the database lets through. */
export async function validateSettlement(tx: Db, id: number, actor: string): Promise<Settlement> {
  await tx
    .update(liquidaciones)
    .set({ estado: 'validada', validada_por: actor, validada_en: sql`now()`, ...editStamp(liquidaciones, actor) })
    .where(eq(liquidaciones.id, id));
  return readSettlement(tx, id);
}

/**
 * A new CD of the DF's contract and month, numbered after the CDs already made: preliminar,
 * with zero totals and no rows until the engine computes it.
 */
export async function insertReconciliation(tx: Db, df: Settlement, actor: string): Promise<Settlement> {
  const [next] = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(max("reconciliacion"), 0)::int + 1 as n from "liquidaciones"
        where "contrato_id" = ${df.contrato_id} and "anio" = ${df.anio} and "mes" = ${df.mes} and "version_liquidacion" = 'CD'`,
  );
  const [row] = await tx
    .insert(liquidaciones)
    .values({
      contrato_id: df.contrato_id,
      anio: df.anio,
      mes: df.mes,
      version_liquidacion: 'CD',
      reconciliacion: next!.n,
      estado: 'preliminar',
      ...createStamp(actor),
    })
    .returning({ id: liquidaciones.id });
  return readSettlement(tx, row!.id);
}

/** Settlement `id` with its rows at `agregacion` (by the hour unless said) and their totals; 404 when there is none. */
export async function readSettlementDetail(db: Db, id: number, agregacion: SettlementAggregation = 'hora') {
  const settlement = await readSettlement(db, id);
  const [filas, totales] = await Promise.all([settlementRows(db, settlement.id, agregacion), settlementRowTotals(db, settlement.id)]);
  return { ...settlement, agregacion, filas, totales: totales ?? null };
}

const AMOUNT_COLUMNS = SETTLEMENT_ROW_AMOUNTS.map((name) => `"${name}"`);

/**
 * The rows of settlement `id`: as stored (`hora`), summed per annex and day (`dia`, `periodo`
 * null), or per annex (`mes`, `fecha` and `periodo` null). Sums of the amounts only: the
 * inputs (prices, FPN, rate) of a sum are null. `factura_mxn` sums to null when no row has one.
 */
export async function settlementRows(db: Db, id: number, agregacion: SettlementAggregation): Promise<SettlementRow[]> {
  const amounts =
    agregacion === 'hora'
      ? sql.raw(AMOUNT_COLUMNS.map((column) => `${column}::text as ${column}`).join(', '))
      : sql.raw(AMOUNT_COLUMNS.map((column) => `sum(${column})::text as ${column}`).join(', '));
  if (agregacion === 'hora') {
    return queryRows<SettlementRow>(
      db,
      sql`select "anexo_id", to_char("fecha", 'YYYY-MM-DD') as fecha, "periodo", "precio_inyeccion"::text as precio_inyeccion,
            "precio_retiro"::text as precio_retiro, "fpn"::text as fpn, "tipo_cambio"::text as tipo_cambio, ${amounts}
          from "liquidacion_filas" where "liquidacion_id" = ${id}
          order by "anexo_id", "fecha", "periodo"`,
    );
  }
  const day = agregacion === 'dia' ? sql.raw(`to_char("fecha", 'YYYY-MM-DD')`) : sql.raw('null::text');
  const groups = agregacion === 'dia' ? sql.raw(`"anexo_id", "fecha"`) : sql.raw(`"anexo_id"`);
  return queryRows<SettlementRow>(
    db,
    sql`select "anexo_id", ${day} as fecha, null::int as periodo, null::text as precio_inyeccion, null::text as precio_retiro,
          null::text as fpn, null::text as tipo_cambio, ${amounts}
        from "liquidacion_filas" where "liquidacion_id" = ${id}
        group by ${groups} order by ${groups}`,
  );
}

/** The sums of every row of settlement `id` (its workbook's totals row, its page's totals); undefined without rows. */
export async function settlementRowTotals(db: Db, id: number): Promise<SettlementRow | undefined> {
  const amounts = sql.raw(AMOUNT_COLUMNS.map((column) => `sum(${column})::text as ${column}`).join(', '));
  const [row] = await queryRows<SettlementRow>(
    db,
    sql`select 0 as anexo_id, null::text as fecha, null::int as periodo, ${amounts}
        from "liquidacion_filas" where "liquidacion_id" = ${id} having count(*) > 0`,
  );
  return row;
}

/** The settlements of a contract's month and version. */
function ofMonth(key: { contrato_id: number; anio: number; mes: number; version: LiquidacionRow['version_liquidacion'] }): SQL | undefined {
  return and(
    eq(liquidaciones.contrato_id, key.contrato_id),
    eq(liquidaciones.anio, key.anio),
    eq(liquidaciones.mes, key.mes),
    eq(liquidaciones.version_liquidacion, key.version),
  );
}

/**
 * The settlement a computation of (contract, year, month, version) is about, locked: the one of
 * that key, for CD the latest reconciliation; null when none was made yet.
 */
export async function lockSettlementOf(
  tx: Db,
  key: { contrato_id: number; anio: number; mes: number; version: LiquidacionRow['version_liquidacion'] },
): Promise<Settlement | null> {
  const rows = await selectSettlements(tx)
    .where(ofMonth(key))
    .orderBy(desc(liquidaciones.reconciliacion))
    .limit(1)
    .for('update', { of: liquidaciones });
  return rows[0] ? toSettlement(rows[0]) : null;
}

/** A new preliminary PE or DF settlement of the key, with no rows until the engine computes it. */
export async function insertSettlement(
  tx: Db,
  key: { contrato_id: number; anio: number; mes: number; version: 'PE' | 'DF' },
  actor: string,
): Promise<number> {
  const [row] = await tx
    .insert(liquidaciones)
    .values({ contrato_id: key.contrato_id, anio: key.anio, mes: key.mes, version_liquidacion: key.version, reconciliacion: 0, estado: 'preliminar', ...createStamp(actor) })
    .returning({ id: liquidaciones.id });
  return row!.id;
}

/** What an invoice copies of a settlement: its amounts, its rows' MXN sums and its last MXN per USD rate. */
export interface SettlementToInvoice {
  id: number;
  contrato_id: number;
  anio: number;
  mes: number;
  version_liquidacion: 'PE' | 'DF' | 'CD';
  reconciliacion: number;
  estado: 'preliminar' | 'validada';
  energia_total_mwh: string;
  liquidacion_energia: string;
  liquidacion_potencia: string;
  fee: string;
  cargos_mmi: string;
  cargos_mmr: string;
  take_or_pay: string;
  factura: string;
  factura_mxn: string | null;
  energia_mxn: string;
  potencia_mxn: string;
  fee_mxn: string;
  cargos_mmi_mxn: string;
  cargos_mmr_mxn: string;
  filas_factura_mxn: string;
  /** MXN per USD of the settlement's last row (null without rows or outside Mexico). */
  tipo_cambio: string | null;
}

/**
 * Settlement `id` as a document copies it, null when there is none; `lock` holds it for the
 * rest of the transaction, so two drafts of it take turns.
 */
export async function settlementToInvoice(tx: Db, id: number, { lock = false } = {}): Promise<SettlementToInvoice | null> {
  if (lock) await tx.execute(sql`select 1 from "liquidaciones" where "id" = ${id} for update`);
  const [row] = await queryRows<SettlementToInvoice>(
    tx,
    sql`select l."id", l."contrato_id", l."anio", l."mes", l."version_liquidacion", l."reconciliacion", l."estado",
          l."energia_total_mwh"::text, l."liquidacion_energia"::text, l."liquidacion_potencia"::text, l."fee"::text,
          l."cargos_mmi"::text, l."cargos_mmr"::text, l."take_or_pay"::text, l."factura"::text, l."factura_mxn"::text,
          f."energia_mxn", f."potencia_mxn", f."fee_mxn", f."cargos_mmi_mxn", f."cargos_mmr_mxn", f."filas_factura_mxn",
          (select r."tipo_cambio"::text from "liquidacion_filas" r where r."liquidacion_id" = l."id"
            order by r."fecha" desc, r."periodo" desc, r."anexo_id" desc limit 1) as tipo_cambio
        from "liquidaciones" l
        cross join lateral (
          select coalesce(sum(r."liquidacion_energia_mxn"), 0)::text as energia_mxn,
                 coalesce(sum(r."liquidacion_potencia_mxn"), 0)::text as potencia_mxn,
                 coalesce(sum(r."fee_mxn"), 0)::text as fee_mxn,
                 coalesce(sum(r."cargos_mmi_mxn"), 0)::text as cargos_mmi_mxn,
                 coalesce(sum(r."cargos_mmr_mxn"), 0)::text as cargos_mmr_mxn,
                 coalesce(sum(r."factura_mxn"), 0)::text as filas_factura_mxn
          from "liquidacion_filas" r where r."liquidacion_id" = l."id") f
        where l."id" = ${id}`,
  );
  return row ?? null;
}

/** The id of the settlement of a contract's month, version and reconciliation (a DF is reconciliation 0), or null. */
export async function settlementIdOf(
  db: Db,
  key: { contrato_id: number; anio: number; mes: number; version: LiquidacionRow['version_liquidacion']; reconciliacion: number },
): Promise<number | null> {
  const [row] = await db
    .select({ id: liquidaciones.id })
    .from(liquidaciones)
    .where(and(ofMonth(key), eq(liquidaciones.reconciliacion, key.reconciliacion)));
  return row?.id ?? null;
}

// ---- The engine.

/**
 * The SQLSTATE `calcular_liquidacion` raises when the settlement's data is not all there
 * (nothing is written): a route that checked `missingData` first only meets it in a race.
 */
export const PG_DATA_MISSING = 'LQ002';

/** At most this many lines of missing data are listed (the total says how many there are). */
export const MISSING_DATA_LIMIT = 100;

/** One line of what a settlement lacks: a kind, its key, a date and (by the hour) the periods. */
export interface MissingDataItem {
  /** `energia`, `precio`, `fpn`, `cargo`, `tipo_cambio` or `nodos`. */
  tipo: string;
  /** The annex id (energia), the node (precio, fpn), `country:kind` (cargo), `MXN`, `pmi` / `pmr`. */
  clave: string;
  fecha: string;
  /** The periods missing that day; null for data kept by day (charges, exchange rate, nodes). */
  periodos: number[] | null;
}

/**
 * Recomputes the preliminary settlement `id` as `email`: its rows replaced and its totals set
 * to their sums, in the caller's transaction. Answers the number of rows written. A validated
 * settlement is refused with 409 APP_ERR_SETTLEMENT_FINAL; missing data is refused by the
 * database (`PG_DATA_MISSING`, error thrown as is) and is the caller's to check first with
 * `missingData`. The settlement's edit `version` goes up by one.
 */
export async function computeSettlementRows(tx: Db, id: number, email: string): Promise<number> {
  try {
    const [row] = await queryRows<{ filas: number }>(tx, sql`select calcular_liquidacion(${id}::integer, ${email}::text) as filas`);
    return Number(row!.filas);
  } catch (error) {
    if (pgRefusalOf(error) === 'final') throw new AppErrors.settlementFinal();
    throw error;
  }
}

/**
 * What a settlement of the contract, month and version lacks, in order (kind, key, date):
 * the first `limit` lines (at most 100) and how many there are in all. Empty: data available.
 */
export async function missingData(
  db: Db,
  contratoId: number,
  anio: number,
  mes: number,
  version: SettlementVersion,
  limit: number = MISSING_DATA_LIMIT,
): Promise<{ items: MissingDataItem[]; total: number }> {
  const take = Math.max(0, Math.min(limit, MISSING_DATA_LIMIT));
  const rows = await queryRows<{ tipo: string; clave: string; fecha: string | Date; periodos: number[] | null; total: number | string }>(
    db,
    sql`select f.tipo, f.clave, f.fecha::text as fecha, f.periodos, count(*) over () as total
        from faltantes_liquidacion(${contratoId}::integer, ${anio}::integer, ${mes}::integer, ${version}::text) f
        order by f.tipo, f.clave, f.fecha
        limit ${take}`,
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : take === 0 ? await countMissing(db, contratoId, anio, mes, version) : 0;
  return {
    items: rows.map((row) => ({ tipo: row.tipo, clave: row.clave, fecha: String(row.fecha), periodos: row.periodos })),
    total,
  };
}

async function countMissing(db: Db, contratoId: number, anio: number, mes: number, version: SettlementVersion): Promise<number> {
  const [row] = await queryRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from faltantes_liquidacion(${contratoId}::integer, ${anio}::integer, ${mes}::integer, ${version}::text)`,
  );
  return Number(row!.total);
}
