/**
 * The review panel (001 §2 'Review screen'): tabs 'Ratings' and 'Feedback' with counters, the
 * questions of each form, the average score with one decimal, Submit, the green viewed check, the
 * submission's date and time, and Print Report (given by the page) when the answer is Reviewed. The
 * review in progress is kept in local storage per answer id until submitted.
 *
 * decisions.md#review-loop §2 and §7: the counters count answered questions ('Feedback 3/4'; the spec's 0/1 – 1/1
 * meant 'form incomplete / complete', which n/n still shows); an incomplete submit names the missing
 * questions ('Missing: R2, F1'), marks them, switches to the tab of the first and focuses it. Keys
 * (`review-shortcuts.ts`; wherever the focus is but in a text field, `lib/screen-hotkeys.ts`):
 * `1`–`5` rate the focused rating question (else the first unanswered one; with every one rated
 * and none focused, nothing) and focus the next one's stars as a group (after the last, the first
 * feedback question, else Submit), ↑ ↓ move between rating questions, `f` / `r` switch tabs,
 * Ctrl/⌘+Enter submits (from a text field too).
 *
 * Where each part lives: the submit in `hooks/use-review-submit.ts`, the focus moves in
 * `hooks/use-review-focus.ts`, the keys in `hooks/use-review-hotkeys.ts`, what counts as answered in
 * `review-answered.ts`; the head, the tabs with their questions and the foot are
 * `review-panel-header.tsx`, `review-form-tabs.tsx` and `review-submit-bar.tsx`.
 */
import { Paper, Stack, Text } from '@mantine/core';
import type { AnswerDetail } from '@practica/contract';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { reviewText } from '../../../config/review-text';
import { useReviewFocus } from '../hooks/use-review-focus';
import { useReviewHotkeys } from '../hooks/use-review-hotkeys';
import { useReviewSubmit } from '../hooks/use-review-submit';
import { draftScore, reviewForms, useReviewDraft, type ReviewForm } from '../review-draft';
import { ReviewConflict } from './review-conflict';
import { ReviewFormTabs } from './review-form-tabs';
import { ReviewPanelHeader } from './review-panel-header';
import { ReviewSubmitBar } from './review-submit-bar';

export interface ReviewPanelProps {
  answer: AnswerDetail;
  /** Shown when the answer is Reviewed (the report feature's button). */
  printReport?: ReactNode;
  /**
   * Called after a successful submit (decisions.md#review-loop §1): `next` is true for 'Submit and next' — the
   * default action, also Ctrl/⌘+Enter's — and false for a plain 'Submit'. When given, the submit
   * button becomes 'Submit and next' with 'Submit' in its menu; without it, a plain Submit.
   */
  onSubmitted?: (next: boolean) => void;
  /**
   * Read only (decisions.md#review-loop §4): another reviewer holds the answer's claim, or the screen has not heard
   * yet whether one does. Nothing can be rated (by click or key), typed, saved as a draft or
   * submitted until the reviewer takes over; everything stays readable.
   */
  readOnly?: boolean;
  /** A draft save was refused because someone holds the claim now (the page checks the claim). */
  onDraftRefused?: () => void;
}

/** The right-hand panel of the review screen. */
export function ReviewPanel({
  answer,
  printReport,
  onSubmitted,
  readOnly = false,
  onDraftRefused,
}: ReviewPanelProps) {
  const forms = useMemo(() => reviewForms(answer), [answer]);
  const { draft, change, clear, own } = useReviewDraft(answer, {
    editable: answer.canReview && !readOnly,
    onRefused: onDraftRefused,
  });
  const [tab, setTab] = useState<ReviewForm>('ratings');
  const rootRef = useRef<HTMLDivElement>(null);
  const focus = useReviewFocus({ rootRef, forms, draft, tab, setTab });
  const review = useReviewSubmit({
    answer,
    forms,
    draft,
    clear,
    own,
    readOnly,
    onSubmitted,
    onIncomplete: (first) => focus.focusOn(first.form, first.questionId),
  });
  const canEdit = answer.canReview && !readOnly && !review.pending;
  useReviewHotkeys({
    forms,
    draft,
    canEdit,
    change,
    focus,
    setTab,
    onSubmitKey: () => {
      if (answer.canReview && !review.pending) review.onSubmit();
    },
  });

  return (
    <Paper p="md" withBorder h="100%" ref={rootRef}>
      <Stack gap="md" h="100%">
        <ReviewPanelHeader answer={answer} printReport={printReport} />
        <ReviewFormTabs
          tab={tab}
          onTab={setTab}
          forms={forms}
          draft={draft}
          change={change}
          canEdit={canEdit}
          showMissing={review.showMissing}
          afterRating={focus.afterRating}
          focusRating={focus.focusRating}
        />
        <ReviewSubmitBar
          score={draftScore(forms.ratings, draft)}
          withNext={Boolean(onSubmitted)}
          disabled={!answer.canReview || readOnly}
          pending={review.pending}
          submitRef={focus.submitRef}
          onSubmit={review.onSubmit}
        />
        {!answer.canReview ? (
          <Text size="xs" c="dimmed">
            {reviewText.readOnlyHint}
          </Text>
        ) : null}
      </Stack>
      <ReviewConflict
        conflict={review.conflict}
        mine={draft}
        forms={forms}
        submitting={review.pending}
        onSubmitMine={review.submitMine}
        onKeepTheirs={review.keepTheirs}
        onClose={review.closeConflict}
      />
    </Paper>
  );
}
