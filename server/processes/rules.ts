// What the bid processes decide, in the server's words: who the caller is to the run lifecycle,
// its refusals as catalogue codes (machines/processes/run-rules.ts). The selection rules
// themselves are shared with the pages (machines/processes/selection-rules.ts); a date that is no
// calendar day is the schemas' refusal (schemas/date.schema.ts).
import { runTransition } from '../../machines/processes/run.machine';
import { runFacts, type RunUser } from '../../machines/processes/run-rules';
import type { UserRow } from '../db/schema/app';
import { AppErrors, errorForCode } from '../errors/catalogue';
import { hasPermission } from '../plugins/auth';
import type { RunRead } from './store';

/** The caller as the run lifecycle knows them. */
export function runUserOf(user: UserRow): RunUser {
  return { email: user.email, isAdmin: hasPermission(user, 'admin') };
}

/** Run `run` when it exists; 404 otherwise. */
export function foundRun(run: RunRead | undefined): RunRead {
  if (!run) throw new AppErrors.processRunNotFound();
  return run;
}

/** Throws the catalogue error of the machine's refusal unless `user` may stop `run`. */
export function assertStoppable(run: RunRead, user: RunUser): void {
  const verdict = runTransition(runFacts(run), { type: 'run.stop' }, user);
  if (!verdict.allowed) throw errorForCode(verdict.code);
}

