import { createStore } from '@xstate/store';

/**
 * Tells the top bar's running-jobs indicator to look again: it polls only while some job runs,
 * so a page that starts one (a settlement refresh) calls {@link announceJobStarted} once the
 * server accepted it.
 */
export const runningJobsStore = createStore({
  // `announcedAt`: a job just started may wait a moment for a worker (pendiente), and the
  // indicator lists running ones, so it keeps looking for a while after an announcement.
  context: { revision: 0, announcedAt: 0 },
  on: {
    announced: (context) => ({ revision: context.revision + 1, announcedAt: Date.now() }),
  },
});

/** A job was just started here: the indicator fetches the running jobs again. */
export function announceJobStarted(): void {
  runningJobsStore.trigger.announced();
}
