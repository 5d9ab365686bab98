/**
 * /dbl/reviews (decisions.md#review-loop §1 'One inbox across assignments'): title 'Reviews'; the inbox's filters
 * live in the URL's search params (assignmentId, groupId, search, claim, organizationId), so Back
 * and a shared link keep them; a row opens `/dbl/reviews/{id}?<the same filters>`. An Admin opens
 * it per organization (the organization detail's 'Reviews' button adds `organizationId`). Coming
 * back from 'Submit and next' with nothing left for the reviewer, it says 'All caught up' when its
 * own list (these filters) is empty, and otherwise that the answers still waiting are others'.
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { Role } from '@practica/contract';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '@shared/components/page-title';
import { paths } from '@shared/config/paths';
import { reviewInboxText } from '../../config/review-inbox-text';
import { ReviewInbox, inboxFiltersFrom, inboxSearchOf } from '../../features/review-inbox';
import { useAuth } from '../../lib/auth';

/** What the review screen hands the inbox when 'Submit and next' found nothing left. */
export interface ReviewInboxLocationState {
  caughtUp?: boolean;
}

/** The 'Reviews' page. */
export default function ReviewInboxPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = inboxFiltersFrom(params);
  const admin = user?.roleId === Role.Admin;
  const needsOrganization = admin && filters.organizationId === undefined;
  const caughtUp = (location.state as ReviewInboxLocationState | null)?.caughtUp === true;

  return (
    <Stack gap="md">
      <PageTitle title={reviewInboxText.title} />
      {needsOrganization ? (
        <Text c="dimmed">
          {reviewInboxText.chooseOrganization}{' '}
          <Anchor component={Link} to={paths.systemAdminDashboard()}>
            {reviewInboxText.organizations}
          </Anchor>
        </Text>
      ) : (
        <ReviewInbox
          filters={filters}
          enabled={!needsOrganization}
          assignmentsHref={paths.assignments()}
          onFiltersChange={(next) =>
            setParams(new URLSearchParams(inboxSearchOf(next)), { replace: true })
          }
          onOpen={(row) => void navigate(paths.review(row.answerId, inboxSearchOf(filters)))}
          fromSubmitAndNext={caughtUp}
        />
      )}
    </Stack>
  );
}
