import { Badge } from '@chakra-ui/react';
import { useT } from '../i18n/use-t';

/** Colour of each record status the product shows as a badge. */
const PALETTES: Record<string, string> = {
  active: 'green',
  pending: 'orange',
  inactive: 'gray',
  // Settlements: prepared (may still change) and validated (final).
  preliminar: 'orange',
  validada: 'green',
  // Invoices: a draft, requested (locked), issued (owed), reconciled (paid).
  GUARDADO: 'gray',
  SOLICITADO: 'orange',
  FACTURADO: 'blue',
  CONCILIADO: 'green',
  // Charge periods and guarantee instruments: in force today, still to come, over; an
  // instrument given back before its due date.
  vigente: 'green',
  futura: 'blue',
  vencida: 'gray',
  liberada: 'purple',
};

/** A status as a coloured badge; `labelPrefix` + status is the i18n key of its text. */
export function StatusBadge({ status, labelPrefix }: { status: string; labelPrefix: string }) {
  const t = useT();
  return (
    <Badge colorPalette={PALETTES[status] ?? 'gray'} variant="subtle">
      {t(`${labelPrefix}.${status}`)}
    </Badge>
  );
}
