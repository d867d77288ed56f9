import { Badge, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { subtractDecimals } from '../../../schemas/exact-decimal';
import type { PredespachoComparison } from '../../../schemas/logbook.schema';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { ImportFileField } from '../../lib/files/import-file-field';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { ImportReport } from '../../lib/files/import-report';
import { importPredespacho, predespachoComparison } from './logbooks-api';

const ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The EOR's predespacho of the operating day (AREAS.md (a); docs/logbooks.md): its workbook
 * imported (one per country file; a refused one lists every problem and stores nothing), and
 * what the day's sent log book declared against what the EOR programmed, per contract, PM and
 * direction. `onStored` lets the page read its reference prices again (the ex-ante ones came).
 */
export function PredespachoSection({ fecha, onStored }: { fecha: string; onStored: () => void }) {
  const t = useT();
  const format = useFormat();
  const titleId = useId();
  // A new field once a workbook is stored: no file chosen.
  const [stored, setStored] = useState(0);
  const comparison = useRequest(() => predespachoComparison(fecha), { load: [fecha] });
  const importing = useRequest((chosen: File) => importPredespacho(fecha, chosen), {
    onSuccess: (answer) => {
      if (answer.outcome !== 'stored') return;
      notify({
        type: 'success',
        message: t('logbooks.predespacho.stored', { pais: answer.pais_oso, day: format.date(fecha), tcp: answer.filas.TCP, top: answer.filas.TOP, pexante: answer.filas.PEXANTE }),
      });
      setStored((count) => count + 1);
      comparison.send();
      onStored();
    },
  });
  const refused = importing.state === 'success' && importing.data?.outcome === 'refused' ? importing.data.problems : null;
  const compared = comparison.data as PredespachoComparison | null;

  return (
    <Card.Root as="section" aria-labelledby={`${titleId}-title`}>
      <Card.Header>
        <Heading as="h2" size="md" id={`${titleId}-title`}>
          {t('logbooks.predespacho.title')}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t('logbooks.predespacho.intro')}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <ImportFileField key={stored} labelKey="logbooks.predespacho.file" accept={ACCEPT} busy={importing.state === 'loading'} importKey="logbooks.predespacho.import" onImport={(file) => importing.send(file)} />
          {importing.failure ? <ErrorAlert messageKey={importing.failure.messageKey} /> : null}
          {refused ? <ImportReport problems={refused} titleKey="errors.APP_ERR_PREDESPACHO_INVALID" /> : null}
          {comparison.failure ? <ErrorAlert messageKey={comparison.failure.messageKey} /> : null}
          {compared ? <ComparisonTable comparison={compared} /> : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Declared against programmed MWh per contract, PM and direction, with the periods that differ and those the EOR reduced. */
function ComparisonTable({ comparison }: { comparison: PredespachoComparison }) {
  const t = useT();
  const format = useFormat();
  if (comparison.lineas.length === 0) return <Text color="fg.muted">{t('logbooks.predespacho.nothingSent')}</Text>;
  const mwh = (value: string | null) => (value === null ? '—' : format.decimal(value));
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {t('logbooks.predespacho.comparisonTitle')}
      </Heading>
      {comparison.importado ? null : <Text color="fg.warning">{t('logbooks.predespacho.notImported')}</Text>}
      <Table.Root size="sm" aria-label={t('logbooks.predespacho.comparisonTitle')}>
        <Table.Header>
          <Table.Row>
            {(['contract', 'pm', 'direction', 'declared', 'programmed', 'difference', 'differing', 'reduced'] as const).map((column) => (
              <Table.ColumnHeader key={column} textAlign={['contract', 'pm', 'direction'].includes(column) ? undefined : 'end'}>
                {t(`logbooks.predespacho.columns.${column}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {comparison.lineas.map((line) => (
            <Table.Row key={`${line.contrato_codigo}|${line.pm}|${line.sentido}`}>
              <Table.Cell>{line.contrato_codigo}</Table.Cell>
              <Table.Cell>{line.pm}</Table.Cell>
              <Table.Cell>{t(`logbooks.predespacho.directions.${line.sentido}`)}</Table.Cell>
              <Table.Cell textAlign="end">{mwh(line.mwh_declarada)}</Table.Cell>
              <Table.Cell textAlign="end">{comparison.importado ? mwh(line.mwh_programada) : '—'}</Table.Cell>
              <Table.Cell textAlign="end">
                {comparison.importado ? mwh(subtractDecimals(line.mwh_programada ?? '0', line.mwh_declarada ?? '0')) : '—'}
              </Table.Cell>
              <Table.Cell textAlign="end">{comparison.importado ? <PeriodCount count={line.periodos_distintos} /> : '—'}</Table.Cell>
              <Table.Cell textAlign="end">{comparison.importado ? format.decimal(line.periodos_reducidos) : '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

/** Periods that differ: flagged when any do. */
function PeriodCount({ count }: { count: number }) {
  const format = useFormat();
  return count > 0 ? <Badge colorPalette="orange">{format.decimal(count)}</Badge> : <>{format.decimal(count)}</>;
}
