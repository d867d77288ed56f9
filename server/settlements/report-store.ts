// The SQL of the settlements report: one statement that picks each contract's settlements of a
// month (for CD the latest reconciliation), turns them into one line per contract with PE, DF
// and CD side by side (conditional aggregation), works out DF - PE there, and adds the grand
// totals as a last row. Sums and differences are the database's numeric arithmetic, read as
// text: exact, never a binary float.
import { sql, type SQL } from 'drizzle-orm';
import {
  REPORT_AMOUNTS,
  REPORT_DIFFERENCES,
  REPORT_VERSIONS,
  type ReportVersion,
  type SettlementReport,
  type SettlementReportLine,
  type SettlementReportMonth,
  type SettlementReportQuery,
} from '../../schemas/settlement-report.schema';
import type { SettlementState } from '../../schemas/settlement.schema';
import { queryRows, type Db } from '../db/client';

/** Decimal places of a difference's percentage (a reading aid; the amounts themselves are exact). */
const PERCENT_SCALE = 4;

/** The flat row the statement answers: `pe_factura`, `dif_margen_pct`, ... as text. */
type FlatRow = Record<string, string | number | boolean | null> & { es_total: boolean };

const list = (parts: readonly string[]) => sql.raw(parts.join(',\n    '));

/** Per version: its settlement's id, state and number, and its totals (each contract has at most one of each). */
const pivot = REPORT_VERSIONS.flatMap((version) => {
  const only = `filter (where e."version_liquidacion" = '${version.toUpperCase()}')`;
  return [
    `max(e."id") ${only} as ${version}_id`,
    `max(e."estado") ${only} as ${version}_estado`,
    `max(e."reconciliacion") ${only} as ${version}_reconciliacion`,
    ...REPORT_AMOUNTS.map((name) => `sum(e."${name}") ${only} as ${version}_${name}`),
  ];
});

/** DF - PE (null unless both are there) and its percentage of |PE| (null where PE is 0). */
const differences = REPORT_DIFFERENCES.flatMap((name) => [
  `p.df_${name} - p.pe_${name} as dif_${name}`,
  `case when p.pe_${name} <> 0 then trim_scale(round((p.df_${name} - p.pe_${name}) * 100 / abs(p.pe_${name}), ${PERCENT_SCALE})) end as dif_${name}_pct`,
]);

/** A line's columns as text. */
const lineColumns = [
  ...REPORT_VERSIONS.flatMap((version) => [
    `l.${version}_id`,
    `l.${version}_estado`,
    `l.${version}_reconciliacion`,
    ...REPORT_AMOUNTS.map((name) => `l.${version}_${name}::text as ${version}_${name}`),
  ]),
  ...REPORT_DIFFERENCES.flatMap((name) => [`l.dif_${name}::text as dif_${name}`, `l.dif_${name}_pct::text as dif_${name}_pct`]),
];

/**
 * The same columns summed over the lines: each version over the contracts that have it, the
 * difference over the contracts that have both, its percentage of those contracts' PE.
 */
const totalColumns = [
  ...REPORT_VERSIONS.flatMap((version) => [
    `null::integer`,
    `null::text`,
    `null::integer`,
    ...REPORT_AMOUNTS.map((name) => `sum(l.${version}_${name})::text`),
  ]),
  ...REPORT_DIFFERENCES.flatMap((name) => {
    const pe = `sum(l.pe_${name}) filter (where l.dif_${name} is not null)`;
    return [
      `sum(l.dif_${name})::text`,
      `(case when ${pe} <> 0 then trim_scale(round(sum(l.dif_${name}) * 100 / abs(${pe}), ${PERCENT_SCALE})) end)::text`,
    ];
  }),
];

function contractFilters(query: SettlementReportQuery): SQL {
  const conditions = [sql`l."anio" = ${query.anio}`, sql`l."mes" = ${query.mes}`];
  if (query.pais !== undefined) conditions.push(sql`c."sucursal" = ${query.pais}`);
  if (query.empresa_id !== undefined) conditions.push(sql`c."empresa_id" = ${query.empresa_id}`);
  if (query.tipo_contrato !== undefined) conditions.push(sql`c."tipo_contrato" = ${query.tipo_contrato}`);
  return sql.join(conditions, sql` and `);
}

/** The version's part of a flat row, or null when the contract has no settlement of it. */
function settlementOf(row: FlatRow, version: ReportVersion): SettlementReportLine['pe'] {
  if (row[`${version}_id`] === null) return null;
  return {
    id: row[`${version}_id`] as number,
    estado: row[`${version}_estado`] as SettlementState,
    reconciliacion: row[`${version}_reconciliacion`] as number,
    ...amountsOf(row, version),
  };
}

function amountsOf(row: FlatRow, version: ReportVersion) {
  return Object.fromEntries(REPORT_AMOUNTS.map((name) => [name, row[`${version}_${name}`] as string])) as Record<(typeof REPORT_AMOUNTS)[number], string>;
}

function differenceOf(row: FlatRow): SettlementReportLine['diferencia'] {
  if (row.dif_factura === null) return null;
  return Object.fromEntries(
    REPORT_DIFFERENCES.flatMap((name) => [
      [name, row[`dif_${name}`]],
      [`${name}_pct`, row[`dif_${name}_pct`]],
    ]),
  ) as NonNullable<SettlementReportLine['diferencia']>;
}

/**
 * The report of `query`'s month: one line per contract with a settlement in it (those the
 * filters keep), by company then contract, and the grand totals.
 */
export async function settlementReport(db: Db, query: SettlementReportQuery): Promise<SettlementReport> {
  const [rows, empresas] = await Promise.all([queryRows<FlatRow>(
    db,
    sql`with elegidas as (
          select distinct on (l."contrato_id", l."version_liquidacion") l.*
          from "liquidaciones" l join "contratos" c on c."id" = l."contrato_id"
          where ${contractFilters(query)}
          order by l."contrato_id", l."version_liquidacion", l."reconciliacion" desc
        ),
        por_contrato as (
          select e."contrato_id",
            ${list(pivot)}
          from elegidas e group by e."contrato_id"
        ),
        lineas as (
          select p.*,
            ${list(differences)}
          from por_contrato p
        )
        select false as es_total, c."id" as contrato_id, c."codigo_contraparte" as contrato_codigo, c."empresa_id",
          em."razon_social" as empresa_razon_social, c."sucursal", c."tipo_contrato", c."moneda",
          ${list(lineColumns)}
        from lineas l join "contratos" c on c."id" = l."contrato_id" join "empresas" em on em."id" = c."empresa_id"
        union all
        select true, count(*)::integer, null, null, null, null, null, null,
          ${list(totalColumns)}
        from lineas l
        order by es_total, empresa_razon_social, contrato_id`,
  ), companiesOfMonth(db, query)]);
  const lines = rows.filter((row) => !row.es_total);
  const totals = rows.find((row) => row.es_total)!;
  return {
    anio: query.anio,
    mes: query.mes,
    empresas,
    contratos: lines.map((row) => ({
      contrato_id: row.contrato_id as number,
      contrato_codigo: row.contrato_codigo as string,
      empresa_id: row.empresa_id as number,
      empresa_razon_social: row.empresa_razon_social as string,
      sucursal: row.sucursal as string,
      tipo_contrato: row.tipo_contrato as SettlementReportLine['tipo_contrato'],
      moneda: row.moneda as string,
      pe: settlementOf(row, 'pe'),
      df: settlementOf(row, 'df'),
      cd: settlementOf(row, 'cd'),
      diferencia: differenceOf(row),
    })),
    totales: {
      // The totals row carries the number of lines where a line carries its contract.
      contratos: totals.contrato_id as number,
      ...(Object.fromEntries(REPORT_VERSIONS.map((version) => [version, totalsOf(totals, version)])) as Record<ReportVersion, SettlementReport['totales']['pe']>),
      diferencia: differenceOf(totals),
    },
  };
}

/** A version's sums in the totals row, or null when no line has that version. */
function totalsOf(row: FlatRow, version: ReportVersion): SettlementReport['totales']['pe'] {
  return row[`${version}_factura`] === null ? null : amountsOf(row, version);
}

/** The companies with a settlement in the month, by name: what the report's company filter offers. */
function companiesOfMonth(db: Db, query: SettlementReportQuery): Promise<SettlementReport['empresas']> {
  return queryRows<SettlementReport['empresas'][number]>(
    db,
    sql`select distinct em."id", em."razon_social"
        from "liquidaciones" l join "contratos" c on c."id" = l."contrato_id" join "empresas" em on em."id" = c."empresa_id"
        where l."anio" = ${query.anio} and l."mes" = ${query.mes}
        order by em."razon_social", em."id"`,
  );
}

/** The months that have settlements (of any version and state), newest first, with how many each has. */
export function monthsWithSettlements(db: Db): Promise<SettlementReportMonth[]> {
  return queryRows<SettlementReportMonth>(
    db,
    sql`select "anio", "mes", count(*)::int as "liquidaciones" from "liquidaciones" group by "anio", "mes" order by "anio" desc, "mes" desc`,
  );
}
