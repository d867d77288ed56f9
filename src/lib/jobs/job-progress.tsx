import { Badge, Button, Flex, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ENDED_JOB_STATES } from '../../../machines/jobs/job-follow.machine';
import type { Job } from '../../../schemas/job.schema';
import { useT } from '../i18n/use-t';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ErrorAlert } from '../ui/error-alert';
import { useConfirmedAction } from '../ui/use-confirmed-action';
import type { OpenJobEvents } from './job-event-reader';
import { JobFollowStatus } from './job-follow-status';
import { JobLog } from './job-log';
import { stopJob } from './jobs-api';
import { useJobFollow } from './use-job-follow';

const STATE_PALETTES: Record<string, string> = {
  pendiente: 'gray',
  en_curso: 'blue',
  terminado: 'green',
  fallido: 'red',
  detenido: 'orange',
};

/**
 * One job followed live: its state, a progress bar (done of total), its log lines (newest last)
 * and, while it may be stopped, a Stop button behind a confirmation. `open` replaces the
 * event stream (tests).
 */
export function JobProgress({ job, open }: { job: Job; open?: OpenJobEvents }) {
  const t = useT();
  const follow = useJobFollow(job, open);
  const [stopAsked, setStopAsked] = useState(false);
  const stop = useConfirmedAction((id: number) => stopJob(id), () => setStopAsked(true));
  const ended = ENDED_JOB_STATES.includes(follow.estado);
  // The kind of work in words where the type has a name (`jobs.types.<tipo>`), else the number only.
  const typeKey = `jobs.types.${job.tipo}`;
  const typeName = t(typeKey);
  const title = typeName === typeKey ? t('jobs.progress.title', { id: job.id }) : t('jobs.progress.titleOfType', { type: typeName, id: job.id });

  const percent = follow.total ? Math.min(100, Math.round((follow.hechos / follow.total) * 100)) : null;
  return (
    <Stack gap="2" aria-label={title} role="group">
      <Flex align="center" gap="2">
        <Text fontWeight="semibold">{title}</Text>
        <Badge colorPalette={STATE_PALETTES[follow.estado] ?? 'gray'}>{t(`jobs.states.${follow.estado}`)}</Badge>
      </Flex>
      <Progress.Root value={ended && follow.estado === 'terminado' ? 100 : percent} max={100} size="sm">
        <HStack gap="3">
          <Progress.Label srOnly>{title}</Progress.Label>
          <Progress.Track flex="1">
            <Progress.Range />
          </Progress.Track>
          <Text textStyle="sm" whiteSpace="nowrap">
            {follow.total === null ? t('jobs.progress.done', { count: follow.hechos }) : t('jobs.progress.doneOfTotal', { hechos: follow.hechos, total: follow.total })}
          </Text>
        </HStack>
      </Progress.Root>
      <JobLog lines={follow.lines} />
      <JobFollowStatus follow={follow} />
      {stop.failure ? <ErrorAlert messageKey={stop.failure.messageKey} /> : null}
      {job.detenible && !ended ? (
        stopAsked ? (
          <Text textStyle="sm" color="fg.muted">{t('jobs.progress.stopAsked')}</Text>
        ) : (
          <Button alignSelf="flex-start" size="sm" variant="outline" colorPalette="red" onClick={() => stop.ask(job.id)}>
            {t('jobs.progress.stop')}
          </Button>
        )
      ) : null}
      <ConfirmDialog
        {...stop.dialog}
        titleKey="jobs.progress.stopTitle"
        textKey="jobs.progress.stopText"
        textParams={{ id: String(job.id) }}
        confirmKey="jobs.progress.stop"
      />
    </Stack>
  );
}
