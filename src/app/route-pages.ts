import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The page content of a menu entry, by its url, each in its own chunk. An entry without a page
 * here shows only its title header until its area is built.
 */
export const ROUTE_PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/home': lazy(() => import('../features/home/home-page')),
  '/dashboard': lazy(() => import('../features/dashboard/dashboard-page')),
  '/admin-usuario/': lazy(() => import('../features/admin/users-page')),
  '/admin-usuario/roles/': lazy(() => import('../features/admin/roles-page')),
  '/admin-usuario/asignar-vistas/': lazy(() => import('../features/admin/assign-views-page')),
  '/admin-usuario/auditoria/': lazy(() => import('../features/admin/audit-page')),
  '/admin-usuario/referencia-api/': lazy(() => import('../features/admin/api-reference-page')),
  '/mi-cuenta/': lazy(() => import('../features/account/my-account-page')),
  '/empresas': lazy(() => import('../features/companies/companies-page')),
  '/contacts': lazy(() => import('../features/contacts/contacts-page')),
  '/contratos': lazy(() => import('../features/contracts/contracts-page')),
  '/anexos': lazy(() => import('../features/annexes/annexes-page')),
  '/liquidaciones': lazy(() => import('../features/settlements/settlements-page')),
  '/liquidaciones/datos-mercado': lazy(() => import('../features/market-data/market-data-page')),
  '/liquidacion': lazy(() => import('../features/settlement-report/settlement-report-page')),
  '/procesos/registra-planillas/': lazy(() => import('../features/processes/registra-page')),
  '/procesos/sube-planillas/': lazy(() => import('../features/processes/sube-page')),
  '/procesos/supresion/': lazy(() => import('../features/processes/supresion-page')),
  '/procesos/bitacoras/mer/': lazy(() => import('../features/logbooks/mer-page')),
  '/procesos/bitacoras/slv/': lazy(() => import('../features/logbooks/slv-page')),
  '/procesos/bitacoras/mex/': lazy(() => import('../features/logbooks/mex-page')),
  '/procesos/registra/': lazy(() => import('../features/logbooks/amm-page')),
  '/facturacion/': lazy(() => import('../features/invoicing/invoicing-page')),
  '/facturacion/reporte-facturacion/': lazy(() => import('../features/billing-reports/billing-reports-page')),
  '/contabilidad/flujo-caja/': lazy(() => import('../features/accounting/cash-flow-page')),
  '/contabilidad/estados-cuenta/': lazy(() => import('../features/accounting/statement-page')),
  '/garantias/': lazy(() => import('../features/guarantees/guarantees-page')),
  '/monitoreo/potencia/': lazy(() => import('../features/monitoring/power-page')),
  '/monitoreo/energia/': lazy(() => import('../features/monitoring/energy-page')),
  '/ercot/': lazy(() => import('../features/ercot/ercot-page')),
  // One page for the three countries' charges, each with its country's id (spec section 9).
  '/pais/panama/6': lazy(() => import('../features/countries/charges-page').then((page) => ({ default: page.PanamaChargesPage }))),
  '/pais/salvador/2': lazy(() => import('../features/countries/charges-page').then((page) => ({ default: page.SalvadorChargesPage }))),
  '/pais/mexico/7': lazy(() => import('../features/countries/charges-page').then((page) => ({ default: page.MexicoChargesPage }))),
};

/**
 * Pages that own the addresses below their url (`/empresas/12`, `/empresas/nueva`): their
 * route is nested, so inside the page `useLocation()` is relative to the url and links
 * like `/12` stay in the area (`~/...` leaves it). A page whose url lies below a nested one's
 * (`/admin-usuario/roles/` below `/admin-usuario/`) keeps its own addresses.
 */
export const NESTED_ROUTE_PAGES: ReadonlySet<string> = new Set(['/contratos', '/anexos', '/liquidaciones', '/empresas', '/contacts', '/admin-usuario/', '/facturacion/', '/garantias/', '/pais/panama/6', '/pais/salvador/2', '/pais/mexico/7']);

/** A page url without its trailing slash (the root stays `/`): the base of a nested page's router. */
export function withoutTrailingSlash(url: string): string {
  return url.length > 1 ? url.replace(/\/+$/, '') : url;
}
