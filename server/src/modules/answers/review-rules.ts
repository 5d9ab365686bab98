/**
 * The review's answer rules (001 §5 'Review submit', §9): pure functions over a form's questions,
 * so the service and the tests share them. Every question of each form is answered ('All questions
 * must be answered.'); rating answers are whole stars 1..5 ('A rating must be between 1 and 5.');
 * single choice is an option id of the question; multiple choice (and ranking) comma-joined option
 * ids of the question; open questions take any text. The score is the mean of the rating answers.
 */
import {
  QuestionType,
  isRatingValue,
  meanRatingScore,
  messages,
  type ErrorDetail,
  type ReviewAnswer,
} from '@practica/contract';

/** A question of a rating scale or feedback form, with its option ids. */
export interface FormQuestion {
  id: number;
  questionTypeId: number;
  optionIds: readonly number[];
}

/** A stored review answer: `{questionId, text}` with the text normalized. */
export interface StoredReviewAnswer {
  questionId: number;
  text: string;
}

/** Option ids of `text` ('3' or '3, 5'): distinct whole numbers, or null when malformed. */
function optionIdsOf(text: string): number[] | null {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const ids = parts.map(Number);
  return new Set(ids).size === ids.length ? ids : null;
}

/**
 * The normalized text of one answer to `question`, or the message explaining why it is refused.
 * Ratings become '1'..'5', choices their option ids joined by ',' (no spaces).
 */
export function normalizeReviewText(
  question: FormQuestion,
  text: string,
): { text: string } | { error: string } {
  const value = text.trim();
  if (value === '') return { error: messages.allQuestionsMustBeAnswered };
  switch (question.questionTypeId) {
    case QuestionType.Rating:
      return isRatingValue(value)
        ? { text: String(Number(value)) }
        : { error: messages.ratingOutOfRange };
    case QuestionType.Single: {
      const ids = optionIdsOf(value);
      return ids?.length === 1 && question.optionIds.includes(ids[0]!)
        ? { text: String(ids[0]) }
        : { error: messages.optionInvalid };
    }
    case QuestionType.Multiple:
    case QuestionType.Rank: {
      const ids = optionIdsOf(value);
      return ids && ids.every((id) => question.optionIds.includes(id))
        ? { text: ids.join(',') }
        : { error: messages.optionInvalid };
    }
    default:
      return { text: value };
  }
}

/**
 * Checks the answers given for one form against its questions. Answers the stored answers in the
 * form's question order and the problems found, with `path` under `answers.ratings` or
 * `answers.feedback`: first messages.allQuestionsMustBeAnswered when a question has no answer, then
 * one detail per refused answer (unknown question, a question answered twice, a bad text).
 */
export function checkReviewForm(
  path: string,
  questions: readonly FormQuestion[],
  given: readonly ReviewAnswer[],
): { answers: StoredReviewAnswer[]; details: ErrorDetail[] } {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const texts = new Map<number, string>();
  const problems: ErrorDetail[] = [];
  given.forEach((answer, i) => {
    const question = byId.get(answer.questionId);
    if (!question) {
      problems.push({ path: `${path}.${i}.questionId`, message: messages.questionNotInForm });
      return;
    }
    if (texts.has(answer.questionId)) {
      problems.push({ path: `${path}.${i}.questionId`, message: messages.duplicateQuestion });
      return;
    }
    const result = normalizeReviewText(question, answer.text);
    if ('error' in result) problems.push({ path: `${path}.${i}.text`, message: result.error });
    texts.set(answer.questionId, 'text' in result ? result.text : '');
  });
  const missing = questions.some((q) => !texts.has(q.id));
  const details = missing
    ? [{ path, message: messages.allQuestionsMustBeAnswered }, ...problems]
    : problems;
  return {
    answers: questions
      .filter((q) => texts.has(q.id))
      .map((q) => ({ questionId: q.id, text: texts.get(q.id)! })),
    details,
  };
}

/**
 * 001 §5: the review score, the mean of the numeric answers to the rating scale's Rating questions
 * (answers to other question types are left out), rounded to 2 decimals; null when there are none.
 */
export function reviewScore(
  questions: readonly FormQuestion[],
  answers: readonly StoredReviewAnswer[],
): number | null {
  const rating = new Set(
    questions.filter((q) => q.questionTypeId === QuestionType.Rating).map((q) => q.id),
  );
  const mean = meanRatingScore(answers.filter((a) => rating.has(a.questionId)).map((a) => a.text));
  return mean === null ? null : Math.round(mean * 100) / 100;
}
