import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { availableInvoiceCommands } from '../../../machines/invoicing/invoice.machine';
import type { Invoice } from '../../../schemas/invoice.schema';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useListState } from '../../lib/grid/use-list-state';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { invoiceQueryOf, PAGE_PARAM, PER_PAGE, URL_PARAMS, type FilterName } from './invoice-filters';
import { InvoiceStatusTotals } from './invoice-status-totals';
import { InvoicesFilterBar } from './invoices-filter-bar';
import { InvoicesGrid } from './invoices-grid';
import { listInvoices, requestInvoices } from './invoicing-api';
import { invoiceFacts, useInvoiceUser } from './use-invoice-user';

/**
 * `/facturacion`: the filters (kept in the URL, so a link, Back and a reload show the same),
 * the totals per status and currency of what they select, and the invoices a page at a time as
 * the server pages it. Drafts the user may request are ticked and requested together, after a
 * confirmation (spec section 8), all or nothing.
 */
export function InvoicesListRoute() {
  const t = useT();
  const format = useFormat();
  const user = useInvoiceUser();
  const { state, setFilter } = useListState(URL_PARAMS);
  const query = useMemo(() => invoiceQueryOf(state.filters), [state.filters]);
  const list = useRequest(() => listInvoices(query), { load: [JSON.stringify(query)] });
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const batch = useConfirmedAction(
    (ids: number[]) => requestInvoices(ids),
    (requested) => {
      notify({ type: 'success', message: t('invoicing.list.requested', { n: requested.length }) });
      setChosen(new Set());
      list.send();
    },
  );

  // The lifecycle decides which rows may be requested, as the server will.
  const mayRequest = (invoice: Invoice) => availableInvoiceCommands(invoiceFacts(invoice), user).includes('invoice.request');
  const rows = list.state === 'success' ? (list.data?.data ?? []) : null;
  const requestable = (rows ?? []).filter(mayRequest);
  const picked = requestable.filter((invoice) => chosen.has(invoice.id)).map((invoice) => invoice.id);

  // A new filter shows the first page of what it selects, and nothing of the old page stays ticked.
  const changeFilter = (name: FilterName, value: string) => {
    setFilter(name, value);
    setFilter(PAGE_PARAM, '');
    setChosen(new Set());
  };
  const toggle = (invoice: Invoice) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(invoice.id)) next.delete(invoice.id);
      else next.add(invoice.id);
      return next;
    });
  const page = query.pagina ?? 1;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const goTo = (next: number) => {
    setFilter(PAGE_PARAM, next > 1 ? String(next) : '');
    setChosen(new Set());
  };

  return (
    <Stack gap="6">
      <InvoicesFilterBar filters={state.filters} onChange={changeFilter} />
      {list.failure ? <ErrorAlert messageKey={list.failure.messageKey} /> : <InvoiceStatusTotals totals={list.data?.totales ?? []} />}
      <Stack gap="3" as="section" aria-labelledby="invoices-list-title">
        <Heading as="h2" size="lg" id="invoices-list-title">
          {t('invoicing.list.title')}
        </Heading>
        {batch.failure ? <ErrorAlert messageKey="invoicing.list.requestFailed">{t(batch.failure.messageKey)}</ErrorAlert> : null}
        {user.mayInvoice ? (
          <HStack gap="2" wrap="wrap">
            <Text textStyle="sm" color="fg.muted" aria-live="polite">
              {t('invoicing.list.chosenCount', { n: picked.length, total: requestable.length })}
            </Text>
            <Button size="sm" variant="outline" disabled={requestable.length === 0} onClick={() => setChosen(new Set(requestable.map((invoice) => invoice.id)))}>
              {t('invoicing.list.chooseAll')}
            </Button>
            <Button size="sm" variant="outline" disabled={picked.length === 0} onClick={() => setChosen(new Set())}>
              {t('invoicing.list.chooseNone')}
            </Button>
            <Button size="sm" colorPalette="blue" disabled={picked.length === 0} onClick={() => batch.ask(picked)}>
              {t('invoicing.list.request', { n: picked.length })}
            </Button>
          </HStack>
        ) : null}
        {list.failure ? null : <InvoicesGrid rows={rows} selection={user.mayInvoice ? { chosen, mayChoose: mayRequest, onToggle: toggle } : undefined} />}
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text color="fg.muted" aria-live="polite">
            {list.data ? t('invoicing.list.pageOf', { page: format.integer(page), pages: format.integer(pages), count: total }) : ''}
          </Text>
          <HStack gap="2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              {t('invoicing.list.previous')}
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              {t('invoicing.list.next')}
            </Button>
          </HStack>
        </HStack>
      </Stack>
      <ConfirmDialog
        {...batch.dialog}
        titleKey="invoicing.list.requestTitle"
        textKey="invoicing.list.requestText"
        textParams={{ count: batch.subject?.length ?? 0 }}
        confirmKey="invoicing.list.requestConfirm"
        tone="primary"
      />
    </Stack>
  );
}
