import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { Instrument } from '../../../schemas/guarantee.schema';
import { businessToday } from '../../../schemas/date.schema';
import { useFormat } from '../../lib/format/use-format';
import { StatusBadge } from '../../lib/grid/status-badge';
import { useT } from '../../lib/i18n/use-t';
import { Facts, RecordViewHeader, ViewSection } from '../../lib/ui/record-view';
import { dueCountdown } from './instrument-values';

/**
 * `<guarantees page>/:id`: one instrument: who it is posted with (operator, branch, agent), what
 * it is (kind, issuer, number), its amount in the operator's currency, its dates, where it
 * stands on the business day and how long until it falls due (or since it did, or when it was
 * released).
 */
export function InstrumentView({ instrument, onEdit }: { instrument: Instrument; onEdit?: () => void }) {
  const t = useT();
  const format = useFormat();
  const countdown = dueCountdown(instrument, businessToday(), format.date);

  return (
    <Stack gap="5">
      <RecordViewHeader
        title={t('guarantees.view.title', { kind: t(`guarantees.kinds.${instrument.tipo}`), number: instrument.numero, issuer: instrument.emisor })}
        backHref="/"
        backKey="guarantees.view.backToList"
        onEdit={onEdit}
      />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ViewSection titleKey="guarantees.sections.instrument">
          <Facts
            items={[
              ['guarantees.fields.operador', instrument.operador],
              ['guarantees.fields.sucursal', instrument.sucursal],
              ['guarantees.fields.agente', instrument.agente],
              ['guarantees.fields.tipo', t(`guarantees.kinds.${instrument.tipo}`)],
              ['guarantees.fields.emisor', instrument.emisor],
              ['guarantees.fields.numero', instrument.numero],
            ]}
          />
        </ViewSection>
        <ViewSection titleKey="guarantees.sections.amount">
          <Facts
            items={[
              ['guarantees.fields.monto', format.money(instrument.monto, instrument.moneda)],
              ['guarantees.fields.fecha_emision', format.date(instrument.fecha_emision)],
              ['guarantees.fields.fecha_vencimiento', format.date(instrument.fecha_vencimiento)],
              ['guarantees.fields.liberada_en', instrument.liberada_en ? format.date(instrument.liberada_en) : t('guarantees.view.notReleased')],
              ['guarantees.fields.estado', <StatusBadge key="state" status={instrument.estado} labelPrefix="guarantees.states" />],
              ['guarantees.view.countdown', t(countdown.key, countdown.params)],
            ]}
          />
        </ViewSection>
      </SimpleGrid>
    </Stack>
  );
}
