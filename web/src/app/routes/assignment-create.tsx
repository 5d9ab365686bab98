/**
 * /dbl/assignments/create (001 §2 'Assignment wizard'): the wizard with the shared avatar picker;
 * the close icon returns to the list; after creating, the list filtered to Draft. An admin has no
 * organization: the wizard then offers the organizations (from the organizations feature) to
 * choose the assignment's one.
 */
import { AssignmentStatus, Role, pageSizeOptions } from '@practica/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AvatarPickerDialog } from '../../components/avatar-picker-dialog';
import { AssignmentWizard } from '../../features/assignments';
import { useOrganizations } from '../../features/organizations/api/list-organizations';
import { useAuth } from '../../lib/auth';

/** The assignment wizard page. */
export default function AssignmentCreatePage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const isAdmin = user?.roleId === Role.Admin;
  return isAdmin ? (
    <AdminWizard />
  ) : (
    <AssignmentWizard
      organizationId={user?.organizationId ?? null}
      onClose={() => void navigate(paths.assignments())}
      onCreated={() => void navigate(paths.assignments(AssignmentStatus.Draft))}
      renderAvatarPicker={(props) => <AvatarPickerDialog {...props} />}
    />
  );
}

/** The wizard for an admin: the organization is chosen on the first step. */
function AdminWizard() {
  const navigate = useNavigate();
  const organizations = useOrganizations(1, pageSizeOptions[2]);
  return (
    <AssignmentWizard
      organizationId={null}
      organizations={organizations.data?.list ?? []}
      organizationsLoading={organizations.isPending}
      onClose={() => void navigate(paths.assignments())}
      onCreated={() => void navigate(paths.assignments(AssignmentStatus.Draft))}
      renderAvatarPicker={(props) => <AvatarPickerDialog {...props} />}
    />
  );
}
