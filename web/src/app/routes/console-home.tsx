/** /dbl itself: opens the remembered root page (000 §2.2), or the role's home. */
import { Navigate } from 'react-router';
import { navItemsFor } from '../shell/nav-items';
import { roleHome, useAuth } from '../../lib/auth';
import { readLocal } from '@shared/lib/storage';

/** Redirects to the last chosen root page. */
export default function ConsoleHome() {
  const { user } = useAuth();
  if (!user) return null;
  const remembered = readLocal('rootPage');
  const target =
    remembered && navItemsFor(user).some((item) => item.to === remembered)
      ? remembered
      : roleHome(user.roleId);
  return <Navigate to={target} replace />;
}
