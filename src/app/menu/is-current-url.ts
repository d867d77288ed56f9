import { NESTED_ROUTE_PAGES, withoutTrailingSlash as trim } from '../route-pages';
import { ACCOUNT_ROUTES, menuLeaves } from './menu-tree';

/** Every page url of the shell, without trailing slashes. */
const PAGE_URLS = [...menuLeaves(), ...ACCOUNT_ROUTES].map((entry) => trim(entry.url));

/** Whether `location` is `url` itself or an address below it. */
function isAtOrBelow(url: string, location: string): boolean {
  return trim(location) === url || location.startsWith(`${url}/`);
}

/**
 * Whether a menu url is the page shown; the menu's trailing slashes are optional in the
 * address, and a nested page (`/empresas`) is also current on its sub-pages (`/empresas/12`),
 * except those of another page below its url (`/admin-usuario/roles/` is not the users page).
 */
export function isCurrentUrl(url: string, location: string): boolean {
  const own = trim(url);
  if (own === trim(location)) return true;
  if (!NESTED_ROUTE_PAGES.has(url) || !location.startsWith(`${own}/`)) return false;
  return !PAGE_URLS.some((other) => other.length > own.length && other.startsWith(`${own}/`) && isAtOrBelow(other, location));
}
