import { Badge, Code, Heading, HStack, Span, Stack, Table, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { ScrollTable } from '../../lib/ui/scroll-table';
import { useApiWording, type Wording } from './api-reference-wording';
import type { Answer, FieldRow, Operation, ParameterRow } from './openapi-reading';

const METHOD_PALETTE: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', PATCH: 'orange', DELETE: 'red' };

/** The document's text with its `code` spans (between backticks) set as code. */
export function DocumentText({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, index) =>
        index % 2 === 1 ? (
          <Code key={index} fontSize="0.9em">
            {part}
          </Code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * A text of the page: in the reader's language, or the document's own English, marked as
 * English for assistive technology (the page says once that such notes are in English).
 */
function WordedText({ wording }: { wording: Wording }) {
  return wording.english ? (
    <Span lang="en">
      <DocumentText text={wording.text} />
    </Span>
  ) : (
    <DocumentText text={wording.text} />
  );
}

/** An operation's method as a coloured badge. */
export function MethodBadge({ method }: { method: string }) {
  return (
    <Badge colorPalette={METHOD_PALETTE[method] ?? 'gray'} variant="solid" fontFamily="mono" minW="16" justifyContent="center">
      {method}
    </Badge>
  );
}

/** Who may call an operation: public, any signed-in user, or its view keys, and its role actions. */
export function PermissionBadges({ operation }: { operation: Operation }) {
  const t = useT();
  const wording = useApiWording();
  const [first] = operation.permission;
  return (
    <HStack gap="1" flexWrap="wrap">
      {first === 'public' ? (
        <Badge colorPalette="gray">{t('admin.apiReference.public')}</Badge>
      ) : first === 'signed-in' ? (
        <Badge colorPalette="gray">{t('admin.apiReference.signedIn')}</Badge>
      ) : (
        operation.permission.map((key) => (
          <Badge key={key} colorPalette="purple" fontFamily="mono" title={wording.viewKeyName(key)}>
            {key}
          </Badge>
        ))
      )}
      {operation.roleActions.map((action) => (
        <Badge key={`${action.page}.${action.action}`} colorPalette="teal" variant="outline">
          {wording.roleActionName(action)}
        </Badge>
      ))}
    </HStack>
  );
}

function FieldTable({ rows, label, withPlace = false }: { rows: FieldRow[] | ParameterRow[]; label: string; withPlace?: boolean }) {
  const t = useT();
  return (
    <ScrollTable label={label} borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('admin.apiReference.columns.name')}</Table.ColumnHeader>
            {withPlace ? <Table.ColumnHeader>{t('admin.apiReference.columns.place')}</Table.ColumnHeader> : null}
            <Table.ColumnHeader>{t('admin.apiReference.columns.type')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.apiReference.columns.required')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.apiReference.columns.rules')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.name}>
              <Table.Cell as="th" scope="row" fontFamily="mono" fontWeight="medium">
                {row.name}
              </Table.Cell>
              {withPlace ? <Table.Cell>{t(`admin.apiReference.places.${(row as ParameterRow).place}`)}</Table.Cell> : null}
              <Table.Cell fontFamily="mono">{row.type}</Table.Cell>
              <Table.Cell>{row.required ? t('admin.apiReference.yes') : t('admin.apiReference.no')}</Table.Cell>
              {/* Wraps (the scroll area keeps table text on one line): a long list of allowed values stays in view. */}
              <Table.Cell fontFamily="mono" whiteSpace="normal" wordBreak="break-word" minWidth="16rem">
                {row.rules}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollTable>
  );
}

/**
 * Whether an answer's content types are worth showing: anything but JSON (a file, an event
 * stream, another protocol's body), or JSON whose fields the document does not list.
 */
const showsContentTypes = (answer: Answer) =>
  answer.contentTypes.length > 0 && (answer.contentTypes.join() !== 'application/json' || (answer.fields.length === 0 && answer.bodyType === null));

/** One operation of the reference: who may call it, its parameters, its body and its answers. */
export function OperationDetails({ operation }: { operation: Operation }) {
  const t = useT();
  const wording = useApiWording();
  const title = `${operation.method} ${operation.path}`;
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        <DocumentText text={wording.whoMayCall(operation)} />
      </Text>
      {operation.note ? (
        <Text color="fg.muted" whiteSpace="pre-line" lang="en">
          <DocumentText text={operation.note} />
        </Text>
      ) : null}
      {operation.parameters.length > 0 ? (
        <Stack gap="2">
          <Heading as="h4" size="sm">
            {t('admin.apiReference.parameters')}
          </Heading>
          <FieldTable rows={operation.parameters} label={t('admin.apiReference.parametersOf', { operation: title })} withPlace />
        </Stack>
      ) : null}
      {operation.body ? (
        <Stack gap="2">
          <Heading as="h4" size="sm">
            {t('admin.apiReference.body')}
          </Heading>
          {operation.bodyContentType !== null && operation.bodyContentType !== 'application/json' ? (
            // An upload's `multipart/form-data`: its parts are the rows below, its file part typed as a file.
            <Text fontSize="sm" color="fg.muted">
              {t('admin.apiReference.contentType')} <Code>{operation.bodyContentType}</Code>
            </Text>
          ) : null}
          {operation.body.length > 0 ? (
            <FieldTable rows={operation.body} label={t('admin.apiReference.bodyOf', { operation: title })} />
          ) : (
            <Text color="fg.muted">{t('admin.apiReference.noFields')}</Text>
          )}
        </Stack>
      ) : null}
      <Stack gap="2">
        <Heading as="h4" size="sm">
          {t('admin.apiReference.answers')}
        </Heading>
        <Stack as="ul" listStyleType="none" gap="3">
          {operation.answers.map((answer) => (
            <Stack as="li" key={answer.status} gap="2">
              <HStack gap="2" alignItems="baseline">
                <Badge colorPalette={answer.status.startsWith('2') ? 'green' : 'gray'} fontFamily="mono">
                  {answer.status === 'default' ? t('admin.apiReference.otherStatus') : answer.status}
                </Badge>
                <Text>
                  <WordedText wording={wording.answer(operation, answer)} />
                </Text>
              </HStack>
              {!answer.declared && answer.status.startsWith('2') && answer.status !== '204' ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('admin.apiReference.noSchema')}
                </Text>
              ) : null}
              {showsContentTypes(answer) ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('admin.apiReference.contentType')}{' '}
                  {answer.contentTypes.map((type, index) => (
                    <Fragment key={type}>
                      {index > 0 ? ', ' : null}
                      <Code>{type}</Code>
                    </Fragment>
                  ))}
                </Text>
              ) : null}
              {answer.headers.map((header) => (
                <Text key={header.name} fontSize="sm" color="fg.muted">
                  {t('admin.apiReference.header')} <Code>{header.name}</Code> <WordedText wording={wording.header(answer, header)} />
                </Text>
              ))}
              {answer.bodyType ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('admin.apiReference.bodyIs')} <Code>{answer.bodyType}</Code>
                </Text>
              ) : null}
              {answer.fields.length > 0 ? (
                <FieldTable rows={answer.fields} label={t('admin.apiReference.answerOf', { status: answer.status, operation: title })} />
              ) : null}
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}
