import { Stack } from '@chakra-ui/react';
import { RecentRuns } from './recent-runs';
import { RunMonitor } from './run-monitor';
import { SubeSelection } from './sube-selection';
import { useRunParam } from './use-run-param';

const SUBE_URL = '/procesos/sube-planillas/';

/**
 * `/procesos/sube-planillas/`: the selection step and the recent runs, or, with `?ejecucion=`,
 * the run's monitor. A stopped Sube run is final: its monitor offers only a new run.
 */
export default function SubePage() {
  const run = useRunParam();
  if (run.runId !== null) return <RunMonitor key={run.runId} runId={run.runId} onNewRun={run.close} />;
  return (
    <Stack gap="6">
      <SubeSelection onStarted={(started) => run.open(started.id)} />
      <RecentRuns kind="sube" pageUrl={SUBE_URL} />
    </Stack>
  );
}
