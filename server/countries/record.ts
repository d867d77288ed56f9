// Country charges on the record kit: the generic create and update with the charge rules plugged
// in (rules.ts) over the charge store (store.ts). What the kit does not know of: a period of
// another country than the three with pages is no charge of this area (404); an overlap names
// the period it collides with; and a period a validated settlement used keeps what it said for
// those days (only its end may move, and not before the last day used).
import type { Charge, ChargeCreate } from '../../schemas/country-charge.schema';
import { CHARGE_COUNTRIES } from '../../schemas/country-charge.schema';
import { addDays, firstOfMonth } from '../../schemas/date.schema';
import type { Db } from '../db/client';
import { AppErrors, withDetails } from '../errors/catalogue';
import type { RecordRouteSpec } from '../kit/record-handlers';
import { recordMutations } from '../kit/record-mutations';
import { changesMoreThanEnd, chargeProblems, createValues, updatedValues, type ChargeValues } from './rules';
import { chargeStore, overlappingPeriod, settlementsUsing } from './store';

const PAGE_COUNTRIES = new Set<string>(Object.values(CHARGE_COUNTRIES).map(({ pais }) => pais));

/** 409 naming the period of the same charge that `values` would overlap, if there is one. */
async function assertNoOverlap(tx: Db, values: ChargeValues, id: number | null): Promise<void> {
  const other = await overlappingPeriod(tx, values, id);
  if (!other) return;
  throw withDetails(new AppErrors.chargePeriodOverlap(), [
    {
      instancePath: '/vigente_desde',
      keyword: 'chargeOverlap',
      message: `overlaps the period of ${values.codigo} from ${other.vigente_desde} to ${other.vigente_hasta ?? '(open)'}`,
      params: { code: values.codigo, id: other.id, from: other.vigente_desde, to: other.vigente_hasta },
    },
  ]);
}

/** 409 when a validated settlement used the stored period and the edit changes what it read. */
async function assertValidatedKept(tx: Db, id: number, stored: ChargeValues, values: ChargeValues): Promise<void> {
  const [used] = await settlementsUsing(tx, id, { validatedOnly: true });
  if (!used) return;
  const lastUsedDay = addDays(firstOfMonth(used.mes === 12 ? used.anio + 1 : used.anio, (used.mes % 12) + 1), -1);
  const rateChanged = changesMoreThanEnd(stored, values);
  const endTooEarly = values.vigente_hasta !== null && values.vigente_hasta < lastUsedDay;
  if (!rateChanged && !endTooEarly) return;
  throw withDetails(new AppErrors.chargeUsedByValidated(), [
    {
      instancePath: rateChanged ? '' : '/vigente_hasta',
      keyword: 'chargeUsedByValidated',
      message: `settlement ${used.id} (${used.contrato_codigo}, ${used.anio}-${String(used.mes).padStart(2, '0')} ${used.version_liquidacion}) used this rate`,
      params: { settlement: used.id, contract: used.contrato_codigo, year: used.anio, month: used.mes, version: used.version_liquidacion, lastDay: lastUsedDay },
    },
  ]);
}

const chargeMutations = recordMutations({
  store: chargeStore,
  createValues,
  updatedValues,
  async check(tx, values, { id, stored }) {
    if (!PAGE_COUNTRIES.has(values.pais)) throw new AppErrors.chargeNotFound();
    const problems = chargeProblems(values);
    if (problems.length > 0) return problems;
    if (id !== null && stored) await assertValidatedKept(tx, id, stored, values);
    await assertNoOverlap(tx, values, id);
    return [];
  },
});

/** A charge period of one of the three countries with pages; 404 for any other. */
export async function readCharge(db: Db, id: number): Promise<Charge> {
  const charge = await chargeStore.read(db, id);
  if (!PAGE_COUNTRIES.has(charge.pais)) throw new AppErrors.chargeNotFound();
  return charge;
}

/** The charge routes' record: its read, the kit's use cases with the charge rules, and what the database refuses. */
export const chargeRecord: RecordRouteSpec<Charge, ChargeCreate> = {
  entity: 'charge',
  read: readCharge,
  ...chargeMutations,
  // Two writes racing past the overlap check: the deferred exclusion constraint refuses one.
  refusals: { write: { overlap: 'APP_ERR_CHARGE_PERIOD_OVERLAP', unique: 'APP_ERR_CHARGE_PERIOD_OVERLAP' } },
};
