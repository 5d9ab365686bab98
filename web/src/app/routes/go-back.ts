/**
 * 'Goes back' as the spec uses it (000 §2.7, §8): the previous page of this tab, or the role's
 * home when the console was opened on this page. Runs once per page visit.
 */
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { roleHome, useAuth } from '../../lib/auth';
import { useHasHistory } from '../route-guard';

/** Returns a function that leaves the page (once). */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const hasHistory = useHasHistory();
  const { user } = useAuth();
  const left = useRef(false);
  return useCallback(() => {
    if (left.current || !user) return;
    left.current = true;
    if (hasHistory) void navigate(-1);
    else void navigate(roleHome(user.roleId), { replace: true });
  }, [hasHistory, navigate, user]);
}
