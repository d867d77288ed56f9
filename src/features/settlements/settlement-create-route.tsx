import { useLocation } from 'wouter';
import { useSession } from '../../app/session/use-session';
import { notify } from '../../app/notifications';
import { leaveTarget } from '../../lib/forms/use-leave-guard';
import { RecordFormRoute } from '../../lib/ui/record-page';
import { useT } from '../../lib/i18n/use-t';
import { listContracts } from '../contracts/contracts-api';
import { PreSettlementForm, type PreSettlementEffects } from './pre-settlement-form';
import { computeSettlement, preSettlement } from './settlements-api';

const EFFECTS: PreSettlementEffects = { check: preSettlement, compute: computeSettlement };

/** `/liquidaciones/nueva`: the pre-settlement form over every contract; a computed settlement opens at its timeframe. */
export function SettlementCreateRoute() {
  const t = useT();
  const [, navigate] = useLocation();
  const { user } = useSession();
  return (
    <RecordFormRoute titleKey="settlements.create.title" load={() => listContracts()}>
      {(contracts) => (
        <PreSettlementForm
          contracts={contracts}
          effects={EFFECTS}
          userId={user?.id ?? 0}
          onComputed={(settlement, agregacion) => {
            notify({ type: 'success', message: t('settlements.create.computed', { id: String(settlement.id) }) });
            navigate(`/${settlement.id}?agregacion=${agregacion}`);
          }}
          onLeft={(href) => navigate(leaveTarget(href, '/'))}
        />
      )}
    </RecordFormRoute>
  );
}
