import type { InvoiceState } from '../../../schemas/invoice.schema';
import { StatusBadge } from '../../lib/grid/status-badge';

/** An invoice's status (draft, requested, issued, reconciled), coloured as every list's statuses. */
export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  return <StatusBadge status={state} labelPrefix="invoicing.states" />;
}
