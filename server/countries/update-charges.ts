// Panama's update-charges process (spec sections 2, 8 and 9: "Panama also has an update-charges
// action", asked after a confirmation, "takes a few minutes"): a job that recomputes every
// preliminary settlement a Panama charge changed since the last completed run touches, one per
// transaction, with its progress followed live like the settlement refresh (whose handler it
// runs: server/settlements/refresh.ts). While one is queued or running, asking again answers it.
import { CHARGE_COUNTRIES, PANAMA_ID, type ChargeCountryCode } from '../../schemas/country-charge.schema';
import type { Job } from '../../schemas/job.schema';
import type { Caller } from '../authz/caller';
import type { Db } from '../db/client';
import type { JobType } from '../jobs/registry';
import { lastDoneJobAskedAt } from '../jobs/store';
import { jobView } from '../jobs/views';
import { recomputeSettlements, requestRecompute } from '../settlements/refresh';
import { settlementsTouchedSince } from './store';

/** The job type of the process (its name on the top bar: `jobs.types.countries.update-charges`). */
const UPDATE_CHARGES_JOB = 'countries.update-charges';

const PANAMA: ChargeCountryCode = CHARGE_COUNTRIES[PANAMA_ID].pais;

/**
 * POST /countries/api/v1/cargos-proceso as `caller`: the process queued or running, or a new one
 * over the settlements Panama's charges changed since the last run that ended done touch
 * (every one touched by any Panama charge on a first run).
 */
export async function requestPanamaChargesUpdate(db: Db, { user }: Caller): Promise<Job> {
  return jobView(
    await requestRecompute(db, {
      tipo: UPDATE_CHARGES_JOB,
      pais: PANAMA,
      email: user.email,
      choose: async (tx) => settlementsTouchedSince(tx, PANAMA, await lastDoneJobAskedAt(tx, UPDATE_CHARGES_JOB, 'pais', PANAMA)),
    }),
  );
}

/**
 * The process's job type, which the jobs plugin registers. Stoppable, as the refreshes are:
 * what was recomputed stays recomputed, and the next run picks up what this one did not reach
 * only if it ended done, so a stopped run's changes are looked at again.
 */
export const CHARGES_JOBS: readonly JobType[] = [{ tipo: UPDATE_CHARGES_JOB, run: recomputeSettlements, viewKey: 'paises', stoppable: true }];
