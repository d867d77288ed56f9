// Runs of the bid processes for tests and the benchmark: items as the routes build them, a run
// started the one way runs start (createRun), and waits bounded in time; for the tests that
// talk to the simulator, its sites made quiet before each test.
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach } from 'vitest';
import type { MarketSite, RunKind } from '../../schemas/process.schema';
import { queryRows, type Db } from '../../server/db/client';
import type { RunRow } from '../../server/db/schema/processes';
import { quietConfig } from '../../server/market-sim/site';
import { createRun, type NewRunItem } from '../../server/processes/create-run';
import { readRun } from '../../server/processes/run-store';
import type { TestApp } from './helpers';

const OPERATING_DAY = '2026-03-02';

/** `count` registrations (registra items): annex codes `C-<n>-A<n>`. */
export function planillaItems(count: number, tag = 'C'): NewRunItem[] {
  return Array.from({ length: count }, (_, index) => {
    const codigo = `${tag}-${index + 1}-A${index + 1}`;
    return {
      clave: codigo,
      descripcion: `${tag}-${index + 1} / Contraparte ${index + 1}`,
      datos: {
        codigo_anexo: codigo,
        anexo_id: index + 1,
        tipo_contrato: 'PF',
        transaccion: 'R',
        contraparte: `Contraparte ${index + 1}`,
        inicio: '2026-01-01',
        fin: '2026-12-31',
        pmi: [`PMI-${index + 1}`],
        pmr: [`PMR-${index + 1}`],
        oferta_maxima: '12.5',
        derechos_transmision: '25 %',
        paga_transporte: true,
      },
    };
  });
}

/** The bids of `count` PMs (sube items) for OPERATING_DAY, `hours` hours each. */
export function bidItems(count: number, hours = 24, tag = 'PM'): NewRunItem[] {
  return Array.from({ length: count }, (_, index) => {
    const pm = `${tag}-${String(index + 1).padStart(3, '0')}`;
    return {
      clave: pm,
      descripcion: `${pm}: ${hours} h`,
      datos: {
        fecha_operacion: OPERATING_DAY,
        pm,
        horas: Array.from({ length: hours }, (_, hour) => ({ periodo: hour + 1, potencia: '10.5', precio: (40 + hour).toFixed(2) })),
      },
    };
  });
}

interface RunOf {
  tipo: RunKind;
  sitio?: MarketSite;
  trabajadores: number;
  reintentos?: number;
  items: NewRunItem[];
}

/** Starts a run the way the routes do: run, items and job in one transaction. */
export async function startRun(db: Db, run: RunOf): Promise<RunRow> {
  return db.transaction((tx) =>
    createRun(tx, {
      tipo: run.tipo,
      sitio: run.sitio ?? 'original',
      trabajadores: run.trabajadores,
      max_reintentos: run.reintentos ?? 5,
      fecha_operacion: run.tipo === 'sube' ? OPERATING_DAY : null,
      creado_por: 'trader@test.energy',
      items: run.items,
    }),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `everyMs` until it answers something, for at most `withinMs`. */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, withinMs: number, everyMs = 20): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`not within ${withinMs} ms`);
    await sleep(everyMs);
  }
}

/** The run once it has ended (and its job too), looked at every `everyMs`. */
export async function runEnded(db: Db, id: number, withinMs: number, everyMs = 20): Promise<RunRow> {
  return waitFor(async () => {
    const run = await readRun(db, id);
    if (!run?.terminado_en) return null;
    const [job] = await queryRows<{ estado: string }>(db, sql`select estado from trabajos where id = ${run.trabajo_id}`);
    return job && ['terminado', 'fallido', 'detenido'].includes(job.estado) ? run : null;
  }, withinMs, everyMs);
}

/** Each item's state and error, by clave. */
export async function itemStates(db: Db, runId: number): Promise<Map<string, { estado: string; error: string | null; resultado: string | null; intentos: number }>> {
  const rows = await queryRows<{ clave: string; estado: string; error: string | null; resultado: string | null; intentos: number }>(
    db,
    sql`select clave, estado, error, resultado, intentos from proceso_items where ejecucion_id = ${runId} order by orden`,
  );
  return new Map(rows.map(({ clave, ...rest }) => [clave, rest]));
}

/** How many times each key appears. */
export function tally(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** The run job's log lines (their keys and parameters), oldest first. */
export async function logLines(db: Db, jobId: number): Promise<Array<{ clave: string; params: Record<string, unknown>; creado_en: Date }>> {
  const rows = await queryRows<{ clave: string; params: Record<string, unknown>; creado_en: string }>(
    db,
    sql`select clave, params, en as creado_en from trabajo_eventos where trabajo_id = ${jobId} and tipo = 'log' order by id`,
  );
  return rows.map((row) => ({ ...row, creado_en: new Date(row.creado_en) }));
}

/** Closes the app after the file, and starts each test on quiet, empty simulated sites (no faults, nothing received). */
export function useQuietSites(t: TestApp): void {
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    for (const site of Object.values(t.app.marketSim!.sites)) {
      site.configure(quietConfig(site.sitio));
      site.reset();
    }
  });
}
