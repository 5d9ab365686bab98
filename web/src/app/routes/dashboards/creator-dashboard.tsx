/**
 * /dbl/creator/dashboard (000 §2.5, 001 §2): cards Interviews, Rating scales and Feedback form,
 * each leading to its list. Figures show a dash until the content issue wires the data.
 */
import { SimpleGrid } from '@mantine/core';
import { ContentType, messages } from '@practica/contract';
import { IconMessageCircle, IconMicrophone, IconStar } from '@tabler/icons-react';
import { DashboardCard } from '../../../components/dashboard-card';
import { paths } from '../../../config/paths';

/** Creator dashboard (000 §2.5). */
export default function CreatorDashboard() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <DashboardCard
        title={messages.interviews}
        icon={<IconMicrophone size={20} />}
        count={null}
        action={{ label: messages.interviews, to: paths.interviews() }}
      />
      <DashboardCard
        title={messages.ratingScales}
        icon={<IconStar size={20} />}
        count={null}
        action={{ label: messages.ratings, to: paths.evaluations(ContentType.RatingScale) }}
      />
      <DashboardCard
        title={messages.feedbackForm}
        icon={<IconMessageCircle size={20} />}
        count={null}
        action={{ label: messages.feedback, to: paths.evaluations(ContentType.Feedback) }}
      />
    </SimpleGrid>
  );
}
