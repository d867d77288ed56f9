import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/**
 * The run a robot's page shows, in its URL (`?ejecucion=12`): a reload, a copied link or the
 * list of recent runs opens its monitor; without it the page shows the selection step.
 */
export function useRunParam() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('ejecucion'));
  const open = useCallback((runId: number) => setParams(new URLSearchParams({ ejecucion: String(runId) })), [setParams]);
  // The monitor's own list state (`items.q`, ...) goes with it.
  const close = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { runId: Number.isInteger(id) && id > 0 ? id : null, open, close };
}
