import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { ImportFileField } from '../../lib/files/import-file-field';
import { ImportReport } from '../../lib/files/import-report';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { FilterSelect } from '../../lib/ui/filter-select';
import { ViewSection } from '../../lib/ui/record-view';
import { ERCOT_IMPORTS, importErcotFile, type ErcotImportCall } from './ercot-api';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * ERCOT's files imported (docs/ercot.md "Imports"): the DAM and RTM settlement point prices in
 * ERCOT's own layouts, the company's day-ahead awards, and the settlement points list. All or
 * nothing: a refused file lists every problem (row, column, reason) and stores nothing.
 * `onStored` reads the page's figures again.
 */
export function ErcotImports({ onStored }: { onStored: () => void }) {
  const t = useT();
  const format = useFormat();
  const [call, setCall] = useState<ErcotImportCall>('precios-dam');
  // A new field once a file is stored, or another kind chosen: no file chosen.
  const [stored, setStored] = useState(0);
  const importing = useRequest((file: File) => importErcotFile(call, file), {
    onSuccess: (answer) => {
      if (answer.outcome !== 'stored') return;
      notify({ type: 'success', message: t('ercot.imports.stored', { n: format.integer(answer.filas), kind: t(`ercot.imports.kinds.${call}`), from: format.date(answer.desde), to: format.date(answer.hasta) }) });
      setStored((count) => count + 1);
      onStored();
    },
  });
  const refused = importing.state === 'success' && importing.data?.outcome === 'refused' ? importing.data.problems : null;
  return (
    <ViewSection titleKey="ercot.imports.title">
      <Stack gap="4">
        <FilterSelect
          label={t('ercot.imports.kind')}
          anyLabel={t('ercot.imports.kinds.precios-dam')}
          value={call === 'precios-dam' ? '' : call}
          options={ERCOT_IMPORTS.filter((one) => one !== 'precios-dam').map((one) => ({ value: one, label: t(`ercot.imports.kinds.${one}`) }))}
          onChange={(value) => {
            setCall((value || 'precios-dam') as ErcotImportCall);
            setStored((count) => count + 1);
            importing.reset();
          }}
          rootProps={{ width: { md: '22rem' } }}
        />
        <Text textStyle="sm" color="fg.muted">
          {t(`ercot.imports.layouts.${call}`)}
        </Text>
        <ImportFileField key={`${call}-${stored}`} labelKey="ercot.imports.file" accept={ACCEPT} busy={importing.state === 'loading'} importKey="ercot.imports.import" onImport={(file) => importing.send(file)} />
        {importing.failure ? <ErrorAlert messageKey={importing.failure.messageKey} /> : null}
        {refused ? <ImportReport problems={refused} /> : null}
      </Stack>
    </ViewSection>
  );
}
