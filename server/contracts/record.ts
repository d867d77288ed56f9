// Contracts on the record kit: the generic create, update and delete with the contract rules
// plugged in (rules.ts) over the contract store (store.ts).
import type { Contract, ContractCreate } from '../../schemas/contract.schema';
import { recordMutations } from '../kit/record-mutations';
import type { RecordRouteSpec } from '../kit/record-handlers';
import { contractProblems, createValues, deleteRefusal, updatedValues } from './rules';
import { contractFacts, contractStore } from './store';

const contractMutations = recordMutations({
  store: contractStore,
  createValues,
  updatedValues,
  check: async (tx, values, { id, changed }) => contractProblems(values, changed, await contractFacts(tx, values, id ?? undefined)),
  deleteRefusal: (_tx, contract) => deleteRefusal(contract),
});

/** The contract routes' record: its read, the kit's use cases with the contract rules, and what the database refuses. */
export const contractRecord: RecordRouteSpec<Contract, ContractCreate> = {
  entity: 'contract',
  read: contractStore.read,
  ...contractMutations,
  // An annex added between the count and the delete: the foreign key refuses it.
  refusals: { delete: { foreignKey: 'APP_ERR_RECORD_IN_USE' } },
};
