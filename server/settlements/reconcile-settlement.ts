// Reconciling a validated DF: a new CD of its contract and month, computed later. The DF stays
// as it is.
import type { Settlement, SettlementCommandBody } from '../../schemas/settlement.schema';
import { assertCallerMayPerform } from '../authz/authorize';
import { AppErrors } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { assertTransition, settlementAction, settlementUserOf, storedFacts } from './rules';
import * as store from './store';

/** POST /liquidaciones/:id/conciliar. */
export const reconcileSettlement = useCase<{ id: number } & SettlementCommandBody, Settlement>({
  audit: { action: 'settlement.reconcile', entity: 'settlement' },
  status: 201,
  refusals: { unique: () => new AppErrors.settlementReconciled() },
  async run(tx, caller, { id, version }) {
    // Locking the DF makes two reconciliations of it take turns.
    const df = await store.lockSettlement(tx, id);
    assertCallerMayPerform(caller, settlementAction('create'), { recordCountry: df.sucursal });
    assertTransition({ settlement: await storedFacts(tx, df) }, { type: 'settlement.reconcile', version }, settlementUserOf(caller, df.sucursal), 'reconcile');
    const cd = await store.insertReconciliation(tx, df, caller.user.email);
    return { id: cd.id, before: null, after: cd, audited: { before: null, after: { ...cd, liquidacion_origen: df.id } } };
  },
});
