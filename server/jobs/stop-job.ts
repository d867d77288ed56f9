// Stopping a job: its handler hears it between units of work; what it did stays done.
import type { Job } from '../../schemas/job.schema';
import type { JobRow } from '../db/schema/jobs';
import { AppErrors } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { assertStoppable, visibleTo } from './rules';
import { readJob, requestStop } from './store';
import { jobView } from './views';

/** POST /trabajos/:id/detener. */
export const stopJob = useCase<{ id: number }, Job>({
  audit: { action: 'job.stop', entity: 'job' },
  async run(tx, { user }, { id }) {
    const job = visibleTo(user, await readJob(tx, id));
    assertStoppable(job);
    if (!(await requestStop(tx, job.id))) throw new AppErrors.jobNotStoppable();
    const after = jobView((await readJob(tx, job.id)) as JobRow);
    return { id: String(job.id), before: jobView(job), after };
  },
});
