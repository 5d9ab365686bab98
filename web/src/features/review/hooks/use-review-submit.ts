/**
 * Submitting a review from the panel (001 §2 'Review screen', decisions.md#review-loop §1, §2, §4):
 * an incomplete review is not sent — a toast names the missing questions ('Missing: R2, F1'), they
 * show their error state and the first is focused (`onIncomplete`); a complete one is sent once
 * (`useSubmitReview`), then the draft is cleared and `onSubmitted(next)` called. A review that came
 * in meanwhile is what the panel reviews against while the reviewer has no draft of their own; a
 * submit refused because someone reviewed meanwhile gives the conflict, with 'Submit mine anyway'
 * and 'Keep theirs'.
 */
import {
  messages,
  type AnswerDetail,
  type AnswerReviewConflict,
  type AssignmentQuestion,
} from '@practica/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { reviewKeysText } from '../../../config/review-keys-text';
import { answerKeys } from '../../../lib/query-keys';
import { toast } from '@shared/lib/toast';
import { useSubmitReview } from '../api/submit-review';
import { missingQuestions, type MissingQuestion } from '../review-answered';
import { reviewBody, type ReviewDraft, type ReviewForm } from '../review-draft';

export interface ReviewSubmitOptions {
  answer: AnswerDetail;
  forms: Record<ReviewForm, readonly AssignmentQuestion[]>;
  /** The reviewer's draft, its reset after a submit, and whether it is their own (edited). */
  draft: ReviewDraft;
  clear: () => void;
  own: boolean;
  /** Nothing is submitted while read only. */
  readOnly: boolean;
  /** After a successful submit: `next` for 'Submit and next'. */
  onSubmitted?: (next: boolean) => void;
  /** An incomplete submit: the first missing question, to show and focus. */
  onIncomplete: (first: MissingQuestion) => void;
}

export interface ReviewSubmit {
  /** Whether a submit is on its way. */
  pending: boolean;
  /** Set by an incomplete submit: the unanswered questions show their error state. */
  showMissing: boolean;
  /** Submits the review; `next` (the default): then go on to the next answer. */
  onSubmit: (next?: boolean) => void;
  /** Someone else's review that refused the submit, for the conflict dialog; else null. */
  conflict: AnswerReviewConflict | null;
  /** 'Submit mine anyway': sends the draft against the version the conflict showed. */
  submitMine: () => void;
  /** 'Keep theirs': takes their review, drops the draft and reads the answer again. */
  keepTheirs: () => void;
  closeConflict: () => void;
}

/** The panel's submit (see the module note). */
export function useReviewSubmit({
  answer,
  forms,
  draft,
  clear,
  own,
  readOnly,
  onSubmitted,
  onIncomplete,
}: ReviewSubmitOptions): ReviewSubmit {
  const client = useQueryClient();
  const [showMissing, setShowMissing] = useState(false);
  /** Whether the submit under way goes on to the next answer ('Submit and next'). */
  const nextRef = useRef(true);
  const [conflict, setConflict] = useState<AnswerReviewConflict | null>(null);
  // The submitted review comes back as the answer's latest: the draft starts from it again.
  const submit = useSubmitReview(
    answer.id,
    answer.userId,
    () => {
      setConflict(null);
      clear();
      onSubmitted?.(nextRef.current);
    },
    answer.reviewVersion,
    setConflict,
  );
  // A review that came in meanwhile (the page reads the answer again) is what the panel shows as
  // long as the reviewer has no draft of their own: a submit then goes against it, not against the
  // version first opened. With a draft of their own, a submit still meets the conflict dialog.
  const { adopt } = submit;
  useEffect(() => {
    if (!own) adopt(answer.reviewVersion);
  }, [own, answer.reviewVersion, adopt]);

  const onSubmit = (next = true) => {
    if (readOnly) return;
    nextRef.current = next;
    const missing = missingQuestions(forms, draft);
    if (missing.length > 0) {
      toast.error(
        `${messages.allQuestionsMustBeAnswered} ${reviewKeysText.missing(missing.map((m) => m.short))}`,
      );
      setShowMissing(true);
      const first = missing[0];
      if (first) onIncomplete(first);
      return;
    }
    submit.send(reviewBody(answer, draft));
  };

  const latestVersion = () => conflict?.latestReview?.version ?? answer.reviewVersion;
  return {
    pending: submit.isPending,
    showMissing,
    onSubmit,
    conflict,
    submitMine: () => submit.submitAgainst(latestVersion(), reviewBody(answer, draft)),
    keepTheirs: () => {
      submit.adopt(latestVersion());
      setConflict(null);
      clear();
      void client.invalidateQueries({ queryKey: answerKeys.detail(answer.id) });
    },
    closeConflict: () => setConflict(null),
  };
}
