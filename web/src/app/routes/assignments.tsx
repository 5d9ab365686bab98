/**
 * /dbl/assignments (001 §2 'Assignments list'): the `statusId` query parameter preselects a chip
 * (Active when absent); drafts open the edit screen, other rows the detail screen.
 */
import { AssignmentStatus } from '@practica/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, queryParams } from '@shared/config/paths';
import { AssignmentsList } from '../../features/assignments';

const chipStatuses: readonly number[] = [
  AssignmentStatus.Active,
  AssignmentStatus.Closed,
  AssignmentStatus.Draft,
];

/** The assignments list page. */
export default function AssignmentsPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const raw = Number(search.get(queryParams.statusId));
  const statusId = chipStatuses.includes(raw) ? raw : AssignmentStatus.Active;

  return (
    <AssignmentsList
      statusId={statusId}
      onStatusChange={(next) =>
        setSearch(
          (current) => {
            const params = new URLSearchParams(current);
            params.set(queryParams.statusId, String(next));
            return params;
          },
          { replace: true },
        )
      }
      onAdd={() => void navigate(paths.assignmentCreate())}
      onOpen={(row) =>
        void navigate(
          row.statusId === AssignmentStatus.Draft
            ? paths.assignmentEdit(row.id)
            : paths.assignmentDetail(row.id),
        )
      }
    />
  );
}
