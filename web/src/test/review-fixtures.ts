/**
 * Fixtures of the review screen's tests: the answer 5 of trainee 9 (GET /assignments/answers/5 and
 * the review call), with one rating and one single-choice feedback question, a question of a rating
 * scale or feedback form, and the API envelope.
 */
import {
  AnswerStatus,
  AssignmentStatus,
  ContentType,
  QuestionType,
  type AnswerDetail,
  type AssignmentContent,
  type AssignmentQuestion,
} from '@practica/contract';

/**
 * Question `id` of a rating scale or feedback form (content 1), of type `questionTypeId`, with an
 * option per entry of `options`: a text (option id `id * 10 + i`) or an id and a text.
 */
export const formQuestion = (
  id: number,
  text: string,
  questionTypeId: number,
  options: readonly (string | { id: number; text: string })[] = [],
): AssignmentQuestion => ({
  id,
  text,
  description: '',
  questionTypeId,
  interviewRoleId: null,
  contentId: 1,
  tags: [],
  options: options.map((o, i) =>
    typeof o === 'string'
      ? { id: id * 10 + i, text: o, correctAnswer: 0 }
      : { ...o, correctAnswer: 0 },
  ),
});

const form = (
  id: number,
  contentTypeId: number,
  question: AssignmentContent['questions'][number],
): AssignmentContent => ({
  id,
  name: `Form ${id}`,
  description: '',
  contentTypeId,
  statusId: 2,
  organizationId: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  roles: [],
  questions: [question],
});

/** The answer 5 of trainee 9, as GET /assignments/answers/5 and the review call answer it. */
export function reviewDetail(statusId: AnswerDetail['statusId']): AnswerDetail {
  const reviewed = statusId === AnswerStatus.Reviewed;
  const reviewForm = (id: number, contentId: number, text: string, score: number | null) => ({
    id,
    contentId,
    contentTypeId: contentId === 20 ? ContentType.RatingScale : ContentType.Feedback,
    contentAnswer: {
      createdAt: '2026-01-02T00:00:00.000Z',
      createdBy: { id: 12, firstName: 'Ian', lastName: 'Instructor' },
      createdByName: 'Ian Instructor',
    },
    answers: [{ questionId: contentId === 20 ? 1 : 2, text }],
    score,
  });
  return {
    id: 5,
    userId: 9,
    user: { id: 9, firstName: 'Tom', lastName: 'Trainee' },
    assignmentId: 3,
    statusId,
    score: reviewed ? 4 : null,
    submittedAt: '2026-01-01T00:00:00.000Z',
    reviewedAt: reviewed ? '2026-01-02T00:00:00.000Z' : null,
    updatedAt: '2026-01-02T00:00:00.000Z',
    viewed: true,
    practiceCounter: 1,
    ratingsAnswerId: reviewed ? 40 : null,
    feedbackAnswerId: reviewed ? 41 : null,
    assignment: {
      id: 3,
      name: 'Pitch',
      description: '',
      statusId: AssignmentStatus.Active,
      closeDate: null,
      organizationId: 1,
      data: {
        interviewId: null,
        environmentId: null,
        ratingsId: 20,
        feedbackId: 30,
        roles: [],
        interview: null,
        ratings: form(20, ContentType.RatingScale, {
          id: 1,
          text: 'Clarity',
          description: '',
          questionTypeId: QuestionType.Rating,
          interviewRoleId: null,
          contentId: 20,
          tags: [],
          options: [],
        }),
        feedback: form(30, ContentType.Feedback, {
          id: 2,
          text: 'Recommend',
          description: '',
          questionTypeId: QuestionType.Single,
          interviewRoleId: null,
          contentId: 30,
          tags: [],
          options: [
            { id: 20, text: 'Yes', correctAnswer: 0 },
            { id: 21, text: 'No', correctAnswer: 0 },
          ],
        }),
        environment: null,
      },
    },
    data: {
      interviewAnswer: { answers: [] },
      ratingsAnswer: reviewed ? reviewForm(40, 20, '4', 4) : null,
      feedbackAnswer: reviewed ? reviewForm(41, 30, '21', null) : null,
      practiceCounter: 1,
    },
    questions: [],
    canReview: true,
    reviewVersion: 0,
    claim: null,
  };
}

/** A Response carrying `data` in the envelope (an error envelope from status 400). */
export const envelope = (data: unknown, status = 200) =>
  new Response(
    JSON.stringify(
      status < 400
        ? { success: true, message: 'ok', data, error: null }
        : { success: false, message: 'Not found', data: null, error: { code: 'NOT_FOUND' } },
    ),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
