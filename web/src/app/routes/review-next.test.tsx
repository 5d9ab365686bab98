/**
 * 'Submit and next' on the review screen (issue 21 §1): opened from the inbox with its filters, the
 * screen asks for the answer's neighbors with the same filters; after the submit it goes to the
 * next waiting answer keeping the filters, or, with none left, back to the inbox saying 'All
 * caught up'. The navigation bar shows the position.
 */
import {
  AnswerStatus,
  AssignmentStatus,
  ContentType,
  QuestionType,
  Role,
  format,
  type AnswerDetail,
  type AssignmentContent,
  type ReviewInboxNeighbors,
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

/** Serves answer 5 (and 6), its review, the neighbors `neighbors` and an empty inbox. */
function serve(neighbors: ReviewInboxNeighbors, neighborQueries: URLSearchParams[]) {
  vi.stubGlobal(
    'fetch',
    withReviewServer(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const [path, query] = url.split('?') as [string, string | undefined];
      if (method === 'GET' && path === '/api/reviews/inbox/neighbors') {
        neighborQueries.push(new URLSearchParams(query));
        return envelope(neighbors);
      }
      if (method === 'GET' && path === '/api/reviews/inbox')
        return envelope({ list: [], count: 0 });
      if (method === 'GET' && path === '/api/assignments/answers/5')
        return envelope(detail(AnswerStatus.Submitted));
      if (method === 'GET' && path === '/api/assignments/answers/6')
        return envelope({ ...detail(AnswerStatus.Submitted), id: 6 });
      if (method === 'POST' && path === '/api/assignments/interviews/answers/review/5')
        return envelope(detail(AnswerStatus.Reviewed));
      if (method === 'GET' && path.startsWith('/api/assignments'))
        return envelope({
          list: [],
          count: 0,
          statusCounts: { draft: 0, planned: 0, active: 0, closed: 0 },
        });
      if (method === 'GET' && path.startsWith('/api/groups'))
        return envelope({ list: [], count: 0 });
      return envelope(null, 404);
    }),
  );
}

/** Rates, gives feedback and chooses 'Submit and next'. */
async function reviewAndGoOn() {
  const user = userEvent.setup();
  expect(
    await screen.findByText(format.reviewTitle('Pitch', 'Tom Trainee'), {}, lazyPage),
  ).toBeInTheDocument();
  const star = screen.getByRole('radio', { name: '4' });
  await user.click(document.querySelector(`label[for="${star.id}"]`) as HTMLElement);
  await user.click(screen.getByRole('tab', { name: /Feedback/ }));
  await user.click(screen.getByRole('radio', { name: 'No' }));
  await user.click(screen.getByRole('button', { name: reviewInboxText.submitAndNext }));
}

describe("review screen's Submit and next", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    signedOut();
  });

  it('asks for the neighbors with the inbox filters and goes on to the next answer keeping them', async () => {
    signInAsUser(makeUser(Role.Instructor));
    const queries: URLSearchParams[] = [];
    serve({ previousId: null, nextId: 6, position: 1, count: 2 }, queries);
    const { router } = renderRoutes(['/dbl/reviews/5?assignmentId=3&claim=unclaimed']);
    expect(await screen.findByTestId('inbox-position', {}, lazyPage)).toHaveTextContent('1 of 2');
    expect(Object.fromEntries(queries[0]!)).toMatchObject({
      answerId: '5',
      assignmentId: '3',
      claim: 'unclaimed',
    });
    await reviewAndGoOn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dbl/reviews/6'));
    expect(router.state.location.search).toBe('?assignmentId=3&claim=unclaimed');
  });

  it('goes back to the inbox with its filters, all caught up, when no answer is left', async () => {
    signInAsUser(makeUser(Role.Instructor));
    serve({ previousId: null, nextId: null, position: 1, count: 1 }, []);
    const { router } = renderRoutes(['/dbl/reviews/5?assignmentId=3']);
    expect(await screen.findByTestId('inbox-position', {}, lazyPage)).toHaveTextContent('1 of 1');
    await reviewAndGoOn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dbl/reviews'));
    expect(router.state.location.search).toBe('?assignmentId=3');
    expect(await screen.findByTestId('caught-up', {}, lazyPage)).toHaveTextContent(
      reviewInboxText.caughtUp,
    );
  });
});
