import { vi } from 'vitest';
import type { Job, JobEvent } from '../../schemas/job.schema';

/** A job as the API shows it, running unless told otherwise. */
export function jobOf(overrides: Partial<Job> = {}): Job {
  return {
    id: 9,
    tipo: 'liquidaciones.refrescar',
    estado: 'en_curso',
    parametros: {},
    hechos: 0,
    total: null,
    creado_por: 'ada@demo.energy',
    creado_en: '2026-11-24T10:00:00.000Z',
    iniciado_en: '2026-11-24T10:00:01.000Z',
    terminado_en: null,
    error: null,
    detenible: true,
    ...overrides,
  };
}

const at = '2026-11-24T10:00:02.000Z';

/** Events of job 9, as the server words them. */
export const events = {
  started: { id: 1, trabajo_id: 9, en: at, tipo: 'estado', estado: 'en_curso', clave: 'jobs.events.en_curso', params: { intento: 1 } },
  progress: { id: 2, trabajo_id: 9, en: at, tipo: 'progreso', hechos: 3, total: 10 },
  resumed: { id: 3, trabajo_id: 9, en: at, tipo: 'log', nivel: 'warn', clave: 'jobs.events.retomado', params: { intento: 2 } },
  finished: { id: 4, trabajo_id: 9, en: at, tipo: 'estado', estado: 'terminado', clave: 'jobs.events.terminado', params: {} },
} satisfies Record<string, JobEvent>;

/** One event as an SSE frame, the way server/jobs/events-stream.ts writes it. */
export function frame(event: JobEvent): string {
  return `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** A response body the test writes to, closes or breaks (a dropped connection). */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    body,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    writeBytes: (bytes: Uint8Array) => controller.enqueue(bytes),
    close: () => controller.close(),
    drop: () => controller.error(new TypeError('network error')),
  };
}

type Stream = ReturnType<typeof controlledStream>;

/**
 * Replaces `fetch`: each request of a job's events gets the next stream of `streams` (kept so
 * the test drives it); other requests answer `answer(url, init)`. The calls stay on `fetch`.
 */
export function fakeFetch(answer: (url: string, init: RequestInit) => unknown = () => ({ data: [] })) {
  const streams: Stream[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.includes('/eventos')) {
      const stream = controlledStream();
      streams.push(stream);
      return new Response(stream.body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    return new Response(JSON.stringify(answer(url, init)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, streams };
}

/** The `Last-Event-ID` header of each events request, in order (null when none was sent). */
export function lastEventIdsSent(fetch: ReturnType<typeof fakeFetch>['fetch']): Array<string | null> {
  return fetch.mock.calls
    .filter(([input]) => String(input).includes('/eventos'))
    .map(([, init]) => new Headers(init?.headers).get('last-event-id'));
}
