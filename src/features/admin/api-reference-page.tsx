import { Accordion, Badge, Box, Button, Code, Heading, HStack, Input, NativeSelect, Span, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useRequest } from '../../lib/api/use-request';
import { FormField } from '../../lib/forms/form-field';
import { useListState } from '../../lib/grid/use-list-state';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { ScrollTable } from '../../lib/ui/scroll-table';
import { useLocale } from '../../lib/i18n/use-locale';
import { getApiReference } from './admin-api';
import { DocumentText, MethodBadge, OperationDetails, PermissionBadges } from './api-reference-operation';
import { useApiWording } from './api-reference-wording';
import { areasOf, matchesSearch, type Area, type OpenApiDocument } from './openapi-reading';

/** An area's name in an i18n group (`log books` -> `logBooks`, `market site (simulated)` -> `marketSiteSimulated`). */
function areaKey(tag: string): string {
  const words = tag.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}

/** An area's name in the reader's language; the document's tag where there is no translation. */
function useAreaName() {
  const t = useT();
  return useCallback(
    (tag: string) => {
      const key = `admin.apiReference.areas.${areaKey(tag)}`;
      const name = t(key);
      return name === key ? tag : name;
    },
    [t],
  );
}

/**
 * What an area holds, in the reader's language (`admin.apiReference.areaDescriptions`); the
 * document's English description, marked so, for an area the catalogue does not know.
 */
function useAreaDescription() {
  const t = useT();
  return (area: Area) => {
    const key = `admin.apiReference.areaDescriptions.${areaKey(area.tag)}`;
    const text = t(key);
    return text === key ? { text: area.description, english: true } : { text, english: false };
  };
}

function AreaSection({ area }: { area: Area }) {
  const areaName = useAreaName();
  const description = useAreaDescription()(area);
  const headingId = `api-area-${area.tag.replace(/\W+/g, '-')}`;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="2">
      <HStack gap="3" alignItems="baseline" flexWrap="wrap">
        <Heading as="h2" size="lg" id={headingId}>
          {areaName(area.tag)}
        </Heading>
        {area.doc ? <Code>{area.doc}</Code> : null}
      </HStack>
      {description.text ? (
        <Text color="fg.muted" lang={description.english ? 'en' : undefined}>
          <DocumentText text={description.text} />
        </Text>
      ) : null}
      <Accordion.Root multiple collapsible lazyMount variant="enclosed">
        {area.operations.map((operation) => (
          <Accordion.Item key={operation.id} value={operation.id}>
            <Accordion.ItemTrigger cursor="pointer">
              <HStack gap="3" flex="1" flexWrap="wrap" textAlign="start">
                <MethodBadge method={operation.method} />
                <Span fontFamily="mono" fontSize="sm" wordBreak="break-all">
                  {operation.path}
                </Span>
                <PermissionBadges operation={operation} />
              </HStack>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody>
                <OperationDetails operation={operation} />
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Stack>
  );
}

/**
 * The document as a file, from what the page already holds (the address needs the bearer
 * token, so a plain link to it would fail). A link to its blob rather than lib/files/save-blob:
 * that module's Content-Disposition parser (CommonJS) would split the bundler's interop helpers
 * out of the sign-in page's chunks.
 */
function DownloadLink({ doc }: { doc: OpenApiDocument }) {
  const t = useT();
  const href = useMemo(() => URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' })), [doc]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <Button asChild variant="outline" mt="6">
      <a href={href} download="openapi.json">
        {t('admin.apiReference.download')}
      </a>
    </Button>
  );
}

/** Every code of the error catalogue, its status and its message in the reader's language. */
function ErrorCodes({ doc }: { doc: OpenApiDocument }) {
  const t = useT();
  const codes = doc['x-error-codes'] ?? [];
  return (
    <Stack as="section" aria-labelledby="api-error-codes" gap="2">
      <Heading as="h2" size="lg" id="api-error-codes">
        {t('admin.apiReference.errorCodes')}
      </Heading>
      <Text color="fg.muted">{t('admin.apiReference.errorBody')}</Text>
      <ScrollTable label={t('admin.apiReference.errorCodes')} borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label={t('admin.apiReference.errorCodes')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('admin.apiReference.columns.code')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.apiReference.columns.status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.apiReference.columns.message')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {codes.map((entry) => (
              <Table.Row key={entry.code}>
                <Table.Cell as="th" scope="row" fontFamily="mono" fontWeight="medium">
                  {entry.code}
                </Table.Cell>
                <Table.Cell>
                  <Badge fontFamily="mono">{entry.statusCode}</Badge>
                </Table.Cell>
                <Table.Cell>{t(`errors.${entry.code}`)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollTable>
    </Stack>
  );
}

/**
 * `/admin-usuario/referencia-api/`: the server's API reference (GET /api/openapi.json,
 * docs/api-reference.md) for administrators: every operation by area with who may call it, its parameters, body and
 * answers; the search and the area in the URL.
 */
export default function ApiReferencePage() {
  const t = useT();
  const locale = useLocale();
  const areaName = useAreaName();
  const areaDescription = useAreaDescription();
  const wording = useApiWording();
  const { state, setQuick, setFilter } = useListState(['area']);
  const reference = useRequest(() => getApiReference(), { load: [] });
  const doc = reference.data;
  const areas = useMemo(() => (doc ? areasOf(doc, wording.schemaWords) : []), [doc, wording]);
  const shown = useMemo(
    () =>
      areas
        .filter((area) => !state.filters.area || area.tag === state.filters.area)
        .map((area) => ({
          ...area,
          operations: area.operations.filter((operation) => matchesSearch(operation, state.quick, [areaName(area.tag), ...wording.names(operation)])),
        }))
        .filter((area) => area.operations.length > 0),
    [areas, state.filters.area, state.quick, areaName, wording],
  );
  // Said once, to a reader of another language, when an area or an operation shown keeps some of
  // the document's own English (a note nothing structured names: another protocol's answers).
  const keepsEnglish =
    !locale.startsWith('en') &&
    shown.some((area) => areaDescription(area).english || area.operations.some((operation) => wording.hasEnglish(operation)));

  if (reference.state === 'failure' && reference.failure) {
    return (
      <ErrorAlert messageKey={reference.failure.messageKey}>
        <Button size="sm" variant="outline" onClick={() => reference.send()}>
          {t('common.retry')}
        </Button>
      </ErrorAlert>
    );
  }
  if (!doc) return <Text color="fg.muted">{t('common.loading')}</Text>;

  const operationCount = areas.reduce((sum, area) => sum + area.operations.length, 0);
  const shownCount = shown.reduce((sum, area) => sum + area.operations.length, 0);
  return (
    <Stack gap="6">
      <Text color="fg.muted" maxW="4xl">
        {t('admin.apiReference.intro', { count: operationCount, areas: areas.length, version: doc.info.version })}
      </Text>
      <HStack gap="4" alignItems="start" flexWrap="wrap">
        <Box flex="1" minW="60" maxW="md">
          <FormField labelKey="admin.apiReference.search" error={undefined} helperKey="admin.apiReference.searchHint">
            <Input type="search" value={state.quick} onChange={(event) => setQuick(event.target.value)} />
          </FormField>
        </Box>
        <Box minW="56">
          <FormField labelKey="admin.apiReference.area" error={undefined}>
            <NativeSelect.Root>
              <NativeSelect.Field value={state.filters.area} onChange={(event) => setFilter('area', event.target.value)}>
                <option value="">{t('admin.apiReference.allAreas')}</option>
                {areas.map((area) => (
                  <option key={area.tag} value={area.tag}>
                    {areaName(area.tag)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Box>
        <DownloadLink doc={doc} />
      </HStack>
      <Text role="status" color="fg.muted">
        {t('admin.apiReference.shown', { count: shownCount })}
      </Text>
      {keepsEnglish ? <Text color="fg.muted">{t('admin.apiReference.englishNotes')}</Text> : null}
      {shown.map((area) => (
        <AreaSection key={area.tag} area={area} />
      ))}
      <ErrorCodes doc={doc} />
    </Stack>
  );
}
