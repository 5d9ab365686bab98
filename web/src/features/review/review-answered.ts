/**
 * Which review questions are answered (decisions.md#review-loop §2): the tabs' counters
 * ('Feedback 3/4') and the questions an incomplete submit names ('Missing: R2, F1'), in the
 * order ratings first, then feedback, each in its form's order.
 */
import type { AssignmentQuestion } from '@practica/contract';
import { reviewKeysText } from '../../config/review-keys-text';
import type { ReviewDraft, ReviewForm } from './review-draft';

/** Whether the question's answer is not empty (blank text is no answer). */
export const answered = (text: string | undefined) => (text ?? '').trim() !== '';

/** How many of `questions` `texts` answers. */
export const answeredCount = (
  questions: readonly AssignmentQuestion[],
  texts: Record<number, string>,
) => questions.filter((q) => answered(texts[q.id])).length;

/** An unanswered question: its form, its id and its short name ('R2', 'F1'). */
export interface MissingQuestion {
  form: ReviewForm;
  questionId: number;
  short: string;
}

/** The questions of `forms` that `draft` leaves unanswered, ratings first; empty when complete. */
export function missingQuestions(
  forms: Record<ReviewForm, readonly AssignmentQuestion[]>,
  draft: ReviewDraft,
): MissingQuestion[] {
  const of = (form: ReviewForm, short: (n: number) => string) =>
    forms[form].flatMap((q, i) =>
      answered(draft[form][q.id]) ? [] : [{ form, questionId: q.id, short: short(i + 1) }],
    );
  return [
    ...of('ratings', reviewKeysText.ratingShort),
    ...of('feedback', reviewKeysText.feedbackShort),
  ];
}
