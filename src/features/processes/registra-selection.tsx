import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RegistrationRow, Run } from '../../../schemas/process.schema';
import { useRequest } from '../../lib/api/use-request';
import type { FieldMessage } from '../../lib/forms/field-errors';
import { useFieldMessageText } from '../../lib/forms/form-field';
import { useFormat } from '../../lib/format/use-format';
import { dateColumn, decimalColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { actionsColumn, checkboxColumn } from '../../lib/grid/grid-cells';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { listRegistrationCandidates, startRegistraRun } from './processes-api';
import { RegistrationRowDialog } from './registration-row-dialog';
import { DEFAULT_RUN_OPTIONS, RunOptionsFields, type RunOptions } from './run-options';
import { registraIssues } from './selection-checks';
import { rowOfPath, type SelectionIssues } from './selection-issues';
import { SelectionProblems } from './selection-problems';
import { useSelection } from './use-selection';

/** A candidate as the grid shows it: its place in the body sent, and its problem in words. */
interface GridRow extends RegistrationRow {
  index: number;
  problema: string;
}

/** What the grid's cells call back (kept in a ref: the columns are made once per language). */
interface RowActions {
  toggle: (index: number) => void;
  edit: (index: number) => void;
}

/** The first problem of each row: the field it names and its message. */
function rowProblems(issues: SelectionIssues): Map<number, { field: string; message: FieldMessage }> {
  const problems = new Map<number, { field: string; message: FieldMessage }>();
  for (const [path, message] of Object.entries(issues)) {
    const row = rowOfPath(path, 'filas');
    if (row !== null && !problems.has(row)) problems.set(row, { field: path.split('/')[3] ?? '', message });
  }
  return problems;
}

/**
 * Registra's selection step: the registration rows of the annexes in force, a box per row to
 * register it (all / none), a row's dates, PMI, PMR and holder corrected in a dialog, the site,
 * workers and retries; Start checks the selection (spec section 5) and asks for the run. A rule
 * broken, here or on the server, shows on its row and stops the start.
 */
export function RegistraSelection({ onStarted }: { onStarted: (run: Run) => void }) {
  const t = useT();
  const format = useFormat();
  const messageText = useFieldMessageText();
  const candidates = useRequest(listRegistrationCandidates, { load: [], empty: 'list' });
  const [rows, setRows] = useState<RegistrationRow[] | null>(null);
  const [options, setOptions] = useState<RunOptions>(DEFAULT_RUN_OPTIONS);
  const [editing, setEditing] = useState<number | null>(null);

  useEffect(() => {
    if (candidates.data) setRows(candidates.data);
  }, [candidates.data]);

  const selection = useSelection({ body: { ...options, filas: rows ?? [] }, validate: registraIssues, start: startRegistraRun, onStarted });
  const { issues } = selection;
  const problems = rowProblems(issues);

  const change = setRows;
  const actions = useRef<RowActions>({ toggle: () => {}, edit: () => {} });
  actions.current = {
    toggle: (index) => rows && change(rows.map((row, at) => (at === index ? { ...row, registrar: !row.registrar } : row))),
    edit: setEditing,
  };

  const gridRows = useMemo<GridRow[] | null>(
    () =>
      rows?.map((row, index) => {
        const problem = problems.get(index);
        return { ...row, index, problema: problem ? messageText(problem.message, `processes.registra.columns.${problem.field}`) : '' };
      }) ?? null,
    // `problems` is derived from the rows and issues shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, JSON.stringify(issues), messageText],
  );

  const hasProblems = problems.size > 0;
  const columns = useMemo<ColDef<GridRow>[]>(() => {
    const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');
    return [
      checkboxColumn<GridRow>({
        field: 'registrar',
        headerName: t('processes.registra.columns.registrar'),
        label: (row) => t('processes.registra.registerRow', { codigo: row.codigo }),
        onToggle: (row) => actions.current.toggle(row.index),
      }),
      {
        field: 'problema',
        headerName: t('processes.registra.columns.problema'),
        // Shown only while a row has a problem: the grid stays narrow otherwise.
        hide: !hasProblems,
        minWidth: 180,
        wrapText: true,
        autoHeight: true,
        cellStyle: { color: 'var(--chakra-colors-fg-error)', lineHeight: '1.45', paddingTop: '6px', paddingBottom: '6px' },
      },
      { ...dateColumn<GridRow>('inicio', format), headerName: t('processes.registra.columns.inicio') },
      { ...dateColumn<GridRow>('fin', format), headerName: t('processes.registra.columns.fin') },
      { field: 'codigo', headerName: t('processes.registra.columns.codigo'), minWidth: 140 },
      { field: 'tipo', headerName: t('processes.registra.columns.tipo') },
      { field: 'transaccion', headerName: t('processes.registra.columns.transaccion') },
      { field: 'contraparte', headerName: t('processes.registra.columns.contraparte'), minWidth: 160 },
      { field: 'derechos_transmision', headerName: t('processes.registra.columns.derechos_transmision') },
      {
        field: 'paga_transporte',
        headerName: t('processes.registra.columns.paga_transporte'),
        valueFormatter: ({ value }) => t(value ? 'processes.registra.yes' : 'processes.registra.no'),
      },
      { ...decimalColumn<GridRow>('oferta_maxima', format), headerName: t('processes.registra.columns.oferta_maxima') },
      { field: 'pmr', headerName: t('processes.registra.columns.pmr'), valueFormatter: ({ value }) => list(value) },
      { field: 'pmi', headerName: t('processes.registra.columns.pmi'), valueFormatter: ({ value }) => list(value) },
      { field: 'titular_transmision', headerName: t('processes.registra.columns.titular_transmision') },
      actionsColumn<GridRow>({
        headerName: t('processes.registra.columns.actions'),
        render: (row) => (
          <Button size="xs" variant="outline" aria-label={t('processes.registra.editRow', { codigo: row.codigo })} onClick={() => actions.current.edit(row.index)}>
            {t('processes.registra.edit.button')}
          </Button>
        ),
      }),
    ];
  }, [t, format, hasProblems]);

  const selected = rows?.filter((row) => row.registrar).length ?? 0;
  const problemCount = Object.keys(issues).length;

  const editingRow = editing === null || !rows ? null : (rows[editing] ?? null);
  return (
    <Stack gap="4">
      {candidates.failure ? <ErrorAlert messageKey={candidates.failure.messageKey} /> : null}
      <Stack gap="2" as="section" aria-labelledby="registra-rows">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="sm" id="registra-rows">
            {t('processes.registra.rowsTitle')}
          </Heading>
          <HStack gap="2">
            <Text textStyle="sm" color="fg.muted" aria-live="polite">
              {t('processes.registra.selectedCount', { n: selected, total: rows?.length ?? 0 })}
            </Text>
            <Button size="sm" variant="outline" disabled={!rows} onClick={() => rows && change(rows.map((row) => ({ ...row, registrar: true })))}>
              {t('processes.selection.all')}
            </Button>
            <Button size="sm" variant="outline" disabled={!rows} onClick={() => rows && change(rows.map((row) => ({ ...row, registrar: false })))}>
              {t('processes.selection.none')}
            </Button>
          </HStack>
        </HStack>
        <DataGrid<GridRow>
          rows={gridRows}
          columns={columns}
          rowId={(row) => String(row.anexo_id)}
          emptyKey="processes.registra.empty"
          searchLabelKey="processes.registra.search"
          urlFilters={false}
          height="420px"
        />
      </Stack>
      <RunOptionsFields value={options} onChange={setOptions} issues={issues} />
      <SelectionProblems issues={issues} listPath="/filas" count={problemCount} failure={selection.failure} />
      <HStack>
        <Button colorPalette="blue" loading={selection.busy} disabled={!rows} onClick={selection.submit}>
          {t('processes.selection.start')}
        </Button>
      </HStack>
      <RegistrationRowDialog
        row={editingRow}
        problem={editing === null ? null : (problems.get(editing) ?? null)}
        onClose={() => setEditing(null)}
        onSave={(fixed) => {
          if (rows && editing !== null) change(rows.map((row, at) => (at === editing ? fixed : row)));
          setEditing(null);
        }}
      />
    </Stack>
  );
}
