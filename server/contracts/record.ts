// Contracts on the record kit: the generic create, update and delete with the contract rules
// plugged in (rules.ts) over the contract store (store.ts).
import { recordMutations } from '../kit/record-mutations';
import { contractProblems, createValues, deleteRefusal, updatedValues } from './rules';
import { contractFacts, contractStore } from './store';

export const contractMutations = recordMutations({
  store: contractStore,
  createValues,
  updatedValues,
  check: async (tx, values, { id, changed }) => contractProblems(values, changed, await contractFacts(tx, values, id ?? undefined)),
  deleteRefusal: (_tx, contract) => deleteRefusal(contract),
});
