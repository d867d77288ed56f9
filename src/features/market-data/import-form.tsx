import { Box, Button, Card, chakra, Code, Field, HStack, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import { MARKET_DATA_COLUMNS, MARKET_DATA_KINDS, type MarketDataKind } from '../../../schemas/market-data.schema';
import { COUNTRY_CODES } from '../../../schemas/role.schema';
import { CHARGE_KINDS, SETTLEMENT_VERSIONS } from '../../../schemas/settlement.schema';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { FileChooser, type FileChooserHandle } from '../../lib/files/file-chooser';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { ImportReport } from '../../lib/files/import-report';
import type { ImportOutcome } from './market-data-api';

/** What the file picker offers: a CSV text or an Excel workbook (the server tells them by content). */
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Importing one file of market data: its kind, the file, the columns and formats it must
 * have. A stored import is told in a toast with its row count (and `onStored` refreshes what
 * the page shows); a refused one lists every problem of the file; any other failure is the
 * shared alert.
 */
export function ImportForm({
  upload,
  onStored,
}: {
  upload: (tipo: MarketDataKind, file: File) => Promise<ImportOutcome>;
  onStored: () => void;
}) {
  const t = useT();
  const inputId = useId();
  const chooser = useRef<FileChooserHandle>(null);
  const [tipo, setTipo] = useState<MarketDataKind>('precios');
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const importing = useRequest(({ kind, chosen }: { kind: MarketDataKind; chosen: File }) => upload(kind, chosen), {
    onSuccess: (answer) => {
      if (answer.outcome !== 'stored') return;
      notify({
        type: 'success',
        message: t('marketData.import.stored', { count: answer.filas, kind: t(`marketData.kinds.${answer.tipo}`) }),
      });
      // The next file starts from an empty picker: the stored one is not sent twice by mistake.
      setFile(null);
      chooser.current?.clear();
      onStored();
    },
  });
  const busy = importing.state === 'loading';
  // Only the last answer's report: a later failure or a new import in flight hides it.
  const refused = importing.state === 'success' && importing.data?.outcome === 'refused' ? importing.data.problems : null;

  return (
    <Card.Root as="section" aria-labelledby={`${inputId}-title`}>
      <Card.Header>
        <Card.Title as="h2" id={`${inputId}-title`}>
          {t('marketData.import.title')}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <chakra.form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!file) {
                setMissingFile(true);
                return;
              }
              importing.send({ kind: tipo, chosen: file });
            }}
          >
            <Stack direction={{ base: 'column', lg: 'row' }} gap="6" align="flex-start">
              <Stack gap="4" flex="1" minW="18rem">
                <Field.Root required>
                  <Field.Label>
                    {t('marketData.import.kind')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root disabled={busy}>
                    <NativeSelect.Field value={tipo} onChange={(event) => setTipo(event.target.value as MarketDataKind)}>
                      {MARKET_DATA_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {t(`marketData.kinds.${kind}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root required invalid={missingFile}>
                  <Field.Label htmlFor={inputId}>
                    {t('marketData.import.file')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <HStack gap="3" wrap="wrap">
                    <FileChooser
                      ref={chooser}
                      id={inputId}
                      accept={ACCEPT}
                      disabled={busy}
                      invalid={missingFile}
                      onChoose={(chosen) => {
                        setFile(chosen);
                        setMissingFile(false);
                      }}
                    />
                    <Text textStyle="sm" color={file ? undefined : 'fg.muted'} data-testid="chosen-file">
                      {file ? file.name : t('marketData.import.noFile')}
                    </Text>
                  </HStack>
                  {missingFile ? (
                    <Field.ErrorText>{t('marketData.import.fileRequired')}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>{t('marketData.import.fileHint')}</Field.HelperText>
                  )}
                </Field.Root>
                <HStack>
                  <Button type="submit" colorPalette="blue" loading={busy}>
                    {t('marketData.import.submit')}
                  </Button>
                </HStack>
              </Stack>
              <FileHelp tipo={tipo} />
            </Stack>
          </chakra.form>
          {importing.failure ? <ErrorAlert messageKey={importing.failure.messageKey} /> : null}
          {refused ? <ImportReport problems={refused} /> : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The columns whose cells are one of a list of codes, with the list: the help shows it as the file must write it. */
const CODED_COLUMNS: Partial<Record<string, readonly string[]>> = { version: SETTLEMENT_VERSIONS, pais: COUNTRY_CODES, concepto: CHARGE_KINDS };

/** The columns the chosen kind of file has, the codes some of them take, and how its dates and decimals are written. */
function FileHelp({ tipo }: { tipo: MarketDataKind }) {
  const t = useT();
  const columns: readonly string[] = MARKET_DATA_COLUMNS[tipo];
  const hourly = columns.includes('periodo');
  const coded = columns.filter((column) => CODED_COLUMNS[column]);
  return (
    <Box flex="1" minW="18rem" bg="bg.muted" borderRadius="md" padding="4" aria-live="polite">
      <Text fontWeight="semibold" marginBottom="2">
        {t('marketData.help.title', { kind: t(`marketData.kinds.${tipo}`) })}
      </Text>
      <Code display="block" whiteSpace="pre-wrap" wordBreak="break-word" marginBottom="3" data-testid="expected-columns">
        {MARKET_DATA_COLUMNS[tipo].join(',')}
      </Code>
      {coded.length > 0 ? (
        <Code display="block" whiteSpace="pre-wrap" wordBreak="break-word" marginBottom="3" data-testid="column-values" aria-label={t('marketData.help.values')}>
          {coded.map((column) => `${column}: ${CODED_COLUMNS[column]!.join(' | ')}`).join('\n')}
        </Code>
      ) : null}
      <List.Root gap="1" textStyle="sm" paddingStart="4">
        <List.Item>{t('marketData.help.header')}</List.Item>
        <List.Item>{t('marketData.help.dates')}</List.Item>
        {hourly ? <List.Item>{t('marketData.help.hourly')}</List.Item> : null}
        <List.Item>{t('marketData.help.decimals')}</List.Item>
        <List.Item>{t(`marketData.help.kind.${tipo}`)}</List.Item>
        <List.Item>{t('marketData.help.allOrNothing')}</List.Item>
      </List.Root>
    </Box>
  );
}
