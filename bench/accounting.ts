// `npm run bench:accounting`: how long the accounting reads take on a large book. The book: the
// demo data set (40 companies) plus 120 contracts copied from the demo's (every branch and
// currency, sales and purchases), each with 37 months of validated final settlements (DF) and,
// about one month in twenty, a validated reconciliation (CD). The older 36 months are documented:
// an issued invoice per DF and a credit or debit note per CD (about 4,500 documents with their
// lines), each paid in 1 to 3 payments, except the newest ones (unpaid or partly paid); the last
// month and the newest CDs are validated but not documented yet, so the cash flow also has
// purchase legs to expect. The rows are written set-based (INSERT ... SELECT over
// generate_series) through the tables' checks and triggers: drafted (GUARDADO) with their lines,
// then issued, then paid and reconciled. Not part of any time.
//
// Measured, each through the real app (buildApp with every plugin, Fastify inject, as the demo
// admin with an id token signed by the database's key, so auth, permission checks, validation,
// the queries and the JSON serialisation all count), RUNS times after WARMUP runs, median and
// p95 in ms: the account statement (`POST /estado_de_cuenta/api/v1/get`, receivable and
// payable, all companies and one company), the three cash-flow calls and the invoice list
// (`GET /facturacion/api/v1/facturas`, its first page and its totals). Next to each, the same
// store function called directly (the SQL the call is built on, without HTTP or JSON) and a
// floor: one `select count(*)` over the rows the call reads (same tables, same joins, same
// filter), with the ratio call / floor. No goal is set: the figures are a report.
//
// Runs on the embedded PGlite (a fresh data directory, migrated and seeded like `npm start`) and
// then, when DATABASE_URL is set, on a fresh database of its own created on that server (as
// tests/server/helpers.ts does) and dropped afterwards.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminToken, DEMO_ADMIN as ADMIN, onEachDatabase, median, p95, sample } from './bench-support';
import { accumulatedCashFlow, cashFlowByBranch, cashFlowByDates } from '../server/accounting/cash-flow-store';
import { accountStatement } from '../server/accounting/statement-store';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows, type Db } from '../server/db/client';
import { seedDemo } from '../server/db/seed/demo';
import { listInvoices } from '../server/invoicing/store';

const CONTRACTS = 120;
/** Documented months (the newest month before them is validated, not documented). */
const MONTHS = 36;
/** One (contract, month) in CD_EVERY also has a validated reconciliation. */
const CD_EVERY = 20;
const WARMUP = 2;
const RUNS = 15;
const RANGE_DAYS = 90;
const MARK = 'bench-accounting';
/** The MXN contracts' exchange rate (made up; only stored on the documents). */
const MXN_RATE = '17.25';

/** The book, written set-based; `k` is how many months before the current one a settlement is. */
async function writeBook(db: Db): Promise<void> {
  const [file] = await queryRows<{ key: string }>(db, sql`select "key" from "files" where "tipo_mime" = 'application/pdf' order by "key" limit 1`);
  if (!file) throw new Error('the demo data has no PDF file to stand for the invoice documents');
  // 120 contracts: the demo's in turn (every branch, currency and direction), each with a company in turn.
  await db.execute(sql`
    with fuente as (select c.*, row_number() over (order by c."id") as n from "contratos" c),
      companias as (select e."id", row_number() over (order by e."id") as n from "empresas" e),
      cuantos as (select (select count(*) from fuente) as contratos, (select count(*) from companias) as empresas)
    insert into "contratos"
    select (jsonb_populate_record(null::"contratos", to_jsonb(f) || jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('contratos', 'id')), 'empresa_id', e."id",
        'codigo_contraparte', 'BENCH-' || lpad(g::text, 3, '0'), 'created_by', ${MARK}::text))).*
    from generate_series(1, ${CONTRACTS}) g cross join cuantos q
      join fuente f on f.n = (g - 1) % q.contratos + 1
      join companias e on e.n = (g - 1) % q.empresas + 1`);
  // A validated DF per contract and month, and now and then a validated CD that moves the amount up or down.
  await db.execute(sql`
    with meses as (
        select k, extract(year from m)::int as anio, extract(month from m)::int as mes
        from generate_series(1, ${MONTHS + 1}) k, lateral (select date_trunc('month', current_date) - make_interval(months => k) as m) d
      ),
      montos as (
        select c."id" as contrato_id, c."moneda", m.k, m.anio, m.mes,
          round(20000 + ((c."id" * 37 + m.k * 101) % 9000) * 13.37, 2) as factura,
          ((c."id" * 7 + m.k) % ${CD_EVERY} = 0 and m.k >= 3) as con_cd,
          case when (c."id" + m.k) % 2 = 0 then 1 else -1 end * (500 + (c."id" * 13 + m.k * 7) % 3000) as diferencia
        from "contratos" c cross join meses m where c."created_by" = ${MARK}
      ),
      versiones as (
        select contrato_id, moneda, anio, mes, 'DF' as version, 0 as reconciliacion, factura from montos
        union all
        select contrato_id, moneda, anio, mes, 'CD', 1, factura + diferencia from montos where con_cd
      )
    insert into "liquidaciones" ("contrato_id", "anio", "mes", "version_liquidacion", "reconciliacion", "estado",
      "energia_total_mwh", "liquidacion_energia", "fee", "factura", "factura_mxn",
      "calculada_por", "calculada_en", "validada_por", "validada_en", "created_by", "updated_by")
    select v.contrato_id, v.anio, v.mes, v.version, v.reconciliacion, 'validada',
      round(v.factura / 85, 3), round(v.factura * 0.85, 2), v.factura - round(v.factura * 0.85, 2), v.factura,
      case when v.moneda = 'MXN' then round(v.factura * ${MXN_RATE}::numeric, 2) end,
      ${`${MARK}-calc`}, now(), ${`${MARK}-val`}, now(), ${MARK}, ${MARK}
    from versiones v`);
  // The documents of the months before the last: an invoice per DF, then a note per CD against it (not the newest CDs).
  const documents = (notes: boolean) => sql`
    insert into "facturas" ("tipo_documento", "sentido", "liquidacion_id", "factura_origen_id", "contrato_id", "empresa_id",
      "contrato_codigo", "razon_social", "nit", "direccion", "incoterm", "pais", "anio", "mes", "energia_mwh",
      "subtotal", "tasa_iva", "iva", "total", "moneda", "tipo_cambio", "tipo_credito", "dias_credito", "created_by", "updated_by")
    select d.tipo_documento, case when c."tipo_transaccion" = 'R' then 'cobrar' else 'pagar' end, l."id", d.origen, c."id", c."empresa_id",
      c."codigo_contraparte", e."razon_social", e."nit", e."direccion_legal", c."incoterm", c."sucursal", l."anio", l."mes", l."energia_total_mwh",
      d.subtotal, t."tasa", round(d.subtotal * t."tasa" / 100, 2), d.subtotal + round(d.subtotal * t."tasa" / 100, 2),
      c."moneda", case when c."moneda" = 'MXN' then ${MXN_RATE}::numeric else 1 end, c."tipo_credito", c."dias_credito", ${MARK}, ${MARK}
    from "liquidaciones" l
      join "contratos" c on c."id" = l."contrato_id"
      join "empresas" e on e."id" = c."empresa_id"
      cross join lateral (select (make_date(l."anio", l."mes", 1) + interval '1 month' - interval '1 day')::date as ultimo_dia) u
      join "tasas_iva" t on t."pais" = c."sucursal" and t."vigente_desde" <= u.ultimo_dia and (t."vigente_hasta" is null or t."vigente_hasta" >= u.ultimo_dia)
      cross join lateral (
        ${
          notes
            ? sql`select case when l."factura" > df."factura" then 'nota_debito' else 'nota_credito' end as tipo_documento, fd."id" as origen,
                abs(case when c."moneda" = 'MXN' then l."factura_mxn" - df."factura_mxn" else l."factura" - df."factura" end) as subtotal
              from "liquidaciones" df join "facturas" fd on fd."liquidacion_id" = df."id"
              where df."contrato_id" = l."contrato_id" and df."anio" = l."anio" and df."mes" = l."mes" and df."version_liquidacion" = 'DF'`
            : sql`select 'factura' as tipo_documento, null::integer as origen, case when c."moneda" = 'MXN' then l."factura_mxn" else l."factura" end as subtotal`
        }
      ) d
    where l."created_by" = ${MARK} and l."version_liquidacion" = ${notes ? 'CD' : 'DF'}
      and make_date(l."anio", l."mes", 1) < date_trunc('month', current_date) - interval ${sql.raw(notes ? `'3 months'` : `'1 month'`)}`;
  await db.execute(documents(false));
  await db.execute(documents(true));
  // Their lines while they are drafts (energy and fee: their sum is the subtotal), then issued
  // some days after the month (a note later), the due date by the contract's credit terms.
  await db.execute(sql`
    insert into "factura_lineas" ("factura_id", "concepto", "cantidad_mwh", "monto")
    select f."id", 'energia', f."energia_mwh", round(f."subtotal" * 0.85, 2) from "facturas" f where f."created_by" = ${MARK}
    union all
    select f."id", 'fee', null, f."subtotal" - round(f."subtotal" * 0.85, 2) from "facturas" f where f."created_by" = ${MARK}`);
  await db.execute(sql`
    update "facturas" f set "estado" = 'FACTURADO', "solicitado_por" = ${`${MARK}-analyst`}, "solicitado_en" = now(),
      "numero" = 'BENCH-' || f."id", "fecha_emision" = x.fecha, "fecha_vencimiento" = fecha_vencimiento(x.fecha, f."dias_credito", f."tipo_credito"),
      "archivo_fisica" = ${file.key}, "archivo_flex" = ${file.key}, "emitido_por" = ${`${MARK}-supervisor`}, "emitido_en" = x.fecha::timestamptz
    from (select g."id", (make_date(g."anio", g."mes", 1) + interval '1 month' - interval '1 day')::date
            + case when g."tipo_documento" = 'factura' then 5 else 40 end as fecha
          from "facturas" g where g."created_by" = ${MARK}) x
    where x."id" = f."id"`);
  // Payments: documents of the two newest documented months unpaid, partly paid or paid by
  // thirds; older ones paid in full in 1 to 3 payments (half, three tenths, the rest), ten days
  // apart, never after today.
  await db.execute(sql`
    with documentos as (
        select f."id", f."total", f."moneda", f."fecha_emision",
          case when f."fecha_emision" >= date_trunc('month', current_date) - interval '2 months' then f."id" % 3 else 2 end as paga,
          f."id" % 3 + 1 as partes
        from "facturas" f where f."created_by" = ${MARK}
      ),
      partes as (
        select d.*, i from documentos d cross join lateral generate_series(1, case when d.paga = 0 then 0 when d.paga = 1 then 1 else d.partes end) i
      )
    insert into "pagos" ("factura_id", "fecha", "monto", "moneda", "referencia", "registrado_por")
    select p."id", least(p."fecha_emision" + 10 * p.i, current_date),
      case
        when p.paga = 1 then round(p."total" * 0.4, 2)
        when p.i < p.partes then round(p."total" * case p.i when 1 then 0.5 else 0.3 end, 2)
        else p."total" - case p.partes when 1 then 0 when 2 then round(p."total" * 0.5, 2) else round(p."total" * 0.5, 2) + round(p."total" * 0.3, 2) end
      end,
      p."moneda", 'BENCH-' || p."id" || '-' || p.i, ${MARK}
    from partes p`);
  await db.execute(sql`
    update "facturas" f set "pagado" = s.pagado,
      "estado" = case when s.pagado = f."total" then 'CONCILIADO' else f."estado" end,
      "conciliado_en" = case when s.pagado = f."total" then now() end
    from (select "factura_id", sum("monto") as pagado from "pagos" group by "factura_id") s
    where s."factura_id" = f."id" and f."created_by" = ${MARK}`);
  // Statistics of what was just loaded, as PostgreSQL's autovacuum gathers them after a load
  // this size (PGlite has no autovacuum): the same plans every run.
  await db.execute(sql`analyze "contratos", "empresas", "liquidaciones", "facturas", "factura_lineas", "pagos", "tasas_iva"`);
}

/** Rows per table, as printed. */
async function bookCounts(db: Db): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`select (select count(*) from "contratos") as contratos,
          (select count(*) from "liquidaciones" where "estado" = 'validada') as liquidaciones_validadas,
          (select count(*) from "facturas") as documentos,
          (select count(*) from "facturas" where "tipo_documento" <> 'factura') as notas,
          (select count(*) from "facturas" where "estado" = 'FACTURADO') as abiertos,
          (select count(*) from "factura_lineas") as lineas,
          (select count(*) from "pagos") as pagos`,
  );
  return Object.fromEntries(Object.entries(row!).map(([name, value]) => [name, Number(value)]));
}

interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: object;
  /** The store function the route calls: its SQL without HTTP or JSON. */
  store: () => Promise<unknown>;
  /** One scan over the rows the call reads. */
  floor: SQL;
}

/** The calls measured; `empresas` the company with the most documents of each direction, `today` the database's date. */
function calls(db: Db, empresas: { cobrar: number; pagar: number }, today: string): Call[] {
  const hasta = new Date(Date.parse(`${today}T00:00:00Z`) + RANGE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const statementFloor = (tipo: string, empresa?: number) =>
    sql`select count(*) from "facturas" f left join "pagos" p on p."factura_id" = f."id"
        where f."sentido" = ${tipo} and f."estado" in ('FACTURADO', 'CONCILIADO') ${empresa === undefined ? sql`` : sql`and f."empresa_id" = ${empresa}`}`;
  const statement = (tipo: 'cobrar' | 'pagar', empresa?: number): Call => ({
    name: `statement ${tipo}${empresa === undefined ? ', all companies' : ', one company'}`,
    method: 'POST',
    url: '/estado_de_cuenta/api/v1/get',
    body: { tipo, ...(empresa === undefined ? {} : { empresa_id: empresa }) },
    store: () => accountStatement(db, { tipo, ...(empresa === undefined ? {} : { empresa_id: empresa }), fecha_corte: today }),
    floor: statementFloor(tipo, empresa),
  });
  // What the cash flow reads: the open documents with their contract, and the validated settlements with theirs.
  const cashFlowFloor = sql`select (select count(*) from "facturas" f join "contratos" c on c."id" = f."contrato_id" where f."estado" = 'FACTURADO')
      + (select count(*) from "liquidaciones" l join "contratos" c on c."id" = l."contrato_id" where l."estado" = 'validada' and c."tipo_transaccion" = 'I')`;
  return [
    statement('cobrar'),
    statement('pagar'),
    statement('cobrar', empresas.cobrar),
    statement('pagar', empresas.pagar),
    { name: 'cash flow by branch', method: 'POST', url: '/flujo-caja/api/v1/flujo-caja-sucursales', body: {}, store: () => cashFlowByBranch(db, {}), floor: cashFlowFloor },
    { name: 'cash flow accumulated', method: 'POST', url: '/flujo-caja/api/v1/flujo-caja-acumulado', body: {}, store: () => accumulatedCashFlow(db, {}), floor: cashFlowFloor },
    {
      name: `cash flow by dates (${RANGE_DAYS} days)`,
      method: 'POST',
      url: '/flujo-caja/api/v1/flujo-caja-fechas',
      body: { desde: today, hasta },
      store: () => cashFlowByDates(db, { desde: today, hasta }),
      floor: cashFlowFloor,
    },
    {
      name: 'invoice list, first page + totals',
      method: 'GET',
      url: '/facturacion/api/v1/facturas',
      store: () => listInvoices(db, { pagina: 1, por_pagina: 50 }),
      floor: sql`select count(*) from "facturas" f join "liquidaciones" l on l."id" = f."liquidacion_id"`,
    },
  ];
}

interface Measured {
  name: string;
  bytes: number;
  call: number[];
  store: number[];
  floor: number[];
}

async function run(label: string, db: Db): Promise<{ label: string; counts: Record<string, number>; rows: Measured[] }> {
  const startedAt = performance.now();
  await seedDemo(db, { poolId: 'local_EnergyPool', withIdentities: false });
  await writeBook(db);
  const counts = await bookCounts(db);
  console.log(`${label}: seeded and the book written in ${((performance.now() - startedAt) / 1000).toFixed(1)} s; measuring`);

  const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080', LOG_LEVEL: 'silent' });
  const token = await adminToken(db, config);
  const app: FastifyInstance = await buildApp({ config, db });
  try {
    const busiest = async (sentido: string) => {
      const [company] = await queryRows<{ empresa_id: number }>(
        db,
        sql`select "empresa_id" from "facturas" where "sentido" = ${sentido} group by "empresa_id" order by count(*) desc, "empresa_id" limit 1`,
      );
      return company!.empresa_id;
    };
    const [today] = await queryRows<{ hoy: string }>(db, sql`select current_date::text as hoy`);
    const rows: Measured[] = [];
    for (const call of calls(db, { cobrar: await busiest('cobrar'), pagar: await busiest('pagar') }, today!.hoy)) {
      let bytes = 0;
      const inject = async () => {
        const response = await app.inject({ method: call.method, url: call.url, headers: { authorization: `Bearer ${token}` }, ...(call.body ? { payload: call.body } : {}) });
        if (response.statusCode !== 200) throw new Error(`${call.name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        bytes = response.rawPayload.length;
      };
      rows.push({ name: call.name, call: await sample(inject, RUNS, WARMUP), bytes, store: await sample(call.store, RUNS, WARMUP), floor: await sample(() => db.execute(call.floor), RUNS, WARMUP) });
    }
    return { label, counts, rows };
  } finally {
    await app.close();
  }
}

const results = await onEachDatabase('energy_bench_accounting', run);

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
console.log(`\nAccounting reads: ${CONTRACTS} contracts x ${MONTHS} documented months, as ${ADMIN}; ${RUNS} runs each after ${WARMUP} warm-up runs`);
for (const { label, counts, rows } of results) {
  console.log(`\n${label}: ${Object.entries(counts).map(([name, n]) => `${name} ${n.toLocaleString('en-US')}`).join(', ')}`);
  const header = ['call', 'KB', 'median ms', 'p95 ms', 'store ms', 'floor ms', 'call/floor'];
  const lines = rows.map((row) => [
    row.name,
    (row.bytes / 1024).toFixed(0),
    ms(median(row.call)),
    ms(p95(row.call)),
    ms(median(row.store)),
    ms(median(row.floor)),
    (median(row.call) / median(row.floor)).toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const print = (cells: string[]) => console.log(`  ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}`);
  print(header);
  for (const line of lines) print(line);
}
console.log('\nmedian/p95: the call through the app (inject); store: the store function alone (its SQL, no HTTP or JSON), median;');
console.log('floor: one select count(*) over the rows the call reads, median. No goal: a report.');
if (!process.env.DATABASE_URL) console.log('PostgreSQL: not measured (set DATABASE_URL to measure it).');
