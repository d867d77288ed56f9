// The store every edited record writes the same way (companies, contacts, contracts, annexes,
// roles, and each record area after them): one column set the API shows, read by id, locked
// with the version check of an edit, inserted and updated with their stamps and answering in
// that same shape, so a write never reads again and its audit row's before and after match.
// An area's store.ts makes one with `recordStore` and adds only its own SQL (its list, its
// facts query, what is particular to it).
import { and, eq, getTableColumns, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/client';
import { assertVersion, createStamp, editStamp, ownValues, wireRow, type EditColumns } from '../db/versioned';
import { errorForCode } from '../errors/catalogue';

/** A table of edited records: a numeric id and the edit columns (`editedColumns()`). */
export type RecordTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn };

/** A record's own column values, what a create or an update writes: its columns but the id and the edit columns. */
export type ValuesOf<Table extends RecordTable> = Omit<InferSelectModel<Table>, 'id' | keyof EditColumns>;

interface RecordStoreSpec<Table extends RecordTable, Row, Wire> {
  table: Table;
  /** The columns the API shows (the table's own and any read from elsewhere); the table's own by default. */
  columns?: Record<string, AnyPgColumn | SQL>;
  /** The catalogue code of "there is no such record" (a 404). */
  notFound: string;
  /** A row read with `columns` as the API shows it; the stored row with ISO timestamps by default. */
  toWire?: (row: Row) => Wire;
}

export interface RecordStore<Table extends RecordTable, Wire> {
  /** The records `where` selects (every one without it), in the `order` given. */
  list(db: Db, where: SQL | undefined, order: ReadonlyArray<AnyPgColumn | SQL>): Promise<Wire[]>;
  /** The record `id`; the area's 404 when there is none. */
  read(db: Db, id: number): Promise<Wire>;
  /**
   * The record `id` locked for the rest of the transaction (only its own table's row: what its
   * columns read elsewhere stays free), after the version check of an edit (`sent`): the area's
   * 404 when there is none (or none that also meets `also`), 409 when the editor's version is stale.
   */
  lock(tx: Db, id: number, sent?: number, also?: SQL): Promise<Wire>;
  /** A new record, answered in the API's shape. */
  insert(tx: Db, values: ValuesOf<Table>, actor: string | null): Promise<Wire>;
  /** Writes the record's values and raises its version, answered in the API's shape. */
  update(tx: Db, id: number, values: ValuesOf<Table>, actor: string | null): Promise<Wire>;
  remove(tx: Db, id: number): Promise<void>;
  /** A record's own column values (what an update lays its changes over). */
  valuesOf(record: Wire): ValuesOf<Table>;
}

/** The store of one record table (see the top of this file). */
export function recordStore<Table extends RecordTable, Row extends EditColumns = InferSelectModel<Table> & EditColumns, Wire = ReturnType<typeof wireRow<Row>>>(
  spec: RecordStoreSpec<Table, Row, Wire>,
): RecordStore<Table, Wire> {
  const { table } = spec;
  // Drizzle cannot follow a table given as a type parameter: the one cast of each query keeps
  // the row type the area declared for its column set.
  const columns = (spec.columns ?? getTableColumns(table)) as ReturnType<typeof getTableColumns<Table>>;
  const toWire = spec.toWire ?? ((row: Row) => wireRow(row) as Wire);
  const notFound = () => errorForCode(spec.notFound);
  // Fails at start-up, not at the first missing record, on a code the catalogue lacks.
  notFound();
  const rowsOf = (rows: unknown) => rows as Row[];
  const byId = (id: number) => eq(table.id, id);

  return {
    async list(db, where, order) {
      return rowsOf(await db.select(columns).from(table as PgTable).where(where).orderBy(...order)).map(toWire);
    },
    async read(db, id) {
      const [row] = rowsOf(await db.select(columns).from(table as PgTable).where(byId(id)));
      if (!row) throw notFound();
      return toWire(row);
    },
    async lock(tx, id, sent, also) {
      const rows = rowsOf(
        await tx
          .select(columns)
          .from(table as PgTable)
          .where(also ? and(byId(id), also) : byId(id))
          .for('update', { of: table }),
      );
      const [row] = rows;
      if (!row) throw notFound();
      assertVersion(row.version, sent);
      return toWire(row);
    },
    async insert(tx, values, actor) {
      const [row] = rowsOf(
        await tx
          .insert(table)
          .values({ ...values, ...createStamp(actor) } as never)
          .returning(columns),
      );
      return toWire(row!);
    },
    async update(tx, id, values, actor) {
      const [row] = rowsOf(
        await tx
          .update(table)
          .set({ ...values, ...editStamp(table, actor) } as never)
          .where(byId(id))
          .returning(columns),
      );
      return toWire(row!);
    },
    async remove(tx, id) {
      await tx.delete(table).where(byId(id));
    },
    valuesOf: (record) => ownValues(table, record as object),
  };
}

/** The type each named fact of `readFacts` answers with. */
type FactsOf<Shape extends Record<string, SQL>> = { [Name in keyof Shape]: Shape[Name] extends SQL<infer Value> ? Value : never };

/**
 * What an area's rules need to know of the database, in one round trip: each named SQL
 * expression (an `exists(...)`, a scalar subquery, a JSON aggregate) is one column of one row.
 */
export async function readFacts<const Shape extends Record<string, SQL>>(db: Db, shape: Shape): Promise<FactsOf<Shape>> {
  const selections = Object.entries(shape).map(([name, expression]) => sql`${expression} as ${sql.identifier(name)}`);
  const [facts] = await queryRows<FactsOf<Shape>>(db, sql`select ${sql.join(selections, sql`, `)}`);
  return facts!;
}
