import { Badge, Heading, Stack } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo } from 'react';
import type { Run, RunKind } from '../../../schemas/process.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { DataGrid } from '../../lib/grid/data-grid';
import { linkColumn } from '../../lib/grid/grid-cells';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { listRuns } from './processes-api';
import { RUN_STATE_PALETTES } from './run-states';

/**
 * The robot's recent runs, newest first: a trader reopens a run's monitor from here (its
 * number is a link to `?ejecucion=`), after closing the tab or from another desk.
 */
export function RecentRuns({ kind, pageUrl }: { kind: RunKind; pageUrl: string }) {
  const t = useT();
  const format = useFormat();
  const runs = useRequest(() => listRuns({ tipo: kind, limit: 20 }), { load: [kind], empty: 'list' });
  const columns = useMemo<ColDef<Run>[]>(
    () => [
      linkColumn<Run>(
        { field: 'id', headerName: t('processes.runs.id'), maxWidth: 110 },
        (run) => `~${pageUrl}?ejecucion=${run.id}`,
        (run) => t('processes.runs.open', { id: run.id }),
      ),
      {
        field: 'estado',
        headerName: t('processes.runs.estado'),
        cellRenderer: ({ value }: ICellRendererParams<Run>) =>
          value ? <Badge colorPalette={RUN_STATE_PALETTES[value as Run['estado']]}>{t(`processes.runStates.${value as string}`)}</Badge> : null,
        getQuickFilterText: ({ value }) => t(`processes.runStates.${value as string}`),
      },
      { field: 'sitio', headerName: t('processes.runs.sitio'), valueFormatter: ({ value }) => t(`processes.sites.${value as string}`) },
      ...(kind === 'sube'
        ? [{ field: 'fecha_operacion', headerName: t('processes.runs.fecha_operacion'), valueFormatter: ({ value }) => format.date(value as string | null) } as ColDef<Run>]
        : []),
      { field: 'total', headerName: t('processes.monitor.total'), type: 'rightAligned' },
      { field: 'hechos', headerName: t('processes.monitor.hechos'), type: 'rightAligned' },
      { field: 'fallidos', headerName: t('processes.monitor.fallidos'), type: 'rightAligned' },
      { field: 'creado_por', headerName: t('processes.runs.creado_por') },
      { field: 'creado_en', headerName: t('processes.runs.creado_en'), valueFormatter: ({ value }) => format.dateTime(value as string | null), filter: false },
    ],
    [t, format, kind, pageUrl],
  );
  return (
    <Stack gap="2" as="section" aria-labelledby={`recent-runs-${kind}`}>
      <Heading as="h2" size="sm" id={`recent-runs-${kind}`}>
        {t('processes.runs.title')}
      </Heading>
      {runs.failure ? <ErrorAlert messageKey={runs.failure.messageKey} /> : null}
      <DataGrid<Run>
        rows={runs.data}
        columns={columns}
        i18nPrefix="processes.runs"
        urlPrefix="runs."
        height="260px"
      />
    </Stack>
  );
}
