// @vitest-environment node
// Home's "what needs doing" (GET /api/v1/pendientes, docs/home.md) as the demo roles get it: the
// cards each caller's view keys and role allow, and nothing for a user without permissions;
// four eyes (a settlement one computed, an invoice one requested, is someone else's to act on);
// only the versions that may be validated, only the role's country; runs running or failed
// lately; failed jobs the caller may follow; the days of the month lacking market data; each
// count that of the rows, the list its first few. On PGlite, and on PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../../schemas/date.schema';
import { PENDING_ITEMS, type Pending } from '../../schemas/home.schema';
import { PERMISSION_KEYS, type PermissionKey } from '../../schemas/permission-key.schema';
import { queryRows } from '../../server/db/client';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import { seedDemoRoles } from '../../server/db/seed/demo-roles';
import { ADMIN, type AdminWorld, useAdminWorld } from './admin-fixtures';
import { createAnnex, createContract } from './contracts-fixtures';
import { NO_JOB_WORKERS, type TestApp } from './helpers';
import { contractWithAnnex, draft, insertSettlement, requestBatch, TWO_ROWS } from './invoice-fixtures';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
}, NO_JOB_WORKERS);

const DEMO_ADMIN = 'admin@demo.energy';
const ANALYST = 'analista@demo.energy';
const SUPERVISOR = 'supervisor@demo.energy';
const NOBODY = 'nadie@test.energy';
const URL = '/api/v1/pendientes';

/** The ids of the settlements each computed, and of the invoices each requested. */
const made = { byAnalyst: [] as number[], bySupervisor: 0, invoiceOfAnalyst: 0, invoiceOfSupervisor: 0 };

const today = businessToday();
const monthStart = `${today.slice(0, 8)}01`;
const dayOfMonth = Number(today.slice(8, 10));

async function pendingOf(email: string): Promise<Pending> {
  const response = await w.as(email, { method: 'GET', url: URL });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Pending;
}

/** A preliminary settlement of 2025-`mes` (no rows: Home reads the settlement only), computed by `preparer` `hoursAgo` hours ago. */
async function preliminary(contratoId: number, mes: number, spec: { version?: 'PE' | 'DF' | 'CD'; preparer: string | null; hoursAgo?: number }) {
  const version = spec.version ?? 'DF';
  const computedAt = spec.preparer === null ? sql`null` : sql`now() - ${spec.hoursAgo ?? 1}::int * interval '1 hour'`;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into liquidaciones (contrato_id, anio, mes, version_liquidacion, reconciliacion, calculada_por, calculada_en, created_by)
        values (${contratoId}, 2025, ${mes}, ${version}, ${version === 'CD' ? 1 : 0}, ${spec.preparer}, ${computedAt}, 'test') returning id`,
  );
  return row!.id;
}

/** A job of `tipo` in `estado`, ended `daysAgo` days ago when it has ended. */
async function job(tipo: string, estado: string, daysAgo: number | null, creadoPor = 'otro@test.energy') {
  const ended = daysAgo === null ? sql`null` : sql`now() - ${daysAgo}::int * interval '1 day'`;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into trabajos (tipo, estado, creado_por, terminado_en, error) values (${tipo}, ${estado}, ${creadoPor}, ${ended}, ${estado === 'fallido' ? 'falló' : null}) returning id`,
  );
  return row!.id;
}

/** A bid run of `tipo` in `estado` (with its job), ended `daysAgo` days ago when it has ended. */
async function run(tipo: 'registra' | 'sube' | 'supresion', estado: string, daysAgo: number | null) {
  const jobState = estado === 'fallida' ? 'fallido' : estado === 'completada' ? 'terminado' : 'en_curso';
  const trabajo = await job(`processes.${tipo}`, jobState, daysAgo);
  const ended = daysAgo === null ? sql`null` : sql`now() - ${daysAgo}::int * interval '1 day'`;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into proceso_ejecuciones (tipo, sitio, estado, trabajadores, max_reintentos, trabajo_id, error, creado_por, terminado_en)
        values (${tipo}, 'original', ${estado}, 4, 3, ${trabajo}, ${estado === 'fallida' ? 'processes.errors.allFailed' : null}, ${ADMIN}, ${ended}) returning id`,
  );
  return row!.id;
}

beforeAll(async () => {
  // The demo accounts with their view keys, then the demo roles (Guatemala) they are given.
  for (const account of DEMO_ACCOUNTS.filter((demo) => [DEMO_ADMIN, ANALYST, SUPERVISOR].includes(demo.email))) {
    await t.createUser({ email: account.email, permisos_x_view: [...account.permisos_x_view] });
  }
  await t.createUser({ email: NOBODY, permisos_x_view: [] });
  await seedDemoRoles(t.db);

  // Settlements: Guatemalan DFs the analyst computed (six, oldest first), a CD they computed, a
  // DF the supervisor computed (their e-mail in capitals: four eyes match it in any case), and
  // what is never to validate: a PE, a validated DF, a CD not computed yet, a Salvadoran DF.
  const gt = await createContract(t, w, ADMIN);
  for (const mes of [1, 2, 3, 4, 5, 6]) made.byAnalyst.push(await preliminary(gt.id, mes, { preparer: ANALYST, hoursAgo: 100 - mes }));
  made.byAnalyst.push(await preliminary(gt.id, 11, { version: 'CD', preparer: ANALYST, hoursAgo: 50 }));
  made.bySupervisor = await preliminary(gt.id, 7, { preparer: SUPERVISOR.toUpperCase(), hoursAgo: 40 });
  await preliminary(gt.id, 8, { version: 'PE', preparer: ANALYST });
  const validated = await preliminary(gt.id, 9, { preparer: ANALYST });
  await t.db.execute(sql`update liquidaciones set estado = 'validada', validada_por = ${SUPERVISOR}, validada_en = now() where id = ${validated}`);
  await preliminary(gt.id, 10, { version: 'CD', preparer: null });
  const sv = await createContract(t, w, ADMIN, { sucursal: 'SV', pmi: ['SV-AHU-115'], pmr: ['SV-NEJ-230'] });
  await preliminary(sv.id, 1, { preparer: ANALYST });

  // Invoices: two drafts of validated Guatemalan DFs, one requested by the analyst, one by the supervisor.
  const { annex } = await contractWithAnnex(t, w);
  const [first, second] = [await draft(w, await insertSettlement(t, annex, { mes: 2, rows: TWO_ROWS })), await draft(w, await insertSettlement(t, annex, { mes: 3, rows: TWO_ROWS }))];
  expect((await requestBatch(w, [first!.id], ANALYST)).statusCode).toBe(200);
  expect((await requestBatch(w, [second!.id], SUPERVISOR)).statusCode).toBe(200);
  made.invoiceOfAnalyst = first!.id;
  made.invoiceOfSupervisor = second!.id;

  // Bid runs: one running, one failed two days ago; neither a failure ten days old, a completed
  // run, nor a Supresion run (its failure counts among the failed jobs).
  await run('registra', 'en_curso', null);
  await run('sube', 'fallida', 2);
  await run('registra', 'fallida', 10);
  await run('sube', 'completada', 1);
  await run('supresion', 'fallida', 1);

  // Jobs: failed lately (a settlement refresh, a report export asked by the analyst, a Panama
  // charges update), and what is not counted (an old failure, a finished one).
  await job('settlements.refresh-energy', 'fallido', 1);
  await job('reportes.excel', 'fallido', 2, ANALYST);
  await job('countries.update-charges', 'fallido', 3);
  await job('settlements.refresh-energy', 'fallido', 9);
  await job('settlements.refresh-power', 'terminado', 1);

  // Guarantee alerts: one of this week, one older.
  await t.db.execute(sql`insert into garantias_alertas (tipo, operador, sucursal, fecha, valor, umbral, creada_en) values
    ('disponible_bajo', 'EOR', 'GT', ${today}::date, 1000, 2000, now()),
    ('bajo_minimo', 'AMM', 'GT', '2025-01-10'::date, 10, 20, now() - interval '20 days')`);

  // Market data of this month so far: an annex in force all month on GT-ESC-230 and SV-AHU-115.
  // Every day has both nodes' 24 PE prices and its exchange rate, except: the first day has no
  // rate and SV-AHU-115 only 23 prices; today (when it is another day) lacks GT-ESC-230's prices.
  const current = await createContract(t, w, ADMIN, { fecha_inicio: monthStart, plazo: 1 });
  await createAnnex(w, ADMIN, current.id, { fecha_inicio: monthStart, fecha_fin: lastDayOfMonth(today), pmi: ['GT-ESC-230'], pmr: ['SV-AHU-115'] });
  await t.db.execute(sql`insert into tipos_cambio (fecha, tipo_cambio)
    select d::date, 20.1 from generate_series(${monthStart}::date + 1, ${today}::date, interval '1 day') d`);
  await t.db.execute(sql`insert into precios_nodo (nodo, fecha, periodo, version, precio)
    select n, d::date, p, 'PE', 80 from unnest(array['GT-ESC-230', 'SV-AHU-115']) n, generate_series(${monthStart}::date, ${today}::date, interval '1 day') d,
      generate_series(1, 24) p
    where not (n = 'SV-AHU-115' and d::date = ${monthStart}::date and p = 24)
      and not (n = 'GT-ESC-230' and d::date = ${today}::date and ${today}::date <> ${monthStart}::date)`);
});

/** The last day of `iso`'s month. */
function lastDayOfMonth(iso: string): string {
  const [year, month] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7))];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

describe('GET /api/v1/pendientes', () => {
  it('is refused without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: URL });
    expect(response.statusCode).toBe(401);
  });

  it('answers a user without permissions no card at all', async () => {
    expect(await pendingOf(NOBODY)).toEqual({});
  });

  it('gives each demo role the cards its view keys and role allow', async () => {
    expect(Object.keys(await pendingOf(DEMO_ADMIN)).sort()).toEqual(['alertas_garantias', 'datos_mercado', 'ejecuciones', 'por_emitir', 'por_validar', 'trabajos_fallidos']);
    // The analyst prepares and requests, but validates and issues nothing; no bid runs, no guarantees.
    expect(Object.keys(await pendingOf(ANALYST)).sort()).toEqual(['datos_mercado', 'trabajos_fallidos']);
    expect(Object.keys(await pendingOf(SUPERVISOR)).sort()).toEqual(['datos_mercado', 'por_emitir', 'por_validar', 'trabajos_fallidos']);
  });

  it('lists the computed preliminary DFs and CDs of the role\'s country that someone else computed, the longest waiting first', async () => {
    const supervisor = (await pendingOf(SUPERVISOR)).por_validar!;
    expect(supervisor.pais).toBe('GT');
    expect(supervisor.total).toBe(made.byAnalyst.length);
    expect(supervisor.items.map((item) => item.id)).toEqual(made.byAnalyst.slice(0, PENDING_ITEMS));
    expect(supervisor.items[0]).toMatchObject({ anio: 2025, mes: 1, version_liquidacion: 'DF', calculada_por: ANALYST });

    // The one the supervisor computed is not theirs to validate, but the administrator's.
    const admin = (await pendingOf(DEMO_ADMIN)).por_validar!;
    expect(admin.total).toBe(made.byAnalyst.length + 1);
    const [counted] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from liquidaciones l join contratos c on c.id = l.contrato_id
          where l.estado = 'preliminar' and l.calculada_en is not null and l.version_liquidacion <> 'PE' and c.sucursal = 'GT'`,
    );
    expect(admin.total).toBe(counted!.n);
    expect(supervisor.items.map((item) => item.id)).not.toContain(made.bySupervisor);
  });

  it('lists the requested invoices of the role\'s country that someone else requested', async () => {
    const supervisor = (await pendingOf(SUPERVISOR)).por_emitir!;
    expect(supervisor).toMatchObject({ pais: 'GT', total: 1 });
    expect(supervisor.items.map((item) => item.id)).toEqual([made.invoiceOfAnalyst]);
    expect(supervisor.items[0]).toMatchObject({ tipo_documento: 'factura', sentido: 'pagar', solicitado_por: ANALYST, moneda: 'USD' });
    expect(supervisor.items[0]!.total).toMatch(/^\d+\.\d{2}$/);

    const admin = (await pendingOf(DEMO_ADMIN)).por_emitir!;
    expect(admin.total).toBe(2);
    expect(new Set(admin.items.map((item) => item.id))).toEqual(new Set([made.invoiceOfAnalyst, made.invoiceOfSupervisor]));
  });

  it('lists the Registra and Sube runs running now, then those failed in the last 7 days', async () => {
    const runs = (await pendingOf(DEMO_ADMIN)).ejecuciones!;
    expect(runs.total).toBe(2);
    expect(runs.items.map((item) => [item.tipo, item.estado])).toEqual([
      ['registra', 'en_curso'],
      ['sube', 'fallida'],
    ]);
    expect(runs.items[1]!.error).toBe('processes.errors.allFailed');
  });

  it('lists the failed jobs of the last 7 days the caller may follow, never a bid run\'s', async () => {
    const tipos = async (email: string) => (await pendingOf(email)).trabajos_fallidos!.items.map((item) => item.tipo);
    // The administrator follows every area: the Supresion run's job is here, Sube's is a run.
    expect(await tipos(DEMO_ADMIN)).toEqual(['settlements.refresh-energy', 'processes.supresion', 'reportes.excel', 'countries.update-charges']);
    expect((await pendingOf(DEMO_ADMIN)).trabajos_fallidos!.total).toBe(4);
    // The analyst and the supervisor follow settlements and invoicing, not the countries' charges.
    expect(await tipos(ANALYST)).toEqual(['settlements.refresh-energy', 'reportes.excel']);
    expect(await tipos(SUPERVISOR)).toEqual(['settlements.refresh-energy', 'reportes.excel']);
  });

  it('lists the guarantee alerts of the last 7 days to the holders of monitoreo', async () => {
    const alerts = (await pendingOf(DEMO_ADMIN)).alertas_garantias!;
    expect(alerts.total).toBe(1);
    expect(alerts.items[0]).toMatchObject({ tipo: 'disponible_bajo', operador: 'EOR', sucursal: 'GT', fecha: today, valor: '1000', umbral: '2000' });
  });

  it('counts the days of this month so far lacking an exchange rate or a node\'s prices', async () => {
    const market = (await pendingOf(ANALYST)).datos_mercado!;
    expect(market).toMatchObject({ anio: Number(today.slice(0, 4)), mes: Number(today.slice(5, 7)), desde: monthStart, hasta: today });
    const expected = dayOfMonth === 1
      ? [{ fecha: monthStart, sin_tipo_cambio: true, nodos_sin_precio: 1 }]
      : [
          { fecha: monthStart, sin_tipo_cambio: true, nodos_sin_precio: 1 },
          { fecha: today, sin_tipo_cambio: false, nodos_sin_precio: 1 },
        ];
    expect(market.total).toBe(expected.length);
    expect(market.items).toEqual(expected);
  });

  it('answers a card to the holder of its view key alone, whatever else they hold', async () => {
    const only = async (email: string, keys: PermissionKey[]) => {
      await t.createUser({ email, permisos_x_view: keys });
      return Object.keys(await pendingOf(email));
    };
    // No role: neither validating nor issuing nor the market data's coverage, whatever the keys.
    expect((await only('sin-rol@test.energy', [...PERMISSION_KEYS])).sort()).toEqual(['alertas_garantias', 'ejecuciones', 'trabajos_fallidos']);
    expect(await only('monitoreo@test.energy', ['monitoreo'])).toEqual(['alertas_garantias']);
    expect(await only('acciones@test.energy', ['acciones'])).toEqual(['ejecuciones', 'trabajos_fallidos']);
  });
});
