/**
 * The review panel's tabs 'Ratings' and 'Feedback' (001 §2 'Review screen'), each with its counter
 * of answered questions ('Feedback 3/4', decisions.md#review-loop §2) and key hint (`r`, `f`), and
 * each form's questions in a scrolling list, at most 480px high.
 */
import { Box, Kbd, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { messages, type AssignmentQuestion } from '@practica/contract';
import { reviewKeysText } from '../../../config/review-keys-text';
import { reviewText } from '../../../config/review-text';
import { answered, answeredCount } from '../review-answered';
import type { ReviewDraft, ReviewForm } from '../review-draft';
import { EvaluationQuestion } from './evaluation-question';

export interface ReviewFormTabsProps {
  tab: ReviewForm;
  onTab: (tab: ReviewForm) => void;
  forms: Record<ReviewForm, readonly AssignmentQuestion[]>;
  draft: ReviewDraft;
  change: (form: ReviewForm, questionId: number, text: string) => void;
  /** Whether the reviewer may change answers now. */
  canEdit: boolean;
  /** After an incomplete submit: the unanswered questions show their error state. */
  showMissing: boolean;
  /** A rating question `index` (0-based) was rated by a key: the focus moves on. */
  afterRating: (index: number) => void;
  /** Focuses rating question `index` (0-based). */
  focusRating: (index: number) => void;
}

/** The two forms' tabs and their questions. */
export function ReviewFormTabs({ tab, onTab, forms, draft, ...list }: ReviewFormTabsProps) {
  return (
    <Tabs value={tab} onChange={(v) => onTab(v === 'feedback' ? 'feedback' : 'ratings')}>
      <Tabs.List grow>
        <Tabs.Tab value="ratings" rightSection={<TabKey keyName="r" />}>
          {messages.ratings}{' '}
          {reviewKeysText.answeredCounter(
            answeredCount(forms.ratings, draft.ratings),
            forms.ratings.length,
          )}
        </Tabs.Tab>
        <Tabs.Tab value="feedback" rightSection={<TabKey keyName="f" />}>
          {messages.feedback}{' '}
          {reviewKeysText.answeredCounter(
            answeredCount(forms.feedback, draft.feedback),
            forms.feedback.length,
          )}
        </Tabs.Tab>
      </Tabs.List>
      <ScrollArea.Autosize mah={480} mt="md" offsetScrollbars>
        <Tabs.Panel value="ratings">
          <QuestionList form="ratings" questions={forms.ratings} draft={draft} {...list} />
        </Tabs.Panel>
        <Tabs.Panel value="feedback">
          <QuestionList form="feedback" questions={forms.feedback} draft={draft} {...list} />
        </Tabs.Panel>
      </ScrollArea.Autosize>
    </Tabs>
  );
}

type QuestionListProps = Omit<ReviewFormTabsProps, 'tab' | 'onTab' | 'forms'> & {
  form: ReviewForm;
  questions: readonly AssignmentQuestion[];
};

/** One form's questions, each wrapped as `data-review-question="<form>:<id>"` for the focus moves. */
function QuestionList({
  form,
  questions,
  draft,
  change,
  canEdit,
  showMissing,
  afterRating,
  focusRating,
}: QuestionListProps) {
  if (questions.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {reviewText.noQuestions}
      </Text>
    );
  return (
    <Stack gap="lg">
      {questions.map((q, i) => (
        <Box key={q.id} data-review-question={`${form}:${q.id}`}>
          <EvaluationQuestion
            question={q}
            label={
              form === 'ratings'
                ? reviewText.ratingLabel(i + 1, q.text)
                : reviewText.feedbackLabel(i + 1, q.text)
            }
            value={draft[form][q.id]}
            onChange={(text) => change(form, q.id, text)}
            disabled={!canEdit}
            invalid={showMissing && !answered(draft[form][q.id])}
            onRated={form === 'ratings' ? () => afterRating(i) : undefined}
            onMove={
              form === 'ratings'
                ? (by) => focusRating(Math.min(Math.max(i + by, 0), questions.length - 1))
                : undefined
            }
          />
        </Box>
      ))}
    </Stack>
  );
}

/** A tab's key hint (hidden on small screens, where keys are rare). */
function TabKey({ keyName }: { keyName: string }) {
  return (
    <Kbd size="xs" visibleFrom="sm" aria-hidden>
      {keyName}
    </Kbd>
  );
}
