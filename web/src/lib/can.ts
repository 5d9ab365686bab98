/**
 * The console's side of the policy (architecture.md 'Authorization lives in one place'): the contract's
 * `can()` asked for the signed-in user. Used by the route guard and to show or hide controls.
 */
import { can, type Action, type Actor, type SessionUser, type Target } from '@practica/contract';
import { useAuth } from './auth';

/** The policy's actor for a session user. */
export function toActor(user: SessionUser | null | undefined): Actor | null {
  if (!user) return null;
  return {
    id: user.id,
    roleId: user.roleId,
    organizationId: user.organizationId,
    creator: user.creator,
  };
}

/** May the signed-in user do `action`? Re-renders when the session changes. */
export function useCan(action: Action, target?: Target): boolean {
  const { user } = useAuth();
  return can(toActor(user), action, target);
}
