// How long a worker waits before it tries again (docs/processes.md, "How a run goes"):
// exponential, 250 ms doubling up to 8 s, with full jitter (a random wait between 0 and the
// ceiling), so workers that failed together do not all come back together.

const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 8_000;

/** The wait before retry number `retry` (1 for the first). */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, retry - 1));
  return Math.round(random() * ceiling);
}

/** Waits `ms`, or less once `signal` aborts (a stop: nothing waits for a request that will not be sent). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
