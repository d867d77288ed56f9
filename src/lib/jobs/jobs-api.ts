import type { Job } from '../../../schemas/job.schema';
import { api, apiData } from '../api/client';

/** The job calls of docs/architecture.md, "Jobs". */

/** The running jobs the caller may see, newest first (the top bar's indicator). */
export const listRunningJobs = () => apiData<Job[]>({ method: 'GET', path: '/api/v1/trabajos', query: { estado: 'en_curso' } });

export const getJob = (id: number) => apiData<Job>({ method: 'GET', path: `/api/v1/trabajos/${id}` });

/** Asks for a stop: a pending job stops at once, a running one at its worker's next heartbeat. */
export const stopJob = (id: number) => apiData<Job>({ method: 'POST', path: `/api/v1/trabajos/${id}/detener` });

/**
 * Opens job `id`'s event stream after event `lastEventId` (all of them when null) and answers
 * its body as it arrives; `signal` closes it.
 */
export async function openJobEvents(id: number, lastEventId: number | null, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  return api<ReadableStream<Uint8Array>>({
    method: 'GET',
    path: `/api/v1/trabajos/${id}/eventos`,
    responseType: 'stream',
    headers: lastEventId === null ? {} : { 'Last-Event-ID': String(lastEventId) },
    signal,
  });
}
