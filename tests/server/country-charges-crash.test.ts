// @vitest-environment node
// Killing the server during Panama's update-charges process (docs/country-charges.md, "Crash
// safety"). The process is a `countries.update-charges` job that recomputes the open
// settlements a changed Panama charge touches, one settlement per transaction (the settlement,
// its rows, its audit row, the job's log line and progress together): that is its documented
// unit, not the whole country. The real server is held inside the third settlement's
// transaction, after the engine rewrote its rows and totals and before its audit row, and
// killed with SIGKILL.
// Every settlement is then whole, either as before or fully recomputed; exactly the two the
// job's committed progress counts are recomputed. Started again, the server takes the job up
// once the dead process's lease has run out, resumes at the third settlement and ends done,
// every settlement recomputed once.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/job.schema';
import { loadConfig } from '../../server/config';
import { queryRows, type Db } from '../../server/db/client';
import { cargosPais } from '../../server/db/schema/country-charges';
import { seedDemo } from '../../server/db/seed/demo';
import { fillMissingMarketData } from '../../server/db/seed/market-fill';
import { computeSettlementRows, insertSettlement } from '../../server/settlements/store';
import { BASE_TEST_ENV } from './helpers';
import { until, useCrashWorld } from './support/crash-server';
import { holdings, recomputedHoldings, type Holding } from './support/settlement-holdings';

const ANALYST = 'admin@demo.energy';
const PROCESS = '/countries/api/v1/cargos-proceso';
const SETTLEMENTS = 8;
/** Held inside this settlement's unit: the ones before it are committed. */
const HELD_AT = 3;

const crashWorld = useCrashWorld('country-charges-crash');

/** Panama charges per MWh injected and withdrawn since 2020, added after the settlements were computed: they touch every one. */
async function newPanamaCharges(db: Db): Promise<void> {
  const common = { pais: 'PA', unidad: 'USD/MWh', moneda: 'USD', vigente_desde: '2020-01-01', pagador: 'comprador', created_by: ANALYST, updated_by: ANALYST } as const;
  await db.insert(cargosPais).values([
    { ...common, codigo: 'PA_CRASH_I', nombre: 'Cargo de prueba (inyección)', base: 'mwh_inyectado', tasa: '3.250000', concepto_liquidacion: 'MMi' },
    { ...common, codigo: 'PA_CRASH_R', nombre: 'Cargo de prueba (retiro)', base: 'mwh_retirado', tasa: '2.750000', concepto_liquidacion: 'MMr' },
  ]);
}

describe("killing the server during Panama's update-charges process", () => {
  it('leaves every settlement whole, as before or recomputed as the progress says, and the job, taken up again, ends done', { timeout: 300_000 }, async () => {
    const world = await crashWorld();
    const config = loadConfig(BASE_TEST_ENV);
    // The world: the demo contracts, PE settlements of Panama contracts' first months computed
    // once; then Panama's new charges, and what a recompute gives with them (computed, rolled back).
    const { ids, before, recomputed } = await world.withDb(async (db) => {
      await seedDemo(db, { poolId: config.identity.poolId, withIdentities: false });
      const months = await queryRows<{ contrato_id: number; anio: number; mes: number }>(
        db,
        sql`select c.id as contrato_id, extract(year from a.fecha_inicio)::int as anio, extract(month from a.fecha_inicio)::int as mes
            from contratos c
            join lateral (select a.fecha_inicio from anexos a where a.contrato_id = c.id order by a.fecha_inicio limit 1) a on true
            where c.sucursal = 'PA' and c.tipo_liquidacion is distinct from 'potencia'
            order by c.id limit ${SETTLEMENTS}`,
      );
      expect(months).toHaveLength(SETTLEMENTS);
      const computed: number[] = [];
      for (const month of months) {
        await fillMissingMarketData(db, month.contrato_id, month.anio, month.mes, 'PE');
        computed.push(
          await db.transaction(async (tx) => {
            const id = await insertSettlement(tx, { ...month, version: 'PE' }, ANALYST);
            await computeSettlementRows(tx, id, ANALYST);
            return id;
          }),
        );
      }
      const held = await holdings(db, computed);
      await newPanamaCharges(db);
      return { ids: computed, before: held, recomputed: await recomputedHoldings(db, computed, ANALYST) };
    });
    for (const id of ids) expect(recomputed.get(id)!.factura, `settlement ${id} changes with the new charges`).not.toBe(before.get(id)!.factura);

    // Held before the audit row of the third settlement recomputed: its rows and totals rewritten, its unit not committed.
    const first = await world.startServer({ pause: { statement: '^insert into "audit_log"', params: '"settlement\\.compute"', when: 'before', occurrence: HELD_AT } });
    const asked = await first.call<{ data: Job }>('POST', PROCESS, { as: ANALYST });
    expect(asked?.status, first.output()).toBe(202);
    const job = asked!.body.data;
    expect(job).toMatchObject({ tipo: 'countries.update-charges' });
    await first.paused();
    if (world.kind === 'postgres') {
      // Seen from outside meanwhile: two settlements committed with their progress; the third, rewritten inside its open transaction, still reads as before.
      await world.withDb(async (db) => {
        const [stored] = await queryRows<{ hechos: number; total: number; parametros: { liquidaciones: number[] } }>(db, sql`select hechos, total, parametros from trabajos where id = ${job.id}`);
        expect(stored).toMatchObject({ hechos: HELD_AT - 1, total: SETTLEMENTS });
        const third = stored!.parametros.liquidaciones[HELD_AT - 1]!;
        expect((await holdings(db, [third])).get(third)).toEqual(before.get(third));
      });
    }
    await first.kill();

    const afterKill = await world.withDb(async (db) => {
      const [stored] = await queryRows<{ estado: string; hechos: number; total: number; parametros: { liquidaciones: number[] } }>(
        db,
        sql`select estado, hechos, total, parametros from trabajos where id = ${job.id}`,
      );
      return { stored: stored!, now: await holdings(db, ids) };
    });
    expect([...afterKill.stored.parametros.liquidaciones].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const order = afterKill.stored.parametros.liquidaciones;
    const recomputedNow: number[] = [];
    for (const id of ids) {
      const now = afterKill.now.get(id)!;
      // Never half-written: the rows and totals of one state or the other, whole.
      expect(now.factura, `settlement ${id}`).toBe(now.suma);
      const whole: Holding = now.factura === recomputed.get(id)!.factura ? recomputed.get(id)! : before.get(id)!;
      expect(now, `settlement ${id}`).toEqual(whole);
      if (whole === recomputed.get(id)) recomputedNow.push(id);
    }
    // The progress commits with each settlement: it names exactly those recomputed, the first ones of the job's order.
    expect(afterKill.stored).toMatchObject({ estado: 'en_curso', hechos: HELD_AT - 1, total: SETTLEMENTS });
    expect(recomputedNow.sort((a, b) => a - b)).toEqual(order.slice(0, HELD_AT - 1).sort((a, b) => a - b));

    // Started again: once the dead process's lease has run out, the job is taken up and ends done.
    const second = await world.startServer();
    const ended = await until(
      `job ${job.id} to end`,
      async () => {
        const read = await second.call<{ data: Job }>('GET', `/api/v1/trabajos/${job.id}`, { as: ANALYST });
        return read?.body.data && !['pendiente', 'en_curso'].includes(read.body.data.estado) ? read.body.data : null;
      },
      120_000,
      200,
    );
    expect(ended).toMatchObject({ estado: 'terminado', hechos: SETTLEMENTS, total: SETTLEMENTS });
    await second.stop();

    await world.withDb(async (db) => {
      const finished = await holdings(db, ids);
      for (const id of ids) expect(finished.get(id), `settlement ${id}`).toEqual(recomputed.get(id));
      // Each recomputed once: one audit row per settlement in the job's name, none of the unit the kill undid.
      const audits = await queryRows<{ entity_id: string }>(db, sql`select entity_id from audit_log where action = 'settlement.compute' and request_id = ${`trabajo-${job.id}`}`);
      expect(audits.map((row) => Number(row.entity_id)).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      const events = await queryRows<{ clave: string }>(db, sql`select clave from trabajo_eventos where trabajo_id = ${job.id} and tipo = 'estado' order by id`);
      expect(events.map((event) => event.clave)).toEqual(['jobs.events.pendiente', 'jobs.events.en_curso', 'jobs.events.retomado', 'jobs.events.terminado']);
    });
  });
});
