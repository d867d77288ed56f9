// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/api-error';
import { followFailureOf, readJobEvents } from '../../src/lib/jobs/job-event-reader';
import { controlledStream, events, frame } from './job-stream-fake';

function read(stream: ReturnType<typeof controlledStream>, lastEventId: number | null = null) {
  const open = vi.fn(async () => stream.body);
  const onOpen = vi.fn();
  const onEvent = vi.fn();
  const done = readJobEvents({ jobId: 9, lastEventId, signal: new AbortController().signal, open, onOpen, onEvent });
  return { done, open, onOpen, onEvent };
}

describe('job event reader', () => {
  it('reports the opening, then each event of the job, and resolves when the server closes', async () => {
    const stream = controlledStream();
    const { done, open, onOpen, onEvent } = read(stream, 1);
    const resumed = { ...events.resumed, params: { intento: 'ñ' } };
    const bytes = new TextEncoder().encode(frame(resumed));
    stream.write('retry: 2000\n\n: keep-alive\n\n');
    // The two bytes of the ñ arrive in different chunks.
    const cut = bytes.indexOf(0xc3) + 1;
    stream.writeBytes(bytes.slice(0, cut));
    stream.writeBytes(bytes.slice(cut));
    // Another job's event on this stream is not this job's.
    stream.write(frame({ ...events.finished, trabajo_id: 10 }));
    stream.close();
    await done;
    expect(open).toHaveBeenCalledWith(9, 1, expect.any(AbortSignal));
    expect(onOpen).toHaveBeenCalledOnce();
    expect(onEvent.mock.calls).toEqual([[resumed]]);
  });

  it('rejects with a passing failure when the connection drops, and with the refusal when it cannot open', async () => {
    const stream = controlledStream();
    const dropped = read(stream);
    stream.drop();
    await expect(dropped.done).rejects.toEqual({ messageKey: 'forms.errors.connection', transient: true });

    const body = { statusCode: 403, code: 'APP_ERR_AUTH_FORBIDDEN', message: 'Forbidden' };
    const refused = readJobEvents({
      jobId: 9,
      lastEventId: null,
      signal: new AbortController().signal,
      open: async () => {
        throw new ApiError('clientError', 'Forbidden', { statusCode: 403, body });
      },
      onOpen: () => {},
      onEvent: () => {},
    });
    await expect(refused).rejects.toEqual({ messageKey: 'errors.APP_ERR_AUTH_FORBIDDEN', transient: false });
  });
});

describe('job event reader, on the wire', () => {
  /** The job events read from a stream written as `chunks`. */
  async function eventsOf(chunks: string[]) {
    const stream = controlledStream();
    const { done, onEvent } = read(stream);
    for (const chunk of chunks) stream.write(chunk);
    stream.close();
    await done;
    return onEvent.mock.calls.map(([event]) => event as unknown);
  }

  it('reads each frame as one event, whatever its type line says', async () => {
    expect(await eventsOf([frame(events.started), `id: 2\nevent: progreso\ndata: ${JSON.stringify(events.progress)}\n\n`])).toEqual([events.started, events.progress]);
  });

  it('puts together a frame cut anywhere across chunks, even inside a field name', async () => {
    const text = frame(events.started);
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(await eventsOf([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual([events.started]);
    }
    expect(await eventsOf([...text])).toEqual([events.started]);
  });

  it('accepts CRLF and lone CR line breaks, also with the CR and the LF in different chunks', async () => {
    const data = (event: object) => `data: ${JSON.stringify(event)}`;
    // A CR at a chunk's end may be the first half of a CRLF: the parser reads the line once more of the stream came.
    expect(await eventsOf([`id: 1\r\n${data(events.started)}\r\n\r\n`, `id: 2\r${data(events.progress)}\r\r`, ': keep-alive\n'])).toEqual([events.started, events.progress]);
    expect(await eventsOf(['id: 3\r', `\n${data(events.resumed)}\r`, '\n\r', '\n'])).toEqual([events.resumed]);
  });

  it('joins several data lines with line breaks', async () => {
    const [first, second] = [JSON.stringify(events.finished).slice(0, 20), JSON.stringify(events.finished).slice(20)];
    // A line break inside JSON between tokens is whitespace: the joined lines read as the event.
    expect(await eventsOf([`data: ${first}\ndata:${second}\n\n`])).toEqual([events.finished]);
  });

  it('reads comments, retry fields and frames without data as nothing happening', async () => {
    expect(await eventsOf([': keep-alive\n\n', ':ping\n', 'retry: 2000\n\nretry: soon\n\nid: 4\n\n'])).toEqual([]);
  });

  it('waits for the blank line before reading a frame', async () => {
    expect(await eventsOf([`id: 5\ndata: ${JSON.stringify(events.started)}\n`])).toEqual([]);
  });
});

describe('follow failures', () => {
  it('counts a lost connection, a server error, an expired token and a rate limit as passing', () => {
    expect(followFailureOf(new ApiError('network', 'Network Error')).transient).toBe(true);
    expect(followFailureOf(new ApiError('badResponse', 'x', { statusCode: 502 })).transient).toBe(true);
    expect(followFailureOf(new ApiError('clientError', 'x', { statusCode: 401 })).transient).toBe(true);
    expect(followFailureOf(new ApiError('clientError', 'x', { statusCode: 429 })).transient).toBe(true);
    expect(followFailureOf(new TypeError('terminated')).transient).toBe(true);
  });

  it('counts a refusal as final, with the catalogue message of its code', () => {
    const body = { statusCode: 404, code: 'APP_ERR_JOB_NOT_FOUND', message: 'Job not found' };
    expect(followFailureOf(new ApiError('clientError', 'x', { statusCode: 404, body }))).toEqual({ messageKey: 'errors.APP_ERR_JOB_NOT_FOUND', transient: false });
  });
});
