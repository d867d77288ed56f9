import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';

/** The view state of a list as the URL keeps it (STYLE.md: the URL is the source of truth). */
export interface ListState {
  /** Quick search text (`?q=`). */
  quick: string;
  /** Sorted column and direction (`?sort=field:asc`), or null. */
  sort: { colId: string; sort: 'asc' | 'desc' } | null;
  /** Extra filters of the page (`?user=`, `?entity=`...), by name. */
  filters: Record<string, string>;
  /** The grid's column filters (`?f=` holding AG Grid's filter model as JSON), or null. */
  columnFilters: Record<string, unknown> | null;
  /** The page shown, 1-based (`?page=`); 1 when absent. */
  page: number;
}

function parseColumnFilters(raw: string | null): ListState['columnFilters'] {
  if (!raw) return null;
  try {
    const model: unknown = JSON.parse(raw);
    // A hand-edited link may hold anything: only an object of column filters is applied.
    return typeof model === 'object' && model !== null && !Array.isArray(model) ? (model as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function parseSort(raw: string | null): ListState['sort'] {
  const match = /^([\w.-]+):(asc|desc)$/.exec(raw ?? '');
  return match ? { colId: match[1]!, sort: match[2] as 'asc' | 'desc' } : null;
}

/** The parameters that start with `prefix`, named without it. */
function prefixedView(params: URLSearchParams, prefix: string): URLSearchParams {
  const view = new URLSearchParams();
  for (const [name, value] of params) if (name.startsWith(prefix)) view.append(name.slice(prefix.length), value);
  return view;
}

/**
 * Reads and writes a list's state in the URL query, so a copied link reproduces the view and
 * the back button works. Other parameters (`?lang=`, the page's own) are kept. `filterNames`
 * are the page's extra filters; `prefix` names the grid's own parameters (`precios.q`) when a
 * page shows several lists, so sorting one does not sort the others.
 */
export function useListState(filterNames: readonly string[] = [], prefix = '') {
  const [rawParams, setParams] = useSearchParams();
  const params = useMemo(() => (prefix ? prefixedView(rawParams, prefix) : rawParams), [rawParams, prefix]);
  const filterKey = filterNames.join(',');
  const state = useMemo<ListState>(() => {
    const filters: Record<string, string> = {};
    for (const name of filterKey ? filterKey.split(',') : []) filters[name] = params.get(name) ?? '';
    return {
      quick: params.get('q') ?? '',
      sort: parseSort(params.get('sort')),
      filters,
      columnFilters: parseColumnFilters(params.get('f')),
      page: parsePage(params.get('page')),
    };
  }, [params, filterKey]);

  const update = useCallback(
    (changes: Record<string, string | null>, { step = false }: { step?: boolean } = {}) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(`${prefix}${name}`);
            else next.set(`${prefix}${name}`, value);
          }
          return next;
        },
        // Typing in the search box must not leave one history entry per key stroke; a change
        // made in one click (a sort) is a step of its own, which Back undoes.
        { replace: !step },
      ),
    [setParams, prefix],
  );

  // A new search or filter shows its first page.
  const setQuick = useCallback((quick: string) => update({ q: quick, page: null }), [update]);
  const setSort = useCallback(
    (sort: ListState['sort']) => update({ sort: sort ? `${sort.colId}:${sort.sort}` : null }, { step: true }),
    [update],
  );
  const setFilter = useCallback((name: string, value: string) => update({ [name]: value }), [update]);
  const setColumnFilters = useCallback(
    (model: Record<string, unknown> | null) =>
      update({ f: model && Object.keys(model).length > 0 ? JSON.stringify(model) : null, page: null }),
    [update],
  );
  const setPage = useCallback((page: number) => update({ page: page > 1 ? String(page) : null }), [update]);
  // Several parameters in one step (a new report clears the filters of the last one).
  return { state, setQuick, setSort, setFilter, setFilters: update, setColumnFilters, setPage };
}
