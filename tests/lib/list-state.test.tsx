// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useListState } from '../../src/lib/grid/use-list-state';

function renderListState(path: string, prefix?: string) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => <Router hook={location.hook}>{children}</Router>;
  const hook = renderHook(() => useListState([], prefix), { wrapper });
  return { ...hook, history: location.history };
}

describe('list state in the URL', () => {
  it('reads the column filters and the page a link carries', () => {
    const filters = { razon_social: { filterType: 'text', type: 'contains', filter: 'Solar' } };
    const { result } = renderListState(`/empresas?f=${encodeURIComponent(JSON.stringify(filters))}&page=3&sort=pais:desc`);
    expect(result.current.state.columnFilters).toEqual(filters);
    expect(result.current.state.page).toBe(3);
    expect(result.current.state.sort).toEqual({ colId: 'pais', sort: 'desc' });
  });

  it('ignores a hand-edited link that holds no filter object or no real page', () => {
    const { result } = renderListState('/empresas?f=%5B1%5D&page=-2');
    expect(result.current.state.columnFilters).toBeNull();
    expect(result.current.state.page).toBe(1);
    const broken = renderListState('/empresas?f=%7Bnot-json&page=abc').result;
    expect(broken.current.state.columnFilters).toBeNull();
    expect(broken.current.state.page).toBe(1);
  });

  it('writes filters and pages, and a new search or filter goes back to the first page', () => {
    const { result, history } = renderListState('/empresas?lang=en-US');
    act(() => result.current.setPage(2));
    expect(result.current.state.page).toBe(2);
    act(() => result.current.setColumnFilters({ pais: { filterType: 'text', type: 'equals', filter: 'Guatemala' } }));
    expect(result.current.state.page).toBe(1);
    expect(result.current.state.columnFilters).toEqual({ pais: { filterType: 'text', type: 'equals', filter: 'Guatemala' } });
    act(() => result.current.setPage(4));
    act(() => result.current.setQuick('hidro'));
    expect(result.current.state).toMatchObject({ quick: 'hidro', page: 1 });
    act(() => result.current.setColumnFilters({}));
    expect(result.current.state.columnFilters).toBeNull();
    // The language parameter of the page is kept.
    expect(history.at(-1)).toBe('/empresas?lang=en-US&q=hidro');
  });

  it('keeps the state of each grid of a page under its own prefix, leaving the others alone', () => {
    const { result, history } = renderListState('/liquidaciones/datos-mercado?anio=2026&mes=4&sort=nodo:asc&mediciones.q=7', 'precios.');
    // The bare and the other grid's parameters are not this grid's.
    expect(result.current.state).toMatchObject({ quick: '', sort: null });
    act(() => result.current.setSort({ colId: 'version', sort: 'desc' }));
    act(() => result.current.setQuick('GT'));
    expect(result.current.state).toMatchObject({ quick: 'GT', sort: { colId: 'version', sort: 'desc' } });
    expect(history.at(-1)).toBe('/liquidaciones/datos-mercado?anio=2026&mes=4&sort=nodo%3Aasc&mediciones.q=7&precios.sort=version%3Adesc&precios.q=GT');
  });
});
