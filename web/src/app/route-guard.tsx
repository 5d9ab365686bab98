/**
 * The route guard (000 §2.2, 001 §2): with no signed-in user the visitor goes to login; a trainee
 * (who may not use the console, 000 §6) is signed out and sent to the app page; a user the policy
 * does not allow goes back with the toast `messages.accessDenied` (to the role's home when there is no
 * history) and the page is not rendered.
 */
import { messages, type PageAction } from '@practica/contract';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@shared/config/paths';
import { roleHome, useAuth } from '../lib/auth';
import { useCan } from '../lib/can';
import { toast } from '@shared/lib/toast';

/**
 * Whether this tab has an earlier page of the app to go back to. React Router gives the first
 * location of a history the key 'default'.
 */
export function useHasHistory(): boolean {
  return useLocation().key !== 'default';
}

/** Guards the whole /dbl prefix: signed in, and allowed to use the console. */
export function RequireAuth() {
  const { authed, user } = useAuth();
  const location = useLocation();
  const mayUseConsole = useCan('console:signIn');

  if (!authed || !user) {
    return (
      <Navigate to={paths.login()} replace state={{ from: location.pathname + location.search }} />
    );
  }
  // 000 §2.3: a trainee goes to the app page, which ends the session (see AppDownloadPage).
  if (!mayUseConsole) return <Navigate to={paths.appRedirect()} replace />;
  return <Outlet />;
}

/** Guards one route with its page action (000 §2.2). */
export function RequirePermission({ action }: { action: PageAction }) {
  const allowed = useCan(action);
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = useHasHistory();
  // One toast per visit, also under StrictMode's double effects.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (allowed || !user || handled.current === location.key) return;
    handled.current = location.key;
    toast.error(messages.accessDenied);
    if (hasHistory) void navigate(-1);
    else void navigate(roleHome(user.roleId), { replace: true });
  }, [allowed, user, navigate, location.key, hasHistory]);

  return allowed ? <Outlet /> : null;
}
