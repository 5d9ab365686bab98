/**
 * /dbl/organization/{id}/contents (001 §2 'Organization content views', Manager): the
 * organization's interviews, rating scales and feedback forms with the General/Organization switch
 * and the status filters. The view (type, side, status) lives in the address, so a reload or the
 * dashboard's link keeps it; it opens on the side that has items, and an empty list offers a
 * creator the create button of its type (decisions.md#console-flows §9).
 */
import { ContentType } from '@practica/contract';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@shared/config/paths';
import { OrganizationContents } from '../../features/content';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';

/** The manager's organization contents (001 §2). */
export default function OrganizationContentsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const raw = Number(params.id);
  const organizationId = Number.isInteger(raw) && raw > 0 ? raw : (user?.organizationId ?? 0);
  const mayAuthor = useCan('content:author', { organizationId });
  return (
    <OrganizationContents
      key={organizationId}
      organizationId={organizationId}
      syncUrl
      editPath={(type, id) =>
        type === ContentType.Interview ? paths.interviewEdit(id) : paths.evaluationEdit(type, id)
      }
      onCreate={
        mayAuthor
          ? (type) =>
              void navigate(
                type === ContentType.Interview
                  ? paths.interviewCreate()
                  : paths.evaluationCreate(type),
              )
          : undefined
      }
    />
  );
}
