/**
 * /dbl/assignments/:id/edit (001 §2 'Assignment edit'): after Delete the list (Draft chip); after
 * Publish the detail screen.
 */
import { AssignmentStatus } from '@practica/contract';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@shared/config/paths';
import { AssignmentEditView } from '../../features/assignments';

/** The assignment edit page. */
export default function AssignmentEditPage() {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  return (
    <AssignmentEditView
      key={id}
      assignmentId={Number.isInteger(id) && id > 0 ? id : 0}
      onDeleted={() => void navigate(paths.assignments(AssignmentStatus.Draft))}
      onPublished={() => void navigate(paths.assignmentDetail(id))}
    />
  );
}
