// @vitest-environment node
// The two settlement refreshes (POST /anexos/api/v1/store-procedure-liquidations/ and
// ...-potencia/): 202 with the job, one job per kind and country at a time, 401 / 403; the job
// recomputes every preliminary settlement of the open months of the caller's country from the
// market data as it is now (totals the sums of the new rows, audited), leaves validated ones
// and closed months alone, logs and skips a settlement whose data is now missing, and a power
// refresh touches only the contracts that settle power.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Annex } from '../../schemas/annex.schema';
import type { Contract } from '../../schemas/contract.schema';
import type { Job } from '../../schemas/job.schema';
import { uniformRolePermissions } from '../../schemas/role.schema';
import type { Settlement } from '../../schemas/settlement.schema';
import { queryRows } from '../../server/db/client';
import { fillMissingMarketData } from '../../server/db/seed/market-fill';
import { ADMIN, auditRows, expectError, insertRole, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { createAnnex, createContract } from './contracts-fixtures';
import { NO_JOB_WORKERS, type TestApp } from './helpers';
import { grantsExcept } from './support/route-callers';
import { useTestJobWorker } from './support/test-job-worker';

// The two refresh routes: the energy one, and the power one named after it.
const REFRESH = '/anexos/api/v1/store-procedure-liquidations';
const ENERGY = `${REFRESH}/`;
const POWER = `${REFRESH}-potencia/`;
const REFRESHER = 'refresca@test.energy';
const NO_CREATE = 'sin-crear@test.energy';
const NO_KEY = 'sin-liquidaciones@test.energy';
const VALIDATOR = 'valida@test.energy';
const SV_ADMIN = 'admin-sv@test.energy';

let t: TestApp;
let w: AdminWorld;

// No worker of the app's own: the tests start one when the queued jobs may run.
useAdminWorld((app, world) => {
  t = app;
  w = world;
}, NO_JOB_WORKERS);
const jobs = useTestJobWorker(() => t, () => w);

beforeAll(async () => {
  await userWith(t, REFRESHER, ['liquidaciones', 'relaciones'], w.fullRole);
  const noCreate = await insertRole(t, 'Sin crear liquidaciones GT', 'GT', grantsExcept([{ page: 'Settlements', action: 'create' }]));
  await userWith(t, NO_CREATE, ['liquidaciones', 'relaciones'], noCreate);
  await userWith(t, NO_KEY, ['relaciones'], w.fullRole);
  await userWith(t, SV_ADMIN, ['liquidaciones', 'relaciones'], await insertRole(t, 'Todo SV', 'SV', uniformRolePermissions(true)));
});


/** A contract with one annex in force in February and March 2025, its market data loaded for `months`. */
async function contractWith(overrides: Record<string, unknown>, annex: Record<string, unknown> = {}): Promise<{ contract: Contract; annex: Annex }> {
  const contract = await createContract(t, w, ADMIN, overrides);
  return { contract, annex: await createAnnex(w, ADMIN, contract.id, { fecha_inicio: '2025-02-01', fecha_fin: '2025-03-31', ...annex }) };
}

/** Computes the contract's settlement of 2025-`mes` in `version` through the API (market data filled first). */
async function computed(contract: Contract, mes: number, version: 'PE' | 'DF', as = ADMIN): Promise<Settlement> {
  await fillMissingMarketData(t.db, contract.id, 2025, mes, version);
  const response = await w.as(as, { method: 'POST', url: '/liquidacion/api/v3/liquidaciones', payload: { contrato_id: contract.id, anio: 2025, mes, version } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Settlement;
}

async function validate(id: number): Promise<void> {
  await t.db.execute(sql`update liquidaciones set estado = 'validada', validada_por = ${VALIDATOR}, validada_en = now(), version = version + 1 where id = ${id}`);
}

interface Stored {
  version: number;
  factura: string;
  calculada_por: string | null;
  filas: number;
  suma_factura: string | null;
  /** A digest of every row, to see that nothing of a settlement changed. */
  digest: string;
}

async function stored(id: number): Promise<Stored> {
  const [row] = await queryRows<Stored>(
    t.db,
    sql`select l.version, l.factura::text as factura, l.calculada_por,
          (select count(*)::int from liquidacion_filas f where f.liquidacion_id = l.id) as filas,
          (select sum(f.factura)::text from liquidacion_filas f where f.liquidacion_id = l.id) as suma_factura,
          (select md5(coalesce(string_agg(f::text, '|' order by f.anexo_id, f.fecha, f.periodo), '')) from liquidacion_filas f where f.liquidacion_id = l.id) as digest
        from liquidaciones l where l.id = ${id}`,
  );
  return row!;
}

async function refresh(email: string, url: string) {
  return w.as(email, { method: 'POST', url });
}

/** Runs the queued jobs and waits (at most 30 s) until job `id` has ended. */
const finished = (id: number) => jobs.finished(id, REFRESHER);

async function logLines(id: number) {
  return queryRows<{ nivel: string; clave: string; params: Record<string, unknown> }>(
    t.db,
    sql`select nivel, clave, params from trabajo_eventos where trabajo_id = ${id} and tipo = 'log' order by id`,
  );
}

describe('POST /anexos/api/v1/store-procedure-liquidations/ (energy)', () => {
  it('answers 401 without a token, 403 without the Settlements create action or the liquidaciones key', async () => {
    expectError(await t.app.inject({ method: 'POST', url: ENERGY }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await refresh(NO_CREATE, ENERGY), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await refresh(NO_KEY, POWER), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expect(await queryRows(t.db, sql`select id from trabajos`)).toEqual([]);
  });

  it('recomputes the open months\' preliminary settlements of the caller\'s country from the data as it is now, and only those', async () => {
    // February: A's PE and DF open; B's month closed by its validated DF; C's PE whose energy goes missing.
    const a = await contractWith({ codigo_contraparte: 'CP-A' });
    const b = await contractWith({ codigo_contraparte: 'CP-B' });
    const c = await contractWith({ codigo_contraparte: 'CP-C' });
    const sv = await contractWith({ codigo_contraparte: 'CP-SV', sucursal: 'SV', codigo_agente: 'EPWM-SV' });
    const aPe = await computed(a.contract, 2, 'PE');
    const aDf = await computed(a.contract, 2, 'DF');
    const bPe = await computed(b.contract, 2, 'PE');
    const bDf = await computed(b.contract, 2, 'DF');
    await validate(bDf.id);
    // B's March stays open: its February DF closes February only.
    const bMarch = await computed(b.contract, 3, 'PE');
    const cPe = await computed(c.contract, 2, 'PE');
    const svPe = await computed(sv.contract, 2, 'PE', SV_ADMIN);
    const before = new Map<number, Stored>();
    for (const id of [aPe.id, aDf.id, bPe.id, bDf.id, bMarch.id, cPe.id, svPe.id]) before.set(id, await stored(id));

    // New measurements: every hour 1 MWh more (the fixed-price contracts' amounts move with
    // energy, not prices); C's energy of 3 February goes missing.
    await t.db.execute(sql`update energia_anexo set energia_fisica_mwh = energia_fisica_mwh + 1`);
    await t.db.execute(sql`delete from energia_anexo where anexo_id = ${c.annex.id} and fecha = '2025-02-03'`);

    const response = await refresh(REFRESHER, ENERGY);
    expect(response.statusCode, response.body).toBe(202);
    const job = response.json().data as Job;
    expect(job).toMatchObject({ tipo: 'settlements.refresh-energy', estado: 'pendiente', creado_por: REFRESHER, detenible: true });
    expect(job.parametros.pais).toBe('GT');
    expect([...(job.parametros.liquidaciones as number[])].sort((x, y) => x - y)).toEqual([aDf.id, aPe.id, bMarch.id, cPe.id].sort((x, y) => x - y));

    // Asked again while it waits: the same job, not a second one.
    const again = await refresh(ADMIN, ENERGY);
    expect(again.statusCode).toBe(202);
    expect((again.json().data as Job).id).toBe(job.id);

    const ended = await finished(job.id);
    expect(ended).toMatchObject({ estado: 'terminado', hechos: 4, total: 4, error: null });

    for (const id of [aPe.id, aDf.id, bMarch.id]) {
      const now = await stored(id);
      const was = before.get(id)!;
      // The whole month again (one annex, 28 or 31 days of 24 hours), its totals the sums of the new rows.
      expect(now.filas, String(id)).toBe(was.filas);
      expect(now.factura).toBe(now.suma_factura);
      expect(now.factura).not.toBe(was.factura);
      expect(now).toMatchObject({ version: was.version + 1, calculada_por: REFRESHER });
    }
    expect((await stored(aPe.id)).filas).toBe(28 * 24);
    expect((await stored(bMarch.id)).filas).toBe(31 * 24);
    // Validated, closed, missing data, another country: exactly as they were.
    for (const id of [bDf.id, bPe.id, cPe.id, svPe.id]) expect(await stored(id), String(id)).toEqual(before.get(id));

    const lines = await logLines(job.id);
    expect(lines.map((line) => line.clave)).toEqual([
      'annexes.refresh.log.start',
      ...(job.parametros.liquidaciones as number[]).map((id) => (id === cPe.id ? 'annexes.refresh.log.missing' : 'annexes.refresh.log.recomputed')),
    ]);
    expect(lines.find((line) => line.clave === 'annexes.refresh.log.missing')).toMatchObject({
      nivel: 'warn',
      params: { id: cPe.id, contract: 'CP-C', month: '02/2025', version: 'PE', missing: expect.any(Number) },
    });
    expect(lines.find((line) => line.params.id === aPe.id)).toMatchObject({ nivel: 'info', params: { contract: 'CP-A', version: 'PE', count: 28 * 24 } });

    // Each recompute audited as the compute route audits one, in the refresher's name.
    const audited = (await auditRows(t, 'settlement.compute')).filter((row) => row.actor_email === REFRESHER);
    expect(audited.map((row) => Number(row.entity_id)).sort((x, y) => x - y)).toEqual([aDf.id, aPe.id, bMarch.id].sort((x, y) => x - y));
    expect(audited[0]).toMatchObject({ request_id: `trabajo-${job.id}`, after: { trabajo_id: job.id } });

    // Ended: the next request starts a new job.
    const next = await refresh(REFRESHER, ENERGY);
    expect((next.json().data as Job).id).not.toBe(job.id);
    expect((await finished((next.json().data as Job).id)).estado).toBe('terminado');
  });
});

describe('a settlement that changed after the refresh was asked for', () => {
  it('validated meanwhile, or its month closed: logged and left as it is, and the refresh goes on', async () => {
    // Nothing runs the queue until this test lets it.
    await jobs.pause();
    const d = await contractWith({ codigo_contraparte: 'CP-D' }, { fecha_inicio: '2025-05-01', fecha_fin: '2025-05-31' });
    const dDf = await computed(d.contract, 5, 'DF');
    const dPe = await computed(d.contract, 5, 'PE');
    const response = await refresh(REFRESHER, ENERGY);
    const job = response.json().data as Job;
    expect(job.parametros.liquidaciones).toEqual(expect.arrayContaining([dDf.id, dPe.id]));
    await validate(dDf.id);
    const validated = await stored(dDf.id);
    const pe = await stored(dPe.id);

    expect((await finished(job.id)).estado).toBe('terminado');
    expect(await stored(dDf.id)).toEqual(validated);
    const lines = await logLines(job.id);
    expect(lines.find((line) => line.params.id === dDf.id)).toMatchObject({ nivel: 'warn', clave: 'annexes.refresh.log.validated', params: { contract: 'CP-D', month: '05/2025', version: 'DF' } });
    // Its month is closed now: the PE chosen when the refresh was asked for stays as it was too.
    expect(lines.find((line) => line.params.id === dPe.id)).toMatchObject({ nivel: 'warn', clave: 'annexes.refresh.log.closed' });
    expect(await stored(dPe.id)).toEqual(pe);
  });
});

describe('POST /anexos/api/v1/store-procedure-liquidations-potencia/ (power)', () => {
  it('recomputes only the settlements of contracts that settle power with a power price in force', async () => {
    const power = await contractWith({ codigo_contraparte: 'CP-POT', tipo_liquidacion: 'energia_potencia' }, { precio_potencia: '7.50', fecha_inicio: '2025-04-01', fecha_fin: '2025-04-30' });
    const energyOnly = await contractWith({ codigo_contraparte: 'CP-ENE', tipo_liquidacion: 'energia' }, { precio_potencia: '7.50', fecha_inicio: '2025-04-01', fecha_fin: '2025-04-30' });
    const noPrice = await contractWith({ codigo_contraparte: 'CP-SINP', tipo_liquidacion: 'potencia' }, { fecha_inicio: '2025-04-01', fecha_fin: '2025-04-30' });
    const settled: Settlement[] = [];
    for (const { contract } of [power, energyOnly, noPrice]) settled.push(await computed(contract, 4, 'PE'));
    const [withPower] = settled;
    expect(Number(withPower!.liquidacion_potencia)).toBeGreaterThan(0);

    const response = await refresh(REFRESHER, POWER);
    expect(response.statusCode, response.body).toBe(202);
    const job = response.json().data as Job;
    expect(job.tipo).toBe('settlements.refresh-power');
    const chosen = job.parametros.liquidaciones as number[];
    expect(chosen).toContain(withPower!.id);
    expect(chosen).not.toContain(settled[1]!.id);
    expect(chosen).not.toContain(settled[2]!.id);
    expect((await finished(job.id)).estado).toBe('terminado');
  });
});
