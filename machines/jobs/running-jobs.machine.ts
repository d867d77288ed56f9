import { assign, setup, stateIn } from 'xstate';
import type { Job } from '../../schemas/job.schema';
import { injectedActor, injectedCallback } from '../injected';

/**
 * The top bar's running jobs (src/app/shell/running-jobs.tsx), two regions side by side:
 *
 * - `list`: `loading` asks for the running jobs (the injected `list`); once answered, `waiting`
 *   asks again after `poll` while any job runs or an announcement is fresh, else `idle`. A
 *   failed read keeps the jobs last listed and goes on the same way.
 * - `grace`: a page that started a job announces it (`jobs.announced`, heard through the
 *   injected `announcements`); the job may wait a moment for a worker (pending, not listed
 *   yet), so for `grace` after an announcement the list is asked again even while empty.
 *
 * An announcement asks at once, whatever the list was doing.
 */

/** How often the list is asked again while some job runs. */
export const RUNNING_JOBS_POLL_MS = 5000;

/** How long after a page announced a job the list is asked again even while it is empty. */
export const ANNOUNCED_JOB_GRACE_MS = 30_000;

interface RunningJobsContext {
  jobs: Job[];
}

export type RunningJobsEvent = { type: 'jobs.announced' };

const askNow = { 'jobs.announced': { target: 'loading', reenter: true } } as const;

export const runningJobsMachine = setup({
  types: {
    context: {} as RunningJobsContext,
    events: {} as RunningJobsEvent,
  },
  actors: {
    list: injectedActor<Job[], void>('list'),
    // Sends `jobs.announced` for each job a page announces while the bar is shown.
    announcements: injectedCallback<RunningJobsEvent>('announcements'),
  },
  actions: {
    assignJobs: assign((_, jobs: Job[]) => ({ jobs })),
  },
  guards: {
    isAnyRunning: ({ context }) => context.jobs.length > 0,
    isAnnouncementFresh: stateIn({ grace: 'open' }),
  },
  delays: {
    poll: RUNNING_JOBS_POLL_MS,
    grace: ANNOUNCED_JOB_GRACE_MS,
  },
}).createMachine({
  id: 'runningJobs',
  context: { jobs: [] },
  invoke: { id: 'announcements', src: 'announcements' },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'list',
            src: 'list',
            onDone: { target: 'answered', actions: { type: 'assignJobs', params: ({ event }) => event.output } },
            onError: 'answered',
          },
          on: askNow,
        },
        answered: {
          always: [{ guard: 'isAnyRunning', target: 'waiting' }, { guard: 'isAnnouncementFresh', target: 'waiting' }, { target: 'idle' }],
        },
        waiting: {
          after: { poll: 'loading' },
          on: askNow,
        },
        idle: {
          on: askNow,
        },
      },
    },
    grace: {
      initial: 'over',
      states: {
        over: {
          on: { 'jobs.announced': 'open' },
        },
        open: {
          after: { grace: 'over' },
          on: { 'jobs.announced': { target: 'open', reenter: true } },
        },
      },
    },
  },
});

export type RunningJobsMachine = typeof runningJobsMachine;
