/**
 * Where the review panel moves the focus (decisions.md#review-loop §2, §7): a question of either
 * form — its tab shown first, then a rating question's stars as a group (`[data-review-focus]`:
 * a digit rates it, while Space and the arrows stay the screen's), else its chosen option, else its
 * first field — or the Submit button. After a rating, the next rating question, else the first
 * unanswered feedback question (else the first), else Submit. Questions are found under `rootRef`
 * by their `data-review-question="<form>:<id>"` wrapper.
 */
import type { AssignmentQuestion } from '@practica/contract';
import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { answered } from '../review-answered';
import type { ReviewDraft, ReviewForm } from '../review-draft';

/** The element of question `questionId` of `form` inside `root`. */
const questionElement = (root: HTMLElement | null, form: ReviewForm, questionId: number) =>
  root?.querySelector<HTMLElement>(`[data-review-question="${form}:${questionId}"]`) ?? null;

/** Focuses the question (see the module note); whether one took it. */
function focusQuestion(root: HTMLElement | null, form: ReviewForm, questionId: number): boolean {
  const element = questionElement(root, form, questionId);
  const field =
    element?.querySelector<HTMLElement>('[data-review-focus]') ??
    element?.querySelector<HTMLElement>('input:checked:not(:disabled)') ??
    element?.querySelector<HTMLElement>('input:not(:disabled), textarea:not(:disabled)');
  field?.focus();
  return !!field && document.activeElement === field;
}

export interface ReviewFocusOptions {
  rootRef: RefObject<HTMLElement | null>;
  forms: Record<ReviewForm, readonly AssignmentQuestion[]>;
  draft: ReviewDraft;
  /** The tab shown, and its setter: a question is focused once its tab is shown. */
  tab: ReviewForm;
  setTab: Dispatch<SetStateAction<ReviewForm>>;
}

export interface ReviewFocus {
  /** The Submit button's ref (focused after the last question). */
  submitRef: RefObject<HTMLButtonElement | null>;
  /** Shows `form`'s tab and focuses its question `questionId`. */
  focusOn: (form: ReviewForm, questionId: number) => void;
  /** Focuses rating question `index` (0-based); false when there is none. */
  focusRating: (index: number) => boolean;
  /** After rating question `index` (0-based): the next question, else Submit (see the note). */
  afterRating: (index: number) => void;
  /** The index of the rating question holding the focus, else -1. */
  focusedRating: () => number;
}

/** The panel's focus moves (see the module note). */
export function useReviewFocus({
  rootRef,
  forms,
  draft,
  tab,
  setTab,
}: ReviewFocusOptions): ReviewFocus {
  const submitRef = useRef<HTMLButtonElement>(null);
  /** A question to focus once its tab is shown ('submit': the Submit button). */
  const [target, setTarget] = useState<{ form: ReviewForm; questionId: number } | 'submit' | null>(
    null,
  );

  useEffect(() => {
    if (!target) return;
    if (target === 'submit') submitRef.current?.focus();
    else focusQuestion(rootRef.current, target.form, target.questionId);
    setTarget(null);
  }, [target, tab, rootRef]);

  const focusOn = (form: ReviewForm, questionId: number) => {
    setTab(form);
    setTarget({ form, questionId });
  };
  const focusRating = (index: number) => {
    const q = forms.ratings[index];
    if (!q) return false;
    focusOn('ratings', q.id);
    return true;
  };
  const afterRating = (index: number) => {
    if (focusRating(index + 1)) return;
    const next = forms.feedback.find((q) => !answered(draft.feedback[q.id])) ?? forms.feedback[0];
    if (next) focusOn('feedback', next.id);
    else setTarget('submit');
  };
  const focusedRating = () =>
    forms.ratings.findIndex((q) =>
      questionElement(rootRef.current, 'ratings', q.id)?.contains(document.activeElement),
    );
  return { submitRef, focusOn, focusRating, afterRating, focusedRating };
}
