import { Button, Heading, HStack, Link as ChakraLink, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Settlement } from '../../../schemas/settlement.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { Facts, ViewSection } from '../../lib/ui/record-view';
import { StateBadge, VersionBadge } from './settlement-badges';
import { settlementName, useMonthName } from './settlement-names';
import { listSettlements } from './settlements-api';

/**
 * The settlement of the other end of a reconciliation: the DF a CD was made from, or the CD
 * made from a DF (a settlement knows only that it was; they share contract and month).
 */
function useReconciliationPartner(settlement: Settlement) {
  const wanted = settlement.version_liquidacion === 'CD' ? 'DF' : settlement.conciliada ? 'CD' : null;
  const partner = useRequest(
    async () => {
      if (wanted === null) return null;
      const { data } = await listSettlements({ contrato_id: settlement.contrato_id, anio: settlement.anio, mes: settlement.mes, version: wanted, pagina: 1, por_pagina: 50 });
      return data.at(-1) ?? null;
    },
    { load: [settlement.contrato_id, settlement.anio, settlement.mes, wanted] },
  );
  return wanted === null ? null : { wanted, found: partner.data };
}

function SettlementLink({ settlement }: { settlement: Settlement }) {
  const t = useT();
  return (
    <ChakraLink asChild color="brand.fg">
      <Link href={`~/liquidaciones/${settlement.id}`}>{t('settlements.view.openSettlement', { name: settlementName(settlement), id: String(settlement.id) })}</Link>
    </ChakraLink>
  );
}

/**
 * The settlement's title (contract, month, version and state badges, the way back to the list)
 * and what it is: contract, company, month, who computed and validated it and when, and the
 * other end of its reconciliation; `children` (the commands) under those facts, `aside` (the
 * totals) beside them on a wide screen.
 */
export function SettlementHeader({ settlement, aside, children }: { settlement: Settlement; aside?: ReactNode; children?: ReactNode }) {
  const t = useT();
  const format = useFormat();
  const month = useMonthName(settlement);
  const partner = useReconciliationPartner(settlement);
  const byAt = (who: string | null | undefined, at: string | null | undefined) =>
    who ? t('settlements.view.byAt', { who, at: format.dateTime(at) }) : t('settlements.view.notYet');
  const facts: Array<[string, ReactNode]> = [
    [
      'settlements.view.fields.contract',
      <ChakraLink asChild color="brand.fg" key="contract">
        <Link href={`~/contratos/${settlement.contrato_id}`}>{`#${settlement.contrato_id} · ${settlement.contrato_codigo ?? ''}`}</Link>
      </ChakraLink>,
    ],
    ['settlements.view.fields.company', settlement.empresa_razon_social],
    ['settlements.view.fields.month', `${month} ${settlement.anio}`],
    ['settlements.view.fields.version', t(`settlements.common.versionNames.${settlement.version_liquidacion}`)],
    ['settlements.view.fields.state', <StateBadge state={settlement.estado} key="state" />],
    ['settlements.view.fields.computedBy', byAt(settlement.calculada_por, settlement.calculada_en)],
    ['settlements.view.fields.validatedBy', byAt(settlement.validada_por, settlement.validada_en)],
  ];
  if (partner) {
    facts.push([
      partner.wanted === 'DF' ? 'settlements.view.fields.reconciledFrom' : 'settlements.view.fields.reconciledTo',
      partner.found ? <SettlementLink settlement={partner.found} key="partner" /> : '',
    ]);
  }

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <HStack gap="3" wrap="wrap">
          <Heading as="h2" size="lg">
            {t('settlements.view.title', { contract: settlement.contrato_codigo ?? `#${settlement.contrato_id}`, month, year: String(settlement.anio) })}
          </Heading>
          <VersionBadge settlement={settlement} />
          <StateBadge state={settlement.estado} />
        </HStack>
        <Button variant="outline" asChild>
          <Link href="~/liquidaciones">{t('settlements.view.backToList')}</Link>
        </Button>
      </HStack>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
        <ViewSection titleKey="settlements.view.sections.header">
          <Stack gap="5">
            <Facts items={facts} />
            {children}
          </Stack>
        </ViewSection>
        {aside}
      </SimpleGrid>
    </Stack>
  );
}
