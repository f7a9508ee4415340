import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import type { LoginState } from '../lib/auth-navigation';
import { usePrerendering } from '../lib/prerendering';

/**
 * Route guard of the login-required routes (docs/rules/accounts.md): while the session is being checked it shows
 * a spinner; logged out it redirects to /login with {from, guard: true}, and login returns there. The build's
 * prerender draws the guarded page itself, before its data: the frame a signed-in shopper's visit paints first.
 */
export function RequireAuth() {
  const { isChecking, isAuthenticated } = useSession();
  const location = useLocation();
  if (usePrerendering()) return <Outlet />;
  if (isChecking) return <div className="spinner" role="status" aria-label="Loading" />;
  if (!isAuthenticated) {
    const state: LoginState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      guard: true,
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
