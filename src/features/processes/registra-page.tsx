import { Stack } from '@chakra-ui/react';
import { RecentRuns } from './recent-runs';
import { RegistraSelection } from './registra-selection';
import { RunMonitor } from './run-monitor';
import { useRunParam } from './use-run-param';

const REGISTRA_URL = '/procesos/registra-planillas/';

/**
 * `/procesos/registra-planillas/`: the selection step and the recent runs, or, with
 * `?ejecucion=`, the run's monitor (a reload or a copied link shows the same run).
 */
export default function RegistraPage() {
  const run = useRunParam();
  if (run.runId !== null) return <RunMonitor key={run.runId} runId={run.runId} onNewRun={run.close} />;
  return (
    <Stack gap="6">
      <RegistraSelection onStarted={(started) => run.open(started.id)} />
      <RecentRuns kind="registra" pageUrl={REGISTRA_URL} />
    </Stack>
  );
}
