// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ColDef } from 'ag-grid-community';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataGrid } from '../../src/lib/grid/data-grid';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';

interface Company {
  id: number;
  name: string;
  country: string;
}

const ROWS: Company[] = [
  { id: 1, name: 'Eléctrica del Norte', country: 'Guatemala' },
  { id: 2, name: 'Compañía Solar', country: 'México' },
  { id: 3, name: 'Ñandú Energía', country: 'Panamá' },
  { id: 4, name: 'Biomasa Central', country: 'El Salvador' },
];

const COLUMNS: ColDef<Company>[] = [
  { field: 'name', headerName: 'Empresa' },
  { field: 'country', headerName: 'País' },
];

function openGrid(path = '/empresas') {
  return renderWithApp(
    <DataGrid<Company> rows={ROWS} columns={COLUMNS} rowId={(row) => String(row.id)} emptyKey="companies.empty" searchLabelKey="companies.search" csvFileName="empresas" />,
    path,
  );
}

/** The company names the grid shows, top to bottom. */
async function shownNames(): Promise<string[]> {
  await screen.findAllByRole('row');
  const cells = document.querySelectorAll<HTMLElement>('.ag-center-cols-container [col-id="name"], .ag-grid-scrolling-cells [col-id="name"]');
  return [...cells]
    .filter((cell) => cell.getAttribute('role') === 'gridcell')
    .sort((a, b) => rowIndex(a) - rowIndex(b))
    .map((cell) => cell.textContent ?? '');
}

function rowIndex(cell: HTMLElement): number {
  return Number(cell.closest('[row-index]')?.getAttribute('row-index') ?? -1);
}

beforeEach(() => act(() => setLocale('es-ES')));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the quick search of every list', () => {
  it.each([
    ['electrica', 'Eléctrica del Norte'],
    ['COMPANIA', 'Compañía Solar'],
    ['nandu', 'Ñandú Energía'],
    ['panama', 'Ñandú Energía'],
    ['ÉLÉCTRICA norte', 'Eléctrica del Norte'],
  ])('finds "%s" whatever its accents and case', async (typed, found) => {
    openGrid(`/empresas?q=${encodeURIComponent(typed)}`);
    await waitFor(async () => expect(await shownNames()).toEqual([found]));
  });
});

describe('sorting a list', () => {
  it('sorts by the clicked header without an error, keeps the sort in the address and each change is a step Back can undo', async () => {
    const errors = vi.spyOn(console, 'error');
    const { history } = openGrid('/empresas?lang=es-ES');
    const header = await screen.findByRole('columnheader', { name: /Empresa/ });
    fireEvent.click(within(header).getByText('Empresa'));
    await waitFor(() => expect(history.at(-1)).toBe('/empresas?lang=es-ES&sort=name%3Aasc'));
    expect(await shownNames()).toEqual(['Biomasa Central', 'Compañía Solar', 'Eléctrica del Norte', 'Ñandú Energía']);
    fireEvent.click(within(header).getByText('Empresa'));
    await waitFor(() => expect(history.at(-1)).toBe('/empresas?lang=es-ES&sort=name%3Adesc'));
    // Each sort is its own history entry: Back goes to the previous sort.
    expect(history.slice(-3)).toEqual(['/empresas?lang=es-ES', '/empresas?lang=es-ES&sort=name%3Aasc', '/empresas?lang=es-ES&sort=name%3Adesc']);
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/#200|getColumnState|reading 'find'/);
  });

  it('shows the sort an address holds', async () => {
    openGrid('/empresas?sort=country:desc');
    await waitFor(async () => expect(await shownNames()).toEqual(['Ñandú Energía', 'Compañía Solar', 'Eléctrica del Norte', 'Biomasa Central']));
  });
});

describe("the grid's own texts", () => {
  it('are Spanish in a Spanish page: a search that leaves nothing, the column filter and the CSV export', async () => {
    openGrid('/empresas?q=zzzz');
    expect(await screen.findByText('Ninguna fila coincide con la búsqueda o los filtros.')).toBeTruthy();
    const header = await screen.findByRole('columnheader', { name: /Empresa/ });
    const filterButton = header.querySelector<HTMLElement>('.ag-header-cell-filter-button');
    expect(filterButton?.getAttribute('aria-label') ?? '').not.toMatch(/Filter/);
    fireEvent.click(filterButton!);
    const value = await screen.findByRole('textbox', { name: 'Valor del filtro' });
    expect(value).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Operador del filtro/ })).toBeTruthy();
    const english = [...document.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label') ?? '');
    expect(english.filter((label) => /Filter|Column|Press|Value|operator/.test(label))).toEqual([]);
    // Closed again before the page goes: an open popup polls its place and, once its page is
    // gone, closes itself with a keyboard event the test environment no longer has.
    fireEvent.keyDown(value, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Valor del filtro' })).toBeNull());

    globalThis.URL.createObjectURL ??= () => 'blob:csv';
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Exportando…')).toBeTruthy();
  });
});
