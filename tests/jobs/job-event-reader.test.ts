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
