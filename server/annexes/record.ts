// Annexes on the record kit: the generic create, update and delete with the annex rules
// plugged in (rules.ts) over the annex store (store.ts).
import type { Annex, AnnexCreate } from '../../schemas/annex.schema';
import { recordMutations } from '../kit/record-mutations';
import type { RecordRouteSpec } from '../kit/record-handlers';
import { annexProblems, createValues, updatedValues } from './rules';
import { annexFacts, annexStore } from './store';

const annexMutations = recordMutations({
  store: annexStore,
  createValues,
  updatedValues,
  // Every rule is judged on the whole annex: moving it to a CF contract needs a holder too.
  check: async (tx, values) => annexProblems(values, await annexFacts(tx, values)),
});

/** The annex routes' record: its read, the kit's use cases with the annex rules, and what the database refuses. */
export const annexRecord: RecordRouteSpec<Annex, AnnexCreate> = {
  entity: 'annex',
  read: annexStore.read,
  ...annexMutations,
  // Its measured energy or the rows of a settlement keep it.
  refusals: { delete: { foreignKey: 'APP_ERR_RECORD_IN_USE' } },
};
