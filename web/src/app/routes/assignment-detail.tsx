/**
 * /dbl/assignments/:id (001 §2 'Assignment detail'): trainee rows open the review screen unless
 * Pending (then user detail); messages.returnToDraft goes to the edit screen; 'Print Report' exports
 * the reviewed answers (001 §9); the Insights tab shows its analytics (decisions.md#insights-and-administration §1). Below, the
 * assignment's Activity for Managers and Admins (decisions.md#review-loop §5: its audit log).
 */
import { useNavigate, useParams } from 'react-router';
import { paths } from '@shared/config/paths';
import { AssignmentDetailView } from '../../features/assignments';
import { AssignmentActivity } from '../../features/audit';
import { AssignmentInsightsTab } from '../../features/insights';
import { PrintReportButton } from '../../features/report';

/** The assignment detail page. */
export default function AssignmentDetailPage() {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const assignmentId = Number.isInteger(id) && id > 0 ? id : 0;
  return (
    <>
      <AssignmentDetailView
        key={id}
        assignmentId={assignmentId}
        printReport={<PrintReportButton assignmentId={id} />}
        insights={<AssignmentInsightsTab assignmentId={assignmentId} />}
        onOpenAnswer={(answerId) => void navigate(paths.review(answerId))}
        onOpenUser={(userId) => void navigate(paths.userDetail(userId))}
        onReturnedToDraft={() => void navigate(paths.assignmentEdit(id))}
      />
      <AssignmentActivity key={`activity-${id}`} assignmentId={assignmentId} />
    </>
  );
}
