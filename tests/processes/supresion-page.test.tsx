// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../src/lib/i18n/i18n';
import { clickWhenEnabled } from '../app/helpers/click-when-enabled';
import { renderWithApp } from '../app/helpers/render-with-app';
import { deletionRow, detailOf, runJobOf, runOf } from './process-fixtures';

const { apiData } = vi.hoisted(() => ({ apiData: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ api: vi.fn(() => new Promise(() => {})), apiData }));
const { default: SupresionPage } = await import('../../src/features/processes/supresion-page');

const ROWS = [deletionRow(), deletionRow({ numero_planilla: 'PL-101', codigo_anexo: 'CP-0002-A2', sitio: 'modified', ejecucion_id: 8 })];

function serve() {
  apiData.mockImplementation(async ({ path }: { path: string }) => {
    if (path === '/procesos/api/v1/supresion/planillas') return ROWS;
    if (path === '/procesos/api/v1/supresion/eliminar') return runOf({ id: 12, tipo: 'supresion', total: 1, hechos: 0, fallidos: 0, pendientes: 1 });
    if (path === '/procesos/api/v1/ejecuciones/12') return detailOf(runOf({ id: 12, tipo: 'supresion', total: 1, hechos: 0, fallidos: 0, pendientes: 1 }));
    if (path === '/api/v1/trabajos/9') return runJobOf();
    throw new Error(`unexpected ${path}`);
  });
}

const deletions = () => apiData.mock.calls.filter(([request]) => (request as { path: string }).path === '/procesos/api/v1/supresion/eliminar');

beforeEach(() => {
  apiData.mockReset();
  act(() => setLocale('en-US'));
});
afterEach(cleanup);

describe('Planilla deletion (en-US)', () => {
  it('filters by site, asks before deleting the selected planillas, then follows the deletion run', async () => {
    serve();
    renderWithApp(<SupresionPage />, '/procesos/supresion/');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select planilla PL-101' })).toBeTruthy());

    fireEvent.change(screen.getByRole('combobox', { name: 'Site' }), { target: { value: 'modified' } });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Select planilla PL-100' })).toBeNull());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select planilla PL-101' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete planillas on the site' });
    expect(dialog.textContent).toContain('Delete the selected planillas on the market site? Planillas: 1.');
    expect(deletions()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(deletions()).toHaveLength(1));
    expect((deletions()[0]?.[0] as { body: unknown }).body).toEqual({ numeros: ['PL-101'] });
    expect(await screen.findByRole('region', { name: 'Planilla deletion · run 12' })).toBeTruthy();
  });

  it('selects all the planillas the search shows, and none it hides', async () => {
    serve();
    renderWithApp(<SupresionPage />, '/procesos/supresion/');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select planilla PL-101' })).toBeTruthy());
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search planillas' }), { target: { value: 'CP-0002' } });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Select planilla PL-100' })).toBeNull());
    await clickWhenEnabled('Select all shown');
    await waitFor(() => expect(screen.getByText('Selected: 1 of 2')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeTruthy();
  });

  it('deletes the planillas of one site at a time', async () => {
    serve();
    renderWithApp(<SupresionPage />, '/procesos/supresion/');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select planilla PL-101' })).toBeTruthy());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select planilla PL-100' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select planilla PL-101' }));
    await waitFor(() => expect(screen.getByText('The selected planillas are on both sites: delete those of one site at a time.')).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Delete selected (2)' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
