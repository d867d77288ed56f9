// SERVER_PROCESSES above 1 (docs/architecture.md, "Processes"): this primary process prepares the
// database once (migrations, signing key, demo seed), then forks that many server processes,
// which share the one port (Node's cluster hands each new connection to the next process). They
// need nothing else from each other: jobs, sessions and the caches' invalidation go through the
// database (server/db/changes.ts). The primary serves nothing; it brings back a process that
// dies, and on SIGTERM or SIGINT sends each SIGTERM (drain and close; one still starting ends at
// once, having begun nothing) before it ends itself. A server process leaves its signals to the
// primary: a terminal's Ctrl-C reaches the whole group, and only the primary's SIGTERM counts.
import cluster, { type Worker } from 'node:cluster';

/** A process that dies before it ever listened this many times in a row: the start is broken (a taken port, a bad database), so the primary gives up. */
const FAILED_STARTS_LIMIT = 3;
/** Wait before a dead process is replaced, so a crash loop does not spin. */
const RESTART_DELAY_MS = 1_000;
/** How long the processes may drain on a stop before they are killed. */
const STOP_GRACE_MS = 30_000;

interface PrimaryOptions {
  processes: number;
  /** Everything done once before any server process starts. */
  prepare: () => Promise<void>;
  /** Told once, when every process listens for the first time. */
  onListening: () => void;
  log: (message: string) => void;
}

/** Runs the primary: prepares, forks `processes` servers, keeps them up, stops them on a signal. */
export async function runPrimary({ processes, prepare, onListening, log }: PrimaryOptions): Promise<void> {
  await prepare();
  const listening = new Set<number>();
  let announced = false;
  let failedStarts = 0;
  let stopping = false;
  let stopCode = 0;

  const fork = () => {
    // A replacement due after a stop began is not started.
    if (stopping) return;
    const worker = cluster.fork();
    let listened = false;
    worker.once('listening', () => {
      listened = true;
      failedStarts = 0;
      listening.add(worker.id);
      if (!announced && listening.size === processes) {
        announced = true;
        onListening();
      }
    });
    worker.once('exit', (code, signal) => {
      listening.delete(worker.id);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(stopCode);
        return;
      }
      failedStarts = listened ? 0 : failedStarts + 1;
      if (failedStarts >= FAILED_STARTS_LIMIT) {
        log(`server process ${worker.process.pid} ended (${signal ?? code}) before it listened, ${failedStarts} times in a row: giving up`);
        stopAll(1);
        return;
      }
      log(`server process ${worker.process.pid} ended (${signal ?? code}); another starts in ${RESTART_DELAY_MS} ms`);
      // Not unref'd: with every process dead, this timer is what keeps the primary alive to replace them.
      setTimeout(fork, RESTART_DELAY_MS);
    });
  };

  const stopAll = (exitCode: number) => {
    stopping = true;
    stopCode = exitCode;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };

  const onSignal = (signal: NodeJS.Signals) => {
    // A second signal while draining means "now".
    if (stopping) {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    log(`${signal}: stopping the server processes`);
    stopAll(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  for (let index = 0; index < processes; index += 1) fork();
}
