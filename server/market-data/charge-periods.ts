// National charge rates hold for periods of whole days, and the periods of one country and
// charge code never overlap; an imported rate is the charge of its kind's code (MMI, MMR,
// PEAJE_PRINCIPAL), so the periods of an import's country and kind never overlap either. The
// database refuses an overlap as well (an exclusion constraint on country and code, migration
// 0019_country_charges); these pure functions say which rows of a file overlap, so an import can
// name them all instead of failing on the first.

/** A charge rate's period: from `vigente_desde` to `vigente_hasta`, both included (null: open-ended). */
export interface ChargePeriod {
  pais: string;
  concepto: string;
  vigente_desde: string;
  vigente_hasta: string | null;
}

/** The last day an open-ended period reaches (ISO dates compare as text). */
const OPEN_END = '9999-12-31';

const endOf = (period: ChargePeriod) => period.vigente_hasta ?? OPEN_END;
const keyOf = (period: ChargePeriod) => `${period.pais}\u0000${period.concepto}`;

/** Whether two periods share a day (their country and kind aside). */
function periodsOverlap(a: ChargePeriod, b: ChargePeriod): boolean {
  return a.vigente_desde <= endOf(b) && b.vigente_desde <= endOf(a);
}

function byKey<T>(items: readonly T[], periodOf: (item: T) => ChargePeriod): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(periodOf(item));
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

/**
 * The rows of a file whose period overlaps another row's of the same country and kind: each
 * pair found once, told on the row further down the file, with the row it overlaps. A sweep
 * by start date (not every pair against every other: a file may have many rows).
 */
export function overlapsWithinFile<Row extends { fila: number; values: ChargePeriod }>(rows: readonly Row[]): Array<{ row: Row; other: Row }> {
  const found: Array<{ row: Row; other: Row }> = [];
  for (const group of byKey(rows, (row) => row.values).values()) {
    const sorted = [...group].sort((a, b) => (a.values.vigente_desde < b.values.vigente_desde ? -1 : 1));
    // The row seen so far whose period reaches furthest: any later start within it overlaps it.
    let reach: Row | undefined;
    for (const row of sorted) {
      if (reach && row.values.vigente_desde <= endOf(reach.values)) {
        found.push(row.fila > reach.fila ? { row, other: reach } : { row: reach, other: row });
      }
      if (!reach || endOf(row.values) > endOf(reach.values)) reach = row;
    }
  }
  return found;
}

/**
 * The stored periods each row of a file overlaps, leaving out the stored ones the file
 * replaces: a row replaces the stored period of the same country and kind that starts the same day.
 */
export function overlapsWithStored<Row extends { fila: number; values: ChargePeriod }, Stored extends ChargePeriod>(
  rows: readonly Row[],
  stored: readonly Stored[],
): Array<{ row: Row; other: Stored }> {
  const replaced = new Set(rows.map((row) => `${keyOf(row.values)}\u0000${row.values.vigente_desde}`));
  const kept = byKey(
    stored.filter((period) => !replaced.has(`${keyOf(period)}\u0000${period.vigente_desde}`)),
    (period) => period,
  );
  return rows.flatMap((row) =>
    (kept.get(keyOf(row.values)) ?? []).filter((period) => periodsOverlap(row.values, period)).map((other) => ({ row, other })),
  );
}
