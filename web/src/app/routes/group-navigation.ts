/**
 * 000 §2.6: after deleting a group a manager goes to the manager dashboard, an admin to the
 * organization detail, others go back.
 */
import { Role, type Group } from '@practica/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@shared/config/paths';
import { useAuth } from '../../lib/auth';
import { useGoBack } from './go-back';

/** Returns where to go once `group` is deleted. */
export function useAfterGroupDeleted(): (group: Group) => void {
  const { user } = useAuth();
  const navigate = useNavigate();
  const goBack = useGoBack();
  return useCallback(
    (group: Group) => {
      if (user?.roleId === Role.Manager)
        void navigate(paths.orgManagerDashboard(), { replace: true });
      else if (user?.roleId === Role.Admin)
        void navigate(paths.organizationDetail(group.organizationId), { replace: true });
      else goBack();
    },
    [user, navigate, goBack],
  );
}
