/**
 * The review screen (001 §2 'Review screen'): a submit is one HTTP call, and the answer it returns
 * is the one shown (Reviewed, with Print Report) without reading the answer again.
 */
import {
  AnswerStatus,
  AssignmentStatus,
  ContentType,
  QuestionType,
  Role,
  format,
  messages,
  type AnswerDetail,
  type AssignmentContent,
} from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewInboxText } from '../../config/review-inbox-text';
import { makeUser, renderRoutes, signedOut, signInAsUser } from '../../test/render';
import { withReviewServer } from '../../test/review-server';

/** The page is a lazy chunk: its first load may take a moment under a busy test run. */
const lazyPage = { timeout: 5000 };

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
function detail(statusId: AnswerDetail['statusId']): AnswerDetail {
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

const envelope = (data: unknown, status = 200) =>
  new Response(
    JSON.stringify(
      status < 400
        ? { success: true, message: 'ok', data, error: null }
        : { success: false, message: 'Not found', data: null, error: { code: 'NOT_FOUND' } },
    ),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

describe('review screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    signedOut();
  });

  it('submits in one call and shows the answer it returns, without reading the answer again', async () => {
    signInAsUser(makeUser(Role.Instructor));
    /** The answer calls the screen sends, as 'METHOD path'. */
    const answerCalls: string[] = [];
    vi.stubGlobal(
      'fetch',
      withReviewServer(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const path = url.split('?')[0]!;
        if (path.startsWith('/api/assignments/answers/') || path.includes('/review/'))
          answerCalls.push(`${method} ${path}`);
        if (method === 'GET' && path === '/api/assignments/answers/5')
          return envelope(detail(AnswerStatus.Submitted));
        if (method === 'POST' && path === '/api/assignments/interviews/answers/review/5')
          return envelope(detail(AnswerStatus.Reviewed));
        return envelope(null, 404);
      }),
    );
    const user = userEvent.setup();
    renderRoutes(['/dbl/reviews/5']);
    expect(
      await screen.findByText(format.reviewTitle('Pitch', 'Tom Trainee'), {}, lazyPage),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.printReport })).not.toBeInTheDocument();

    const star = screen.getByRole('radio', { name: '4' });
    await user.click(document.querySelector(`label[for="${star.id}"]`) as HTMLElement);
    await user.click(screen.getByRole('tab', { name: new RegExp(messages.feedback) }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    // A plain Submit (the menu of 'Submit and next', issue 21 §1) stays on the answer.
    await user.click(screen.getByRole('button', { name: reviewInboxText.moreSubmitActions }));
    await user.click(await screen.findByRole('menuitem', { name: reviewInboxText.submitOnly }));

    expect(await screen.findByText(messages.interviewReviewSubmitted)).toBeInTheDocument();
    // The returned answer is the one shown: Reviewed, so Print Report appears.
    expect(await screen.findByRole('button', { name: messages.printReport })).toBeInTheDocument();
    // Give a refetch every chance to start before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await waitFor(() =>
      expect(answerCalls).toEqual([
        'GET /api/assignments/answers/5',
        // Issue 21 §4: opening the answer for review claims it.
        'POST /api/assignments/answers/5/claim',
        'POST /api/assignments/interviews/answers/review/5',
      ]),
    );
    expect(window.localStorage.getItem('practica.reviewDraft.5')).toBeNull();
  });
});
