// The create, update and delete every plain record area does alike, as use cases of
// `(tx, caller, input)` with the area's rules plugged in: a create judges its values and
// inserts; an update locks the record (404, 409 when stale), lays the changes over it, judges
// the result and writes it; a delete locks it, asks what keeps it, and deletes. The rules live
// in the area's rules.ts, the SQL in its store.ts; an area whose writes do more (a company's
// children, a contact's company) writes its own use cases with the same store.
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/app';
import type { Mutation } from '../db/versioned';
import { errorForCode, invalidRequest, type ErrorDetail } from '../errors/catalogue';
import type { RecordStore, RecordTable, ValuesOf } from './record-store';

/** What the rules of a write know besides the values: the record before (none for a create) and which fields the request set. */
interface WriteContext<Table extends RecordTable, Wire> {
  id: number | null;
  before: Wire | null;
  /** The record's own values before the write (none for a create). */
  stored: ValuesOf<Table> | null;
  /** Whether the request set `field` (every field, for a create): a stored value valid when saved is not judged again. */
  changed(field: keyof ValuesOf<Table>): boolean;
}

/** An area's rules, plugged into the generic use cases. */
interface RecordRules<Table extends RecordTable, Wire, Create> {
  store: RecordStore<Table, Wire>;
  /** A create body's values as stored. */
  createValues(body: Create): ValuesOf<Table>;
  /** A stored record with an update's changes laid over it (a field left out keeps its value). */
  updatedValues(stored: ValuesOf<Table>, changes: Partial<ValuesOf<Table>>): ValuesOf<Table>;
  /** A rule of the request alone, judged before anything is read, so its refusal comes ahead of a 404 or a 409. */
  refuseRequest?(given: Partial<ValuesOf<Table>>): Error | null;
  /**
   * The rules that need the database, on the values about to be written: every broken one is a
   * field detail of one 400. A refusal of another kind (a 409) is thrown.
   */
  check?(tx: Db, values: ValuesOf<Table>, context: WriteContext<Table, Wire>): Promise<ErrorDetail[]>;
  /** The catalogue code refusing a delete while something keeps the record (its foreign keys catch a race); null when nothing does. */
  deleteRefusal?(tx: Db, before: Wire): Promise<string | null> | string | null;
}

/** An update's input: the record, the version its editor read, and the fields to change. */
export interface RecordUpdate {
  id: number;
  version?: number;
  changes: object;
}

/** A use case of the kit: the work of one mutation inside its transaction, answering what its audit row keeps. */
export type RecordWork<Input, Wire> = (tx: Db, caller: UserRow, input: Input) => Promise<Mutation<Wire>>;

export interface RecordMutations<Wire, Create> {
  create: RecordWork<Create, Wire>;
  update: RecordWork<RecordUpdate, Wire>;
  delete: RecordWork<number, Wire>;
}

/** The create, update and delete of a record area with `rules` plugged in (see the top of this file). */
export function recordMutations<Table extends RecordTable, Wire extends { id: number }, Create>(
  rules: RecordRules<Table, Wire, Create>,
): RecordMutations<Wire, Create> {
  const { store } = rules;

  function refuse(given: Partial<ValuesOf<Table>>): void {
    const refusal = rules.refuseRequest?.(given);
    if (refusal) throw refusal;
  }

  async function judge(tx: Db, values: ValuesOf<Table>, context: WriteContext<Table, Wire>): Promise<void> {
    assertNoProblems((await rules.check?.(tx, values, context)) ?? []);
  }

  return {
    async create(tx, caller, body) {
      refuse(body as Partial<ValuesOf<Table>>);
      const values = rules.createValues(body);
      await judge(tx, values, { id: null, before: null, stored: null, changed: () => true });
      const after = await store.insert(tx, values, caller.email);
      return { id: after.id, before: null, after };
    },

    async update(tx, caller, { id, version, changes }) {
      const given = changes as Partial<ValuesOf<Table>>;
      refuse(given);
      const before = await store.lock(tx, id, version);
      const stored = store.valuesOf(before);
      const values = rules.updatedValues(stored, given);
      await judge(tx, values, { id, before, stored, changed: (field) => given[field] !== undefined });
      return { id, before, after: await store.update(tx, id, values, caller.email) };
    },

    delete: deleteRecord(store, rules.deleteRefusal),
  };
}

/** 400 with every broken rule as a field detail, when there is one. */
export function assertNoProblems(details: readonly ErrorDetail[]): void {
  if (details.length > 0) throw invalidRequest([...details]);
}

/**
 * The delete of a record: lock it (404 when there is none), refuse it while something keeps it
 * (`refusal`: the catalogue code, or null), delete it.
 */
export function deleteRecord<Table extends RecordTable, Wire>(
  store: RecordStore<Table, Wire>,
  refusal?: RecordRules<Table, Wire, unknown>['deleteRefusal'],
): RecordWork<number, Wire> {
  return async (tx, _caller, id) => {
    const before = await store.lock(tx, id);
    const code = await refusal?.(tx, before);
    if (code) throw errorForCode(code);
    await store.remove(tx, id);
    return { id, before, after: null };
  };
}
