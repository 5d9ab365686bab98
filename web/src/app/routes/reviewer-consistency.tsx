/**
 * /dbl/insights/reviewers (decisions.md#insights-and-administration §1): reviewer consistency. A Manager sees their organization
 * (from the sidebar); an Admin the one named by `?organizationId=` (the organization page's
 * button), and a hint to open an organization without one.
 */
import { Role } from '@practica/contract';
import { IconBuilding } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { StatusMessage } from '@shared/components/status-message';
import { insightsText } from '../../config/insights-text';
import { ReviewerConsistencyPanel } from '../../features/insights';
import { useAuth } from '../../lib/auth';

/** The reviewer consistency page. */
export default function ReviewerConsistencyPage() {
  const { user } = useAuth();
  const [search] = useSearchParams();
  const asked = Number(search.get('organizationId'));
  const organizationId =
    user?.roleId === Role.Admin
      ? Number.isInteger(asked) && asked > 0
        ? asked
        : 0
      : (user?.organizationId ?? 0);
  if (organizationId === 0)
    return (
      <StatusMessage icon={<IconBuilding size={40} />} title={insightsText.chooseOrganization} />
    );
  return <ReviewerConsistencyPanel key={organizationId} organizationId={organizationId} />;
}
