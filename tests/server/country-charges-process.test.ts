// @vitest-environment node
// Panama's update-charges process (POST /countries/api/v1/cargos-proceso, empty body): 202 with
// the job, the same job while one is queued; the job recomputes exactly the preliminary
// settlements a Panama charge changed since the last completed run touches (one per
// transaction, with its progress), leaves a validated one and another country's alone, and a
// second run with nothing changed recomputes nothing. 401 / 403.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../schemas/contract.schema';
import type { Job } from '../../schemas/job.schema';
import type { Settlement } from '../../schemas/settlement.schema';
import { queryRows } from '../../server/db/client';
import { fillMissingMarketData } from '../../server/db/seed/market-fill';
import { ADMIN, expectError, insertRole, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { createAnnex, createContract } from './contracts-fixtures';
import { NO_JOB_WORKERS, type TestApp } from './helpers';
import { grantsExcept } from './support/route-callers';
import { useTestJobWorker } from './support/test-job-worker';

const PROCESS = '/countries/api/v1/cargos-proceso';
const NO_CREATE = 'sin-crear@test.energy';
const NO_KEY = 'sin-paises@test.energy';

let t: TestApp;
let w: AdminWorld;

// No worker of the app's own: the tests start one when the queued jobs may run.
useAdminWorld((app, world) => {
  t = app;
  w = world;
}, NO_JOB_WORKERS);
const jobs = useTestJobWorker(() => t, () => w);

/** A contract whose annex (February and March 2025) withdraws at `pmr`, its settlement of 2025-`mes` computed in `version`. */
async function settled(pmr: string, mes: number, version: 'PE' | 'DF'): Promise<{ contract: Contract; settlement: Settlement }> {
  const contract = await createContract(t, w, ADMIN);
  await createAnnex(w, ADMIN, contract.id, { fecha_inicio: '2025-02-01', fecha_fin: '2025-03-31', pmi: ['GT-ESC-230'], pmr: [pmr] });
  await fillMissingMarketData(t.db, contract.id, 2025, mes, version);
  const response = await w.as(ADMIN, { method: 'POST', url: '/liquidacion/api/v3/liquidaciones', payload: { contrato_id: contract.id, anio: 2025, mes, version } });
  expect(response.statusCode, response.body).toBe(201);
  return { contract, settlement: response.json().data as Settlement };
}

/** The settlement's MMr charges, invoice amount, who computed it and a digest of its rows. */
async function stored(id: number) {
  const [row] = await queryRows<{ cargos_mmr: string; factura: string; version: number; digest: string }>(
    t.db,
    sql`select l.cargos_mmr::text, l.factura::text, l.version,
          (select md5(string_agg(f::text, '|' order by f.anexo_id, f.fecha, f.periodo)) from liquidacion_filas f where f.liquidacion_id = l.id) as digest
        from liquidaciones l where l.id = ${id}`,
  );
  return row!;
}

/** Runs the queued jobs and waits (at most 30 s) until job `id` has ended. */
const finished = (id: number) => jobs.finished(id, ADMIN);

async function ask(email = ADMIN): Promise<Job> {
  const response = await w.as(email, { method: 'POST', url: PROCESS });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().data as Job;
}

/** A Panama charge per MWh withdrawn, feeding MMr, from February 2025 on. */
async function newPanamaCharge(codigo: string, tasa: string) {
  const response = await w.as(ADMIN, {
    method: 'POST',
    url: '/countries/api/v1/create/cargo/',
    payload: { pais_id: 6, codigo, nombre: codigo, base: 'mwh_retirado', unidad: 'USD/MWh', moneda: 'USD', tasa, vigente_desde: '2025-02-01', pagador: 'comprador', concepto_liquidacion: 'MMr' },
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('POST /countries/api/v1/cargos-proceso', () => {
  let panamaPe: Settlement;
  let panamaValidated: Settlement;
  let guatemala: Settlement;

  beforeAll(async () => {
    await userWith(t, NO_CREATE, ['paises'], await insertRole(t, 'Sin crear GT', 'GT', grantsExcept([{ page: 'Settlements', action: 'create' }])));
    await userWith(t, NO_KEY, ['liquidaciones'], w.fullRole);
    panamaPe = (await settled('PA-PAN-230', 2, 'PE')).settlement;
    panamaValidated = (await settled('PA-CHI-115', 3, 'DF')).settlement;
    await t.db.execute(sql`update liquidaciones set estado = 'validada', validada_por = 'valida@test.energy', validada_en = now() where id = ${panamaValidated.id}`);
    guatemala = (await settled('GT-GUA-230', 2, 'PE')).settlement;
    // A first run leaves what was computed after the charges' last change: it read them as they are.
    expect(await finished((await ask()).id)).toMatchObject({ estado: 'terminado', hechos: 0, total: 0 });
  });

  it('recomputes the open settlements a new Panama charge touches with it, and leaves a validated one and another country alone', async () => {
    const before = { pe: await stored(panamaPe.id), validated: await stored(panamaValidated.id), gt: await stored(guatemala.id) };
    await newPanamaCharge('PA_SSAA', '2.000000');
    const job = await ask();
    expect(job).toMatchObject({ tipo: 'countries.update-charges', estado: 'pendiente' });
    expect(await finished(job.id)).toMatchObject({ estado: 'terminado', hechos: 1, total: 1 });

    const pe = await stored(panamaPe.id);
    // The PA withdrawal rate is 2 $/MWh higher on every hour of February: the MMr charges grew.
    expect(Number(pe.cargos_mmr)).toBeGreaterThan(Number(before.pe.cargos_mmr));
    expect(pe.digest).not.toBe(before.pe.digest);
    expect(pe.version).toBe(before.pe.version + 1);
    expect(await stored(panamaValidated.id)).toEqual(before.validated);
    expect(await stored(guatemala.id)).toEqual(before.gt);
  });

  it('recomputes nothing when no Panama charge changed since the last run', async () => {
    const before = await stored(panamaPe.id);
    expect(await finished((await ask()).id)).toMatchObject({ estado: 'terminado', hechos: 0, total: 0 });
    expect(await stored(panamaPe.id)).toEqual(before);
  });

  it('answers the queued process while one is queued, instead of a second', async () => {
    // No worker takes it meanwhile.
    await jobs.pause();
    await newPanamaCharge('PA_4LINEA', '0.500000');
    const first = await ask();
    const again = await ask();
    expect(again.id).toBe(first.id);
    expect(await finished(first.id)).toMatchObject({ estado: 'terminado', total: 1 });
  });

  it('needs the paises view key and the Settlements create action', async () => {
    expectError(await w.as(NO_CREATE, { method: 'POST', url: PROCESS }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await w.as(NO_KEY, { method: 'POST', url: PROCESS }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    const anonymous = await t.app.inject({ method: 'POST', url: PROCESS });
    expectError(anonymous, 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
  });
});
