import { createStore } from '@xstate/store';

/**
 * Tells the top bar's running-jobs indicator to look again: it polls only while some job runs,
 * so a page that starts one (a settlement refresh) calls {@link announceJobStarted} once the
 * server accepted it (machines/jobs/running-jobs.machine.ts hears it as `jobs.announced`).
 */
export const runningJobsStore = createStore({
  context: { revision: 0 },
  on: {
    announced: (context) => ({ revision: context.revision + 1 }),
  },
});

/** A job was just started here: the indicator fetches the running jobs again. */
export function announceJobStarted(): void {
  runningJobsStore.trigger.announced();
}
