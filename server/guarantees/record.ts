// Guarantee instruments on the record kit: the generic create and update with the instrument
// rules plugged in (rules.ts) over the instrument store (store.ts).
import type { Instrument, InstrumentCreate } from '../../schemas/guarantee.schema';
import type { RecordRouteSpec } from '../kit/record-handlers';
import { recordMutations } from '../kit/record-mutations';
import { createValues, instrumentProblems, updatedValues } from './rules';
import { instrumentStore } from './store';

export const instrumentRecord: RecordRouteSpec<Instrument, InstrumentCreate> = {
  entity: 'guarantee',
  read: (db, id) => instrumentStore.read(db, id),
  ...recordMutations({
    store: instrumentStore,
    createValues,
    updatedValues,
    async check(_tx, values) {
      return instrumentProblems(values);
    },
  }),
  // The same issuer's number twice at one operator.
  refusals: { write: { unique: 'APP_ERR_GUARANTEE_NUMBER_TAKEN' } },
};
