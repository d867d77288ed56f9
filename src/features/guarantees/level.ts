import { compareDecimals } from '../../../schemas/exact-decimal';
import type { GuaranteeDay } from '../../../schemas/guarantee.schema';

/** How much of an operator's guarantee its liabilities take: under 80 % ok, 80-100 % a warning, 100 % and over (or nothing guaranteed with liabilities) short. */
export type UseLevel = 'ok' | 'aviso' | 'corto';

/** The colour palette of each level (green, amber, red), as the list and the alerts paint it. */
export const LEVEL_PALETTE: Record<UseLevel, string> = { ok: 'green', aviso: 'orange', corto: 'red' };

/** A day's level (AREAS.md (c): utilisation under 80 % green, 80-100 % amber, 100 % and over red). */
export function levelOf(day: Pick<GuaranteeDay, 'utilizacion_pct' | 'valor_disponible'>): UseLevel {
  if (day.utilizacion_pct === null) return compareDecimals(day.valor_disponible, '0') < 0 ? 'corto' : 'ok';
  if (compareDecimals(day.utilizacion_pct, '100') >= 0) return 'corto';
  return compareDecimals(day.utilizacion_pct, '80') >= 0 ? 'aviso' : 'ok';
}
