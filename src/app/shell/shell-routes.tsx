import { Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { RequirePermission } from '../guards/require-permission';
import { RequireSession } from '../guards/require-session';
import { ACCOUNT_ROUTES, menuLeaves } from '../menu/menu-tree';
import { AreaPageResources } from '../pages/area-page-resources';
import { NotFoundPage } from '../pages/not-found-page';
import { PageHeader } from '../pages/page-header';
import { RouteFallback } from '../pages/route-fallback';
import { NESTED_ROUTE_PAGES, ROUTE_PAGES, withoutTrailingSlash } from '../route-pages';
import { AppShell } from './app-shell';

/** The one page that needs no more than the shell brought (its words, its Chakra system); every other loads the rest. */
const HOME_URL = '/home';

/** The shell's pages, nested ones last: a page whose url lies below a nested page's is matched first. */
const PAGE_ENTRIES = [...menuLeaves(), ...ACCOUNT_ROUTES].sort(
  (a, b) => Number(NESTED_ROUTE_PAGES.has(a.url)) - Number(NESTED_ROUTE_PAGES.has(b.url)),
);

/**
 * Every page inside the shell. Routes come from the menu tree, so each menu entry has a route
 * guarded by the same permission the menu uses. Loaded as its own chunk: the sign-in page
 * never downloads the shell.
 */
export default function ShellRoutes() {
  return (
    <RequireSession>
      <AppShell>
        <Switch>
          {PAGE_ENTRIES.map((entry) => {
            const Page = ROUTE_PAGES[entry.url];
            // A nested page also owns the addresses below its url; only the page itself sees
            // them relative to that url (the guard's "back home" stays absolute).
            const nested = NESTED_ROUTE_PAGES.has(entry.url);
            const base = withoutTrailingSlash(entry.url);
            return (
              <Route key={entry.id} path={nested ? `${base}/*?` : entry.url}>
                <RequirePermission permission={entry.permission}>
                  <PageHeader titleKey={entry.label} />
                  {Page ? (
                    <Suspense fallback={<RouteFallback />}>
                      {entry.url === HOME_URL ? null : <AreaPageResources />}
                      {nested ? (
                        <Router base={base}>
                          <Page />
                        </Router>
                      ) : (
                        <Page />
                      )}
                    </Suspense>
                  ) : null}
                </RequirePermission>
              </Route>
            );
          })}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </AppShell>
    </RequireSession>
  );
}
