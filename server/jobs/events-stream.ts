// A job's events as a Server-Sent Events stream: every event after the one the browser last
// saw (`Last-Event-ID`), then the new ones as they are written, by whichever process runs the
// job; the stream ends once the job has ended and every event went out, or when the browser goes.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { changesOf } from '../db/changes';
import type { Db } from '../db/client';
import type { JobEventRow } from '../db/schema/jobs';
import type { EventsAnswer } from '../openapi/answers';
import { ENDED_STATES, eventsAfter, readJob } from './store';
import { eventView } from './views';

/** Events read at once; a longer backlog is sent in several reads. */
const BATCH = 500;
/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;
/** Looks for new events this often even when no notification came (the change feed may be down). */
const POLL_MS = 1_000;

/**
 * Streams job `jobId`'s events after `afterId` to `out` until the job ends, `out` closes or
 * `stop` aborts (the server is closing: an open stream would hold its close up for ever).
 */
async function followJobEvents(
  db: Db,
  jobId: number,
  afterId: number,
  out: ServerResponse,
  options: { view: (row: JobEventRow) => object; stop: AbortSignal },
): Promise<void> {
  const { view, stop } = options;
  let last = afterId;
  let closed = stop.aborted;
  // Set when an event may have been written since the last read, so no wait follows.
  let dirty = false;
  let wakeUp: (() => void) | null = null;
  const wake = () => {
    dirty = true;
    wakeUp?.();
  };
  const unsubscribe = changesOf(db).subscribe((change) => {
    if (change === 'all' || change.tables.has('trabajo_eventos')) wake();
  });
  const end = () => {
    closed = true;
    wake();
  };
  out.on('close', end);
  stop.addEventListener('abort', end);
  const keepAlive = setInterval(() => out.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  // How long the browser waits before it reconnects after a lost connection.
  out.write('retry: 2000\n\n');
  try {
    while (!closed) {
      dirty = false;
      // The state is read before the events: the event of a job's last state is written with
      // the state, so if the job had ended here, the read below gets every event it has.
      const job = await readJob(db, jobId);
      const events = await eventsAfter(db, jobId, last, BATCH);
      for (const event of events) {
        out.write(`id: ${event.id}\ndata: ${JSON.stringify(view(event))}\n\n`);
        last = event.id;
      }
      if (events.length === BATCH) continue;
      if (!job || ENDED_STATES.includes(job.estado)) break;
      if (dirty || closed) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  } finally {
    clearInterval(keepAlive);
    unsubscribe();
    stop.removeEventListener('abort', end);
    out.end();
  }
}

/** What a route answering with serveJobEvents declares for the API reference (`config.answers`). */
export const JOB_EVENTS_ANSWER: EventsAnswer = {
  kind: 'job-events',
  events:
    'Every event of the job after `Last-Event-ID` (all of them without it), then each new one as it is written, by whichever process runs the job: ' +
    '`id: <event id>` and `data: <JobEvent JSON>` (`{ id, trabajo_id, en, tipo, nivel, clave, params, hechos, total, estado }`), whose `tipo` is ' +
    '`progreso` (`hechos` of `total`), `log` (`nivel`, the i18n key `clave` and its `params`) or `estado` (the state entered, worded by `clave` and `params`). ' +
    'It starts with `retry: 2000` and sends a `: keep-alive` comment every 15 s; it ends once the job has ended and every event went out.',
};

/** The id after which a reconnecting stream resumes: `Last-Event-ID`, or the start. */
function lastEventId(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/**
 * Answers `request` with job `jobId`'s events as Server-Sent Events (from `Last-Event-ID` on)
 * until the job ends, the browser goes or `stop` aborts. The caller has checked who may see it.
 */
export async function serveJobEvents(db: Db, request: FastifyRequest, reply: FastifyReply, jobId: number, stop: AbortSignal): Promise<void> {
  // From here on the stream is ours: Fastify sends nothing more on this reply.
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold the events back.
    'x-accel-buffering': 'no',
  });
  await followJobEvents(db, jobId, lastEventId(request), reply.raw, { view: eventView, stop });
}
