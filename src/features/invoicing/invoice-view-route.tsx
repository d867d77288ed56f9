import { Button, Card, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { InvoiceDetail } from '../../../schemas/invoice.schema';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { InvoiceStateBadge } from './invoice-badges';
import { InvoiceCommands, type InvoicePanel } from './invoice-commands';
import { InvoiceDocument } from './invoice-document';
import { InvoiceDraftForm } from './invoice-draft-form';
import { InvoiceIssueForm } from './invoice-issue-form';
import { invoiceReference } from './invoice-names';
import { invoiceOffers } from './invoice-offers';
import { InvoicePaymentForm } from './invoice-payment-form';
import { InvoicePrintStyle } from './invoice-print-style';
import { getInvoice } from './invoicing-api';
import { useInvoiceUser } from './use-invoice-user';

/**
 * `/facturacion/:id`: one invoice or note as a printable document in the page's language, the
 * way back to the list and to the settlement it comes from, and the commands the lifecycle
 * offers the user, whose forms open above the document. Reloaded after every command (the
 * server's answer is what is shown).
 */
export function InvoiceViewRoute({ id }: { id: number }) {
  const t = useT();
  const detail = useRequest(() => getInvoice(id), { load: [id] });
  if (detail.data === null) {
    return detail.failure ? <ErrorAlert messageKey={detail.failure.messageKey} /> : <Text color="fg.muted">{t('invoicing.view.loading')}</Text>;
  }
  return <InvoiceView invoice={detail.data} onChanged={() => detail.send()} />;
}

function InvoiceView({ invoice, onChanged }: { invoice: InvoiceDetail; onChanged: () => void }) {
  const t = useT();
  const format = useFormat();
  const user = useInvoiceUser();
  const offers = invoiceOffers(invoice, user);
  const [panel, setPanel] = useState<InvoicePanel | null>(null);
  const kind = t(`invoicing.kinds.${invoice.tipo_documento}`);
  const month = invoice.mes && invoice.anio ? format.month(invoice.anio, invoice.mes) : '';
  const saved = (messageKey: string) => () => {
    notify({ type: 'success', message: t(messageKey) });
    setPanel(null);
    onChanged();
  };
  const close = () => setPanel(null);

  return (
    <Stack gap="5">
      <InvoicePrintStyle />
      <HStack justify="space-between" wrap="wrap" gap="3">
        <HStack gap="3" wrap="wrap">
          <Heading as="h2" size="lg">
            {t('invoicing.view.title', { kind, reference: invoiceReference(invoice), contract: invoice.contrato_codigo ?? '', month })}
          </Heading>
          <InvoiceStateBadge state={invoice.estado} />
        </HStack>
        <Button variant="outline" asChild>
          <Link href="~/facturacion">{t('invoicing.view.backToList')}</Link>
        </Button>
      </HStack>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <HStack gap="5" wrap="wrap">
              <ChakraLink asChild color="brand.fg">
                <Link href={`~/liquidaciones/${invoice.liquidacion_id}`}>{t('invoicing.view.settlement', { id: String(invoice.liquidacion_id) })}</Link>
              </ChakraLink>
              {invoice.factura_origen_id ? (
                <ChakraLink asChild color="brand.fg">
                  <Link href={`/${invoice.factura_origen_id}`}>{t('invoicing.view.origin', { id: String(invoice.factura_origen_id) })}</Link>
                </ChakraLink>
              ) : null}
            </HStack>
            <InvoiceCommands invoice={invoice} offers={offers} panel={panel} onPanel={setPanel} onChanged={onChanged} />
          </Stack>
        </Card.Body>
      </Card.Root>
      {panel === 'edit' && offers.edit ? <InvoiceDraftForm invoice={invoice} onSaved={saved('invoicing.edit.saved')} onLeft={close} /> : null}
      {panel === 'issue' && offers.issue ? <InvoiceIssueForm invoice={invoice} onSaved={saved('invoicing.issue.saved')} onLeft={close} /> : null}
      {panel === 'pay' && offers.pay ? <InvoicePaymentForm invoice={invoice} onSaved={saved('invoicing.payment.saved')} onLeft={close} /> : null}
      <InvoiceDocument invoice={invoice} />
    </Stack>
  );
}
