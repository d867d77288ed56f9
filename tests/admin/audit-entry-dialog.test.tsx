// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../schemas/audit.schema';
import { system } from '../../src/app/theme';
import { AuditEntryDialog } from '../../src/features/admin/audit-entry-dialog';
import { setLocale } from '../../src/lib/i18n/i18n';

const entry: AuditEntry = {
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

function open(shown: AuditEntry) {
  render(
    <ChakraProvider value={system}>
      <AuditEntryDialog entry={shown} onClose={vi.fn()} />
    </ChakraProvider>,
  );
  return screen.findByRole('dialog');
}

describe('audit entry dialog', () => {
  afterEach(() => {
    cleanup();
    act(() => setLocale('es-ES'));
  });

  it('says when and what as the audit grid does: the time as dd/mm/yyyy hh:mm:ss (UTC), the entity by its name', async () => {
    const dialog = await open(entry);
    expect(within(dialog).getByText('04/03/2025 05:06:07 · admin@demo.energy · user.permissions · Usuario 12')).toBeTruthy();
  });

  it('names the entity in English too, and the system when no one acted', async () => {
    act(() => setLocale('en-US'));
    const dialog = await open({ ...entry, actor_email: null, entity: 'role', entity_id: '3' });
    expect(within(dialog).getByText('04/03/2025 05:06:07 · system · user.permissions · Role 3')).toBeTruthy();
  });

  it('compares the changed fields before and after', async () => {
    const dialog = await open(entry);
    const changes = within(dialog).getByRole('table', { name: 'Cambios' });
    expect(within(changes).getByRole('cell', { name: 'permisos_x_view' })).toBeTruthy();
    expect(within(changes).getByText('["dashboard","liquidaciones"]')).toBeTruthy();
  });
});
