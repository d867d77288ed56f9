// Annexes on the record kit: the generic create, update and delete with the annex rules
// plugged in (rules.ts) over the annex store (store.ts).
import { recordMutations } from '../kit/record-mutations';
import { annexProblems, createValues, updatedValues } from './rules';
import { annexFacts, annexStore } from './store';

export const annexMutations = recordMutations({
  store: annexStore,
  createValues,
  updatedValues,
  // Every rule is judged on the whole annex: moving it to a CF contract needs a holder too.
  check: async (tx, values) => annexProblems(values, await annexFacts(tx, values)),
});
