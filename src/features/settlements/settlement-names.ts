import type { Settlement } from '../../../schemas/settlement.schema';
import { monthNames } from '../../lib/format/month-names';
import { useFormat } from '../../lib/format/use-format';

/** The settlement's month as its language names it ("Marzo", "March"). */
export function useMonthName(settlement: Pick<Settlement, 'mes'>): string {
  const format = useFormat();
  return monthNames(format.locale)[settlement.mes - 1] ?? String(settlement.mes);
}

/** How a settlement is named among its month's: PE, DF, CD1, CD2... */
export function settlementName(settlement: Pick<Settlement, 'version_liquidacion' | 'reconciliacion'>): string {
  return settlement.version_liquidacion === 'CD' ? `CD${settlement.reconciliacion}` : settlement.version_liquidacion;
}
