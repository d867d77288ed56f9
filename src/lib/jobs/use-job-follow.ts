import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { jobFollowMachine, type StreamInput } from '../../../machines/jobs/job-follow.machine';
import type { Job } from '../../../schemas/job.schema';
import { readJobEvents, type OpenJobEvents } from './job-event-reader';
import { recallJob, rememberJob } from './job-memory';
import { openJobEvents } from './jobs-api';

/**
 * Follows job `job.id` live while mounted: the follow machine on the real stream, starting
 * from what this tab remembered of the job, or else from the job as the list gave it.
 * `open` replaces the stream (tests).
 */
export function useJobFollow(job: Job, open: OpenJobEvents = openJobEvents) {
  const machine = useMemo(
    () =>
      jobFollowMachine.provide({
        actors: {
          stream: fromPromise<void, StreamInput>(({ input, signal }) =>
            readJobEvents({
              jobId: input.jobId,
              lastEventId: input.lastEventId,
              signal,
              open,
              onOpen: () => input.parent.send({ type: 'stream.opened' }),
              onEvent: (event) => input.parent.send({ type: 'job.event', event }),
            }),
          ),
        },
        actions: { remember: ({ context }, memory) => rememberJob(context.jobId, memory) },
      }),
    [open],
  );
  const actor = useActorRef(machine, {
    input: { jobId: job.id, estado: job.estado, hechos: job.hechos, total: job.total, ...recallJob(job.id) },
  });
  const snapshot = useSelector(actor, (state) => state);
  return {
    estado: snapshot.context.estado ?? job.estado,
    hechos: snapshot.context.hechos,
    total: snapshot.context.total,
    lines: snapshot.context.lines,
    /** Waiting to reconnect after a drop. */
    reconnecting: snapshot.matches('waiting') || (snapshot.matches({ streaming: 'connecting' }) && snapshot.context.attempts > 0),
    failure: snapshot.matches('failed') ? snapshot.context.failure : null,
    retry: () => actor.send({ type: 'follow.retry' }),
  };
}
