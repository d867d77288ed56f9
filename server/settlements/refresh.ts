// The two settlement refreshes (spec section 7: store-procedure-liquidations and
// ...-potencia; docs/settlements.md, "Refreshing the open months"): every preliminary settlement
// of the open months of one country recomputed as a job, one settlement per transaction.
//
// What is refreshed is chosen when the refresh is asked for and kept in the job's parameters,
// in order: a job taken up again after its process died resumes at the settlement its last
// committed progress names, and one recomputed twice is the same (the engine replaces rows).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { JobRow } from '../db/schema/jobs';
import { AppErrors } from '../errors/catalogue';
import { enqueueJob } from '../jobs/enqueue';
import { activeJobOf, readJob } from '../jobs/store';
import type { JobContext, JobLogLevel, JobType } from '../jobs/registry';
import { jobView } from '../jobs/views';
import type { Job } from '../../schemas/job.schema';
import type { Caller } from '../authz/caller';
import { userIdByEmail } from '../users/store';
import { recordAudit, type AuditActor } from '../audit/store';
import { assertTransition, storedFacts } from './rules';
import * as store from './store';

/** What a refresh recomputes: the settlements that settle energy, or those that settle power. */
export type RefreshKind = 'energia' | 'potencia';

/** The job type of each refresh. */
const REFRESH_JOB_TYPES: Record<RefreshKind, string> = {
  energia: 'settlements.refresh-energy',
  potencia: 'settlements.refresh-power',
};

/** What a refresh job carries: the country it acts in and the settlements it recomputes, in order. */
interface RefreshParams {
  pais: string;
  liquidaciones: number[];
}

/**
 * Which contracts a refresh touches (docs/settlements.md, "Settlement type"): energy, those that
 * settle energy (`tipo_liquidacion` energia, energia_potencia or none); power, those that settle
 * power and have an annex in force that month with a power price (without one the power column
 * is 0 whatever changed).
 */
function kindCondition(kind: RefreshKind) {
  if (kind === 'energia') return sql`c.tipo_liquidacion is distinct from 'potencia'`;
  return sql`c.tipo_liquidacion is distinct from 'energia'
    and exists (select 1 from anexos a where a.contrato_id = c.id and a.precio_potencia is not null
      and a.fecha_inicio <= (make_date(l.anio, l.mes, 1) + interval '1 month - 1 day')::date
      and a.fecha_fin >= make_date(l.anio, l.mes, 1))`;
}

/** Whether the month of settlement `l` is open: no validated DF of its contract and month. */
const monthIsOpen = sql`not exists (select 1 from liquidaciones df where df.contrato_id = l.contrato_id and df.anio = l.anio
  and df.mes = l.mes and df.version_liquidacion = 'DF' and df.estado = 'validada')`;

/**
 * The preliminary settlements of the open months of `pais` a refresh of `kind` recomputes, in
 * month, contract and version order. A month is open for a contract until its final (DF)
 * settlement is validated: from then on what was settled stays as the statement left it.
 */
async function refreshableSettlements(db: Db, kind: RefreshKind, pais: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select l.id from liquidaciones l join contratos c on c.id = l.contrato_id
        where l.estado = 'preliminar' and c.sucursal = ${pais}
          and ${monthIsOpen}
          and ${kindCondition(kind)}
        order by l.anio, l.mes, l.contrato_id, l.version_liquidacion, l.id`,
  );
  return rows.map((row) => row.id);
}

/**
 * Asks for a refresh of `kind` in `pais` as `email`: the job already queued or running for that
 * country and kind if there is one (two at once would only do the work twice), else a new one
 * over the settlements refreshable now.
 */
export function requestRefresh(db: Db, kind: RefreshKind, pais: string, email: string): Promise<JobRow> {
  return requestRecompute(db, { tipo: REFRESH_JOB_TYPES[kind], pais, email, choose: (tx) => refreshableSettlements(tx, kind, pais) });
}

/**
 * Asks for a job of `tipo` in `pais` recomputing the settlements `choose` picks now (ids, in
 * order), as `email`: the job of that type and country already queued or running if there is
 * one (two at once would only do the work twice), else a new one. Its handler is
 * `recomputeSettlements`; another area's job that recomputes settlements (Panama's
 * update-charges process) asks for it here.
 */
export async function requestRecompute(
  db: Db,
  request: { tipo: string; pais: string; email: string; choose: (tx: Db) => Promise<number[]> },
): Promise<JobRow> {
  const { tipo, pais, email } = request;
  return db.transaction(async (tx) => {
    // Two requests at once take turns here, so the second one finds the first one's job.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${tipo}:${pais}`}))`);
    const active = await activeJobOf(tx, tipo, 'pais', pais);
    if (active) return active;
    const parametros: RefreshParams = { pais, liquidaciones: await request.choose(tx) };
    const queued = await enqueueJob(tx, { tipo, parametros: { ...parametros }, creado_por: email });
    // Read back typed (the insert answers its raw row).
    return (await readJob(tx, queued.id))!;
  });
}

interface Outcome {
  level: JobLogLevel;
  key: string;
  params: Record<string, unknown>;
}

/**
 * Recomputes settlement `id` as `email` in `tx`, with its audit row, when it is still
 * preliminary and its data is all there; otherwise says why it was left as it was.
 */
async function recomputeOne(tx: Db, id: number, email: string, actor: AuditActor, jobId: number): Promise<Outcome> {
  const before = await store.lockSettlement(tx, id).catch((error: unknown) => {
    if (error instanceof AppErrors.settlementNotFound) return null;
    throw error;
  });
  // Deleted since the refresh was asked for (its contract was): nothing left to recompute.
  if (!before) return { level: 'warn', key: 'annexes.refresh.log.gone', params: { id } };
  const which = { id, contract: before.contrato_codigo, month: `${String(before.mes).padStart(2, '0')}/${before.anio}`, version: before.version_liquidacion };
  // Validated since the refresh was asked for: final, never recomputed (the machine says so too).
  if (before.estado !== 'preliminar') return { level: 'warn', key: 'annexes.refresh.log.validated', params: which };
  // Its month closed since (its DF validated): it stays as the statement left it.
  const [open] = await queryRows<{ open: boolean }>(tx, sql`select ${monthIsOpen} as open from liquidaciones l where l.id = ${id}`);
  if (!open?.open) return { level: 'warn', key: 'annexes.refresh.log.closed', params: which };
  const missing = await store.missingData(tx, before.contrato_id, before.anio, before.mes, before.version_liquidacion, 0);
  if (missing.total > 0) return { level: 'warn', key: 'annexes.refresh.log.missing', params: { ...which, missing: missing.total } };
  // The same decision the compute route asks for (mayValidate plays no part in computing).
  assertTransition({ settlement: await storedFacts(tx, before) }, { type: 'settlement.compute', version: before.version }, { id: actor.id ?? 0, mayValidate: false }, 'compute');
  const filas = await store.computeSettlementRows(tx, id, email);
  const after = await store.readSettlement(tx, id);
  await recordAudit(tx, actor, { action: 'settlement.compute', entity: 'settlement', entityId: id, before, after: { ...after, trabajo_id: jobId } });
  return { level: 'info', key: 'annexes.refresh.log.recomputed', params: { ...which, count: filas } };
}

/** The handler of every job `requestRecompute` queues: one settlement per transaction, resuming at `hechos`. */
export async function recomputeSettlements({ db, job, progress, log, signal }: JobContext): Promise<void> {
  const { liquidaciones: ids } = job.parametros as RefreshParams;
  const email = job.creado_por ?? 'system';
  // Each recompute is audited as the compute route audits it, in the name of who asked for the refresh.
  const actor: AuditActor = { email: job.creado_por, id: await userIdByEmail(db, job.creado_por), requestId: `trabajo-${job.id}` };
  if (job.hechos === 0) {
    await progress(0, ids.length);
    await log('info', ids.length === 0 ? 'annexes.refresh.log.nothing' : 'annexes.refresh.log.start', { count: ids.length });
  }
  for (let done = job.hechos; done < ids.length; done += 1) {
    // Let the requests waiting for the database in first: on PGlite, one transaction begun right
    // after another's commit takes the one connection again before any of them, and the app
    // would not answer (not even the job's own progress) until the whole refresh had ended.
    await new Promise((resolve) => setImmediate(resolve));
    signal.throwIfAborted();
    await db.transaction(async (tx) => {
      const outcome = await recomputeOne(tx, ids[done]!, email, actor, job.id);
      // The report commits with the unit: after a crash `hechos` says exactly what was done.
      await log(outcome.level, outcome.key, outcome.params, { tx });
      await progress(done + 1, ids.length, { tx });
    });
  }
}

/**
 * The refresh `kind` for `caller`, in the country their role acts in (the authz plugin checked
 * the role's Settlements `create`): the job as the API shows it.
 */
export async function requestRefreshFor(db: Db, { user, role }: Caller, kind: RefreshKind): Promise<Job> {
  if (!role?.pais) throw new AppErrors.authForbidden();
  return jobView(await requestRefresh(db, kind, role.pais, user.email));
}

/** The refreshes' job types, which the jobs plugin registers. Stoppable: the spec lets a user stop a process; what was recomputed stays recomputed. */
export const REFRESH_JOBS: readonly JobType[] = Object.values(REFRESH_JOB_TYPES).map((tipo) => ({ tipo, run: recomputeSettlements, viewKey: 'liquidaciones', stoppable: true }));
