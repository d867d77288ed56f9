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

/** Remembers what was seen of job `jobId`. */
export function rememberJob(jobId: number, memory: FollowMemory): void {
  try {
    window.sessionStorage.setItem(`${PREFIX}${jobId}`, JSON.stringify(memory));
  } catch {
    // Full or blocked storage: a reload then shows the job from its first event again.
  }
}
