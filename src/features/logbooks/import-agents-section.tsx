import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { formIsDirty, recordFormMachine } from '../../../machines/forms/record-form.machine';
import { FUELS, type ImportAgent, type ImportAgentCreate } from '../../../schemas/logbook.schema';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { FormActions, SubmitFailureAlert } from '../../lib/forms/form-actions';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { useFormat } from '../../lib/format/use-format';
import { DataGrid } from '../../lib/grid/data-grid';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { AppDialog } from '../../lib/ui/app-dialog';
import { blankImportAgent, importAgentBody, importAgentRefusalFields, validateImportAgent } from './import-agent-values';
import { createImportAgent, importAgents } from './logbooks-api';
import { SheetCard } from './sheet-card';

const REQUIRED = new Set(['codigo_agente', 'nombre', 'planta', 'combustible', 'cv_usd_mwh', 'mw_max', 'vigente_desde']);

/**
 * The thermal agents behind Mexico's import offers (spec section 7,
 * `get-`/`create-mex-ofertas-impo-agentes`): each plant's variable cost and MW available over a
 * period, listed, and a new one added in a dialog (a new cost is a new period of the code).
 * The page's view key (`acciones`) is all the server asks, so whoever sees the list may add.
 */
export function ImportAgentsSection() {
  const t = useT();
  const format = useFormat();
  const agents = useRequest(() => importAgents(), { load: [] });
  const [adding, setAdding] = useState(false);
  const columns = useMemo<ColDef<ImportAgent>[]>(
    () => [
      { field: 'codigo_agente', headerName: t('logbooks.mex.agents.fields.codigo_agente'), pinned: 'left', minWidth: 130 },
      { field: 'nombre', headerName: t('logbooks.mex.agents.fields.nombre'), minWidth: 180, flex: 1 },
      { field: 'planta', headerName: t('logbooks.mex.agents.fields.planta'), minWidth: 160, flex: 1 },
      { field: 'combustible', headerName: t('logbooks.mex.agents.fields.combustible'), valueFormatter: ({ value }) => t(`logbooks.mex.agents.fuels.${value as string}`) },
      { field: 'cv_usd_mwh', headerName: t('logbooks.mex.agents.fields.cv_usd_mwh'), type: 'rightAligned', valueFormatter: ({ value }) => format.decimal(value as string) },
      { field: 'mw_max', headerName: t('logbooks.mex.agents.fields.mw_max'), type: 'rightAligned', valueFormatter: ({ value }) => format.decimal(value as string) },
      { field: 'vigente_desde', headerName: t('logbooks.mex.agents.fields.vigente_desde'), valueFormatter: ({ value }) => format.date(value as string) },
      {
        field: 'vigente_hasta',
        headerName: t('logbooks.mex.agents.fields.vigente_hasta'),
        valueFormatter: ({ value }) => (value ? format.date(value as string) : t('logbooks.mex.agents.openEnd')),
      },
    ],
    [t, format],
  );

  return (
    <>
      <SheetCard
        title={t('logbooks.mex.agents.title')}
        intro={t('logbooks.mex.agents.intro')}
        refusal={agents.failure}
        actions={
          <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
            {t('logbooks.mex.agents.add')}
          </Button>
        }
      >
        <DataGrid<ImportAgent>
          rows={agents.data}
          columns={columns}
          rowId={(agent) => String(agent.id)}
          emptyKey="logbooks.mex.agents.empty"
          searchLabelKey="logbooks.mex.agents.search"
          urlFilters={false}
          height="360px"
        />
      </SheetCard>
      <AppDialog open={adding} title={t('logbooks.mex.agents.formTitle')} onClose={() => setAdding(false)} footer={null} size="lg">
        {adding ? (
          <ImportAgentForm
            onSaved={(agent) => {
              notify({ type: 'success', message: t('logbooks.mex.agents.created', { code: agent.codigo_agente }) });
              setAdding(false);
              agents.send();
            }}
            onLeft={() => setAdding(false)}
          />
        ) : null}
      </AppDialog>
    </>
  );
}

/** A thermal agent's period: its code and words, fuel, variable cost, MW and validity. */
function ImportAgentForm({ onSaved, onLeft }: { onSaved: (agent: ImportAgent) => void; onLeft: () => void }) {
  const t = useT();
  const locale = useLocale();
  const form = useFormMachine(recordFormMachine, {
    input: { initial: blankImportAgent() },
    effects: {
      validate: (input) => validateImportAgent(input, locale),
      submit: (input) => createImportAgent(importAgentBody(input, locale) as ImportAgentCreate),
    },
    fields: importAgentRefusalFields,
    isDirty: formIsDirty,
    onSaved,
    onLeft,
  });
  const { value, busy, change, failure, errors } = form;
  const { textInput, select } = useRecordFields({ value, errors, change, labelPrefix: 'logbooks.mex.agents.fields', isRequired: (field) => REQUIRED.has(field) });

  return (
    <form
      noValidate
      aria-label={t('logbooks.mex.agents.formTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Stack gap="5">
        {failure ? <SubmitFailureAlert failure={failure} titleKey="logbooks.mex.agents.createFailed" /> : null}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {textInput('codigo_agente', { placeholderKey: 'logbooks.mex.agents.codePlaceholder' })}
          {textInput('nombre')}
          {textInput('planta')}
          {select('combustible', FUELS, (fuel) => t(`logbooks.mex.agents.fuels.${fuel}`))}
          {textInput('cv_usd_mwh', { inputMode: 'decimal' })}
          {textInput('mw_max', { inputMode: 'decimal' })}
          {textInput('vigente_desde', { placeholderKey: 'forms.datePlaceholder' })}
          {textInput('vigente_hasta', { placeholderKey: 'logbooks.mex.agents.openEnd' })}
        </SimpleGrid>
        <FormActions busy={busy} submitKey="logbooks.mex.agents.add" onCancel={form.cancel} />
      </Stack>
    </form>
  );
}
