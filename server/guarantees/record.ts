// Guarantee instruments on the record kit: the generic create and update with the instrument
// rules plugged in (rules.ts) over the instrument store (store.ts); today's stored position is
// stored again with each change, so the page and the alerts see it at once.
import type { Instrument, InstrumentCreate } from '../../schemas/guarantee.schema';
import { businessToday } from '../../schemas/date.schema';
import type { RecordRouteSpec } from '../kit/record-handlers';
import type { RecordWork } from '../kit/record-mutations';
import { recordMutations } from '../kit/record-mutations';
import { createValues, instrumentProblems, updatedValues } from './rules';
import { snapshotDay } from './snapshot';
import { instrumentStore } from './store';

const mutations = recordMutations({
  store: instrumentStore,
  createValues,
  updatedValues,
  async check(_tx, values) {
    return instrumentProblems(values);
  },
});

/** Today's stored position follows an instrument posted or edited at once (the list and the alerts read stored days), in the same transaction. */
function restoringToday<Input>(work: RecordWork<Input, Instrument>): RecordWork<Input, Instrument> {
  return async (tx, caller, input) => {
    const done = await work(tx, caller, input);
    await snapshotDay(tx, businessToday());
    return done;
  };
}

export const instrumentRecord: RecordRouteSpec<Instrument, InstrumentCreate> = {
  entity: 'guarantee',
  read: (db, id) => instrumentStore.read(db, id),
  create: restoringToday(mutations.create),
  update: restoringToday(mutations.update),
  delete: mutations.delete,
  // The same issuer's number twice at one operator.
  refusals: { write: { unique: 'APP_ERR_GUARANTEE_NUMBER_TAKEN' } },
};
