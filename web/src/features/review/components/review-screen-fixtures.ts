/**
 * Fixtures and queries of the review screen's component tests (the player, the panel alone, with
 * the keyboard, and the two side by side): an interview question and its recorded item as the
 * player gets them, a Submitted answer rated on R1 Clarity, R2 Confidence and R3 Structure (its
 * form questions made by test/review-fixtures.ts `formQuestion`), and the stars of a rating
 * question.
 */
import {
  AnswerStatus,
  QuestionType,
  type AnswerDetail,
  type AnswerItem,
  type AnswerQuestion,
  type AssignmentQuestion,
} from '@practica/contract';
import { screen, within } from '@testing-library/react';
import { formQuestion } from '../../../test/review-fixtures';

/** Interview question `n` (id `100 + n`) as the player shows it, asked by `roleName` if any. */
export function playerQuestion(n: number, roleName: string | null = null): AnswerQuestion {
  return {
    id: 100 + n,
    number: n,
    text: `Question ${n} text`,
    description: '',
    interviewRoleId: roleName ? 1 : null,
    roleName,
    avatar: null,
  };
}

/** The recorded item of question `n`: a video of `duration` seconds, as uploaded (no playback yet). */
export function recordedItem(n: number, duration: number): AnswerItem {
  return {
    id: 200 + n,
    questionId: 100 + n,
    text: null,
    duration,
    fileId: 300 + n,
    file: { id: 300 + n, url: `/files/answer-q${n}.mp4` },
    media: { status: 'original', playback: null, poster: null, deletedAfterDays: null },
  };
}

/**
 * Answer `id` of Tessa Tran (trainee 9), Submitted, to assignment 3 'Pitch' of organization 1,
 * whose rating scale (20) is R1 Clarity, R2 Confidence, R3 Structure and whose feedback form (30)
 * is `feedback`; `viewed` or not, with the interview's `questions` and the trainee's recorded
 * `items` (none unless given).
 */
export function submittedAnswer({
  id,
  viewed,
  feedback,
  questions = [],
  items = [],
}: {
  id: number;
  viewed: boolean;
  feedback: AssignmentQuestion[];
  questions?: AnswerQuestion[];
  items?: AnswerItem[];
}): AnswerDetail {
  return {
    id,
    userId: 9,
    user: { id: 9, firstName: 'Tessa', lastName: 'Tran' },
    statusId: AnswerStatus.Submitted,
    submittedAt: '2026-11-20T14:05:00.000Z',
    viewed,
    canReview: true,
    assignmentId: 3,
    reviewVersion: 0,
    claim: null,
    data: {
      interviewAnswer: { answers: items },
      ratingsAnswer: null,
      feedbackAnswer: null,
      practiceCounter: 1,
    },
    questions,
    assignment: {
      id: 3,
      name: 'Pitch',
      organizationId: 1,
      data: {
        ratingsId: 20,
        feedbackId: 30,
        ratings: {
          questions: [
            formQuestion(1, 'Clarity', QuestionType.Rating),
            formQuestion(2, 'Confidence', QuestionType.Rating),
            formQuestion(3, 'Structure', QuestionType.Rating),
          ],
        },
        feedback: { questions: feedback },
      },
    },
  } as unknown as AnswerDetail;
}

/** The radio group of rating question `label` (named by it); throws when there is none. */
export const stars = (label: RegExp): HTMLElement =>
  screen.getByRole('radiogroup', { name: label });

/** The checked star of a group, as a number (0: none). */
export const rating = (group: HTMLElement): number =>
  Number(
    within(group)
      .queryAllByRole('radio', { hidden: true })
      .find((r) => (r as HTMLInputElement).checked)
      ?.getAttribute('value') ?? 0,
  );
