/**
 * /dbl/assignments/create (001 §2 'Assignment wizard'): the wizard with the shared avatar picker,
 * its draft kept for the signed-in user; the close icon returns to the list. After Confirm the
 * wizard's panel adds trainees and publishes (then the assignment detail) or keeps the Draft (then
 * the list filtered to Draft). An admin has no organization: the wizard then offers the
 * organizations (from the organizations feature) to choose the assignment's one.
 */
import { AssignmentStatus, Role, pageSizeOptions } from '@practica/contract';
import { useNavigate } from 'react-router';
import { paths } from '@shared/config/paths';
import { AvatarPickerDialog } from '../../components/avatar-picker-dialog';
import { AssignmentWizard, type AssignmentWizardProps } from '../../features/assignments';
import { useOrganizations } from '../../features/organizations';
import { useAuth } from '../../lib/auth';

type PageProps = Omit<AssignmentWizardProps, 'organizationId' | 'organizations'>;

/** The assignment wizard page. */
export default function AssignmentCreatePage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  if (!user) return null;
  const props: PageProps = {
    userId: user.id,
    onClose: () => void navigate(paths.assignments()),
    onOpenAssignment: (id) => void navigate(paths.assignmentDetail(id)),
    onKeptAsDraft: () => void navigate(paths.assignments(AssignmentStatus.Draft)),
    renderAvatarPicker: (picker) => <AvatarPickerDialog {...picker} />,
  };
  return user.roleId === Role.Admin ? (
    <AdminWizard {...props} />
  ) : (
    <AssignmentWizard {...props} organizationId={user.organizationId} />
  );
}

/** The wizard for an admin: the organization is chosen on the first step. */
function AdminWizard(props: PageProps) {
  const organizations = useOrganizations(1, pageSizeOptions[2]);
  return (
    <AssignmentWizard
      {...props}
      organizationId={null}
      organizations={organizations.data?.list ?? []}
      organizationsLoading={organizations.isPending}
    />
  );
}
