/**
 * The review in progress (001 §2, §5): the answer text per question of each form, how complete
 * each form is, the average score, the request body, and the copy kept in local storage per
 * answer id until submitted (a reload keeps the work).
 */
import { useLocalStorage } from '@mantine/hooks';
import {
  meanRatingScore,
  type AnswerDetail,
  type AssignmentQuestion,
  type ReviewBodyInput,
} from '@practica/contract';

/** Texts by question id, per form. */
export interface ReviewDraft {
  ratings: Record<number, string>;
  feedback: Record<number, string>;
}

export type ReviewForm = keyof ReviewDraft;

/** The questions of each form of the answer's assignment. */
export function reviewForms(answer: AnswerDetail): Record<ReviewForm, AssignmentQuestion[]> {
  return {
    ratings: answer.assignment.data.ratings?.questions ?? [],
    feedback: answer.assignment.data.feedback?.questions ?? [],
  };
}

/** The last submitted review as a draft (a re-review starts from it), else empty. */
export function draftFromAnswer(answer: AnswerDetail): ReviewDraft {
  const toRecord = (list: { questionId: number; text: string }[] | undefined) =>
    Object.fromEntries((list ?? []).map((a) => [a.questionId, a.text]));
  return {
    ratings: toRecord(answer.data.ratingsAnswer?.answers),
    feedback: toRecord(answer.data.feedbackAnswer?.answers),
  };
}

/** Whether every question of the form has an answer. */
export function isFormComplete(
  questions: readonly AssignmentQuestion[],
  texts: Record<number, string>,
) {
  return questions.every((q) => (texts[q.id] ?? '').trim() !== '');
}

/** The average of the rating answers (unrounded), or null when none is numeric. */
export function draftScore(questions: readonly AssignmentQuestion[], draft: ReviewDraft) {
  return meanRatingScore(questions.map((q) => draft.ratings[q.id]));
}

/** Multiple choice: the chosen option ids from the comma-joined text. */
export function splitChoice(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Multiple choice: the comma-joined text of the chosen option ids. */
export function joinChoice(ids: readonly string[]): string {
  return ids.join(',');
}

/** The review call's body (001 §3 'Review payload'). */
export function reviewBody(answer: AnswerDetail, draft: ReviewDraft): ReviewBodyInput {
  const forms = reviewForms(answer);
  const list = (questions: AssignmentQuestion[], texts: Record<number, string>) =>
    questions.map((q) => ({ questionId: q.id, text: texts[q.id] ?? '' }));
  const score = draftScore(forms.ratings, draft);
  return {
    traineeId: answer.userId,
    ...(answer.assignment.data.ratingsId
      ? { questionnaireID: answer.assignment.data.ratingsId }
      : {}),
    score,
    answers: {
      ratings: list(forms.ratings, draft.ratings),
      feedback: list(forms.feedback, draft.feedback),
    },
  };
}

/** Local storage key of the draft of one answer. */
export const draftStorageKey = (answerId: number) => `practica.reviewDraft.${answerId}`;

/** A stored draft's text parsed; undefined when missing or not a draft. */
export function parseDraft(raw: string | undefined): ReviewDraft | undefined {
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<ReviewDraft> | null;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    return { ratings: parsed.ratings ?? {}, feedback: parsed.feedback ?? {} };
  } catch {
    return undefined;
  }
}

/**
 * The review in progress of `answer`: the copy kept in local storage under `draftStorageKey` (a
 * reload keeps the work; storage full or disabled keeps it in memory), else the last submitted
 * review. `change` sets the text of one question of a form and stores the draft; `clear` forgets
 * the stored copy, so the draft is the answer's latest review again (after a submit).
 */
export function useReviewDraft(answer: AnswerDetail): {
  draft: ReviewDraft;
  change: (form: ReviewForm, questionId: number, text: string) => void;
  clear: () => void;
} {
  const [stored, setStored, clear] = useLocalStorage<ReviewDraft | undefined>({
    key: draftStorageKey(answer.id),
    getInitialValueInEffect: false,
    deserialize: parseDraft,
  });
  const change = (form: ReviewForm, questionId: number, text: string) =>
    setStored((current) => {
      const base = current ?? draftFromAnswer(answer);
      return { ...base, [form]: { ...base[form], [questionId]: text } };
    });
  return { draft: stored ?? draftFromAnswer(answer), change, clear };
}
