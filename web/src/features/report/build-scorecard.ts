/**
 * The printable scorecard of one answer (decisions.md#console-flows §15): who and what was reviewed, each rating
 * question's stars, each feedback answer, the reviewer and the dates, from the answer detail the
 * review screen reads (its latest review). Pure: no I/O, so it is unit-tested field by field.
 */
import { AnswerStatus, ratingScaleMax, type AnswerDetail } from '@practica/contract';
import { answerScore, feedbackTexts } from './build-report';

/** One rating question of the scorecard: R{n}, its text and its stars (null: not rated). */
export interface ScorecardRating {
  label: string;
  question: string;
  stars: number | null;
}

/** One feedback question of the scorecard: F{n}, its text and its answer's texts (none: empty). */
export interface ScorecardFeedback {
  label: string;
  question: string;
  answers: string[];
}

/** Everything the scorecard prints. Dates are ISO timestamps (null when unknown). */
export interface Scorecard {
  answerId: number;
  assignment: string;
  trainee: string;
  completedAt: string | null;
  practiceCounter: number;
  /** The reviewer's full name ('Deleted user' once erased); null when there is no review. */
  reviewer: string | null;
  reviewedAt: string | null;
  /** The average of the stars, 0..ratingScaleMax; null when nothing was rated. */
  score: number | null;
  scoreMax: number;
  ratings: ScorecardRating[];
  feedback: ScorecardFeedback[];
}

/** A rating answer's whole stars within 0..ratingScaleMax; null when absent or not a number. */
function stars(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), ratingScaleMax) : null;
}

/** Whether the answer has a scorecard: it is Reviewed and its latest ratings are there. */
export function hasScorecard(answer: AnswerDetail): boolean {
  return answer.statusId === AnswerStatus.Reviewed && answer.data.ratingsAnswer !== null;
}

/** Builds the scorecard of a Reviewed answer from its detail (the latest review's forms). */
export function buildScorecard(answer: AnswerDetail): Scorecard {
  const ratingQuestions = answer.assignment.data.ratings?.questions ?? [];
  const feedbackQuestions = answer.assignment.data.feedback?.questions ?? [];
  const ratings = answer.data.ratingsAnswer;
  const feedback = answer.data.feedbackAnswer;
  const ratingText = (id: number) => ratings?.answers.find((a) => a.questionId === id)?.text;
  const feedbackText = (id: number) => feedback?.answers.find((a) => a.questionId === id)?.text;
  return {
    answerId: answer.id,
    assignment: answer.assignment.name,
    trainee: `${answer.user.firstName} ${answer.user.lastName}`,
    completedAt: answer.submittedAt,
    practiceCounter: answer.data.practiceCounter,
    reviewer: ratings?.contentAnswer.createdByName ?? feedback?.contentAnswer.createdByName ?? null,
    reviewedAt: answer.reviewedAt ?? ratings?.contentAnswer.createdAt ?? null,
    score: answerScore(answer, ratingQuestions),
    scoreMax: ratingScaleMax,
    ratings: ratingQuestions.map((q, i) => ({
      label: `R${i + 1}`,
      question: q.text,
      stars: stars(ratingText(q.id)),
    })),
    feedback: feedbackQuestions.map((q, i) => ({
      label: `F${i + 1}`,
      question: q.text,
      answers: feedbackTexts(q, feedbackText(q.id)),
    })),
  };
}
