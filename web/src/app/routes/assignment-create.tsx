/**
 * /dbl/assignments/create (001 §2 'Assignment wizard'): the wizard with the assets feature's
 * avatar picker; the close icon returns to the list; after creating, the list filtered to Draft.
 */
import { AssignmentStatus } from '@practica/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AvatarPickerDialog } from '../../components/avatar-picker-dialog';
import { AssignmentWizard } from '../../features/assignments';
import { useAuth } from '../../lib/auth';

/** The assignment wizard page. */
export default function AssignmentCreatePage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  return (
    <AssignmentWizard
      organizationId={user?.organizationId ?? 0}
      onClose={() => void navigate(paths.assignments())}
      onCreated={() => void navigate(paths.assignments(AssignmentStatus.Draft))}
      renderAvatarPicker={(props) => <AvatarPickerDialog {...props} />}
    />
  );
}
