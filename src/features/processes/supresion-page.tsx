import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useRef, useState } from 'react';
import type { DeletionRow, Run } from '../../../schemas/process.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { DataGrid } from '../../lib/grid/data-grid';
import { checkboxColumn } from '../../lib/grid/grid-cells';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { FilterSelect } from '../../lib/ui/filter-select';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { deletePlanillas, listRegisteredPlanillas } from './processes-api';
import { RunMonitor } from './run-monitor';
import { issuesFromDetails } from './selection-issues';
import { useRunParam } from './use-run-param';
import { useShownRows } from './use-shown-rows';

interface GridRow extends DeletionRow {
  seleccionada: boolean;
}

/**
 * `/procesos/supresion/`: the planillas our Registra runs registered (spec section 3, Deletion
 * row), filtered by text, site and run; the selected ones are deleted on their site after a
 * question, as a run followed live below the list (`?ejecucion=` keeps it across a reload);
 * when it ends the list is read again.
 */
export default function SupresionPage() {
  const t = useT();
  const format = useFormat();
  const run = useRunParam();
  const planillas = useRequest(listRegisteredPlanillas, { load: [], empty: 'list' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [sitio, setSitio] = useState('');
  const [ejecucion, setEjecucion] = useState('');
  const { shown: searched, onShownRowsChange } = useShownRows((row: GridRow) => row.numero_planilla);
  const removal = useConfirmedAction(
    (numeros: string[]) => deletePlanillas({ numeros }),
    (started: Run) => {
      setSelected(new Set());
      run.open(started.id);
    },
    issuesFromDetails,
  );

  const all = planillas.data ?? null;
  const shown = useMemo(
    () => all?.filter((row) => (sitio === '' || row.sitio === sitio) && (ejecucion === '' || String(row.ejecucion_id) === ejecucion)) ?? null,
    [all, sitio, ejecucion],
  );
  const rows = useMemo<GridRow[] | null>(() => shown?.map((row) => ({ ...row, seleccionada: selected.has(row.numero_planilla) })) ?? null, [shown, selected]);
  const runs = useMemo(() => [...new Set((all ?? []).map((row) => row.ejecucion_id))].sort((a, b) => b - a), [all]);

  const toggle = useRef<(numero: string) => void>(() => {});
  toggle.current = (numero) => {
    const next = new Set(selected);
    if (next.has(numero)) next.delete(numero);
    else next.add(numero);
    setSelected(next);
  };

  const columns = useMemo<ColDef<GridRow>[]>(() => {
    const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');
    return [
      checkboxColumn<GridRow>({
        field: 'seleccionada',
        headerName: t('processes.supresion.columns.seleccionada'),
        label: (row) => t('processes.supresion.selectRow', { numero: row.numero_planilla }),
        onToggle: (row) => toggle.current(row.numero_planilla),
      }),
      { field: 'ejecucion_id', headerName: t('processes.supresion.columns.ejecucion_id'), type: 'rightAligned', filter: 'agNumberColumnFilter' },
      { field: 'tipo_contrato', headerName: t('processes.supresion.columns.tipo_contrato') },
      { field: 'transaccion', headerName: t('processes.supresion.columns.transaccion') },
      { field: 'contraparte', headerName: t('processes.supresion.columns.contraparte') },
      { field: 'pmi', headerName: t('processes.supresion.columns.pmi'), valueFormatter: ({ value }) => list(value) },
      { field: 'pmr', headerName: t('processes.supresion.columns.pmr'), valueFormatter: ({ value }) => list(value) },
      { field: 'numero_planilla', headerName: t('processes.supresion.columns.numero_planilla') },
      {
        field: 'registrada_en',
        headerName: t('processes.supresion.columns.registrada_en'),
        valueFormatter: ({ value }) => format.dateTime(value as string | null),
        filter: false,
      },
      { field: 'codigo_anexo', headerName: t('processes.supresion.columns.codigo_anexo') },
      { field: 'sitio', headerName: t('processes.supresion.columns.sitio'), valueFormatter: ({ value }) => t(`processes.sites.${value as string}`) },
    ];
  }, [t, format]);

  const chosenRows = (all ?? []).filter((row) => selected.has(row.numero_planilla));
  const chosen = chosenRows.map((row) => row.numero_planilla);
  // One run works on one site: planillas of both sites are two deletions (the server says so too).
  const twoSites = new Set(chosenRows.map((row) => row.sitio)).size > 1;
  const refusals = [...new Set(Object.values(removal.failure?.fields ?? {}).map((message) => message?.key ?? ''))].filter(Boolean);
  return (
    <Stack gap="4">
      {planillas.failure ? <ErrorAlert messageKey={planillas.failure.messageKey} /> : null}
      <DataGrid<GridRow>
        rows={rows}
        columns={columns}
        rowId={(row) => row.numero_planilla}
        emptyKey="processes.supresion.empty"
        searchLabelKey="processes.supresion.search"
        height="420px"
        onShownRowsChange={onShownRowsChange}
        toolbar={
          <>
            <FilterSelect
              label={t('processes.supresion.filters.sitio')}
              anyLabel={t('processes.supresion.filters.any')}
              value={sitio}
              options={(['original', 'modified'] as const).map((site) => ({ value: site, label: t(`processes.sites.${site}`) }))}
              onChange={setSitio}
              rootProps={{ maxW: { md: '48' } }}
            />
            <FilterSelect
              label={t('processes.supresion.filters.ejecucion')}
              anyLabel={t('processes.supresion.filters.any')}
              value={ejecucion}
              options={runs.map((id) => ({ value: String(id), label: t('processes.runs.open', { id }) }))}
              onChange={setEjecucion}
              rootProps={{ maxW: { md: '48' } }}
            />
          </>
        }
      />
      <HStack gap="2" wrap="wrap">
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          {t('processes.supresion.selectedCount', { n: format.integer(chosen.length), total: format.integer(rows?.length ?? 0) })}
        </Text>
        {/* The rows shown: the site and run filters and the grid's search leave them. */}
        <Button size="sm" variant="outline" disabled={searched.size === 0} onClick={() => setSelected(new Set([...selected, ...searched]))}>
          {t('processes.selection.all')}
        </Button>
        <Button size="sm" variant="outline" disabled={selected.size === 0} onClick={() => setSelected(new Set())}>
          {t('processes.selection.none')}
        </Button>
        <Button size="sm" colorPalette="red" disabled={chosen.length === 0 || twoSites} onClick={() => removal.ask(chosen)}>
          {t('processes.supresion.delete', { n: format.integer(chosen.length) })}
        </Button>
      </HStack>
      {twoSites ? (
        <Text textStyle="sm" color="fg.error" role="status">
          {t('processes.supresion.oneSite')}
        </Text>
      ) : null}
      {removal.failure ? (
        <ErrorAlert messageKey={removal.failure.messageKey}>{refusals.length > 0 ? refusals.map((key) => <Text key={key}>{t(key)}</Text>) : null}</ErrorAlert>
      ) : null}
      {run.runId !== null ? <RunMonitor key={run.runId} runId={run.runId} showItems={false} onEnded={() => planillas.send()} onNewRun={run.close} /> : null}
      <ConfirmDialog
        {...removal.dialog}
        titleKey="processes.supresion.confirm.title"
        textKey="processes.supresion.confirm.text"
        textParams={{ n: format.integer(removal.subject?.length ?? 0) }}
        confirmKey="processes.supresion.confirm.button"
      />
    </Stack>
  );
}
