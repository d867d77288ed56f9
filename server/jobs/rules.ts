// Who sees a job: jobs belong to several areas, so each job is checked on its own. The one who
// asked for it sees it, and so does every holder of its type's view key (settlement refreshes:
// `liquidaciones`), as they see that area's results. Anyone else gets 403.
import type { UserRow } from '../db/schema/app';
import type { JobRow } from '../db/schema/jobs';
import { AppErrors } from '../errors/catalogue';
import { hasPermission } from '../plugins/auth';
import { jobType, jobTypes } from './registry';

/** Whether `user` may follow `job`. */
function maySee(user: UserRow, job: JobRow): boolean {
  // Who asked for the work follows it, whatever their keys.
  if (job.creado_por === user.email) return true;
  const type = jobType(job.tipo);
  // A type no longer registered has no view key that could grant it.
  if (!type) return false;
  // The area's view key shows the area's work, whoever asked for it.
  return hasPermission(user, type.viewKey);
}

/** `job` when `user` may follow it; 404 when there is none, 403 when it is someone else's work. */
export function visibleTo(user: UserRow, job: JobRow | undefined): JobRow {
  if (!job) throw new AppErrors.jobNotFound();
  if (!maySee(user, job)) throw new AppErrors.authForbidden();
  return job;
}

/** The job types `user` sees whoever asked for them (their view keys'). */
export function visibleTipos(user: UserRow): string[] {
  return jobTypes()
    .filter((type) => hasPermission(user, type.viewKey))
    .map((type) => type.tipo);
}

/** 409 unless jobs of `job`'s type may be stopped. */
export function assertStoppable(job: JobRow): void {
  if (!jobType(job.tipo)?.stoppable) throw new AppErrors.jobNotStoppable();
}
