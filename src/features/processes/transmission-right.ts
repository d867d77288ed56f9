import type { Formatters } from '../../lib/format/use-format';

/** A candidate's transmission right as the server writes it: an amount in dollars (`1750 $`) or a share (`15 %`). */
const RIGHT = /^(\d+(?:\.\d+)?) (\$|%)$/;

/**
 * A transmission right in the language's notation, as money (`USD 1,750.00` / `1.750,00 USD`)
 * or a percentage (`15%` / `15 %`); a text of another shape is shown as it is.
 */
export function transmissionRightText(value: string | null, format: Formatters): string {
  const match = value ? RIGHT.exec(value.trim()) : null;
  if (!match) return value ?? '';
  const [, amount = '', kind] = match;
  return kind === '%' ? format.percent(amount) : format.money(amount, 'USD');
}
