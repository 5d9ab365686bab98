/**
 * /practice/: my assignments, nearest due date first (no due date last): name, due date
 * (MM.DD.YYYY), number of questions, my status (Pending, Submitted, Reviewed) and practice count.
 * Pending → 'Start practice'; Reviewed → 'See review'; Submitted → 'Waiting for review'. A card's
 * title links where its button goes (the button stays the card's one tab stop). An empty state
 * when there is nothing; the loader, or the error with 'Try again'. The list is read again while
 * the page is visible (every `homeRefreshMs`, and whenever the trainee comes back to the tab), so
 * a new assignment shows without a reload.
 */
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  AnswerStatus,
  dateFormat,
  messages,
  type AnswerStatusId,
  type MeAssignmentListItem,
} from '@practica/contract';
import { IconCalendar, IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { StatusMessage } from '@shared/components/status-message';
import { useDocumentTitle } from '@shared/components/page-title';
import { byDueDate, myAssignmentsQuery } from '../api/my-assignments';
import { practicePaths } from '../app/paths';
import { appText } from '../app/app-text';
import { QueryState } from '../app/query-state';

/** The trainee's labels and colours of my answer's status. */
const statusView: Partial<Record<AnswerStatusId, { label: string; color: string }>> = {
  [AnswerStatus.Pending]: { label: messages.pending, color: 'blue' },
  [AnswerStatus.Submitted]: { label: messages.submitted, color: 'orange' },
  [AnswerStatus.Reviewed]: { label: messages.reviewed, color: 'teal' },
};

/** The due date as month.day.year, or 'No due date'. */
export function dueDateText(closeDate: string | null): string {
  return closeDate ? dayjs(closeDate).format(dateFormat) : appText.noDueDate;
}

/** Where a card leads, as its button does: the practice or the review; null without a button. */
function destinationOf(row: MeAssignmentListItem): string | null {
  const status = row.answer.statusId;
  if (status === AnswerStatus.Reviewed) return practicePaths.review(row.id);
  if (status === AnswerStatus.Pending && row.canAnswer) return practicePaths.practice(row.id);
  return null;
}

function AssignmentAction({ row }: { row: MeAssignmentListItem }) {
  const status = row.answer.statusId;
  const to = destinationOf(row);
  if (to && status === AnswerStatus.Reviewed) {
    return (
      <Button component={Link} to={to} variant="light">
        {appText.seeReview}
      </Button>
    );
  }
  if (to) {
    return (
      <Button component={Link} to={to}>
        {appText.startPractice}
      </Button>
    );
  }
  if (status === AnswerStatus.Submitted) {
    return (
      <Text size="sm" c="dimmed">
        {appText.waitingForReview}
      </Text>
    );
  }
  return null;
}

function AssignmentCard({ row }: { row: MeAssignmentListItem }) {
  const status = statusView[row.answer.statusId];
  const to = destinationOf(row);
  return (
    <Card component="li" withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {to ? (
              // The card's button is its tab stop; the title is the same link for a tap or a
              // screen reader's list of links.
              <Anchor component={Link} to={to} tabIndex={-1} inherit underline="hover">
                {row.name}
              </Anchor>
            ) : (
              row.name
            )}
          </Title>
          {status && (
            <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
              <VisuallyHidden>{appText.status}: </VisuallyHidden>
              {status.label}
            </Badge>
          )}
        </Group>
        <Group gap="lg" c="dimmed" fz="sm">
          <Group gap={6} wrap="nowrap">
            <IconCalendar size={16} aria-hidden />
            <Text size="sm" c="dimmed">
              {row.closeDate
                ? `${appText.dueDate} ${dueDateText(row.closeDate)}`
                : appText.noDueDate}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {appText.questions(row.questionsCount)}
          </Text>
          <Text size="sm" c="dimmed">
            {appText.practices(row.answer.practiceCounter)}
          </Text>
        </Group>
        <Group justify="flex-end">
          <AssignmentAction row={row} />
        </Group>
      </Stack>
    </Card>
  );
}

/** The home screen. */
export default function HomePage() {
  useDocumentTitle(appText.homeTitle, appText.appName);
  const query = useQuery(myAssignmentsQuery());
  // The list renders in a transition, so React can pause while building it: the query's answer
  // alone would render it in one task that blocks the page.
  const rows = useDeferredValue(query.data);

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={26}>
          {appText.homeTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {appText.homeIntro}
        </Text>
      </div>
      {rows === undefined ? (
        <QueryState error={query.error} retry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <Card withBorder padding="xl">
          <StatusMessage icon={<IconChecklist size={28} />} title={appText.emptyTitle}>
            {appText.emptyBody}
          </StatusMessage>
        </Card>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {[...rows].sort(byDueDate).map((row) => (
            <AssignmentCard key={row.id} row={row} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
