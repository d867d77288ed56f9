// Hears a stop of a run at once (docs/processes.md, "How a run goes", step 5): the change feed
// announces every update of `proceso_ejecuciones` (migration 0015's trigger) from whichever
// process stopped it, and a look at the run's row every 200 ms covers a feed that dropped. The
// job's own signal (its heartbeat hears `detener` too, later; a shutdown; a lost lease) counts
// as well.
import { changesOf } from '../db/changes';
import type { Db } from '../db/client';
import type { JobAbortedError } from '../jobs/registry';
import { stopAsked } from './run-store';

const LOOK_EVERY_MS = 200;

export type StopCause = 'stop' | 'shutdown' | 'lost';

/** Calls `onStop` once, the first time the run is asked to stop; returns how to stop watching. */
export function watchStop(db: Db, runId: number, signal: AbortSignal, onStop: (cause: StopCause) => void): () => void {
  let heard = false;
  let looking = false;
  const hear = (cause: StopCause) => {
    if (heard) return;
    heard = true;
    onStop(cause);
  };
  const look = () => {
    if (heard || looking) return;
    looking = true;
    stopAsked(db, runId)
      .then((asked) => asked && hear('stop'))
      // A failed look is tried again at the next tick.
      .catch(() => undefined)
      .finally(() => {
        looking = false;
      });
  };
  const unsubscribe = changesOf(db).subscribe((change) => {
    if (change === 'all' || change.tables.has('proceso_ejecuciones')) look();
  });
  const timer = setInterval(look, LOOK_EVERY_MS);
  const aborted = () => hear((signal.reason as JobAbortedError | undefined)?.why ?? 'stop');
  if (signal.aborted) aborted();
  else signal.addEventListener('abort', aborted, { once: true });
  look();
  return () => {
    unsubscribe();
    clearInterval(timer);
    signal.removeEventListener('abort', aborted);
  };
}
