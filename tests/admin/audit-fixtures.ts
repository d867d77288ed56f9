// Shared by the audit page and entry dialog tests: a reader's clock and one entry.
import { beforeAll } from 'vitest';
import type { AuditEntry } from '../../schemas/audit.schema';

/**
 * The tests of this file read times as someone in Guatemala would (UTC-6 all year, so a day
 * there starts at 06:00 UTC): times are shown in the reader's zone.
 */
export function readingInGuatemala(): void {
  beforeAll(() => {
    process.env.TZ = 'America/Guatemala';
  });
}

/** An administrator gave user 12 the liquidaciones view (03/03/2025 23:06 in Guatemala). */
export const viewsChange: AuditEntry = {
  id: 41,
  at: '2025-03-04T05:06:07.123Z',
  actor_email: 'admin@demo.energy',
  actor_id: 1,
  action: 'user.permissions',
  entity: 'user',
  entity_id: '12',
  before: { permisos_x_view: ['dashboard'] },
  after: { permisos_x_view: ['dashboard', 'liquidaciones'] },
  request_id: null,
};
