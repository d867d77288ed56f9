import { NESTED_ROUTE_PAGES } from '../route-pages';

/**
 * Whether a menu url is the page shown; the menu's trailing slashes are optional in the
 * address, and a nested page (`/empresas`) is also current on its sub-pages (`/empresas/12`).
 */
export function isCurrentUrl(url: string, location: string): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  if (trim(url) === trim(location)) return true;
  return NESTED_ROUTE_PAGES.has(url) && location.startsWith(`${trim(url)}/`);
}
