import { Badge, IconButton, Popover, Portal, Spinner } from '@chakra-ui/react';
import { useSelector, useActorRef } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { LuActivity } from 'react-icons/lu';
import { fromCallback, fromPromise } from 'xstate';
import { runningJobsMachine } from '../../../machines/jobs/running-jobs.machine';
import type { Job } from '../../../schemas/job.schema';
import { useT } from '../../lib/i18n/use-t';
import { listRunningJobs } from '../../lib/jobs/jobs-api';
import { runningJobsStore } from '../../lib/jobs/running-jobs-store';
import { loadAreaPageResources } from '../pages/area-page-resources';

// The jobs' progress (and its Stop dialog) loads when the list first opens; their log lines may
// be any area's words, and their progress bars and dialog need recipes the shell's system lacks.
const RunningJobsList = lazy(() => Promise.all([import('./running-jobs-list'), loadAreaPageResources()]).then(([list]) => list));

const machine = runningJobsMachine.provide({
  actors: {
    list: fromPromise(() => listRunningJobs()),
    announcements: fromCallback(({ sendBack }) => {
      const subscription = runningJobsStore.subscribe(() => sendBack({ type: 'jobs.announced' }));
      return () => subscription.unsubscribe();
    }),
  },
});

/**
 * The top bar's running jobs: an icon with their count opening a list of them with their
 * progress; nothing at all while none runs. The running-jobs machine asks for the list on
 * load, when a page announces a job it started, and again every few seconds while any runs.
 * Each job's event stream is open only while the list is shown.
 */
export function RunningJobs() {
  const t = useT();
  const actor = useActorRef(machine);
  const jobs: Job[] = useSelector(actor, (snapshot) => snapshot.context.jobs);

  if (jobs.length === 0) return null;
  const label = t('jobs.running.label', { count: jobs.length });
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <IconButton variant="ghost" color="shell.barFg" _hover={{ bg: 'whiteAlpha.200' }} _expanded={{ bg: 'whiteAlpha.200' }} aria-label={label} title={label} position="relative">
          <LuActivity />
          <Badge position="absolute" top="0.5" right="0.5" size="xs" variant="solid" colorPalette="orange" aria-hidden="true">
            {jobs.length}
          </Badge>
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="md" maxW="calc(100vw - 1rem)" aria-label={t('jobs.running.title')}>
            <Popover.Header>
              <Popover.Title fontWeight="semibold">{t('jobs.running.title')}</Popover.Title>
            </Popover.Header>
            <Popover.Body>
              <Suspense fallback={<Spinner role="status" size="sm" aria-label={t('common.loading')} />}>
                <RunningJobsList jobs={jobs} />
              </Suspense>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
