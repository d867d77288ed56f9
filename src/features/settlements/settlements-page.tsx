import { Route, Switch } from 'wouter';
import { usePageActions } from '../../app/session/use-page-actions';
import { NotAuthorizedPage } from '../../app/pages/not-authorized-page';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { RecordRoute } from '../../lib/ui/record-page';
import { SettlementCreateRoute } from './settlement-create-route';
import { SettlementViewRoute } from './settlement-view-route';
import { SettlementsListRoute } from './settlements-list-route';

const NOT_FOUND = 'errors.APP_ERR_SETTLEMENT_NOT_FOUND';

/**
 * `/liquidaciones` and the addresses below it (nested route): `/` the list with the summary
 * dashboard, `/nueva` the pre-settlement (data check, then compute), `/:id` one settlement
 * (preliminary or final) with its rows, download, validation and reconciliation. Settlements
 * are computed, never typed, so there is no edit form.
 */
export default function SettlementsPage() {
  const { create } = usePageActions('Settlements');
  return (
    <Switch>
      <Route path="/">
        <SettlementsListRoute />
      </Route>
      <Route path="/nueva">{create ? <SettlementCreateRoute /> : <NotAuthorizedPage />}</Route>
      <Route path="/:id">
        <RecordRoute route={SettlementViewRoute} notFoundKey={NOT_FOUND} />
      </Route>
      <Route>
        <ErrorAlert messageKey={NOT_FOUND} />
      </Route>
    </Switch>
  );
}
