// The job types that carry the runs (server/processes/job-types.ts) are registered by the
// runner's module. The route tests queue runs with no job worker (JOB_WORKERS=0: a run stays
// `en_curso`), so where the runner is not loaded they register the types themselves, with a
// handler that refuses to run: a test that needs a run executed uses the runner's tests.
import { RUN_JOB_TYPES } from '../../../server/processes/job-types';
import { jobType, registerJobHandler } from '../../../server/jobs/registry';

export function ensureRunJobTypes(): void {
  for (const tipo of Object.values(RUN_JOB_TYPES)) {
    if (jobType(tipo)) continue;
    registerJobHandler(
      tipo,
      async () => {
        throw new Error(`${tipo}: the route tests queue runs, they do not run them`);
      },
      { viewKey: 'acciones', stoppable: true },
    );
  }
}
