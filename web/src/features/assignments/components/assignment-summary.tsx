/**
 * The summary card of an assignment (001 §2 'Assignment detail'): status tag, the 'Submitted'
 * progress ring (completed over total), the average score as stars out of 5, the dates start - close,
 * title, description, the interview, ratings and feedback (clickable previews) and the avatar and
 * environment images.
 */
import {
  Anchor,
  Avatar,
  Group,
  Image,
  Modal,
  Paper,
  Rating,
  RingProgress,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  dateFormat,
  format,
  messages,
  ratingScaleMax,
  type AssignmentContent,
  type AssignmentDetail,
} from '@practica/contract';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { reviewKeysText } from '../../../config/review-keys-text';
import { useQuestionnaire } from '../api/list-wizard-sources';
import { QuestionsPreview } from './questions-preview';
import { AssignmentStatusBadge } from './status-badges';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function PreviewModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const questionnaire = useQuestionnaire(id);
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={questionnaire.data?.content.name}
      size="lg"
    >
      {questionnaire.data && (
        <ScrollArea.Autosize mah={520}>
          <QuestionsPreview questionnaire={questionnaire.data} />
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}

/** The summary card. */
export function AssignmentSummary({ assignment }: { assignment: AssignmentDetail }) {
  const [previewId, setPreviewId] = useState<number | null>(null);
  const { data } = assignment;
  const total = assignment.traineesCount;
  const done = assignment.completedCount;
  const content = (item: AssignmentContent | null) =>
    item ? (
      <Anchor
        component="button"
        type="button"
        size="sm"
        ta="left"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setPreviewId(item.id)}
      >
        {item.name}
      </Anchor>
    ) : (
      <Text size="sm">{messages.noDate}</Text>
    );
  const fmt = (d: string | null) => (d ? dayjs(d).format(dateFormat) : messages.noDate);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between">
          <AssignmentStatusBadge statusId={assignment.statusId} />
          {assignment.closeDate && (
            <Text size="sm" c="dimmed">
              {format.dateRange(fmt(assignment.startDate), fmt(assignment.closeDate))}
            </Text>
          )}
        </Group>
        <Group grow align="center">
          <Stack gap={0} align="center">
            <RingProgress
              size={90}
              thickness={8}
              sections={[{ value: total > 0 ? (done / total) * 100 : 0, color: 'teal' }]}
              label={
                <Text ta="center" fw={700} size="sm">
                  {format.countOf(done, total)}
                </Text>
              }
            />
            <Text size="sm">{messages.submitted}</Text>
          </Stack>
          <Stack gap={4} align="center">
            <Group gap={6} wrap="nowrap">
              <Rating
                value={assignment.averageScore ?? 0}
                count={ratingScaleMax}
                fractions={10}
                readOnly
              />
              {/* The number too (decisions.md#review-loop §7): stars alone do not tell 3.4 from 3.6. */}
              <Text fw={600} size="sm" data-testid="assignment-average-score">
                {assignment.averageScore == null
                  ? reviewKeysText.noAverage
                  : assignment.averageScore.toFixed(1)}
              </Text>
            </Group>
            <Text size="sm">{messages.averageScore}</Text>
          </Stack>
        </Group>
        <Title order={4}>{assignment.name}</Title>
        <Text size="sm">{assignment.description}</Text>
        <Line label={messages.interviewType}>{content(data.interview)}</Line>
        <Line label={messages.ratings}>{content(data.ratings)}</Line>
        <Line label={messages.feedback}>{content(data.feedback)}</Line>
        <Line label={messages.avatar}>
          <Group gap="xs">
            {data.roles.map((role) => (
              <Tooltip key={role.id} label={`${role.name}: ${role.avatar?.name ?? ''}`}>
                <Avatar src={role.avatar?.image?.url ?? null} radius="xl" alt={role.name} />
              </Tooltip>
            ))}
          </Group>
        </Line>
        <Line label={messages.environment}>
          {data.environment?.image ? (
            <Image
              src={data.environment.image.url}
              h={110}
              radius="sm"
              alt={data.environment.name}
            />
          ) : (
            <Text size="sm">{data.environment?.name ?? messages.noDate}</Text>
          )}
        </Line>
      </Stack>
      <PreviewModal id={previewId} onClose={() => setPreviewId(null)} />
    </Paper>
  );
}
