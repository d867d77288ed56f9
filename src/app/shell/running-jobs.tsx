import { Badge, Box, IconButton, Popover, Portal, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/store-react';
import { useEffect, useState } from 'react';
import { LuActivity } from 'react-icons/lu';
import type { Job } from '../../../schemas/job.schema';
import { useRequest } from '../../lib/api/use-request';
import { useT } from '../../lib/i18n/use-t';
import { JobProgress } from '../../lib/jobs/job-progress';
import { listRunningJobs } from '../../lib/jobs/jobs-api';
import { runningJobsStore } from '../../lib/jobs/running-jobs-store';

/** How often the list is asked again while some job runs. */
export const RUNNING_JOBS_POLL_MS = 5000;

/** How long after a page announced a job the list is asked again even while it is empty. */
export const ANNOUNCED_JOB_GRACE_MS = 30_000;

/**
 * The top bar's running jobs: an icon with their count opening a list of them with their
 * progress; nothing at all while none runs. The list is asked for on load, when a page
 * announces a job it started, and again every few seconds while any runs. Each job's event
 * stream is open only while the list is shown.
 */
export function RunningJobs() {
  const t = useT();
  const revision = useSelector(runningJobsStore, (snapshot) => snapshot.context.revision);
  const announcedAt = useSelector(runningJobsStore, (snapshot) => snapshot.context.announcedAt);
  const running = useRequest(() => listRunningJobs(), { load: [revision], empty: 'list' });
  const jobs: Job[] = running.data ?? [];
  const { send, state } = running;

  // A job announced while this is shown may still be pending (not listed yet): keep looking a while.
  const [shownSince] = useState(() => Date.now());
  const justAnnounced = announcedAt >= shownSince && Date.now() - announcedAt < ANNOUNCED_JOB_GRACE_MS;
  const polling = (jobs.length > 0 || justAnnounced) && state !== 'loading';
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => send(), RUNNING_JOBS_POLL_MS);
    return () => clearTimeout(timer);
  }, [polling, send, running.data]);

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
              <Stack gap="4" maxH="70vh" overflowY="auto">
                {jobs.map((job) => (
                  <Box key={job.id}>
                    <JobProgress job={job} />
                  </Box>
                ))}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
