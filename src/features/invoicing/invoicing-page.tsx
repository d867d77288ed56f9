import { Route, Switch } from 'wouter';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { RecordRoute } from '../../lib/ui/record-page';
import { InvoiceViewRoute } from './invoice-view-route';
import { InvoicesListRoute } from './invoices-list-route';

const NOT_FOUND = 'invoicing.view.notFound';

/**
 * `/facturacion` and the addresses below it (nested route): `/` the list with its filters,
 * totals and batch request, `/:id` one invoice or note as a document with its commands.
 * Invoices are drafted from a validated settlement (its page), never typed from nothing.
 */
export default function InvoicingPage() {
  return (
    <Switch>
      <Route path="/">
        <InvoicesListRoute />
      </Route>
      <Route path="/:id">
        <RecordRoute route={InvoiceViewRoute} notFoundKey={NOT_FOUND} />
      </Route>
      <Route>
        <ErrorAlert messageKey={NOT_FOUND} />
      </Route>
    </Switch>
  );
}
