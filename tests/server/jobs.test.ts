// @vitest-environment node
// Long work as jobs: a job runs and reports, workers of several processes never run one job
// twice, a dead process's job is taken up again, failures and stops end it, closing the app
// hands its job back, and the browser follows it live over Server-Sent Events, resuming after
// the last event it saw. On PGlite, and on PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../../server/db/client';
import { auditLog } from '../../server/db/schema/audit';
import { trabajoEventos, trabajos, type JobState } from '../../server/db/schema/jobs';
import { enqueueJob } from '../../server/jobs/enqueue';
import { registerJobHandler } from '../../server/jobs/registry';
import { startJobWorker } from '../../server/jobs/worker';
import { bearer, startTestApp, type TestApp } from './helpers';

const FAST = { pollMs: 30, heartbeatMs: 30, leaseMs: 5_000, shutdownMs: 2_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const OWNER = 'pide@test.energy';
const AREA = 'liquida@test.energy';
const OTHER = 'ajeno@test.energy';

// Counts to parametros.total, resuming where the job got to; a stop is heard between units.
registerJobHandler(
  'prueba.contar',
  async ({ job, progress, log, signal }) => {
    const { total, pausa } = job.parametros as { total: number; pausa?: number };
    for (let done = job.hechos; done < total; done += 1) {
      signal.throwIfAborted();
      await sleep(pausa ?? 5);
      await progress(done + 1, total);
    }
    await log('info', 'jobs.test.contado', { total });
  },
  { viewKey: 'liquidaciones', stoppable: true },
);

registerJobHandler(
  'prueba.fallar',
  async () => {
    throw new Error('boom');
  },
  { viewKey: 'liquidaciones', stoppable: false },
);

// Fails at once; what its rows show under way (here a row of prueba_unidades, unit -1) ends with it.
registerJobHandler(
  'prueba.abandonar',
  async () => {
    throw new Error('boom');
  },
  {
    viewKey: 'liquidaciones',
    stoppable: false,
    async onFailed(tx, job) {
      await tx.execute(sql`INSERT INTO prueba_unidades (trabajo_id, unidad) VALUES (${job.id}, -1)`);
    },
  },
);

/** Which worker ran which job, for the test that no job runs twice. */
const runs: Array<{ id: number; worker: string | null }> = [];
registerJobHandler(
  'prueba.unico',
  async ({ job }) => {
    runs.push({ id: job.id, worker: job.trabajador });
    await sleep(10);
  },
  { viewKey: 'liquidaciones', stoppable: false },
);

/** A job that waits until the test opens the gate (or its signal aborts). */
let openGate: () => void = () => undefined;
registerJobHandler(
  'prueba.puerta',
  async ({ progress, signal }) => {
    await progress(0, 1);
    await new Promise<void>((resolve, reject) => {
      openGate = resolve;
      signal.addEventListener('abort', () => reject(signal.reason as Error));
    });
    await progress(1, 1);
  },
  { viewKey: 'liquidaciones', stoppable: true },
);

/** Units of one transaction each, their result and progress committed together; safe to redo. */
let beforeSecondUnit: Promise<void> | null = null;
let unitsHandlerEnded: () => void = () => undefined;
registerJobHandler(
  'prueba.unidades',
  async ({ db, job, progress }) => {
    try {
      const { unidades } = job.parametros as { unidades: number };
      for (let unit = job.hechos; unit < unidades; unit += 1) {
        if (unit === 1 && beforeSecondUnit) await beforeSecondUnit;
        await db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO prueba_unidades (trabajo_id, unidad) VALUES (${job.id}, ${unit}) ON CONFLICT DO NOTHING`);
          await progress(unit + 1, unidades, { tx });
        });
      }
    } finally {
      unitsHandlerEnded();
    }
  },
  { viewKey: 'liquidaciones', stoppable: false },
);

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ app: { jobs: FAST } });
  await t.app.ready();
  await t.createUser({ email: OWNER, permisos_x_view: ['dashboard'] });
  await t.createUser({ email: AREA, permisos_x_view: ['liquidaciones'] });
  await t.createUser({ email: OTHER, permisos_x_view: ['dashboard', 'relaciones'] });
  await t.db.execute(sql`CREATE TABLE prueba_unidades (trabajo_id integer, unidad integer, PRIMARY KEY (trabajo_id, unidad))`);
});

afterAll(async () => {
  await t?.close();
});

async function waitFor(db: Db, id: number, states: JobState[], timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(trabajos).where(eq(trabajos.id, id));
    if (row && states.includes(row.estado)) return row;
    if (Date.now() > until) throw new Error(`job ${id} is ${row?.estado}, not ${states.join('|')}`);
    await sleep(20);
  }
}

async function eventsOf(id: number) {
  return t.db.select().from(trabajoEventos).where(eq(trabajoEventos.trabajo_id, id)).orderBy(trabajoEventos.id);
}

const contar = (total: number, pausa = 5) => enqueueJob(t.db, { tipo: 'prueba.contar', parametros: { total, pausa }, creado_por: OWNER });

describe('a job', () => {
  it('runs, and its progress and log lines are recorded in order', async () => {
    const job = await contar(3);
    const ended = await waitFor(t.db, job.id, ['terminado', 'fallido']);
    expect(ended).toMatchObject({ estado: 'terminado', hechos: 3, total: 3, intentos: 1, error: null, trabajador: null });
    expect(ended.iniciado_en).toBeInstanceOf(Date);
    expect(ended.terminado_en).toBeInstanceOf(Date);
    const events = await eventsOf(job.id);
    expect(events.map((event) => [event.tipo, event.estado ?? event.hechos ?? event.clave])).toEqual([
      ['estado', 'pendiente'],
      ['estado', 'en_curso'],
      ['progreso', 1],
      ['progreso', 2],
      ['progreso', 3],
      ['log', 'jobs.test.contado'],
      ['estado', 'terminado'],
    ]);
    expect(events[5]).toMatchObject({ nivel: 'info', params: { total: 3 } });
  });

  it('is refused at enqueue when no handler knows its type', async () => {
    await expect(enqueueJob(t.db, { tipo: 'prueba.nadie', creado_por: OWNER })).rejects.toThrow(/prueba\.nadie/);
  });

  it('whose handler throws ends fallido with the error', async () => {
    const job = await enqueueJob(t.db, { tipo: 'prueba.fallar', creado_por: OWNER });
    const ended = await waitFor(t.db, job.id, ['terminado', 'fallido']);
    expect(ended).toMatchObject({ estado: 'fallido', error: 'boom' });
    const last = (await eventsOf(job.id)).at(-1);
    expect(last).toMatchObject({ tipo: 'estado', estado: 'fallido', clave: 'jobs.events.fallido', params: { error: 'boom' } });
  });

  it('that fails tells its type, in the transaction that fails it, whether its handler threw or its process died on every attempt', async () => {
    const abandoned = async (id: number) => (await queryRows(t.db, sql`SELECT 1 FROM prueba_unidades WHERE trabajo_id = ${id} AND unidad = -1`)).length;
    const threw = await enqueueJob(t.db, { tipo: 'prueba.abandonar', creado_por: OWNER });
    expect(await waitFor(t.db, threw.id, ['terminado', 'fallido'])).toMatchObject({ estado: 'fallido', error: 'boom' });
    expect(await abandoned(threw.id)).toBe(1);

    // Claimed five times, its lease ran out each time: no worker takes it up again.
    const [dead] = await t.db
      .insert(trabajos)
      .values({ tipo: 'prueba.abandonar', creado_por: OWNER, estado: 'en_curso', intentos: 5, trabajador: 'muerto:1:dead', lease_hasta: sql`now() - interval '1 second'` })
      .returning();
    const ended = await waitFor(t.db, dead!.id, ['terminado', 'fallido']);
    expect(ended).toMatchObject({ estado: 'fallido', error: 'too many attempts', intentos: 5, trabajador: null });
    expect((await eventsOf(dead!.id)).at(-1)).toMatchObject({ tipo: 'estado', estado: 'fallido', clave: 'jobs.events.agotado', params: { count: 5 } });
    expect(await abandoned(dead!.id)).toBe(1);
  });

  it('whose process died (its lease ran out) is taken up again by another worker and completes, resuming where it got to', async () => {
    const [dead] = await t.db
      .insert(trabajos)
      .values({
        tipo: 'prueba.contar',
        parametros: { total: 4 },
        creado_por: OWNER,
        estado: 'en_curso',
        hechos: 2,
        total: 4,
        intentos: 1,
        trabajador: 'muerto:1:dead',
        iniciado_en: sql`now() - interval '1 minute'`,
        lease_hasta: sql`now() - interval '1 second'`,
      })
      .returning();
    const ended = await waitFor(t.db, dead!.id, ['terminado', 'fallido']);
    expect(ended).toMatchObject({ estado: 'terminado', hechos: 4, intentos: 2 });
    const events = await eventsOf(dead!.id);
    expect(events[0]).toMatchObject({ tipo: 'estado', estado: 'en_curso', clave: 'jobs.events.retomado', params: { intento: 2 } });
    expect(events.filter((event) => event.tipo === 'progreso').map((event) => event.hechos)).toEqual([3, 4]);
  });

  it('commits each unit of work with its progress, in the unit\'s own transaction', async () => {
    const job = await enqueueJob(t.db, { tipo: 'prueba.unidades', parametros: { unidades: 3 }, creado_por: OWNER });
    expect(await waitFor(t.db, job.id, ['terminado', 'fallido'])).toMatchObject({ estado: 'terminado', hechos: 3, total: 3 });
    const units = await t.db.execute(sql`SELECT unidad FROM prueba_unidades WHERE trabajo_id = ${job.id} ORDER BY unidad`);
    expect((units as unknown as { rows: Array<{ unidad: number }> }).rows.map((row) => row.unidad)).toEqual([0, 1, 2]);
  });

  it('taken up by another worker meanwhile gets no more writes from the worker that lost it: its unit rolls back', async () => {
    let openSecondUnit: () => void = () => undefined;
    beforeSecondUnit = new Promise((resolve) => {
      openSecondUnit = resolve;
    });
    const ended = new Promise<void>((resolve) => {
      unitsHandlerEnded = resolve;
    });
    try {
      const job = await enqueueJob(t.db, { tipo: 'prueba.unidades', parametros: { unidades: 3 }, creado_por: OWNER });
      const until = Date.now() + 10_000;
      while ((await waitFor(t.db, job.id, ['en_curso'])).hechos < 1 && Date.now() < until) await sleep(10);
      // As if the lease had run out and another process had claimed the job.
      await t.db.update(trabajos).set({ trabajador: 'otro:1:other' }).where(eq(trabajos.id, job.id));
      openSecondUnit();
      await ended;
      await sleep(100);
      expect(await waitFor(t.db, job.id, ['en_curso'])).toMatchObject({ trabajador: 'otro:1:other', hechos: 1 });
      const units = await t.db.execute(sql`SELECT unidad FROM prueba_unidades WHERE trabajo_id = ${job.id}`);
      expect((units as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      await t.db.delete(trabajos).where(eq(trabajos.id, job.id));
    } finally {
      beforeSecondUnit = null;
    }
  });

  it('whose lease is still running is left to its worker', async () => {
    const [held] = await t.db
      .insert(trabajos)
      .values({ tipo: 'prueba.contar', parametros: { total: 1 }, estado: 'en_curso', intentos: 1, trabajador: 'vivo:1:alive', lease_hasta: sql`now() + interval '1 minute'` })
      .returning();
    await sleep(200);
    expect(await waitFor(t.db, held!.id, ['en_curso'])).toMatchObject({ trabajador: 'vivo:1:alive', intentos: 1, hechos: 0 });
    await t.db.delete(trabajos).where(eq(trabajos.id, held!.id));
  });

  it('is run once only, however many workers of however many processes claim at once', async () => {
    // A second connection to the same database stands for a second process (on PGlite, a
    // second worker loop on the one connection).
    const second = t.databaseUrl ? await openDatabase({ kind: 'postgres', url: t.databaseUrl }) : null;
    const workers = [
      startJobWorker({ db: t.db, concurrency: 3, pollMs: 10 }),
      startJobWorker({ db: second?.db ?? t.db, concurrency: 3, pollMs: 10 }),
    ];
    try {
      runs.length = 0;
      const ids: number[] = [];
      for (let n = 0; n < 30; n += 1) ids.push((await enqueueJob(t.db, { tipo: 'prueba.unico', creado_por: OWNER })).id);
      for (const id of ids) await waitFor(t.db, id, ['terminado']);
      expect(runs.map((run) => run.id).sort((a, b) => a - b)).toEqual(ids);
      expect(new Set(runs.map((run) => run.worker)).size).toBeGreaterThan(1);
      const claims = await t.db.select({ intentos: trabajos.intentos }).from(trabajos).where(eq(trabajos.tipo, 'prueba.unico'));
      expect(claims.every((claim) => claim.intentos === 1)).toBe(true);
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
      await second?.close();
    }
  });
});

describe('stopping a job', () => {
  it('stops a running job of a stoppable type: detenido, without the rest of its work', async () => {
    const job = await contar(500, 20);
    await waitFor(t.db, job.id, ['en_curso']);
    const token = await t.mintToken(OWNER);
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/trabajos/${job.id}/detener`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    const ended = await waitFor(t.db, job.id, ['detenido', 'terminado']);
    expect(ended.estado).toBe('detenido');
    expect(ended.hechos).toBeLessThan(500);
    const [audited] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'job.stop'), eq(auditLog.entity_id, String(job.id))));
    expect(audited).toMatchObject({ actor_email: OWNER, entity: 'job' });
    // An ended job cannot be stopped again.
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/trabajos/${job.id}/detener`, headers: bearer(token) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('APP_ERR_JOB_NOT_STOPPABLE');
  });

  it('refuses to stop a job whose type does not allow it (409)', async () => {
    const job = await enqueueJob(t.db, { tipo: 'prueba.fallar', creado_por: OWNER });
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/trabajos/${job.id}/detener`, headers: bearer(await t.mintToken(OWNER)) });
    expect(response.statusCode).toBe(409);
    await waitFor(t.db, job.id, ['fallido']);
  });

  it('hands a running job back when the app closes, for any process to take up at once', async () => {
    const other = await startTestApp({ app: { jobs: FAST } });
    try {
      await other.app.ready();
      const job = await enqueueJob(other.db, { tipo: 'prueba.puerta', creado_por: OWNER });
      await waitFor(other.db, job.id, ['en_curso']);
      // A stream open on the job does not hold the close up: it ends.
      await other.createUser({ email: OWNER, permisos_x_view: ['dashboard'] });
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const address = other.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const stream = await fetch(`http://127.0.0.1:${port}/api/v1/trabajos/${job.id}/eventos`, { headers: bearer(await other.mintToken(OWNER)) });
      const streamed = readStream(stream);
      await other.app.close();
      expect((await streamed).map((event) => event.data.estado ?? event.data.hechos)).toEqual(['pendiente', 'en_curso', 0]);
      const released = await waitFor(other.db, job.id, ['pendiente'], 1_000);
      expect(released).toMatchObject({ trabajador: null, lease_hasta: null, intentos: 1 });
    } finally {
      await other.close();
    }
  });
});

interface StreamedEvent {
  id: number;
  data: { id: number; tipo: string; estado?: string | null; hechos?: number | null };
}

/** Reads a whole event stream (it ends with its job) into its events. */
async function readStream(response: Response): Promise<StreamedEvent[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const id = Number(/^id: (\d+)$/m.exec(block)?.[1]);
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as StreamedEvent['data'];
      return { id, data };
    });
}

describe('the job routes', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  it('stream a job live as Server-Sent Events, ending with it, and resume after Last-Event-ID', async () => {
    const job = await enqueueJob(t.db, { tipo: 'prueba.puerta', creado_por: OWNER });
    await waitFor(t.db, job.id, ['en_curso']);
    const headers = bearer(await t.mintToken(OWNER));
    const response = await fetch(`${base}/api/v1/trabajos/${job.id}/eventos`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The job finishes only once the stream is open: its last events arrive live.
    const streamed = readStream(response);
    await sleep(100);
    openGate();
    const events = await streamed;
    expect(events.map((event) => event.data.estado ?? event.data.hechos)).toEqual(['pendiente', 'en_curso', 0, 1, 'terminado']);
    expect(events.map((event) => event.id)).toEqual(events.map((event) => event.data.id));

    const resumed = await readStream(
      await fetch(`${base}/api/v1/trabajos/${job.id}/eventos`, { headers: { ...headers, 'last-event-id': String(events[2]!.id) } }),
    );
    expect(resumed.map((event) => event.id)).toEqual(events.slice(3).map((event) => event.id));
  });

  it('list the running jobs the caller may see: their own and those of the areas they see', async () => {
    const mine = await contar(500, 20);
    await waitFor(t.db, mine.id, ['en_curso']);
    const ids = async (email: string) => {
      const response = await t.app.inject({ url: '/api/v1/trabajos?estado=en_curso', headers: bearer(await t.mintToken(email)) });
      expect(response.statusCode).toBe(200);
      return (response.json().data as Array<{ id: number; estado: string; detenible: boolean }>).map((row) => row.id);
    };
    expect(await ids(OWNER)).toContain(mine.id);
    expect(await ids(AREA)).toContain(mine.id);
    expect(await ids(OTHER)).not.toContain(mine.id);
    const one = await t.app.inject({ url: `/api/v1/trabajos/${mine.id}`, headers: bearer(await t.mintToken(AREA)) });
    expect(one.json().data).toMatchObject({ id: mine.id, tipo: 'prueba.contar', estado: 'en_curso', creado_por: OWNER, detenible: true });
    await t.app.inject({ method: 'POST', url: `/api/v1/trabajos/${mine.id}/detener`, headers: bearer(await t.mintToken(AREA)) });
    await waitFor(t.db, mine.id, ['detenido']);
  });

  it('answer 401 without a token, 403 to who neither asked for the job nor sees its area, 404 for no job', async () => {
    const job = await contar(1);
    const paths = [`/api/v1/trabajos/${job.id}`, `/api/v1/trabajos/${job.id}/eventos`];
    for (const url of [...paths, '/api/v1/trabajos']) expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    const other = bearer(await t.mintToken(OTHER));
    for (const url of paths) {
      const response = await t.app.inject({ url, headers: other });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe('APP_ERR_AUTH_FORBIDDEN');
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/trabajos/${job.id}/detener`, headers: other })).statusCode).toBe(403);
    const missing = await t.app.inject({ url: '/api/v1/trabajos/999999', headers: bearer(await t.mintToken(OWNER)) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('APP_ERR_JOB_NOT_FOUND');
    await waitFor(t.db, job.id, ['terminado']);
  });
});
