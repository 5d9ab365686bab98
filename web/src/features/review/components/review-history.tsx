/**
 * The review history under the review panel (decisions.md#review-loop §5): every completed review of the answer
 * the user may read — reviewer, time, score and comments count, newest first — each opening a
 * dialog with its stars, feedback answers and time-coded comments. Managers and Admins see every
 * review, an Instructor the ones they wrote (the server lists only those); shown per the policy
 * ('review:history').
 */
import { Badge, Button, Group, Modal, Paper, Rating, Stack, Text } from '@mantine/core';
import {
  Role,
  dateFormat,
  type AnswerDetail,
  type AssignmentQuestion,
  type ReviewHistoryItem,
} from '@practica/contract';
import { IconMessage } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { reviewHistoryText as text } from '../../../config/review-history-text';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { useReviewHistory } from '../api/review-history';
import { clock } from '../player-time';
import { reviewForms } from '../review-draft';

const when = (iso: string) => dayjs(iso).format(`${dateFormat} HH:mm`);
const scoreText = (score: number | null) => (score !== null ? score.toFixed(1) : text.noAnswer);

/** A feedback answer as read: option texts for choice questions, the text otherwise. */
export function feedbackAnswerText(question: AssignmentQuestion, answer: string | undefined) {
  if (!answer || answer.trim() === '') return text.noAnswer;
  if (question.options.length === 0) return answer;
  return answer
    .split(',')
    .map((id) => question.options.find((o) => o.id === Number(id.trim()))?.text ?? id.trim())
    .join(', ');
}

export interface ReviewHistoryProps {
  answer: AnswerDetail;
}

/** The history section; nothing for a user the policy does not show it to. */
export function ReviewHistory({ answer }: ReviewHistoryProps) {
  const allowed = useCan('review:history', { organizationId: answer.assignment.organizationId });
  const { user } = useAuth();
  const history = useReviewHistory(answer.id, answer.reviewVersion, allowed);
  const [open, setOpen] = useState<ReviewHistoryItem | null>(null);
  if (!allowed) return null;
  const list = history.data?.list ?? [];
  return (
    <Paper withBorder p="md" radius="md" mt="lg" component="section" aria-label={text.title}>
      <Group justify="space-between" mb="xs">
        <Text fw={700}>{text.title}</Text>
        {history.data ? <Badge variant="light">{history.data.count}</Badge> : null}
      </Group>
      {user?.roleId === Role.Instructor ? (
        <Text size="xs" c="dimmed" mb="xs">
          {text.onlyYours}
        </Text>
      ) : null}
      {history.isError ? (
        <Text size="sm" c="red">
          {text.loadFailed}
        </Text>
      ) : history.data && list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.empty}
        </Text>
      ) : (
        <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((review, index) => (
            <Group
              key={review.id}
              component="li"
              data-testid="review-history-row"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="xs"
              style={{ borderTop: index > 0 ? '1px solid var(--mantine-color-gray-3)' : undefined }}
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600}>
                    {review.reviewerName}
                  </Text>
                  {index === 0 ? (
                    <Badge size="xs" variant="outline" style={{ flexShrink: 0 }}>
                      {text.latest}
                    </Badge>
                  ) : null}
                </Group>
                <Group gap="xs" wrap="wrap">
                  <Text size="xs" c="dimmed">
                    {when(review.createdAt)}
                  </Text>
                  <Text size="xs" fw={600}>
                    {text.score} {scoreText(review.score)}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <IconMessage size={14} aria-hidden />
                    <Text size="xs" aria-label={text.commentsCount(review.commentsCount)}>
                      {review.commentsCount}
                    </Text>
                  </Group>
                </Group>
              </Stack>
              <Button
                size="compact-sm"
                variant="light"
                style={{ flexShrink: 0 }}
                onClick={() => setOpen(review)}
                aria-label={text.openLabel(review.reviewerName, when(review.createdAt))}
              >
                {text.open}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <ReviewDialog answer={answer} review={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}

/** One earlier review: its stars, feedback answers and comments. */
function ReviewDialog({
  answer,
  review,
  onClose,
}: {
  answer: AnswerDetail;
  review: ReviewHistoryItem | null;
  onClose: () => void;
}) {
  const forms = reviewForms(answer);
  const ratings = new Map(review?.ratingsAnswer?.answers.map((a) => [a.questionId, a.text]));
  const feedback = new Map(review?.feedbackAnswer?.answers.map((a) => [a.questionId, a.text]));
  const questionNumber = new Map(answer.questions.map((q, i) => [q.id, i + 1]));
  return (
    <Modal
      opened={review !== null}
      onClose={onClose}
      size="lg"
      title={review ? text.modalTitle(review.reviewerName, when(review.createdAt)) : ''}
    >
      {review ? (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light" size="lg">
              {text.score} {scoreText(review.score)}
            </Badge>
            <Badge variant="outline">{text.version(review.version)}</Badge>
          </Group>
          <Stack gap={6}>
            <Text fw={600}>{text.ratings}</Text>
            {review.ratingsAnswer ? (
              forms.ratings.map((q) => (
                <Group key={q.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">{q.text}</Text>
                  <Rating
                    readOnly
                    value={Number(ratings.get(q.id) ?? 0)}
                    aria-label={`${q.text}: ${ratings.get(q.id) ?? text.noAnswer}`}
                  />
                </Group>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                {text.formGone}
              </Text>
            )}
          </Stack>
          <Stack gap={6}>
            <Text fw={600}>{text.feedback}</Text>
            {review.feedbackAnswer ? (
              forms.feedback.map((q) => (
                <div key={q.id}>
                  <Text size="xs" c="dimmed">
                    {q.text}
                  </Text>
                  <Text size="sm">{feedbackAnswerText(q, feedback.get(q.id))}</Text>
                </div>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                {text.formGone}
              </Text>
            )}
          </Stack>
          <Stack gap={6}>
            <Text fw={600}>{text.comments}</Text>
            {review.comments.length === 0 ? (
              <Text size="sm" c="dimmed">
                {text.noComments}
              </Text>
            ) : (
              review.comments.map((c) => (
                <Group key={c.id} gap="xs" wrap="nowrap" align="flex-start">
                  <Badge variant="default" style={{ flexShrink: 0 }}>
                    {text.questionLabel(questionNumber.get(c.questionId) ?? 0)} ·{' '}
                    {clock(c.atMs / 1000)}
                  </Badge>
                  <Text size="sm" style={{ flex: 1 }}>
                    {c.text}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {c.authorName}
                  </Text>
                </Group>
              ))
            )}
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}
