import { Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { addDecimals } from '../../../schemas/exact-decimal';
import { OFFER_SCOPES, offerRuleBreaks, type OfferDirection, type Logbook, type OfferRow, type OffersView, type SlvLimit } from '../../../schemas/logbook.schema';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { DecimalCellInput } from '../../lib/grid/decimal-cell-input';
import { useT } from '../../lib/i18n/use-t';
import { PageTabs } from '../../lib/ui/page-tabs';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { readOffers, saveOffers, type OfferCall } from './logbooks-api';
import { offerSheet, SLV_SHAPE } from './offer-sheet';
import { OfferSheetCard } from './offer-sheet-card';
import { OperatingDayField, useOperatingDay } from './operating-day';
import { SheetCard } from './sheet-card';

const SIDES = { inyeccion: { sentido: 'I', call: 'slvInyeccion' }, retiro: { sentido: 'R', call: 'slvRetiro' } } as const satisfies Record<string, { sentido: OfferDirection; call: OfferCall }>;
type Side = keyof typeof SIDES;

/**
 * `/procesos/bitacoras/slv/`: El Salvador's top (opportunity) offers of an operating day (spec
 * sections 2 and 7; docs/logbooks.md), injection and withdrawal apart (`?lado=`), the day in the
 * URL. Each unit (PM) offers up to five price/MW blocks per period; injection offers sit beside
 * the unit's limits of the day (floor price = variable cost + system charge, offerable MW),
 * which the rules check before anything is saved, and the server again.
 */
export default function SlvOffersPage() {
  const t = useT();
  const [fecha, setFecha] = useOperatingDay();
  const [params, setParams] = useSearchParams();
  const side: Side = params.get('lado') === 'retiro' ? 'retiro' : 'inyeccion';
  const view = useRequest(() => readOffers(SIDES[side].call, fecha), { load: [side, fecha] });
  const loaded = view.data !== null && view.state !== 'loading' ? (view.data as OffersView) : null;

  return (
    <Stack gap="5">
      <OperatingDayField fecha={fecha} onChange={setFecha} />
      <PageTabs
        value={side}
        tabs={[
          ['inyeccion', t('logbooks.slv.injection')],
          ['retiro', t('logbooks.slv.withdrawal')],
        ]}
        onChange={(value) => setParams((previous) => ({ ...Object.fromEntries(previous), lado: value }))}
      >
        <Stack gap="5">
          {view.failure ? <ErrorAlert messageKey={view.failure.messageKey} /> : null}
          {loaded ? <TopOffers key={`${side}|${fecha}`} side={side} fecha={fecha} view={loaded} /> : null}
        </Stack>
      </PageTabs>
    </Stack>
  );
}

/** The units' limits of the day as typed (wire decimals), by PM. */
type LimitDraft = SlvLimit;

function TopOffers({ side, fecha, view }: { side: Side; fecha: string; view: OffersView }) {
  const t = useT();
  const format = useFormat();
  const { sentido, call } = SIDES[side];
  const shape = SLV_SHAPE(sentido);
  const [limits, setLimits] = useState<LimitDraft[]>(() => view.limites.map(({ pm, costo_variable, cargo_sistema, mw_ofertable }) => ({ pm, costo_variable, cargo_sistema, mw_ofertable })));
  // The day's log book as last saved here (its version is what the next save sends).
  const [bitacora, setBitacora] = useState<Logbook | null>(view.bitacora);
  const readOnly = bitacora !== null && bitacora.estado !== 'borrador';
  const typedLimits = () => limits.filter((limit) => limit.costo_variable !== '' && limit.cargo_sistema !== '' && limit.mw_ofertable !== '');

  const check = (filas: OfferRow[]) => {
    const limitesSlv = new Map(typedLimits().map((limit) => [limit.pm, { precio_piso: addDecimals(limit.costo_variable, limit.cargo_sistema), mw_ofertable: limit.mw_ofertable }]));
    return offerRuleBreaks(filas, { mercado: 'SLV', potenciaAnexo: new Map(), limitesSlv }, OFFER_SCOPES[call]);
  };
  const submit = async (filas: OfferRow[]) => {
    setBitacora(await saveOffers(call, { fecha_operacion: fecha, filas, ...(bitacora ? { version: bitacora.version } : {}), ...(sentido === 'I' ? { limites: typedLimits() } : {}) }));
    const message = t('logbooks.slv.saved', { day: format.date(fecha), count: filas.length });
    notify({ type: 'success', message });
    return message;
  };

  const limitField = (limit: LimitDraft, field: 'costo_variable' | 'cargo_sistema' | 'mw_ofertable') => (
    <DecimalCellInput
      value={limit[field]}
      label={t(`logbooks.slv.limitOf.${field}`, { pm: limit.pm })}
      invalid={false}
      onType={(wire) => setLimits((current) => current.map((item) => (item.pm === limit.pm ? { ...item, [field]: wire } : item)))}
    />
  );

  return (
    <Stack gap="4">
      {sentido === 'I' ? (
        <SheetCard title={t('logbooks.slv.limitsTitle')} intro={t('logbooks.slv.limitsIntro')}>
          {limits.length === 0 ? (
            <Text color="fg.muted">{t('logbooks.slv.noUnits')}</Text>
          ) : (
            <Table.Root size="sm" aria-label={t('logbooks.slv.limitsTitle')}>
              <Table.Header>
                <Table.Row>
                  {(['pm', 'costo_variable', 'cargo_sistema', 'precio_piso', 'mw_ofertable'] as const).map((field) => (
                    <Table.ColumnHeader key={field}>{t(`logbooks.slv.limitColumns.${field}`)}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {limits.map((limit) => (
                  <Table.Row key={limit.pm}>
                    <Table.Cell>{limit.pm}</Table.Cell>
                    <Table.Cell>{readOnly ? format.decimal(limit.costo_variable) : limitField(limit, 'costo_variable')}</Table.Cell>
                    <Table.Cell>{readOnly ? format.decimal(limit.cargo_sistema) : limitField(limit, 'cargo_sistema')}</Table.Cell>
                    <Table.Cell textAlign="end">{limit.costo_variable !== '' && limit.cargo_sistema !== '' ? format.decimal(addDecimals(limit.costo_variable, limit.cargo_sistema)) : '—'}</Table.Cell>
                    <Table.Cell>{readOnly ? format.decimal(limit.mw_ofertable) : limitField(limit, 'mw_ofertable')}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </SheetCard>
      ) : null}
      <OfferSheetCard
        title={t(sentido === 'I' ? 'logbooks.slv.injectionTitle' : 'logbooks.slv.withdrawalTitle')}
        shape={shape}
        wording="slv"
        initial={offerSheet(view.bitacora, sentido === 'I' ? view.limites.map((limit) => limit.pm) : [], shape)}
        readOnly={readOnly}
        newUnitPlaceholder={t('logbooks.slv.newUnitPlaceholder')}
        check={check}
        submit={submit}
        onUnitAdded={(pm) => (sentido === 'I' ? setLimits((current) => [...current, { pm, costo_variable: '', cargo_sistema: '', mw_ofertable: '' }]) : undefined)}
      />
    </Stack>
  );
}
