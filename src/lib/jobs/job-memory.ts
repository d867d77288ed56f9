import type { FollowMemory } from '../../../machines/jobs/job-follow.machine';

/**
 * What the browser has seen of each job, in sessionStorage: a reload of the tab resumes the
 * stream after the last event id (the server sends only what came later) and still shows the
 * lines and progress seen before. Per tab on purpose: another tab follows on its own.
 */

const PREFIX = 'energy-backoffice.job.';

/** What was remembered of job `jobId`, or nothing (first visit, blocked or damaged storage). */
export function recallJob(jobId: number): Partial<FollowMemory> {
  try {
    const stored = window.sessionStorage.getItem(`${PREFIX}${jobId}`);
    const memory = stored ? (JSON.parse(stored) as Partial<FollowMemory>) : {};
    return typeof memory === 'object' && memory !== null && Array.isArray(memory.lines) ? memory : {};
  } catch {
    // Storage can be blocked (private mode) or hold something else: start from the beginning.
    return {};
  }
}

/** Writes are gathered this long: a backlog of hundreds of events is written once, not each time. */
const WRITE_DELAY_MS = 250;
const pending = new Map<number, { memory: FollowMemory; timer: ReturnType<typeof setTimeout> }>();

function write(jobId: number): void {
  const memory = pending.get(jobId)?.memory;
  pending.delete(jobId);
  try {
    window.sessionStorage.setItem(`${PREFIX}${jobId}`, JSON.stringify(memory));
  } catch {
    // Full or blocked storage: a reload then shows the job from its first event again.
  }
}

/**
 * Remembers what was seen of job `jobId`, shortly. A reload before the write loses nothing:
 * the id and the lines are written together, so the stream resends what came after.
 */
export function rememberJob(jobId: number, memory: FollowMemory): void {
  const timer = pending.get(jobId)?.timer ?? setTimeout(() => write(jobId), WRITE_DELAY_MS);
  pending.set(jobId, { memory, timer });
}

/** Writes now what is waiting to be remembered, so nothing lands after the caller moves on (a test's cleanup). */
export function flushJobMemory(): void {
  for (const [jobId, { timer }] of pending) {
    clearTimeout(timer);
    write(jobId);
  }
}
