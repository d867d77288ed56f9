import { Button, Stack } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useRef, useState } from 'react';
import type { RegistrationRow, Run } from '../../../schemas/process.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFieldMessageText } from '../../lib/forms/form-field';
import { useFormat } from '../../lib/format/use-format';
import { dateColumn, decimalColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { actionsColumn, checkboxColumn } from '../../lib/grid/grid-cells';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { listRegistrationCandidates, startRegistraRun } from './processes-api';
import { RegistrationRowDialog } from './registration-row-dialog';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from './run-options';
import { registraIssues } from './selection-checks';
import { SelectionHeader } from './selection-header';
import { rowProblems } from './selection-issues';
import { SelectionStart } from './selection-problems';
import { transmissionRightText } from './transmission-right';
import { useSelection } from './use-selection';
import { useShownRows } from './use-shown-rows';

/** A candidate as the grid shows it: its place in the body sent, and its problem in words. */
interface GridRow extends RegistrationRow {
  index: number;
  problema: string;
}

/** Registra's selection: the run options and the candidate rows (null until read). */
type RegistraValue = RunOptions & { filas: RegistrationRow[] | null };

const INITIAL: RegistraValue = { ...DEFAULT_RUN_OPTIONS, filas: null };

const registraBody = ({ filas, ...options }: RegistraValue) => ({ ...options, filas: filas ?? [] });

/** What the grid's cells call back (kept in a ref: the columns are made once per language). */
interface RowActions {
  toggle: (index: number) => void;
  edit: (index: number) => void;
}

/**
 * Registra's selection step: the registration rows of the annexes in force, none ticked on
 * arrival, a box per row to register it (all shown / none), a row's dates, PMI, PMR and holder
 * corrected in a dialog, the site, workers and retries; Start checks the selection (spec
 * section 5), asks the trader (how many planillas, which site: they stay there, a stop does not
 * take them back) and asks for the run. A rule broken, here or on the server, shows on its row
 * and stops the start.
 */
export function RegistraSelection({ onStarted }: { onStarted: (run: Run) => void }) {
  const t = useT();
  const format = useFormat();
  const messageText = useFieldMessageText();
  const selection = useSelection({ initial: INITIAL, bodyOf: registraBody, validate: registraIssues, start: startRegistraRun, onStarted });
  const candidates = useRequest(listRegistrationCandidates, { load: [], empty: 'list', onSuccess: (read) => selection.change('filas', read) });
  const [editing, setEditing] = useState<number | null>(null);
  const { shown, onShownRowsChange } = useShownRows((row: GridRow) => String(row.index));
  const { issues, value } = selection;
  const { filas: rows } = value;
  const options: RunOptions = value;
  const problems = useMemo(() => rowProblems(issues, 'filas'), [issues]);

  // Each change from the rows as the machine holds them then: two ticks before the page is drawn again both count.
  const change = (next: (row: RegistrationRow, at: number) => RegistrationRow) => selection.change('filas', (current) => current && current.map(next));
  const actions = useRef<RowActions>({ toggle: () => {}, edit: () => {} });
  actions.current = {
    toggle: (index) => change((row, at) => (at === index ? { ...row, registrar: !row.registrar } : row)),
    edit: setEditing,
  };

  const gridRows = useMemo<GridRow[] | null>(
    () =>
      rows?.map((row, index) => {
        const problem = problems.get(index);
        return { ...row, index, problema: problem ? messageText(problem.message, `processes.registra.columns.${problem.field}`) : '' };
      }) ?? null,
    [rows, problems, messageText],
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
      { field: 'codigo', headerName: t('processes.registra.columns.codigo') },
      { field: 'tipo', headerName: t('processes.registra.columns.tipo') },
      { field: 'transaccion', headerName: t('processes.registra.columns.transaccion') },
      { field: 'contraparte', headerName: t('processes.registra.columns.contraparte') },
      {
        field: 'derechos_transmision',
        headerName: t('processes.registra.columns.derechos_transmision'),
        type: 'rightAligned',
        valueFormatter: ({ value }) => transmissionRightText(value as string | null, format),
        getQuickFilterText: ({ value }) => transmissionRightText(value as string | null, format),
      },
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
  /** Ticks the rows shown: those the search and filters leave. */
  const tickShown = () => change((row, at) => (shown.has(String(at)) ? { ...row, registrar: true } : row));

  const editingRow = editing === null || !rows ? null : (rows[editing] ?? null);
  return (
    <Stack gap="4">
      {candidates.failure ? <ErrorAlert messageKey={candidates.failure.messageKey} /> : null}
      <Stack gap="2" as="section" aria-labelledby="registra-rows">
        <SelectionHeader
          id="registra-rows"
          title={t('processes.registra.rowsTitle')}
          count={t('processes.registra.selectedCount', { n: format.integer(selected), total: format.integer(rows?.length ?? 0) })}
          onAllShown={tickShown}
          onNone={() => change((row) => ({ ...row, registrar: false }))}
          allDisabled={!rows || shown.size === 0}
          noneDisabled={selected === 0}
        />
        <DataGrid<GridRow>
          rows={gridRows}
          columns={columns}
          rowId={(row) => String(row.anexo_id)}
          emptyKey="processes.registra.empty"
          searchLabelKey="processes.registra.search"
          urlFilters={false}
          height="420px"
          onShownRowsChange={onShownRowsChange}
        />
      </Stack>
      <SelectionStart selection={selection} options={options} issues={issues} listPath="/filas" count={problemCount} disabled={!rows} />
      <ConfirmDialog
        {...selection.question}
        tone="primary"
        titleKey="processes.registra.confirm.title"
        textKey="processes.registra.confirm.text"
        textParams={{ n: format.integer(selected), sitio: t(`processes.sites.${options.sitio}`) }}
        confirmKey="processes.registra.confirm.button"
      />
      <RegistrationRowDialog
        row={editingRow}
        problem={editing === null ? null : (problems.get(editing) ?? null)}
        onClose={() => setEditing(null)}
        onSave={(fixed) => {
          if (editing !== null) change((row, at) => (at === editing ? fixed : row));
          setEditing(null);
        }}
      />
    </Stack>
  );
}
