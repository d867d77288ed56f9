/** One field that differs between an audit entry's before and after. */
export interface ChangedField {
  field: string;
  before: string;
  after: string;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function show(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The fields whose values differ between `before` and `after` (a creation has no before, a
 * deletion no after), in a stable order; bookkeeping stamps are left out as noise.
 */
export function changedFields(before: unknown, after: unknown): ChangedField[] {
  const old = asRecord(before);
  const next = asRecord(after);
  const noise = new Set(['updated_at']);
  return [...new Set([...Object.keys(old), ...Object.keys(next)])]
    .filter((field) => !noise.has(field) && JSON.stringify(old[field]) !== JSON.stringify(next[field]))
    .sort()
    .map((field) => ({ field, before: show(old[field]), after: show(next[field]) }));
}
