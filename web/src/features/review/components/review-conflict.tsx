/**
 * The dialog of a review refused because someone reviewed the answer meanwhile (decisions.md#review-loop §4 'No
 * lost update'): their review and mine side by side — reviewer, time, score, each rating
 * question's stars and each feedback answer — with "Submit mine anyway" (resubmits against their
 * version, on purpose) and "Keep theirs" (drops my draft).
 */
import { Badge, Button, Group, Modal, Paper, Rating, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  dateFormat,
  meanRatingScore,
  type AnswerReviewConflict,
  type AssignmentQuestion,
} from '@practica/contract';
import dayjs from 'dayjs';
import { reviewSafetyText } from '../../../config/review-safety-text';
import type { ReviewDraft, ReviewForm } from '../review-draft';

/** One side of the comparison. */
interface Side {
  title: string;
  reviewer: string;
  /** ISO time; undefined for mine (not submitted). */
  at: string | undefined;
  score: number | null;
  answers: ReviewDraft;
}

export interface ReviewConflictProps {
  /** The 409's latest review; the dialog is open while it is set. */
  conflict: AnswerReviewConflict | null;
  /** My review as it stands (the draft I tried to submit). */
  mine: ReviewDraft;
  /** The questions of each form, in order. */
  forms: Record<ReviewForm, AssignmentQuestion[]>;
  submitting?: boolean;
  onSubmitMine: () => void;
  onKeepTheirs: () => void;
  onClose: () => void;
}

/** A form's answers list as a map by question id. */
const byQuestion = (list: readonly { questionId: number; text: string }[] | undefined) =>
  Object.fromEntries((list ?? []).map((a) => [a.questionId, a.text]));

/** A feedback answer as read: option texts for choice questions, the text otherwise. */
function feedbackText(question: AssignmentQuestion, text: string | undefined): string {
  if (!text || text.trim() === '') return reviewSafetyText.noAnswer;
  if (question.options.length === 0) return text;
  return text
    .split(',')
    .map((id) => question.options.find((o) => o.id === Number(id.trim()))?.text ?? id.trim())
    .join(', ');
}

function ReviewSide({ side, forms }: { side: Side; forms: ReviewConflictProps['forms'] }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={`conflict-${side.title}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{side.title}</Text>
          <Badge variant="light" size="lg">
            {reviewSafetyText.score}{' '}
            {side.score !== null ? side.score.toFixed(1) : reviewSafetyText.noAnswer}
          </Badge>
        </Group>
        <Text size="sm">
          {side.reviewer} ·{' '}
          {side.at ? dayjs(side.at).format(`${dateFormat} HH:mm`) : reviewSafetyText.notSubmitted}
        </Text>
        {forms.ratings.map((q) => (
          <div key={q.id}>
            <Text size="xs" c="dimmed">
              {q.text}
            </Text>
            <Rating
              readOnly
              value={Number(side.answers.ratings[q.id] ?? 0)}
              aria-label={`${side.title}: ${q.text}`}
            />
          </div>
        ))}
        {forms.feedback.map((q) => (
          <div key={q.id}>
            <Text size="xs" c="dimmed">
              {q.text}
            </Text>
            <Text size="sm">{feedbackText(q, side.answers.feedback[q.id])}</Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** The side-by-side dialog; open while `conflict` is set. */
export function ReviewConflict({
  conflict,
  mine,
  forms,
  submitting = false,
  onSubmitMine,
  onKeepTheirs,
  onClose,
}: ReviewConflictProps) {
  const latest = conflict?.latestReview ?? null;
  const theirs: Side | null = latest
    ? {
        title: reviewSafetyText.theirReview,
        reviewer: latest.reviewerName,
        at: latest.reviewedAt,
        score: latest.score,
        answers: {
          ratings: byQuestion(latest.ratingsAnswer?.answers),
          feedback: byQuestion(latest.feedbackAnswer?.answers),
        },
      }
    : null;
  const myScore = meanRatingScore(forms.ratings.map((q) => mine.ratings[q.id]));
  const mySide: Side = {
    title: reviewSafetyText.myReview,
    reviewer: reviewSafetyText.you,
    at: undefined,
    score: myScore,
    answers: mine,
  };
  return (
    <Modal
      opened={conflict !== null}
      onClose={onClose}
      title={reviewSafetyText.conflictTitle}
      size="xl"
      centered
    >
      <SimpleGrid cols={{ base: 1, sm: theirs ? 2 : 1 }} spacing="md">
        {theirs ? <ReviewSide side={theirs} forms={forms} /> : null}
        <ReviewSide side={mySide} forms={forms} />
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onKeepTheirs} disabled={submitting}>
          {reviewSafetyText.keepTheirs}
        </Button>
        <Button onClick={onSubmitMine} loading={submitting}>
          {reviewSafetyText.submitMineAnyway}
        </Button>
      </Group>
    </Modal>
  );
}
