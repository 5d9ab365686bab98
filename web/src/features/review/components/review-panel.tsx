/**
 * The review panel (001 §2 'Review screen'): tabs 'Ratings' and 'Feedback' with 0/1 or 1/1
 * counters, the questions of each form, the average score with one decimal, Submit, the green
 * viewed check, and Print Report (given by the page) when the answer is Reviewed. The review in
 * progress is kept in local storage per answer id until submitted.
 */
import {
  Button,
  Group,
  Paper,
  Rating,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  AnswerStatus,
  format,
  messages,
  ratingScaleMax,
  type AnswerDetail,
  type AssignmentQuestion,
} from '@practica/contract';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { reviewText } from '../../../config/review-text';
import { toast } from '../../../lib/toast';
import { useSubmitReview } from '../api/submit-review';
import {
  draftScore,
  isFormComplete,
  reviewBody,
  reviewForms,
  useReviewDraft,
  type ReviewForm,
} from '../review-draft';
import { EvaluationQuestion } from './evaluation-question';

export interface ReviewPanelProps {
  answer: AnswerDetail;
  /** Shown when the answer is Reviewed (the report feature's button). */
  printReport?: ReactNode;
}

/** The right-hand panel of the review screen. */
export function ReviewPanel({ answer, printReport }: ReviewPanelProps) {
  const forms = useMemo(() => reviewForms(answer), [answer]);
  const { draft, change, clear } = useReviewDraft(answer);
  const [tab, setTab] = useState<ReviewForm>('ratings');
  // The submitted review comes back as the answer's latest: the draft starts from it again.
  const submit = useSubmitReview(answer.id, answer.userId, clear);
  const canEdit = answer.canReview && !submit.isPending;

  const complete = {
    ratings: isFormComplete(forms.ratings, draft.ratings),
    feedback: isFormComplete(forms.feedback, draft.feedback),
  };
  const score = draftScore(forms.ratings, draft);

  const onSubmit = () => {
    if (!complete.ratings || !complete.feedback) {
      toast.error(messages.allQuestionsMustBeAnswered);
      setTab(complete.ratings ? 'feedback' : 'ratings');
      return;
    }
    submit.mutate(reviewBody(answer, draft));
  };

  const list = (form: ReviewForm, questions: AssignmentQuestion[]) =>
    questions.length === 0 ? (
      <Text c="dimmed" size="sm">
        {reviewText.noQuestions}
      </Text>
    ) : (
      <Stack gap="lg">
        {questions.map((q, i) => (
          <EvaluationQuestion
            key={q.id}
            question={q}
            label={
              form === 'ratings'
                ? reviewText.ratingLabel(i + 1, q.text)
                : reviewText.feedbackLabel(i + 1, q.text)
            }
            value={draft[form][q.id]}
            onChange={(text) => change(form, q.id, text)}
            disabled={!canEdit}
          />
        ))}
      </Stack>
    );

  return (
    <Paper p="md" withBorder h="100%">
      <Stack gap="md" h="100%">
        {/* As tall as the Print Report button, so that nothing moves when it appears. */}
        <Group justify="space-between" wrap="nowrap" mih={30}>
          <Group gap="xs">
            <Text fw={600}>{messages.review}</Text>
            {answer.viewed ? (
              <Tooltip label={reviewText.viewed}>
                <IconCircleCheckFilled
                  size={20}
                  color="var(--mantine-color-green-6)"
                  aria-label={reviewText.viewed}
                  role="img"
                  data-testid="viewed-check"
                />
              </Tooltip>
            ) : null}
          </Group>
          {answer.statusId === AnswerStatus.Reviewed ? printReport : null}
        </Group>
        <Tabs value={tab} onChange={(v) => setTab(v === 'feedback' ? 'feedback' : 'ratings')}>
          <Tabs.List grow>
            <Tabs.Tab value="ratings">
              {messages.ratings} {format.evaluationCounter(complete.ratings)}
            </Tabs.Tab>
            <Tabs.Tab value="feedback">
              {messages.feedback} {format.evaluationCounter(complete.feedback)}
            </Tabs.Tab>
          </Tabs.List>
          <ScrollArea.Autosize mah={480} mt="md" offsetScrollbars>
            <Tabs.Panel value="ratings">{list('ratings', forms.ratings)}</Tabs.Panel>
            <Tabs.Panel value="feedback">{list('feedback', forms.feedback)}</Tabs.Panel>
          </ScrollArea.Autosize>
        </Tabs>
        <Group justify="space-between" mt="auto" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {messages.averageScore}
            </Text>
            <Rating value={score ?? 0} fractions={10} count={ratingScaleMax} readOnly size="sm" />
            <Text fw={600} data-testid="average-score">
              {score === null ? reviewText.noScore : score.toFixed(1)}
            </Text>
          </Group>
          <Button
            onClick={onSubmit}
            loading={submit.isPending}
            disabled={!answer.canReview}
            style={{ flexShrink: 0 }}
          >
            {messages.submit}
          </Button>
        </Group>
        {!answer.canReview ? (
          <Text size="xs" c="dimmed">
            {reviewText.readOnlyHint}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
