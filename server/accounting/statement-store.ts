// The SQL of the account statements (docs/accounting.md, "Account statements"): the issued
// documents of one direction and the payments recorded on them, per company and currency, in
// date order with the running balance (a window sum), and the ageing of what each document
// still owes on the cut-off date. Every amount is the database's numeric arithmetic, read as
// text; the grouping into accounts below only puts the rows in their place.
import { sql, type SQL } from 'drizzle-orm';
import {
  AGEING_BUCKETS,
  type Ageing,
  type OpenDocument,
  type Statement,
  type StatementAccount,
  type StatementMovementLine,
  type StatementQuery,
} from '../../schemas/accounting.schema';
import type { CountryCode } from '../../schemas/role.schema';
import { queryRows, type Db } from '../db/client';

/** The statement's query with its cut-off date settled (today when none was given); `pais` narrows it to one branch's documents (the billing reports per country). */
export type StatementFilters = StatementQuery & { fecha_corte: string; pais?: CountryCode };

/**
 * The documents a statement counts: issued (FACTURADO, or CONCILIADO once paid) on or before
 * the cut-off date, of the statement's direction and filters, each with its sign (a credit
 * note takes away), and `pagos` the payments recorded on them up to that date.
 */
function statementBase(query: StatementFilters): SQL {
  const conditions = [sql`f."sentido" = ${query.tipo}`, sql`f."estado" in ('FACTURADO', 'CONCILIADO')`, sql`f."fecha_emision" <= ${query.fecha_corte}::date`];
  if (query.empresa_id !== undefined) conditions.push(sql`f."empresa_id" = ${query.empresa_id}`);
  if (query.moneda !== undefined) conditions.push(sql`f."moneda" = ${query.moneda}`);
  if (query.pais !== undefined) conditions.push(sql`f."pais" = ${query.pais}`);
  return sql`documentos as (
      select f."id", f."empresa_id", f."moneda", f."tipo_documento", f."numero", f."contrato_codigo",
        f."fecha_emision", f."fecha_vencimiento", f."total",
        case when f."tipo_documento" = 'nota_credito' then -1 else 1 end as signo
      from "facturas" f
      where ${sql.join(conditions, sql` and `)}
    ),
    pagos_corte as (
      select p."id", p."factura_id", p."fecha", p."monto", p."referencia"
      from "pagos" p join documentos d on d."id" = p."factura_id"
      where p."fecha" <= ${query.fecha_corte}::date
    )`;
}

/** The ageing bucket of a number of days past the due date (0 or less: not due yet). */
const bucketOf = (days: SQL) => sql`case
    when ${days} <= 0 then 'corriente'
    when ${days} <= 30 then 'dias_1_30'
    when ${days} <= 60 then 'dias_31_60'
    when ${days} <= 90 then 'dias_61_90'
    else 'dias_mas_90' end`;

/** Each bucket's sum of `saldo` (0 when empty) and the total, as text. */
const ageingColumns = sql.raw(
  [...AGEING_BUCKETS.map((bucket) => `coalesce(sum("saldo") filter (where "tramo" = '${bucket}'), 0)::text as "${bucket}"`), `coalesce(sum("saldo"), 0)::text as "total"`].join(',\n  '),
);

type MovementRow = StatementMovementLine & { empresa_id: number; moneda: StatementAccount['moneda'] };
type DocumentRow = OpenDocument & { empresa_id: number; moneda: StatementAccount['moneda'] };
type AgeingRow = Ageing & { empresa_id: number | null; moneda: StatementAccount['moneda']; razon_social: string | null };

/** Every movement of every account, in date order (documents of a day before its payments), with the balance after each. */
function movements(db: Db, query: StatementFilters): Promise<MovementRow[]> {
  return queryRows<MovementRow>(
    db,
    sql`with ${statementBase(query)},
        movimientos as (
          select d."empresa_id", d."moneda", d."fecha_emision" as fecha, 0 as orden, d."id" as movimiento_id,
            d."tipo_documento" as concepto, d."id" as factura_id, d."numero", d."contrato_codigo",
            null::text as referencia, d."fecha_vencimiento", d."signo" * d."total" as importe
          from documentos d
          union all
          select d."empresa_id", d."moneda", p."fecha", 1, p."id",
            'pago', d."id", d."numero", d."contrato_codigo", p."referencia", null::date, -d."signo" * p."monto"
          from pagos_corte p join documentos d on d."id" = p."factura_id"
        )
        select m."empresa_id", m."moneda", m."fecha"::text as fecha, m."concepto", m."factura_id", m."numero", m."contrato_codigo",
          m."referencia", m."fecha_vencimiento"::text as fecha_vencimiento, m."importe"::text as importe,
          (sum(m."importe") over (partition by m."empresa_id", m."moneda" order by m."fecha", m."orden", m."movimiento_id"
            rows between unbounded preceding and current row))::text as saldo
        from movimientos m
        order by m."empresa_id", m."moneda", m."fecha", m."orden", m."movimiento_id"`,
  );
}

/**
 * The open documents of the cut-off date: what each still owes and its ageing bucket (CTEs
 * `documentos`, `pagos_corte`, `abiertos`, `tramos`; the balance reports read them too).
 */
export const openDocuments = (query: StatementFilters) => sql`${statementBase(query)},
    abiertos as (
      select d."id", d."empresa_id", d."moneda", d."tipo_documento", d."numero", d."contrato_codigo", d."fecha_emision", d."fecha_vencimiento",
        d."total", coalesce(sum(p."monto"), 0) as pagado,
        d."signo" * (d."total" - coalesce(sum(p."monto"), 0)) as saldo,
        ${query.fecha_corte}::date - d."fecha_vencimiento" as dias_vencido
      from documentos d left join pagos_corte p on p."factura_id" = d."id"
      group by d."id", d."empresa_id", d."moneda", d."tipo_documento", d."numero", d."contrato_codigo", d."fecha_emision", d."fecha_vencimiento", d."total", d."signo"
      having d."total" - coalesce(sum(p."monto"), 0) <> 0
    ),
    tramos as (select a.*, ${bucketOf(sql`a."dias_vencido"`)} as tramo from abiertos a)`;

function documents(db: Db, query: StatementFilters): Promise<DocumentRow[]> {
  return queryRows<DocumentRow>(
    db,
    sql`with ${openDocuments(query)}
        select t."empresa_id", t."moneda", t."id" as factura_id, t."tipo_documento", t."numero", t."contrato_codigo",
          t."fecha_emision"::text as fecha_emision, t."fecha_vencimiento"::text as fecha_vencimiento, t."dias_vencido"::int as dias_vencido,
          t."tramo", t."total"::text as total, t."pagado"::text as pagado, t."saldo"::text as saldo
        from tramos t
        order by t."empresa_id", t."moneda", t."fecha_vencimiento", t."id"`,
  );
}

/**
 * The ageing per account and per currency over the accounts (GROUPING SETS: a row with no
 * company is a currency's total). Every account with a document is there, even one whose
 * documents are all paid (its buckets 0).
 */
function ageing(db: Db, query: StatementFilters): Promise<AgeingRow[]> {
  return queryRows<AgeingRow>(
    db,
    sql`with ${openDocuments(query)},
        cuentas as (
          select distinct d."empresa_id", d."moneda" from documentos d
        ),
        saldos as (
          select c."empresa_id", c."moneda", t."tramo", t."saldo"
          from cuentas c left join tramos t on t."empresa_id" = c."empresa_id" and t."moneda" = c."moneda"
        )
        select s."empresa_id", s."moneda", e."razon_social", ${ageingColumns}
        from saldos s join "empresas" e on e."id" = s."empresa_id"
        group by grouping sets ((s."moneda", s."empresa_id", e."razon_social"), (s."moneda"))
        order by grouping(s."empresa_id"), e."razon_social", s."empresa_id", s."moneda"`,
  );
}

/** The companies with an issued document of the direction, whatever the other filters: what the company filter offers. */
function companiesOf(db: Db, query: StatementFilters): Promise<Statement['empresas']> {
  return queryRows<Statement['empresas'][number]>(
    db,
    sql`select e."id", e."razon_social"
        from "empresas" e
        where exists (select 1 from "facturas" f where f."empresa_id" = e."id" and f."sentido" = ${query.tipo} and f."estado" in ('FACTURADO', 'CONCILIADO'))
        order by e."razon_social", e."id"`,
  );
}

const ageingOf = (row: AgeingRow): Ageing =>
  Object.fromEntries([...AGEING_BUCKETS, 'total'].map((name) => [name, row[name as keyof Ageing]])) as Ageing;

/** The statement of `query`: one account per company and currency (by company name), and the ageing per currency. */
export async function accountStatement(db: Db, query: StatementFilters): Promise<Statement> {
  const [movementRows, documentRows, ageingRows, empresas] = await Promise.all([movements(db, query), documents(db, query), ageing(db, query), companiesOf(db, query)]);
  const key = (row: { empresa_id: number | null; moneda: string }) => `${row.empresa_id}:${row.moneda}`;
  const cuentas = new Map<string, StatementAccount>();
  for (const row of ageingRows) {
    if (row.empresa_id === null) continue;
    cuentas.set(key(row), {
      empresa_id: row.empresa_id,
      razon_social: row.razon_social ?? '',
      moneda: row.moneda,
      saldo: row.total,
      antiguedad: ageingOf(row),
      movimientos: [],
      documentos: [],
    });
  }
  for (const { empresa_id, moneda, ...movement } of movementRows) cuentas.get(key({ empresa_id, moneda }))?.movimientos.push(movement);
  for (const { empresa_id, moneda, ...document } of documentRows) cuentas.get(key({ empresa_id, moneda }))?.documentos.push(document);
  return {
    tipo: query.tipo,
    fecha_corte: query.fecha_corte,
    cuentas: [...cuentas.values()],
    totales: ageingRows.filter((row) => row.empresa_id === null).map((row) => ({ moneda: row.moneda, antiguedad: ageingOf(row) })),
    empresas,
  };
}
