// `npm run bench:settlement`: how long the settlement engine takes to compute and store one
// contract's 31-day month for 500 annexes (500 x 31 x 24 = 372,000 rows), against the floor of
// the same database writing the same number of rows of the same width set-based (one
// INSERT ... SELECT over generate_series into a table shaped like liquidacion_filas, without its
// keys or triggers). Goal: engine / floor <= 2. Runs on the embedded PGlite (a fresh data
// directory, migrated and seeded like `npm start`) and then, when DATABASE_URL is set, on that
// PostgreSQL database (the rows it adds are removed afterwards). The market data is made up
// (server/db/seed/market-fill.ts) and is not part of the time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle, type Db } from '../server/db/client';
import { fillMissingMarketData } from '../server/db/seed/market-fill';
import { seedDemo } from '../server/db/seed/demo';

const ANNEXES = 500;
const YEAR = 2026;
const MONTH = 1;
const DAYS = 31;
const ROWS = ANNEXES * DAYS * 24;
const GOAL_RATIO = 2;
const MARK = 'bench-settlement';

/** A contract of the demo (the first with an annex), copied with `ANNEXES` copies of that annex in force all month. */
async function benchContract(db: Db): Promise<number> {
  const [source] = await queryRows<{ contrato_id: number; anexo_id: number }>(
    db,
    sql`select a.contrato_id, a.id as anexo_id from anexos a join contratos c on c.id = a.contrato_id
        where c.tipo_contrato = 'PF' order by a.id limit 1`,
  );
  if (!source) throw new Error('the demo data has no PF contract with an annex');
  const [contract] = await queryRows<{ id: number }>(
    db,
    sql`insert into contratos select (jsonb_populate_record(null::contratos, to_jsonb(c)
          || jsonb_build_object('id', nextval(pg_get_serial_sequence('contratos', 'id')), 'codigo_contraparte', ${MARK}::text,
                                'fecha_inicio', ${`${YEAR}-01-01`}::text, 'created_by', ${MARK}::text))).*
        from contratos c where c.id = ${source.contrato_id} returning id`,
  );
  await db.execute(sql`
    insert into anexos select (jsonb_populate_record(null::anexos, to_jsonb(a)
      || jsonb_build_object('id', nextval(pg_get_serial_sequence('anexos', 'id')), 'contrato_id', ${contract!.id}::integer,
                            'fecha_inicio', ${`${YEAR}-${String(MONTH).padStart(2, '0')}-01`}::text,
                            'fecha_fin', ${`${YEAR}-${String(MONTH).padStart(2, '0')}-${DAYS}`}::text))).*
    from anexos a, generate_series(1, ${ANNEXES}) where a.id = ${source.anexo_id}`);
  return contract!.id;
}

/** Milliseconds `work` takes. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** The floor: the same number of rows, each as wide as a settlement row, written by one INSERT ... SELECT. */
async function floorMs(db: Db): Promise<number> {
  await db.execute(sql`drop table if exists bench_floor`);
  await db.execute(sql`create table bench_floor (like liquidacion_filas)`);
  const columns = await queryRows<{ column_name: string; data_type: string }>(
    db,
    sql`select column_name, data_type from information_schema.columns where table_name = 'liquidacion_filas' order by ordinal_position`,
  );
  const value = ({ data_type }: { data_type: string }) =>
    data_type === 'numeric' ? 'round((g % 997)::numeric / 7, 2)' : data_type === 'date' ? `date '${YEAR}-01-01' + (g % ${DAYS})` : data_type.includes('int') ? 'g % 24 + 1' : `'x'`;
  const list = columns.map((column) => `"${column.column_name}"`).join(', ');
  const values = columns.map(value).join(', ');
  const ms = await timed(() => db.execute(sql.raw(`insert into bench_floor (${list}) select ${values} from generate_series(1, ${ROWS}) g`)));
  await db.execute(sql`drop table bench_floor`);
  return ms;
}

async function run(label: string, handle: DatabaseHandle): Promise<{ label: string; engineMs: number; floorMs: number; rows: number }> {
  const { db } = handle;
  const contractId = await benchContract(db);
  try {
    await fillMissingMarketData(db, contractId, YEAR, MONTH, 'DF');
    // Statistics of what was just loaded, as PostgreSQL's autovacuum gathers them after a load
    // this size (PGlite has no autovacuum): not part of the time, and the same plans every run.
    await db.execute(sql`analyze contratos, anexos, energia_anexo, precios_nodo, factores_perdida, cargos_pais, tipos_cambio, liquidaciones`);
    const [settlement] = await queryRows<{ id: number }>(
      db,
      sql`insert into liquidaciones (contrato_id, anio, mes, version_liquidacion, created_by) values (${contractId}, ${YEAR}, ${MONTH}, 'DF', ${MARK}) returning id`,
    );
    let rows = 0;
    const engineMs = await timed(() =>
      db.transaction(async (tx) => {
        const [written] = await queryRows<{ n: number }>(tx as unknown as Db, sql`select calcular_liquidacion(${settlement!.id}::integer, ${MARK}::text) as n`);
        rows = Number(written!.n);
      }),
    );
    return { label, engineMs, floorMs: await floorMs(db), rows };
  } finally {
    await db.execute(sql`delete from liquidaciones where contrato_id = ${contractId}`);
    await db.execute(sql`delete from energia_anexo where anexo_id in (select id from anexos where contrato_id = ${contractId})`);
    await db.execute(sql`delete from anexos where contrato_id = ${contractId}`);
    await db.execute(sql`delete from contratos where id = ${contractId}`);
  }
}

const results = [];
const dataDir = mkdtempSync(join(tmpdir(), 'energy-bench-settlement-'));
try {
  const pglite = await openDatabase({ kind: 'pglite', dataDir });
  await seedDemo(pglite.db, { poolId: 'local_EnergyPool', withIdentities: false });
  results.push(await run('PGlite', pglite));
  await pglite.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  const postgres = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL });
  await seedDemo(postgres.db, { poolId: 'local_EnergyPool', withIdentities: false });
  results.push(await run('PostgreSQL', postgres));
  await postgres.close();
}

console.log(`Settlement engine: one contract, ${ANNEXES} annexes, ${DAYS} days x 24 periods (${ROWS.toLocaleString('en-US')} rows)`);
console.log('database    rows      engine (s)  floor (s)  ratio  goal');
for (const result of results) {
  const ratio = result.engineMs / result.floorMs;
  console.log(
    `${result.label.padEnd(11)} ${String(result.rows).padEnd(9)} ${(result.engineMs / 1000).toFixed(2).padStart(10)}  ${(result.floorMs / 1000).toFixed(2).padStart(9)}  ${ratio.toFixed(2).padStart(5)}  ${ratio <= GOAL_RATIO ? 'PASS' : 'FAIL'} (<= ${GOAL_RATIO})`,
  );
  if (result.rows !== ROWS) console.log(`  expected ${ROWS} rows, the engine wrote ${result.rows}`);
}
