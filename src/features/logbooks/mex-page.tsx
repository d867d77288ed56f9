import { Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { LINK_LIMITS_MW, OFFER_SCOPES, offerRuleBreaks, type ActiveAnnex, type Logbook, type OfferDirection, type OfferRow, type OffersView } from '../../../schemas/logbook.schema';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { PageTabs } from '../../lib/ui/page-tabs';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { ImportAgentsSection } from './import-agents-section';
import { impomexAnnexes, readOffers, saveOffers, type OfferCall } from './logbooks-api';
import { MEX_SHAPE, offerSheet } from './offer-sheet';
import { OfferSheetCard } from './offer-sheet-card';
import { OperatingDayField, useOperatingDay } from './operating-day';

const SECTIONS = {
  exportacion: { sentido: 'I', call: 'mexExportacion', title: 'logbooks.mex.exportTitle' },
  importacion: { sentido: 'R', call: 'mexImportacion', title: 'logbooks.mex.importTitle' },
} as const satisfies Record<string, { sentido: OfferDirection; call: OfferCall; title: string }>;
type OfferSection = keyof typeof SECTIONS;
type Section = OfferSection | 'agentes';

const isSection = (value: string | null): value is Section => value === 'agentes' || (value !== null && Object.hasOwn(SECTIONS, value));

/**
 * `/procesos/bitacoras/mex/`: the offers at the Mexico link of an operating day (spec sections 2
 * and 7; docs/logbooks.md), export (MX -> GT) and import (GT -> MX) apart, and the thermal agents
 * behind the import offers (`?seccion=`, the day in the URL). A CENACE offer is a fixed MW and up
 * to three segments priced in MXN; each price shows its USD equivalent at the day's FIX, and the
 * link's MW per hour is checked before anything is saved, and by the server again.
 */
export default function MexOffersPage() {
  const t = useT();
  const [fecha, setFecha] = useOperatingDay();
  const [params, setParams] = useSearchParams();
  const named = params.get('seccion');
  const section: Section = isSection(named) ? named : 'exportacion';

  return (
    <Stack gap="5">
      {section === 'agentes' ? null : <OperatingDayField fecha={fecha} onChange={setFecha} />}
      <PageTabs
        value={section}
        tabs={(['exportacion', 'importacion', 'agentes'] as const).map((value) => [value, t(`logbooks.mex.tabs.${value}`)])}
        onChange={(value) => setParams((previous) => ({ ...Object.fromEntries(previous), seccion: value }))}
      >
        {section === 'agentes' ? <ImportAgentsSection /> : <LinkOffers key={`${section}|${fecha}`} section={section} fecha={fecha} />}
      </PageTabs>
    </Stack>
  );
}

/** A day's offers in one direction, with the FIX and the link's limit above them (and, for imports, the import annexes in force). */
function LinkOffers({ section, fecha }: { section: OfferSection; fecha: string }) {
  const t = useT();
  const format = useFormat();
  const { sentido, call } = SECTIONS[section];
  const view = useRequest(() => readOffers(call, fecha), { load: [] });
  const loaded = view.data !== null && view.state !== 'loading' ? (view.data as OffersView) : null;

  return (
    <Stack gap="4">
      {view.failure ? <ErrorAlert messageKey={view.failure.messageKey} /> : null}
      {loaded ? (
        <>
          <Stack gap="1">
            <Text textStyle="sm" color={loaded.tipo_cambio ? 'fg.muted' : 'fg.warning'}>
              {loaded.tipo_cambio ? t('logbooks.mex.rate', { rate: format.decimal(loaded.tipo_cambio) }) : t('logbooks.mex.noRate')}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {t('logbooks.mex.link', { max: format.decimal(loaded.limite_enlace_mw ?? LINK_LIMITS_MW[sentido]) })}
            </Text>
          </Stack>
          <LinkSheet section={section} fecha={fecha} view={loaded} />
        </>
      ) : null}
      {section === 'importacion' ? <ImportAnnexes fecha={fecha} /> : null}
    </Stack>
  );
}

/** A day's offers in one direction as a sheet; a save answers the log book, whose version the next save sends. */
function LinkSheet({ section, fecha, view }: { section: OfferSection; fecha: string; view: OffersView }) {
  const t = useT();
  const format = useFormat();
  const { sentido, call, title } = SECTIONS[section];
  const shape = MEX_SHAPE(sentido);
  const [bitacora, setBitacora] = useState<Logbook | null>(view.bitacora);

  const check = (filas: OfferRow[]) => offerRuleBreaks(filas, { mercado: 'MEX', potenciaAnexo: new Map(), limiteEnlace: LINK_LIMITS_MW }, OFFER_SCOPES[call]);
  const submit = async (filas: OfferRow[]) => {
    setBitacora(await saveOffers(call, { fecha_operacion: fecha, filas, ...(bitacora ? { version: bitacora.version } : {}) }));
    const message = t('logbooks.mex.saved', { day: format.date(fecha), count: filas.length });
    notify({ type: 'success', message });
    return message;
  };

  return (
    <OfferSheetCard
      title={t(title)}
      shape={shape}
      wording="mex"
      initial={offerSheet(view.bitacora, [], shape)}
      readOnly={bitacora !== null && bitacora.estado !== 'borrador'}
      newUnitPlaceholder={t('logbooks.mex.newUnitPlaceholder')}
      mxnPerUsd={view.tipo_cambio}
      check={check}
      submit={submit}
    />
  );
}

/** The import (GT -> MX) annexes in force on the day: contract, counterparty, PMs and contracted MW. */
function ImportAnnexes({ fecha }: { fecha: string }) {
  const t = useT();
  const format = useFormat();
  const annexes = useRequest(() => impomexAnnexes(fecha), { load: [] });
  const rows = (annexes.data as ActiveAnnex[] | null) ?? [];
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {t('logbooks.mex.annexesTitle')}
        </Heading>
      </Card.Header>
      <Card.Body>
        {annexes.failure ? <ErrorAlert messageKey={annexes.failure.messageKey} /> : null}
        {annexes.data !== null && rows.length === 0 ? (
          <Text color="fg.muted">{t('logbooks.mex.annexesEmpty')}</Text>
        ) : (
          <Table.Root size="sm" aria-label={t('logbooks.mex.annexesTitle')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('logbooks.mer.columns.contract')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('logbooks.mer.columns.counterparty')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('logbooks.mer.columns.pm')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('logbooks.mer.columns.contracted')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((annex) => (
                <Table.Row key={annex.anexo_id}>
                  <Table.Cell>{annex.contrato_codigo}</Table.Cell>
                  <Table.Cell>{annex.contraparte}</Table.Cell>
                  <Table.Cell>{[...annex.pmi, ...annex.pmr].join(', ')}</Table.Cell>
                  <Table.Cell textAlign="end">{format.decimal(annex.potencia_mw)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
