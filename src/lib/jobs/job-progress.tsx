import { Badge, Box, Button, Flex, HStack, List, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { ENDED_JOB_STATES } from '../../../machines/jobs/job-follow.machine';
import type { Job, JobEvent } from '../../../schemas/job.schema';
import type { TranslationParams } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ErrorAlert } from '../ui/error-alert';
import { useConfirmedAction } from '../ui/use-confirmed-action';
import type { OpenJobEvents } from './job-event-reader';
import { stopJob } from './jobs-api';
import { useJobFollow } from './use-job-follow';

const STATE_PALETTES: Record<string, string> = {
  pendiente: 'gray',
  en_curso: 'blue',
  terminado: 'green',
  fallido: 'red',
  detenido: 'orange',
};

/** A line's parameters as the translation takes them (the server sends any JSON). */
function paramsOf(line: JobEvent): TranslationParams {
  const params: TranslationParams = {};
  if (typeof line.params !== 'object' || line.params === null) return params;
  for (const [name, value] of Object.entries(line.params as Record<string, unknown>)) {
    params[name] = typeof value === 'number' ? value : String(value);
  }
  return params;
}

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
  const log = useRef<HTMLUListElement>(null);
  const ended = ENDED_JOB_STATES.includes(follow.estado);
  // The kind of work in words where the type has a name (`jobs.types.<tipo>`), else the number only.
  const typeKey = `jobs.types.${job.tipo}`;
  const typeName = t(typeKey);
  const title = typeName === typeKey ? t('jobs.progress.title', { id: job.id }) : t('jobs.progress.titleOfType', { type: typeName, id: job.id });

  // Newest last, kept in view as lines arrive.
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [follow.lines.length]);

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
            {follow.total === null ? t('jobs.progress.done', { hechos: follow.hechos }) : t('jobs.progress.doneOfTotal', { hechos: follow.hechos, total: follow.total })}
          </Text>
        </HStack>
      </Progress.Root>
      <Box maxH="40" overflowY="auto" borderWidth="1px" borderRadius="l2" px="2" py="1" tabIndex={0} role="log" aria-label={t('jobs.progress.log')}>
        <List.Root ref={log} variant="plain" gap="0.5" textStyle="sm">
          {follow.lines.map((line) => (
            <List.Item key={line.id} color={line.nivel === 'error' ? 'fg.error' : line.nivel === 'warn' ? 'fg.warning' : undefined}>
              {t(line.clave ?? '', paramsOf(line))}
            </List.Item>
          ))}
        </List.Root>
      </Box>
      {follow.reconnecting ? <Text textStyle="sm" color="fg.muted">{t('jobs.progress.reconnecting')}</Text> : null}
      {follow.failure ? (
        <ErrorAlert messageKey={follow.failure.messageKey}>
          <Button size="xs" variant="outline" onClick={follow.retry}>
            {t('common.retry')}
          </Button>
        </ErrorAlert>
      ) : null}
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
