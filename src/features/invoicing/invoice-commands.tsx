import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useEffectEvent } from 'react';
import type { Invoice } from '../../../schemas/invoice.schema';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { invoiceReference } from './invoice-names';
import type { InvoiceOffers } from './invoice-offers';
import { downloadInvoicePdf, requestInvoices } from './invoicing-api';

/** The invoice page's forms, one open at a time. */
export type InvoicePanel = 'edit' | 'issue' | 'pay';

/** Refusals that mean the page shows an older invoice than the stored one: it reloads. */
const OUTDATED = new Set(['APP_ERR_RECORD_STALE', 'APP_ERR_INVOICE_NOT_DRAFT']);

/**
 * What the user may do with the invoice: print it (the browser's print: the document alone is
 * printed), download it as a PDF drawn by the server in the page's language, and the
 * lifecycle's commands `offers` holds: edit the draft,
 * request it (confirmed first: it is locked from then on), issue it, record a payment. The
 * forms open below; requesting waits for the server, and `onChanged` reloads the invoice.
 */
export function InvoiceCommands({
  invoice,
  offers,
  panel,
  onPanel,
  onChanged,
}: {
  invoice: Invoice;
  offers: InvoiceOffers;
  panel: InvoicePanel | null;
  onPanel: (panel: InvoicePanel) => void;
  onChanged: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const download = useRequest(() => downloadInvoicePdf(invoice.id, locale));
  const request = useConfirmedAction(
    (subject: Invoice) => requestInvoices([subject.id]),
    () => {
      notify({ type: 'success', message: t('invoicing.view.requested') });
      onChanged();
    },
  );
  const failure = request.failure;
  const outdated = failure !== null && failure.code !== null && OUTDATED.has(failure.code);
  const reloadIfOutdated = useEffectEvent(() => {
    if (outdated) onChanged();
  });
  // Once per refusal, whatever the page's `onChanged` is on this render.
  useEffect(() => reloadIfOutdated(), [failure]);
  const byAt = (who: string | null | undefined, at: string | null | undefined) => (who ? t('invoicing.view.byAt', { who, at: format.dateTime(at) }) : null);
  const requested = byAt(invoice.solicitado_por, invoice.solicitado_en);
  const issued = byAt(invoice.emitido_por, invoice.emitido_en);

  return (
    <Stack as="section" aria-labelledby="invoice-commands" gap="3">
      <Heading as="h3" size="sm" id="invoice-commands">
        {t('invoicing.view.commands')}
      </Heading>
      {failure ? <ErrorAlert messageKey={failure.messageKey}>{outdated ? t('invoicing.view.reloaded') : null}</ErrorAlert> : null}
      {download.failure ? <ErrorAlert messageKey="invoicing.view.downloadFailed">{t(download.failure.messageKey)}</ErrorAlert> : null}
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" onClick={() => window.print()}>
          {t('invoicing.view.print')}
        </Button>
        <Button variant="outline" loading={download.state === 'loading'} onClick={() => download.send()}>
          {t('invoicing.view.downloadPdf')}
        </Button>
        {offers.edit ? (
          <Button colorPalette="blue" variant="outline" disabled={panel === 'edit'} onClick={() => onPanel('edit')}>
            {t('invoicing.view.edit')}
          </Button>
        ) : null}
        {offers.request ? (
          <Button colorPalette="blue" disabled={panel !== null} onClick={() => request.ask(invoice)}>
            {t('invoicing.view.request')}
          </Button>
        ) : null}
        {offers.issue ? (
          <Button colorPalette="green" disabled={panel === 'issue'} onClick={() => onPanel('issue')}>
            {t('invoicing.view.issue')}
          </Button>
        ) : null}
        {offers.pay ? (
          <Button colorPalette="green" disabled={panel === 'pay'} onClick={() => onPanel('pay')}>
            {t('invoicing.view.pay')}
          </Button>
        ) : null}
      </HStack>
      <Text color="fg.muted" textStyle="sm">
        {t('invoicing.view.printHint')}
      </Text>
      {offers.issueByAnother ? <Text color="fg.muted">{t('invoicing.view.issueByAnother')}</Text> : null}
      {requested ? <Text textStyle="sm">{t('invoicing.view.requestedBy', { byAt: requested })}</Text> : null}
      {issued ? <Text textStyle="sm">{t('invoicing.view.issuedBy', { byAt: issued })}</Text> : null}
      <ConfirmDialog
        {...request.dialog}
        titleKey="invoicing.view.requestTitle"
        textKey="invoicing.view.requestText"
        textParams={{ reference: invoiceReference(invoice), contract: invoice.contrato_codigo ?? '' }}
        confirmKey="invoicing.view.requestConfirm"
        tone="primary"
      />
    </Stack>
  );
}
