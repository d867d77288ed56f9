// Validating a settlement (four eyes: not by who last computed it): it becomes final.
import type { Settlement, SettlementCommandBody } from '../../schemas/settlement.schema';
import { AppErrors } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { assertTransition, settlementUserOf, storedFacts } from './rules';
import * as store from './store';

/** POST /liquidaciones/:id/validar. */
export const validateSettlement = useCase<{ id: number } & SettlementCommandBody, Settlement>({
  audit: { action: 'settlement.validate', entity: 'settlement' },
  // The database's four-eyes check, should the preparer's e-mail match another way than ours.
  refusals: { check: () => new AppErrors.settlementFourEyes() },
  async run(tx, caller, { id, version }) {
    // Locked first: of concurrent validations one runs here at a time, the rest then read it validated.
    const before = await store.lockSettlement(tx, id);
    // Roles act in their own country: the settlement's is its contract's branch.
    assertTransition({ settlement: await storedFacts(tx, before) }, { type: 'settlement.validate', version }, settlementUserOf(caller, before.sucursal), 'validate');
    return { id, before, after: await store.validateSettlement(tx, id, caller.user.email) };
  },
});
