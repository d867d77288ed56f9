import { lazy } from 'react';
import { loadWholeCatalogue } from '../../lib/i18n/i18n';
import { loadChakraSystem } from '../chakra-system';

/**
 * Loads what any page but Home may use, which the shell did not bring: every part of the
 * catalogue and the app's whole Chakra system (every component's recipe).
 */
export function loadAreaPageResources(): Promise<void> {
  return Promise.all([loadWholeCatalogue(), loadChakraSystem('whole')]).then(() => undefined);
}

/**
 * Renders nothing, once those are loaded: until then it suspends, so the nearest Suspense
 * boundary shows its fallback. Put it beside such a page, inside that page's boundary: the
 * page's own chunk downloads meanwhile.
 */
export const AreaPageResources = lazy(() => loadAreaPageResources().then(() => ({ default: () => null })));
