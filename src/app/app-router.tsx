import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { loadShellCatalogue } from '../lib/i18n/i18n';
import { loadChakraSystem } from './chakra-system';
import { RouteFallback } from './pages/route-fallback';

// Each top-level route is its own chunk: `/` loads the sign-in page only, not the shell,
// its menu icons or any area page, nor the words of the pages after sign-in.
const LoginPage = lazy(() => import('../features/auth/login-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
// The shell renders once its words and Chakra system (and Home's) are in too.
const ShellRoutes = lazy(() =>
  Promise.all([import('./shell/shell-routes'), loadShellCatalogue(), loadChakraSystem('shell')]).then(([shell]) => shell),
);

/** The routes of spec section 2: two pages outside the shell, everything else inside it. */
export function AppRouter() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Switch>
        <Route path="/" component={LoginPage} />
        <Route path="/security/forgot-password" component={ForgotPasswordPage} />
        <Route>
          <ShellRoutes />
        </Route>
      </Switch>
    </Suspense>
  );
}
