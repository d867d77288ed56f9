import type { JobEvent } from '../../../schemas/job.schema';
import type { FollowFailure } from '../../../machines/jobs/job-follow.machine';
import { ApiError } from '../api/api-error';
import { messageKeyOf } from '../api/read-failure';
import { createParser } from 'eventsource-parser';

/** Opens a job's event stream after an event id (jobs-api.ts `openJobEvents`; tests pass a fake). */
export type OpenJobEvents = (jobId: number, lastEventId: number | null, signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;

interface ReadJobEventsOptions {
  jobId: number;
  lastEventId: number | null;
  signal: AbortSignal;
  open: OpenJobEvents;
  /** The stream answered: the connection works. */
  onOpen: () => void;
  onEvent: (event: JobEvent) => void;
}

// Statuses worth asking again: the token expired meanwhile (the next call refreshes it), a
// timeout, a rate limit. Any other refusal (403, 404) will not change by itself.
const PASSING_STATUSES = new Set([401, 408, 429]);

/** A failure as the follow machine weighs it: its message, and whether reconnecting may help. */
export function followFailureOf(error: unknown): FollowFailure {
  const transient = !(error instanceof ApiError) || error.kind !== 'clientError' || PASSING_STATUSES.has(error.statusCode ?? 0);
  return { messageKey: messageKeyOf(error), transient };
}

/**
 * Reads one connection of a job's event stream: each frame's data is a {@link JobEvent}.
 * Resolves when the server closes the stream (after the job's end, or when it restarts: the
 * follow machine tells the two apart); rejects with a {@link FollowFailure} when it could not
 * connect or the connection dropped.
 */
export async function readJobEvents({ jobId, lastEventId, signal, open, onOpen, onEvent }: ReadJobEventsOptions): Promise<void> {
  try {
    const body = await open(jobId, lastEventId, signal);
    onOpen();
    // The Server-Sent Events wire format read from a fetch body: the browser's `EventSource`
    // would do this itself, but it cannot send our bearer token.
    const parser = createParser({
      onEvent: (frame) => {
        // A frame that is not a job event (none are sent today) is not ours to read.
        const event = JSON.parse(frame.data) as JobEvent;
        if (typeof event?.id === 'number' && event.trabajo_id === jobId) onEvent(event);
      },
    });
    const reader = body.getReader();
    // Streaming decode: a character's bytes may arrive in two chunks.
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    throw followFailureOf(error);
  }
}
