import type { InvoiceFacts, InvoiceUser } from '../../../machines/invoicing/invoice.machine';
import type { Invoice } from '../../../schemas/invoice.schema';
import { usePageActions } from '../../app/session/use-page-actions';
import { useSession } from '../../app/session/use-session';

/**
 * The signed-in user as the invoice lifecycle asks about them: the `facturacion` view key for
 * every command, and the Settlements `validate` action besides for issuing (docs/invoicing.md).
 */
export function useInvoiceUser(): InvoiceUser {
  const { user, permissions } = useSession();
  const { validate } = usePageActions('Settlements');
  return { email: user?.email ?? '', mayInvoice: permissions?.includes('facturacion') ?? false, mayIssue: validate };
}

/** What the lifecycle reads of a stored invoice (nothing paid when the answer leaves it out). */
export function invoiceFacts(invoice: Invoice): InvoiceFacts {
  return {
    estado: invoice.estado,
    solicitado_por: invoice.solicitado_por ?? null,
    total: invoice.total,
    pagado: invoice.pagado ?? '0',
    moneda: invoice.moneda,
  };
}
