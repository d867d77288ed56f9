import { Alert, Badge, Button, DataList, Flex, Group, Heading, HStack, Link as ChakraLink, Progress, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector, shallowEqual } from '@xstate/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { fromPromise } from 'xstate';
import { runMachine, runStateOf, type RunFacts, type RunUser } from '../../../machines/processes/run.machine';
import { Link } from 'wouter';
import type { Job } from '../../../schemas/job.schema';
import type { Run, RunKind, RunSession } from '../../../schemas/process.schema';
import { readFailure } from '../../lib/api/read-failure';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import type { OpenJobEvents } from '../../lib/jobs/job-event-reader';
import { JobFollowStatus } from '../../lib/jobs/job-follow-status';
import { JobLog } from '../../lib/jobs/job-log';
import { getJob } from '../../lib/jobs/jobs-api';
import { useJobFollow } from '../../lib/jobs/use-job-follow';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { getRun, listRunItems, stopRun } from './processes-api';
import { RunHub } from './run-hub';
import { RunItemsGrid } from './run-items-grid';
import { RUN_STATE_PALETTES } from './run-states';
import { useClock } from './use-clock';

/** Where a trader removes planillas a stopped Registra run left on the site. */
const SUPRESION_URL = '/procesos/supresion/';

/** What the stop question says, by robot: what stays on the site, and whether it can go on. */
const STOP_TEXT: Record<RunKind, string> = {
  registra: 'processes.monitor.stop.textRegistra',
  sube: 'processes.monitor.stop.textSube',
  supresion: 'processes.monitor.stop.textSupresion',
};

function SupresionLink() {
  const t = useT();
  return (
    <ChakraLink asChild color="brand.fg" fontWeight="semibold">
      <Link href={`~${SUPRESION_URL}`}>{t('processes.monitor.stop.supresionLink')}</Link>
    </ChakraLink>
  );
}

/** The run's counts: done, failed, pending, retries (of the total). */
function RunCounts({ run }: { run: Run }) {
  const t = useT();
  const format = useFormat();
  const counts = ['hechos', 'fallidos', 'pendientes', 'reintentos', 'total'] as const;
  return (
    <DataList.Root orientation="vertical" flexDirection="row" flexWrap="wrap" gap="6" aria-label={t('processes.monitor.counts')}>
      {counts.map((count) => (
        <DataList.Item key={count}>
          <DataList.ItemLabel>{t(`processes.monitor.${count}`)}</DataList.ItemLabel>
          <DataList.ItemValue fontSize="xl" fontWeight="semibold" color={count === 'fallidos' && run[count] > 0 ? 'fg.error' : undefined}>
            {format.integer(run[count])}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

type View = 'log' | 'hub';

/**
 * The run's job, read once the run has named it (drawn only then: no request goes out for a job
 * not known yet), then its live part.
 */
function RunJob({ jobId, ...live }: { jobId: number } & Omit<RunLiveProps, 'job'>) {
  const job = useRequest(() => getJob(jobId), { load: [jobId] });
  if (job.data) return <RunLive job={job.data} {...live} />;
  return job.failure ? <ErrorAlert messageKey={job.failure.messageKey} /> : null;
}

interface RunLiveProps {
  job: Job;
  sessions: readonly RunSession[];
  now: number;
  onActivity: () => void;
  open?: OpenJobEvents;
}

/**
 * The live part of a monitor: the run's job log (Server-Sent Events from the jobs API, resumed
 * after a reload from what the tab remembered) or the hub, by the toggle. The log is followed
 * whichever is shown, so switching back loses no line; each new line reads the run again.
 */
function RunLive({ job, sessions, now, onActivity, open }: RunLiveProps) {
  const t = useT();
  const [view, setView] = useState<View>('log');
  const follow = useJobFollow(job, open);
  const lineCount = follow.lines.length;
  // Each new line may mean new counts.
  const activity = useEffectEvent(onActivity);
  useEffect(() => {
    if (lineCount > 0) activity();
  }, [lineCount]);

  return (
    <Stack gap="2">
      <Group attached role="group" aria-label={t('processes.monitor.view')}>
        {(['log', 'hub'] as const).map((option) => (
          <Button key={option} size="sm" variant={view === option ? 'solid' : 'outline'} aria-pressed={view === option} onClick={() => setView(option)}>
            {t(`processes.monitor.views.${option}`)}
          </Button>
        ))}
      </Group>
      {view === 'log' ? <JobLog lines={follow.lines} maxH="64" /> : <RunHub sessions={sessions} now={now} />}
      <JobFollowStatus follow={follow} />
    </Stack>
  );
}

/** How a run ended, in words, and what the trader may do next. */
function RunEnd({ run, onNewRun }: { run: Run; onNewRun?: () => void }) {
  const t = useT();
  const format = useFormat();
  const status = run.estado === 'completada' ? (run.fallidos > 0 ? 'warning' : 'success') : run.estado === 'fallida' ? 'error' : 'info';
  return (
    <Alert.Root status={status} role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {t(`processes.monitor.ended.${run.estado}`, { hechos: format.integer(run.hechos), fallidos: format.integer(run.fallidos), pendientes: format.integer(run.pendientes) })}
        </Alert.Title>
        <Alert.Description>
          <Stack gap="2" align="flex-start">
            {run.error ? <Text>{t(run.error)}</Text> : null}
            {run.tipo === 'registra' && run.estado === 'detenida' ? (
              <Text>
                {t('processes.monitor.ended.registraLeft')} <SupresionLink />
              </Text>
            ) : null}
            {run.tipo === 'sube' && run.estado === 'detenida' ? <Text>{t('processes.monitor.ended.subeFinal')}</Text> : null}
            {onNewRun ? (
              <Button size="sm" colorPalette="blue" onClick={onNewRun}>
                {t('processes.monitor.newRun')}
              </Button>
            ) : null}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The monitor's run machine: Stop goes to the API, and who may stop is the server's word on the
 * run as read (`detenible`, which the server decides with this same machine for the signed-in
 * user): the monitor knows no more of the user than that.
 */
const monitorMachine = runMachine.provide({
  actors: { stop: fromPromise<RunFacts, RunFacts | null>(({ input }) => stopRun((input as Run).id)) },
  guards: { mayStop: ({ context }) => (context.run as Run | null)?.detenible === true },
});

/** The user the machine asks about: none here, the server answered for them (`detenible`). */
const ANSWERED_BY_SERVER: RunUser = { email: '', isAdmin: false };

/**
 * A run watched live (shared by Registra, Sube and Supresion): its state, a progress bar, the
 * counts (read again every second while it runs, and at each log line), the live log or the
 * hub, the per-item status grid, and Stop behind a question that says what stays on the site.
 * Once it ended: how, and "New run" (a stopped run is never restarted from here). The run
 * machine holds the lifecycle: every read of the run is an event to it, Stop is its command.
 * `onEnded` hears the end once (Supresion refreshes its list); `open` replaces the stream (tests).
 */
export function RunMonitor({
  runId,
  onNewRun,
  onEnded,
  showItems = true,
  open,
}: {
  runId: number;
  onNewRun?: () => void;
  onEnded?: (run: Run) => void;
  showItems?: boolean;
  open?: OpenJobEvents;
}) {
  const t = useT();
  const format = useFormat();
  const lifecycle = useActorRef(monitorMachine, { input: { run: null, user: ANSWERED_BY_SERVER } });
  const runEnded = useSelector(lifecycle, (snapshot) => snapshot.status === 'done');
  const estado = useSelector(lifecycle, runStateOf);
  const stopHeard = useSelector(lifecycle, (snapshot) => snapshot.matches({ deteniendo: 'heard' }));
  const stopRefusal = useSelector(lifecycle, (snapshot) => snapshot.context.failure);
  const question = useSelector(lifecycle, (snapshot) => ({
    open: snapshot.matches({ en_curso: 'asking' }) || snapshot.matches({ deteniendo: 'requesting' }),
    busy: snapshot.matches({ deteniendo: 'requesting' }),
  }), shallowEqual);
  const { tick, now } = useClock(!runEnded);
  const detail = useRequest(() => getRun(runId), {
    load: [runId, tick],
    onSuccess: (read) => lifecycle.send({ type: 'run.updated', run: read.ejecucion }),
  });
  const items = useRequest(() => listRunItems(runId), { load: [runId, showItems ? tick : 0], empty: 'list' });
  const run = detail.data?.ejecucion ?? null;

  const hearEnd = useEffectEvent(() => {
    // The last counts and items as the run left them.
    items.send();
    onEnded?.(lifecycle.getSnapshot().context.run as Run);
  });
  useEffect(() => {
    if (runEnded) hearEnd();
  }, [runEnded]);

  if (!run) {
    return detail.failure ? (
      <ErrorAlert messageKey={detail.failure.messageKey}>
        <HStack gap="2">
          <Button size="xs" variant="outline" onClick={() => detail.send()}>
            {t('common.retry')}
          </Button>
          {onNewRun ? (
            <Button size="xs" variant="outline" onClick={onNewRun}>
              {t('processes.monitor.newRun')}
            </Button>
          ) : null}
        </HStack>
      </ErrorAlert>
    ) : (
      <Text color="fg.muted">{t('processes.monitor.loading')}</Text>
    );
  }

  const title = t('processes.monitor.title', { kind: t(`processes.kinds.${run.tipo}`), id: run.id });
  const finished = run.hechos + run.fallidos;
  const percent = run.total > 0 ? Math.min(100, Math.round((finished / run.total) * 100)) : runEnded ? 100 : 0;
  return (
    <Stack gap="4" as="section" aria-label={title}>
      <Flex align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Badge colorPalette={RUN_STATE_PALETTES[estado ?? run.estado]} size="lg">
          {t(`processes.runStates.${estado ?? run.estado}`)}
        </Badge>
        <Text textStyle="sm" color="fg.muted">
          {t('processes.monitor.summary', {
            sitio: t(`processes.sites.${run.sitio}`),
            trabajadores: format.integer(run.trabajadores),
            reintentos: format.integer(run.max_reintentos),
          })}
          {run.fecha_operacion ? ` · ${t('processes.monitor.operatingDay', { day: format.date(run.fecha_operacion) })}` : ''}
        </Text>
        <HStack marginStart="auto" gap="2">
          {stopHeard ? (
            <Text textStyle="sm" color="fg.muted">
              {t('processes.monitor.stop.asked')}
            </Text>
          ) : run.detenible && estado === 'en_curso' ? (
            <Button size="sm" colorPalette="red" onClick={() => lifecycle.send({ type: 'run.ask' })}>
              {t('processes.monitor.stop.button')}
            </Button>
          ) : null}
        </HStack>
      </Flex>
      <Progress.Root value={percent} max={100} size="md" colorPalette={run.fallidos > 0 ? 'orange' : 'blue'}>
        <HStack gap="3">
          <Progress.Label srOnly>{t('processes.monitor.progress')}</Progress.Label>
          <Progress.Track flex="1">
            <Progress.Range />
          </Progress.Track>
          <Progress.ValueText>{t('processes.monitor.progressText', { n: format.integer(finished), total: format.integer(run.total) })}</Progress.ValueText>
        </HStack>
      </Progress.Root>
      <RunCounts run={run} />
      {stopRefusal ? <ErrorAlert messageKey={readFailure(stopRefusal).messageKey} /> : null}
      {runEnded ? <RunEnd run={run} onNewRun={onNewRun} /> : null}
      <RunJob key={run.trabajo_id} jobId={run.trabajo_id} sessions={detail.data?.sesiones ?? []} now={now} onActivity={() => detail.send()} open={open} />
      {showItems ? (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('processes.monitor.items.title')}
          </Heading>
          <RunItemsGrid items={items.data} />
        </Stack>
      ) : null}
      <ConfirmDialog
        {...question}
        onConfirm={() => lifecycle.send({ type: 'run.stop' })}
        onCancel={() => lifecycle.send({ type: 'run.dismiss' })}
        titleKey="processes.monitor.stop.title" textKey={STOP_TEXT[run.tipo]} confirmKey="processes.monitor.stop.confirm">
        {run.tipo === 'registra' ? (
          <Text mt="2">
            <SupresionLink />
          </Text>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
