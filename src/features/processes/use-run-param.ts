import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/** The query of a page showing run `ejecucion` (none: the selection step), keeping the language only. */
function queryOf(previous: URLSearchParams, ejecucion: number | null): URLSearchParams {
  // The other step's list state (`q`, `items.q`, ...) is not this one's.
  const next = new URLSearchParams();
  const lang = previous.get('lang');
  if (lang) next.set('lang', lang);
  if (ejecucion !== null) next.set('ejecucion', String(ejecucion));
  return next;
}

/**
 * The run a robot's page shows, in its URL (`?ejecucion=12`): a reload, a copied link or the
 * list of recent runs opens its monitor; without it the page shows the selection step.
 */
export function useRunParam() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('ejecucion'));
  const open = useCallback((runId: number) => setParams((previous) => queryOf(previous, runId)), [setParams]);
  const close = useCallback(() => setParams((previous) => queryOf(previous, null)), [setParams]);
  return { runId: Number.isInteger(id) && id > 0 ? id : null, open, close };
}
