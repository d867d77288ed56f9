import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { RouteFallback } from './pages/route-fallback';

// Each top-level route is its own chunk: `/` loads the sign-in page only, not the shell,
// its menu icons or any area page.
const LoginPage = lazy(() => import('../features/auth/login-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const ShellRoutes = lazy(() => import('./shell/shell-routes'));

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
