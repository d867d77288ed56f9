// The SQL of the country charges (docs/country-charges.md): a charge period is read, locked,
// written and returned in the one shape the API shows (its columns plus its country's spec id
// and where it stands on the business day), the list of a country on a day or its whole
// history, the settlements that used a period, and the rates the market-data import brings
// (written here: this area owns `cargos_pais`).
import { and, asc, eq, getTableColumns, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { CHARGE_COUNTRIES, type Charge, type ChargeCountryId, type ChargeSettlement } from '../../schemas/country-charge.schema';
import { businessToday } from '../../schemas/date.schema';
import { CHARGE_KINDS, type ChargeKind } from '../../schemas/settlement.schema';
import { queryRows, type Db } from '../db/client';
import { cargosPais, type CargoPaisRow } from '../db/schema/country-charges';
import { createStamp, editStamp, wireRow } from '../db/versioned';
import { recordStore } from '../kit/record-store';
import { importedChargeCode, importedChargeValues, type ChargeValues } from './rules';

/** The spec's id of a charge's country (null for a country without charge pages: its rates come by import). */
const countryIdOf = sql<number | null>`(case ${cargosPais.pais} ${sql.join(
  Object.entries(CHARGE_COUNTRIES).map(([id, { pais }]) => sql`when ${pais} then ${Number(id)}::int`),
  sql` `,
)} end)`;

type ChargeRead = CargoPaisRow & { pais_id: number | null };

/** Where a period stands on the business day of the call: in force, still to come, or over. */
function stateOf(row: Pick<CargoPaisRow, 'vigente_desde' | 'vigente_hasta'>, today = businessToday()): Charge['estado'] {
  if (row.vigente_desde > today) return 'futura';
  if (row.vigente_hasta !== null && row.vigente_hasta < today) return 'vencida';
  return 'vigente';
}

/**
 * A charge period as the API returns it. Only the three countries with pages are answered (the
 * list filters by country; a read or a write of another is refused first: record.ts), so
 * `pais_id` is always one of theirs there.
 */
function toCharge(row: ChargeRead): Charge {
  return { ...wireRow(row), pais_id: row.pais_id ?? 0, estado: stateOf(row) };
}

/** Charge periods read, locked, inserted and updated in the API's shape. */
export const chargeStore = recordStore({
  table: cargosPais,
  columns: { ...getTableColumns(cargosPais), pais_id: countryIdOf },
  notFound: 'APP_ERR_CHARGE_NOT_FOUND',
  toWire: toCharge,
});

/** The charges of country `paisId` in force on `fecha`, or (with `historia`) every period, by code then start. */
export function listCharges(db: Db, paisId: ChargeCountryId, options: { fecha?: string; historia?: boolean }): Promise<Charge[]> {
  const country = eq(cargosPais.pais, CHARGE_COUNTRIES[paisId].pais);
  const day = options.fecha ?? businessToday();
  const inForce = and(lte(cargosPais.vigente_desde, day), or(isNull(cargosPais.vigente_hasta), gte(cargosPais.vigente_hasta, day)));
  return chargeStore.list(db, options.historia ? country : and(country, inForce), [asc(cargosPais.codigo), asc(cargosPais.vigente_desde)]);
}

/** The period of the same country and code that `values` would overlap (other than `ownId`), if any. */
export async function overlappingPeriod(db: Db, values: Pick<ChargeValues, 'pais' | 'codigo' | 'vigente_desde' | 'vigente_hasta'>, ownId: number | null) {
  const [row] = await queryRows<Pick<CargoPaisRow, 'id' | 'vigente_desde' | 'vigente_hasta'>>(
    db,
    sql`select "id", "vigente_desde"::text, "vigente_hasta"::text from "cargos_pais"
        where "pais" = ${values.pais} and "codigo" = ${values.codigo} and "id" <> ${ownId ?? 0}
          and daterange("vigente_desde", "vigente_hasta", '[]') && daterange(${values.vigente_desde}::date, ${values.vigente_hasta}::date, '[]')
        order by "vigente_desde" limit 1`,
  );
  return row ?? null;
}

/**
 * Whether settlement `l` reads charge period `cp` (both in scope): an annex of its month in force
 * on one of the period's days has a node on the charge's side (the withdrawal side for MMr, the
 * injection side otherwise) in the charge's country.
 */
const settlementReadsCharge = sql`exists (
  select 1 from liquidacion_anexos(l."contrato_id", l."anio", l."mes") a,
                unnest(case when cp."concepto_liquidacion" = 'MMr' then a.pmr else a.pmi end) n(nodo)
  where split_part(n.nodo, '-', 1) = cp."pais"
    and a.desde <= coalesce(cp."vigente_hasta", 'infinity'::date) and a.hasta >= cp."vigente_desde")`;

/**
 * The settlements that used the charge period `id`: computed while it existed, for a month it
 * overlaps, reading it (`settlementReadsCharge`). A charge that feeds no engine input was used
 * by none. Newest month first.
 */
export function settlementsUsing(db: Db, id: number, options: { validatedOnly?: boolean } = {}): Promise<ChargeSettlement[]> {
  return queryRows<ChargeSettlement>(
    db,
    sql`select l."id", l."contrato_id", c."codigo_contraparte" as contrato_codigo, l."anio", l."mes"::int as mes,
               l."version_liquidacion", l."estado"
        from "cargos_pais" cp
        join "liquidaciones" l
          on make_date(l."anio", l."mes", 1) <= coalesce(cp."vigente_hasta", 'infinity'::date)
         and (make_date(l."anio", l."mes", 1) + interval '1 month' - interval '1 day')::date >= cp."vigente_desde"
        join "contratos" c on c."id" = l."contrato_id"
        where cp."id" = ${id} and cp."concepto_liquidacion" is not null
          and l."calculada_en" >= cp."created_at"
          and (${options.validatedOnly ?? false} = false or l."estado" = 'validada')
          and ${settlementReadsCharge}
        order by l."anio" desc, l."mes" desc, l."id" desc`,
  );
}

/**
 * Stores imported charge rates (the market-data `cargos` file: country, kind, period, USD per
 * MWh) as the charges named after their kind: a row replaces the stored rate of its country and
 * code that starts the same day (an edit: the next version, who and when), and only when it
 * changes something, so a file imported twice leaves the rates as they were. The periods'
 * overlaps are checked when the transaction commits (the constraint is deferred), so the order
 * of the rows does not matter.
 */
export async function upsertImportedCharges(
  tx: Db,
  rates: ReadonlyArray<Pick<ChargeValues, 'pais' | 'vigente_desde' | 'vigente_hasta' | 'tasa'> & { concepto: ChargeKind }>,
  actor: string | null,
): Promise<void> {
  const changed = sql`(${cargosPais.vigente_hasta}, ${cargosPais.tasa}, ${cargosPais.moneda}) is distinct from (excluded."vigente_hasta", excluded."tasa", excluded."moneda")`;
  // In chunks: a statement carries at most 65,535 parameters.
  for (let start = 0; start < rates.length; start += IMPORT_CHUNK) {
    await tx
      .insert(cargosPais)
      .values(rates.slice(start, start + IMPORT_CHUNK).map((rate) => ({ ...importedChargeValues(rate), ...createStamp(actor) })))
      .onConflictDoUpdate({
        target: [cargosPais.pais, cargosPais.codigo, cargosPais.vigente_desde],
        set: { vigente_hasta: sql`excluded."vigente_hasta"`, tasa: sql`excluded."tasa"`, moneda: sql`excluded."moneda"`, ...editStamp(cargosPais, actor) },
        setWhere: changed,
      });
  }
}

const IMPORT_CHUNK = 1_000;

/** The stored periods of the imported charges of the countries and kinds given (what an import's rows are checked against). */
export async function importedChargePeriods(tx: Db, keys: ReadonlyArray<{ pais: CargoPaisRow['pais']; concepto: ChargeKind }>) {
  if (keys.length === 0) return [];
  const rows = await tx
    .select({ pais: cargosPais.pais, codigo: cargosPais.codigo, vigente_desde: cargosPais.vigente_desde, vigente_hasta: cargosPais.vigente_hasta })
    .from(cargosPais)
    .where(or(...keys.map((key) => and(eq(cargosPais.pais, key.pais), eq(cargosPais.codigo, importedChargeCode(key.concepto))))));
  const kindOf = new Map(keys.map((key) => [importedChargeCode(key.concepto), key.concepto]));
  return rows.map(({ codigo, ...period }) => ({ ...period, concepto: kindOf.get(codigo)! }));
}

/** The catalogue columns an imported rate is stored with, in SQL (the demo seed's set-based insert). */
export const IMPORTED_CHARGE_COLUMNS = ['codigo', 'nombre', 'base', 'unidad', 'moneda', 'pagador', 'concepto_liquidacion'] as const;

/**
 * The values of `IMPORTED_CHARGE_COLUMNS` for rates whose kind is the SQL expression `kind`, as
 * `importedChargeValues` makes them (one definition of what an imported rate is).
 */
export function importedChargeColumnsSql(kind: SQL): SQL {
  return sql.join(
    IMPORTED_CHARGE_COLUMNS.map((column) => importedChargeColumnSql(column, kind)),
    sql`, `,
  );
}

/** One column of `importedChargeColumnsSql` (`codigo`: the code a kind's imported rates are stored under). */
export function importedChargeColumnSql(column: (typeof IMPORTED_CHARGE_COLUMNS)[number], kind: SQL): SQL {
  const byKind = CHARGE_KINDS.map((concepto) => [concepto, importedChargeValues({ pais: 'GT', concepto, vigente_desde: '', vigente_hasta: null, tasa: '0' })] as const);
  return sql`(case ${kind} ${sql.join(byKind.map(([concepto, values]) => sql`when ${concepto} then ${values[column]}`), sql` `)} end)`;
}

/**
 * The preliminary settlements a change of `pais`'s charges since `since` touches: computed and
 * reading (`settlementReadsCharge`) a period changed (created or edited) since then. In month,
 * contract and version order (the order the update recomputes them in).
 */
export async function settlementsTouchedSince(db: Db, pais: CargoPaisRow['pais'], since: Date | null): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select l."id" from "liquidaciones" l
        where l."estado" = 'preliminar' and l."calculada_en" is not null
          and exists (
            select 1 from "cargos_pais" cp
            where cp."pais" = ${pais} and cp."concepto_liquidacion" is not null
              and (${since}::timestamptz is null or cp."updated_at" > ${since}::timestamptz)
              -- Computed after the charge's last change, it already read the rate as it is.
              and cp."updated_at" > l."calculada_en"
              and ${settlementReadsCharge})
        order by l."anio", l."mes", l."contrato_id", l."version_liquidacion", l."id"`,
  );
  return rows.map((row) => row.id);
}

/**
 * Inserts the periods of the codes a country does not have yet (a code already kept, by a user
 * or a previous start, keeps its periods as they are): the demo catalogue's first load.
 */
export async function insertNewCharges(tx: Db, periods: readonly ChargeValues[], actor: string | null): Promise<number> {
  const kept = await tx.selectDistinct({ pais: cargosPais.pais, codigo: cargosPais.codigo }).from(cargosPais);
  const known = new Set(kept.map((row) => `${row.pais}:${row.codigo}`));
  const fresh = periods.filter((period) => !known.has(`${period.pais}:${period.codigo}`));
  if (fresh.length > 0) await tx.insert(cargosPais).values(fresh.map((period) => ({ ...period, ...createStamp(actor) })));
  return fresh.length;
}
