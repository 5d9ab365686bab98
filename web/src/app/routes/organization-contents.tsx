/**
 * /dbl/organization/{id}/contents (001 §2 'Organization content views', Manager): the
 * organization's interviews, rating scales and feedback forms with the General/Organization switch
 * and the status filters.
 */
import { ContentType } from '@practica/contract';
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { OrganizationContents } from '../../features/content';
import { useAuth } from '../../lib/auth';

/** The manager's organization contents (001 §2). */
export default function OrganizationContentsPage() {
  const params = useParams();
  const { user } = useAuth();
  const raw = Number(params.id);
  const organizationId = Number.isInteger(raw) && raw > 0 ? raw : (user?.organizationId ?? 0);
  return (
    <OrganizationContents
      key={organizationId}
      organizationId={organizationId}
      editPath={(type, id) =>
        type === ContentType.Interview ? paths.interviewEdit(id) : paths.evaluationEdit(type, id)
      }
    />
  );
}
