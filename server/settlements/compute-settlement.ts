// Computing a contract's month (docs/settlements.md): the first computation of a PE or DF
// creates the settlement (201), a later one recomputes it (200) from the data as it is now.
// The computation itself is SQL, called from the area's store.
import type { Settlement, SettlementComputeBody } from '../../schemas/settlement.schema';
import { assertCallerMayPerform } from '../authz/authorize';
import { contractTerms } from '../contracts/store';
import { AppErrors } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { assertTransition, settlementAction, settlementUserOf, storedFacts } from './rules';
import * as store from './store';

/** POST /liquidaciones. */
export const computeSettlement = useCase<SettlementComputeBody, Settlement>({
  audit: { action: 'settlement.compute', entity: 'settlement' },
  // Two first computations of one month at once: the unique key lets one through.
  refusals: { unique: () => new AppErrors.recordStale() },
  async run(tx, caller, key) {
    const contract = await contractTerms(tx, key.contrato_id);
    if (!contract) throw new AppErrors.contractNotFound();
    assertCallerMayPerform(caller, settlementAction('create'), { recordCountry: contract.sucursal });
    const stored = await store.lockSettlementOf(tx, key);
    // A CD is made from a validated DF (conciliar), never computed from nothing.
    if (!stored && key.version === 'CD') throw new AppErrors.settlementNotFound();
    const available = (await store.missingData(tx, key.contrato_id, key.anio, key.mes, key.version, 0)).total === 0;
    const subject = stored ? { settlement: await storedFacts(tx, stored) } : { settlement: null, dataAvailable: available };
    // Recomputing by key replaces the rows from the data as it is now: nothing a user typed
    // is overwritten, so the row read here is the current one by definition.
    assertTransition(subject, { type: 'settlement.compute', version: stored?.version }, settlementUserOf(caller, contract.sucursal), 'compute');
    // A stored preliminary one is recomputed only on complete data too.
    if (!available) throw new AppErrors.settlementDataUnavailable();
    const { email } = caller.user;
    const id = stored?.id ?? (await store.insertSettlement(tx, { ...key, version: key.version === 'PE' ? 'PE' : 'DF' }, email));
    await store.computeSettlementRows(tx, id, email);
    return { id, before: stored, after: await store.readSettlement(tx, id), status: stored ? 200 : 201 };
  },
});
