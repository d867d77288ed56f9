// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';
import { readingInGuatemala, viewsChange } from './audit-fixtures';

const adminApi = vi.hoisted(() => ({ listAudit: vi.fn() }));
vi.mock('../../src/features/admin/admin-api', () => adminApi);

const { default: AuditPage } = await import('../../src/features/admin/audit-page');

readingInGuatemala();
const entry = viewsChange;

const open = (path = '/admin-usuario/auditoria/') => renderWithApp(<AuditPage />, path);

/** The grid's column headers, by their visible names. */
async function headers(): Promise<string[]> {
  await screen.findAllByRole('gridcell');
  return screen.getAllByRole('columnheader').map((header) => header.textContent?.trim() ?? '');
}

describe('audit log page', () => {
  beforeEach(() => adminApi.listAudit.mockResolvedValue({ data: [entry], total: 1 }));
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    act(() => setLocale('es-ES'));
  });

  it('names every column, the button column too', async () => {
    open();
    expect(await headers()).toEqual(['Fecha y hora', 'Usuario', 'Acción', 'Entidad', 'Id', 'Detalle']);
  });

  it('names every column in English', async () => {
    act(() => setLocale('en-US'));
    open();
    expect(await headers()).toEqual(['Date and time', 'User', 'Action', 'Entity', 'Id', 'Details']);
  });

  it('reads each entry in words: the time in the reader’s zone as dd/mm/yyyy hh:mm, the action and the entity by their names', async () => {
    open();
    expect(await screen.findByRole('gridcell', { name: '03/03/2025 23:06' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Vistas del usuario cambiadas' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Usuario' })).toBeTruthy();
  });

  it('reads the action in English too, and opens the entry compared in words', async () => {
    act(() => setLocale('en-US'));
    open();
    expect(await screen.findByRole('gridcell', { name: 'User views changed' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open entry 41' }));
    const changes = within(await screen.findByRole('dialog')).getByRole('table', { name: 'Changes' });
    expect(within(changes).getByRole('cell', { name: 'Dashboard, Settlements' })).toBeTruthy();
  });

  it('filters by the reader’s days: from the start of the first to the end of the last', async () => {
    open('/admin-usuario/auditoria/?from=2025-03-01&to=2025-03-02');
    await waitFor(() => expect(adminApi.listAudit).toHaveBeenCalled());
    expect(adminApi.listAudit).toHaveBeenLastCalledWith({ from: '2025-03-01T06:00:00.000Z', to: '2025-03-03T06:00:00.000Z' });
  });
});
