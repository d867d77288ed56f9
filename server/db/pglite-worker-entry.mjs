// The embedded database thread's entry: plain JavaScript, because a worker thread does not take
// the `--import tsx` its process was started with (Node 20). It registers tsx in the thread,
// then runs the TypeScript worker (pglite-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
