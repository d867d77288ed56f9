import { Button, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import type { Settlement } from '../../../schemas/settlement.schema';
import { notify } from '../../app/notifications';
import { useSession } from '../../app/session/use-session';
import { useRequest } from '../../lib/api/use-request';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { draftInvoice, listInvoices } from '../invoicing/invoicing-api';

/**
 * The invoice of a validated DF or CD, for whoever holds the `facturacion` view key: a link to
 * its document once drafted, else the button that drafts it (an invoice, or a note of the CD's
 * difference) and opens it. A PE is never invoiced; a preliminary one is not yet.
 */
export function SettlementInvoice({ settlement }: { settlement: Settlement }) {
  const { permissions } = useSession();
  const invoiceable = settlement.estado === 'validada' && settlement.version_liquidacion !== 'PE' && (permissions?.includes('facturacion') ?? false);
  return invoiceable ? <InvoiceOfSettlement settlement={settlement} /> : null;
}

function InvoiceOfSettlement({ settlement }: { settlement: Settlement }) {
  const t = useT();
  const [, navigate] = useLocation();
  const existing = useRequest(() => listInvoices({ liquidacion_id: settlement.id, pagina: 1, por_pagina: 1 }), { load: [settlement.id] });
  const draft = useRequest(() => draftInvoice(settlement.id), {
    onSuccess: (invoice) => {
      notify({ type: 'success', message: t('settlements.view.invoiceDrafted', { id: String(invoice.id) }) });
      navigate(`~/facturacion/${invoice.id}`);
    },
  });
  const invoice = existing.data?.data[0] ?? null;
  return (
    <Stack as="section" aria-labelledby="settlement-invoice" gap="2" borderTopWidth="1px" paddingTop="4">
      <Heading as="h4" size="sm" id="settlement-invoice">
        {t('settlements.view.invoice')}
      </Heading>
      {existing.failure ? <ErrorAlert messageKey={existing.failure.messageKey} /> : null}
      {draft.failure ? <ErrorAlert messageKey="settlements.view.invoiceDraftFailed">{t(draft.failure.messageKey)}</ErrorAlert> : null}
      {invoice ? (
        <ChakraLink asChild color="brand.fg">
          <Link href={`~/facturacion/${invoice.id}`}>{t('settlements.view.openInvoice', { kind: t(`invoicing.kinds.${invoice.tipo_documento}`), id: String(invoice.id) })}</Link>
        </ChakraLink>
      ) : existing.state === 'success' ? (
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="blue" variant="outline" loading={draft.state === 'loading'} onClick={() => draft.send()}>
            {t('settlements.view.draftInvoice')}
          </Button>
          <Text color="fg.muted" textStyle="sm">
            {t('settlements.view.draftInvoiceHint')}
          </Text>
        </HStack>
      ) : null}
    </Stack>
  );
}
