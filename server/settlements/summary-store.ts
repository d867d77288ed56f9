// The SQL of the settlement summary (docs/api-settlements.md, "Summary"): the period's
// settlements, one per contract and month, summed by the database per month, country and
// contract type (one GROUPING SETS query), the margin accumulated month by month (a window
// over the monthly sums), and per contract. Never a row loop in JavaScript.
import { sql, type SQL } from 'drizzle-orm';
import { SETTLEMENT_VERSIONS, type SettlementVersion } from '../../schemas/settlement.schema';
import type {
  AccumulatedMargin,
  ContractSummary,
  SettlementSummary,
  SettlementSummaryQuery,
  SummaryFigures,
} from '../../schemas/settlement-summary.schema';
import { queryRows, type Db } from '../db/client';

/**
 * The settlements a summary counts: for each contract and month of the period, the most final
 * one computed (CD over DF over PE; of CDs the latest reconciliation), whatever its state, or
 * the one of `query.version` when named. A CD made by reconciling but not computed yet
 * (`calculada_en` null, zero totals) does not count: the DF it corrects still does.
 */
function countedSettlements(query: SettlementSummaryQuery): SQL {
  const conditions: SQL[] = [sql`l."anio" = ${query.anio}`, sql`l."calculada_en" is not null`];
  if (query.mes !== undefined) conditions.push(sql`l."mes" = ${query.mes}`);
  if (query.version !== undefined) conditions.push(sql`l."version_liquidacion" = ${query.version}`);
  if (query.pais !== undefined) conditions.push(sql`c."sucursal" = ${query.pais}`);
  if (query.tipo_contrato !== undefined) conditions.push(sql`c."tipo_contrato" = ${query.tipo_contrato}`);
  return sql`select distinct on (l."contrato_id", l."mes")
      l."contrato_id", l."mes", l."version_liquidacion", l."estado",
      l."energia_total_mwh", l."liquidacion_energia", l."margen", l."factura",
      c."sucursal" as pais, c."tipo_contrato", c."codigo_contraparte", c."empresa_id"
    from "liquidaciones" l join "contratos" c on c."id" = l."contrato_id"
    where ${sql.join(conditions, sql` and `)}
    order by l."contrato_id", l."mes", array_position(array['CD', 'DF', 'PE']::text[], l."version_liquidacion"), l."reconciliacion" desc`;
}

/** How many settlements of each version a group counts, as columns `n_pe`, `n_df`, `n_cd`. */
const versionCounts = sql.raw(
  SETTLEMENT_VERSIONS.map((version) => `count(*) filter (where "version_liquidacion" = '${version}')::int as "n_${version.toLowerCase()}"`).join(', '),
);

/** The sums and counts of a group of counted settlements (zero, not null, for an empty group). */
const figureColumns = sql`coalesce(sum("energia_total_mwh"), 0)::text as energia_total_mwh,
  coalesce(sum("liquidacion_energia"), 0)::text as liquidacion_energia,
  coalesce(sum("margen"), 0)::text as margen,
  coalesce(sum("factura"), 0)::text as factura,
  count(*)::int as liquidaciones,
  count(*) filter (where "estado" = 'validada')::int as validadas,
  ${versionCounts}`;

type FigureRow = Omit<SummaryFigures, 'versiones'> & Record<`n_${Lowercase<SettlementVersion>}`, number>;

/** A row of `figureColumns` with its version counts as `versiones`, and its other columns kept. */
function figuresOf<Row extends FigureRow>({ n_pe, n_df, n_cd, ...rest }: Row): Omit<Row, `n_${Lowercase<SettlementVersion>}`> & { versiones: SummaryFigures['versiones'] } {
  return { ...rest, versiones: { PE: n_pe, DF: n_df, CD: n_cd } };
}

const ZERO: SummaryFigures = {
  energia_total_mwh: '0',
  liquidacion_energia: '0',
  margen: '0',
  factura: '0',
  liquidaciones: 0,
  validadas: 0,
  versiones: { PE: 0, DF: 0, CD: 0 },
};

// grouping(mes, pais, tipo_contrato) is a bit mask of the columns a row is NOT grouped by
// (mes 4, pais 2, tipo_contrato 1): it tells each grouping set's rows apart.
const GROUPED = { total: 7, mes: 3, pais: 5, tipo: 6, mesPais: 1, mesTipo: 2 } as const;

type SummaryRow = FigureRow & { g: number; mes: number | null; pais: string | null; tipo_contrato: SettlementSummary['por_tipo_contrato'][number]['tipo_contrato'] | null };

/** The period's figures in all, per month, per country, per contract type, and per month of each. */
export async function settlementSummary(db: Db, query: SettlementSummaryQuery): Promise<SettlementSummary> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`with counted as (${countedSettlements(query)})
        select grouping("mes", "pais", "tipo_contrato")::int as g, "mes", "pais", "tipo_contrato", ${figureColumns}
        from counted
        group by grouping sets ((), ("mes"), ("pais"), ("tipo_contrato"), ("mes", "pais"), ("mes", "tipo_contrato"))
        order by "mes" nulls first, "pais" nulls first, "tipo_contrato" nulls first`,
  );
  const of = (g: number) => rows.filter((row) => row.g === g).map(({ g: _g, ...row }) => figuresOf(row));
  // GROUPING SETS with () answers the grand total even for no rows; ZERO only guards the shape.
  const [{ mes: _m, pais: _p, tipo_contrato: _t, ...total } = { ...ZERO, mes: null, pais: null, tipo_contrato: null }] = of(GROUPED.total);
  return {
    anio: query.anio,
    total,
    meses: of(GROUPED.mes).map(({ pais: _p, tipo_contrato: _t, ...row }) => ({ ...row, mes: row.mes! })),
    por_pais: of(GROUPED.pais).map(({ mes: _m, tipo_contrato: _t, ...row }) => ({ ...row, pais: row.pais! })),
    por_tipo_contrato: of(GROUPED.tipo).map(({ mes: _m, pais: _p, ...row }) => ({ ...row, tipo_contrato: row.tipo_contrato! })),
    por_pais_mes: of(GROUPED.mesPais).map(({ tipo_contrato: _t, ...row }) => ({ ...row, mes: row.mes!, pais: row.pais! })),
    por_tipo_contrato_mes: of(GROUPED.mesTipo).map(({ pais: _p, ...row }) => ({ ...row, mes: row.mes!, tipo_contrato: row.tipo_contrato! })),
  };
}

/** The margin of each month of the period with settlements, and the margin accumulated up to it. */
export async function accumulatedMargin(db: Db, query: SettlementSummaryQuery): Promise<AccumulatedMargin> {
  const rows = await queryRows<FigureRow & { mes: number; margen_acumulado: string }>(
    db,
    sql`with counted as (${countedSettlements(query)})
        select "mes", ${figureColumns}, (sum(sum("margen")) over (order by "mes"))::text as margen_acumulado
        from counted group by "mes" order by "mes"`,
  );
  return {
    anio: query.anio,
    meses: rows.map((row) => {
      const { mes, margen, margen_acumulado, liquidaciones, versiones } = figuresOf(row);
      return { mes, margen, margen_acumulado, liquidaciones, versiones };
    }),
  };
}

/** Each contract with a settlement in the period, its company, country, type, months and totals; highest margin first. */
export async function contractSummaries(db: Db, query: SettlementSummaryQuery): Promise<ContractSummary[]> {
  const rows = await queryRows<FigureRow & Omit<ContractSummary, keyof SummaryFigures>>(
    db,
    sql`with counted as (${countedSettlements(query)})
        select counted."contrato_id", counted."codigo_contraparte" as contrato_codigo, counted."empresa_id",
          e."razon_social" as empresa_razon_social, counted."pais", counted."tipo_contrato",
          array_agg(counted."mes" order by counted."mes")::int[] as meses, ${figureColumns}
        from counted join "empresas" e on e."id" = counted."empresa_id"
        group by counted."contrato_id", counted."codigo_contraparte", counted."empresa_id", e."razon_social", counted."pais", counted."tipo_contrato"
        order by sum(counted."margen") desc, counted."contrato_id"`,
  );
  return rows.map((row) => figuresOf(row));
}
