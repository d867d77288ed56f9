import { Button, Card, Field, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { FileChooser, type FileChooserHandle } from '../../lib/files/file-chooser';
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
  const inputId = useId();
  const chooser = useRef<FileChooserHandle>(null);
  const [file, setFile] = useState<File | null>(null);
  const importing = useRequest((chosen: File) => importStatements(chosen), {
    onSuccess: (answer) => {
      if (answer.outcome !== 'stored') return;
      notify({ type: 'success', message: t('guarantees.statements.stored', { n: format.integer(answer.filas), from: format.date(answer.desde), to: format.date(answer.hasta) }) });
      setFile(null);
      chooser.current?.clear();
      onStored();
    },
  });
  const refused = importing.state === 'success' && importing.data?.outcome === 'refused' ? importing.data.problems : null;
  return (
    <Card.Root as="section" aria-labelledby={`${inputId}-title`}>
      <Card.Header>
        <Heading as="h2" size="md" id={`${inputId}-title`}>
          {t('guarantees.statements.title')}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t('guarantees.statements.intro')}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Field.Root>
            <Field.Label htmlFor={inputId}>{t('guarantees.statements.file')}</Field.Label>
            <HStack gap="3" wrap="wrap">
              <FileChooser ref={chooser} id={inputId} accept={ACCEPT} disabled={importing.state === 'loading'} invalid={false} onChoose={setFile} />
              <Text textStyle="sm" color={file ? undefined : 'fg.muted'}>
                {file ? file.name : t('marketData.import.noFile')}
              </Text>
              <Button size="sm" colorPalette="blue" disabled={!file} loading={importing.state === 'loading'} onClick={() => file && importing.send(file)}>
                {t('guarantees.statements.import')}
              </Button>
            </HStack>
          </Field.Root>
          {importing.failure ? <ErrorAlert messageKey={importing.failure.messageKey} /> : null}
          {refused ? <ImportReport problems={refused} /> : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
