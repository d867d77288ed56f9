// Asking for a run (docs/processes.md, "How a run goes", step 1): Registra's planillas, Sube's
// bids, Supresion's deletions. Every selection rule is checked here too
// (machines/processes/selection-rules.ts): a broken one is a 400 with its details beside the
// fields, and no run starts.
import { sql } from 'drizzle-orm';
import { deletionProblems, pmsUnderWayProblems, registraProblems, subeProblems } from '../../machines/processes/selection-rules';
import type { DeletionBody, RegistraRunBody, Run, SubeRunBody } from '../../schemas/process.schema';
import { existingAnnexIds } from '../annexes/store';
import { assertMerCredit } from '../guarantees/credit';
import type { Db } from '../db/client';
import { invalidRequest, type ErrorDetail } from '../errors/catalogue';
import { useCase, type UseCase } from '../kit/use-case';
import { createRun, type RunRequest } from './create-run';
import { runUserOf } from './rules';
import { deletionRun, registraRun, subeRun } from './run-requests';
import { keysUnderWay, readRun, registeredOrUnderWay, registeredPlanillas, runView } from './store';

/**
 * A use case that asks for a run as the caller, audited: `prepare` checks the selection inside
 * the transaction (after the lock, so two requests at once cannot both pass a check the first
 * one's run would break) and answers the run to create, or the details of the broken rules.
 */
function startRun<Body>(lock: (body: Body) => string, prepare: (tx: Db, body: Body) => Promise<RunRequest | ErrorDetail[]>): UseCase<Body, Run> {
  return useCase({
    audit: { action: 'run.create', entity: 'run' },
    status: 201,
    async run(tx, { user }, body) {
      // One request at a time per kind of run and site: what is checked stays true until it commits.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`processes:${lock(body)}`}))`);
      const prepared = await prepare(tx, body);
      if (Array.isArray(prepared)) throw invalidRequest(prepared);
      const row = await createRun(tx, { ...prepared, creado_por: user.email });
      return { id: row.id, before: null, after: runView((await readRun(tx, row.id))!, runUserOf(user)) };
    },
  });
}

/** POST /registra/ejecuciones. */
export const startRegistra = startRun<RegistraRunBody>(
  (body) => `registra:${body.sitio}`,
  async (tx, body) => {
    const facts = {
      annexIds: await existingAnnexIds(tx, body.filas.filter((row) => row.registrar).map((row) => row.anexo_id)),
      registered: await registeredOrUnderWay(tx, body.sitio),
    };
    const details = registraProblems(body, facts);
    return details.length > 0 ? details : registraRun(body);
  },
);

/** POST /sube/ejecuciones: the selection's rules, then the pre-flight credit check (409 when a branch's guarantee is short). */
export const startSube = startRun<SubeRunBody>(
  (body) => `sube:${body.sitio}`,
  async (tx, body) => {
    const details = subeProblems(body);
    if (details.length === 0) details.push(...pmsUnderWayProblems(body, await keysUnderWay(tx, 'sube', body.sitio, body.fecha_operacion)));
    if (details.length > 0) return details;
    // The pre-flight credit check: a market that finds the guarantee short rejects the bids.
    await assertMerCredit(tx, body);
    return subeRun(body);
  },
);

/** POST /supresion/eliminar. */
export const startDeletion = startRun<DeletionBody>(
  () => 'supresion',
  async (tx, { numeros }) => {
    const planillas = await registeredPlanillas(tx, numeros);
    const details = deletionProblems(numeros, planillas);
    return details.length > 0 ? details : deletionRun(numeros, planillas);
  },
);
