import { SimpleGrid, Stat } from '@chakra-ui/react';
import type { SettlementDetail } from '../../../schemas/settlement.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ViewSection } from '../../lib/ui/record-view';

const ENERGY = ['energia_fisica_mwh', 'energia_flex_mwh', 'energia_total_mwh'] as const;
const AMOUNTS = ['liquidacion_energia', 'liquidacion_potencia', 'fee', 'margen', 'factura'] as const;

/** Prices and parameters are in USD; a Mexican settlement adds its invoice in MXN (the day's FIX). */
const AMOUNT_CURRENCY = 'USD';

/**
 * The month's totals: physical, flex and total MWh, and the energy, power, fee, margin and
 * invoice amounts; the invoice in MXN for a Mexican contract. Sums of the rows written by the
 * database (`totales`, the settlement's own totals): never added up here.
 */
export function SettlementTotals({ detail }: { detail: SettlementDetail }) {
  const t = useT();
  const format = useFormat();
  const sums = detail.totales;
  const mwh = (field: (typeof ENERGY)[number]) => {
    const value = sums?.[field] ?? (field === 'energia_total_mwh' ? detail.energia_total_mwh : '0');
    return t('settlements.view.totals.mwh', { value: format.decimal(value, { maxFractionDigits: 3 }) });
  };
  const mxn = detail.factura_mxn ?? sums?.factura_mxn ?? null;
  const items: Array<[string, string]> = [
    ...ENERGY.map((field): [string, string] => [field, mwh(field)]),
    ...AMOUNTS.map((field): [string, string] => [field, format.money(detail[field], AMOUNT_CURRENCY)]),
    ...(mxn !== null ? [['factura_mxn', format.money(mxn, 'MXN')] as [string, string]] : []),
  ];
  return (
    <ViewSection titleKey="settlements.view.sections.totals">
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="5">
        {items.map(([field, value]) => (
          <Stat.Root key={field} data-testid={`total-${field}`}>
            <Stat.Label>{t(`settlements.view.totals.${field}`)}</Stat.Label>
            <Stat.ValueText fontSize="xl" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
              {value}
            </Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
    </ViewSection>
  );
}
