import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { ImportFileField } from '../../lib/files/import-file-field';
import { ImportReport } from '../../lib/files/import-report';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { importStatements } from './guarantees-api';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The operators' statements imported (docs/guarantees.md "Statements"): a CSV or workbook with
 * the columns fecha, operador, sucursal, rea, acl, eal (CENACE's REA, ERCOT's ACL and EAL), all
 * or nothing: a refused file lists every problem and stores nothing. `onStored` reads the page's
 * figures again (the statement shows beside ours).
 */
export function StatementsImport({ onStored }: { onStored: () => void }) {
  const t = useT();
  const format = useFormat();
  const titleId = useId();
  // A new field once a file is stored: no file chosen.
  const [stored, setStored] = useState(0);
  const importing = useRequest((chosen: File) => importStatements(chosen), {
    onSuccess: (answer) => {
      if (answer.outcome !== 'stored') return;
      notify({ type: 'success', message: t('guarantees.statements.stored', { n: format.integer(answer.filas), from: format.date(answer.desde), to: format.date(answer.hasta) }) });
      setStored((count) => count + 1);
      onStored();
    },
  });
  const refused = importing.state === 'success' && importing.data?.outcome === 'refused' ? importing.data.problems : null;
  return (
    <Card.Root as="section" aria-labelledby={`${titleId}-title`}>
      <Card.Header>
        <Heading as="h2" size="md" id={`${titleId}-title`}>
          {t('guarantees.statements.title')}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t('guarantees.statements.intro')}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <ImportFileField key={stored} labelKey="guarantees.statements.file" accept={ACCEPT} busy={importing.state === 'loading'} importKey="guarantees.statements.import" onImport={(file) => importing.send(file)} />
          {importing.failure ? <ErrorAlert messageKey={importing.failure.messageKey} /> : null}
          {refused ? <ImportReport problems={refused} /> : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
