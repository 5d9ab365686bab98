/**
 * /dbl/creator/dashboard (000 §2.5, 001 §2): cards Interviews, Rating scales and Feedback form with
 * the number of items the viewer's lists show, each leading to its list.
 */
import { SimpleGrid } from '@mantine/core';
import {
  ContentType,
  defaultPage,
  defaultPageSize,
  messages,
  Ownership,
  type PageSize,
} from '@practica/contract';
import { IconMessageCircle, IconMicrophone, IconStar } from '@tabler/icons-react';
import { DashboardCard } from '../../../components/dashboard-card';
import { paths } from '@shared/config/paths';
import {
  useInterviews,
  useQuestionnaires,
  type ContentListFilter,
} from '../../../features/content';
import { useAuth } from '../../../lib/auth';

/** Only the count is read: one default page. */
const countOnly = { page: defaultPage, pageSize: defaultPageSize as PageSize };

/** Creator dashboard (000 §2.5). */
export default function CreatorDashboard() {
  const { user } = useAuth();
  const orgId = user?.organizationId ?? null;
  const scope: ContentListFilter =
    orgId !== null
      ? { organizationId: orgId, authoring: Ownership.All, ...countOnly }
      : { authoring: Ownership.Assigned, ...countOnly };
  const interviews = useInterviews(scope);
  const ratings = useQuestionnaires({ ...scope, contentTypeId: ContentType.RatingScale });
  const feedback = useQuestionnaires({ ...scope, contentTypeId: ContentType.Feedback });
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <DashboardCard
        title={messages.interviews}
        icon={<IconMicrophone size={20} />}
        count={interviews.data?.count ?? null}
        action={{ label: messages.interviews, to: paths.interviews() }}
      />
      <DashboardCard
        title={messages.ratingScales}
        icon={<IconStar size={20} />}
        count={ratings.data?.count ?? null}
        action={{ label: messages.ratings, to: paths.evaluations(ContentType.RatingScale) }}
      />
      <DashboardCard
        title={messages.feedbackForm}
        icon={<IconMessageCircle size={20} />}
        count={feedback.data?.count ?? null}
        action={{ label: messages.feedback, to: paths.evaluations(ContentType.Feedback) }}
      />
    </SimpleGrid>
  );
}
