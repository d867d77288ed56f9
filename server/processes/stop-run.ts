// Stopping a run (docs/processes.md, "How a run goes", step 5): who started it, or an admin.
import type { Run } from '../../schemas/process.schema';
import { AppErrors } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { requestStop } from './create-run';
import { assertStoppable, foundRun, runUserOf } from './rules';
import { readRun, runView } from './store';

/** POST /ejecuciones/:id/detener. */
export const stopRun = useCase<{ id: number }, Run>({
  audit: { action: 'run.stop', entity: 'run' },
  async run(tx, { user }, { id }) {
    const runUser = runUserOf(user);
    const before = foundRun(await readRun(tx, id));
    assertStoppable(before, runUser);
    // It may have ended since it was read: then it is ended for this stop too.
    if (!(await requestStop(tx, before.id))) throw new AppErrors.processRunEnded();
    return { id: before.id, before: runView(before, runUser), after: runView((await readRun(tx, before.id))!, runUser) };
  },
});
