/**
 * 'Submit and next' on the review screen (issue 21 §1): opened from the inbox with its filters, the
 * screen asks for the answer's neighbors with the same filters; after the submit it goes to the
 * next waiting answer keeping the filters, or, with none left, back to the inbox saying 'All
 * caught up'. The navigation bar shows the position.
 */
import { AnswerStatus, Role, format, type ReviewInboxNeighbors } from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewInboxText } from '../../config/review-inbox-text';
import { makeUser, renderRoutes, signedOut, signInAsUser } from '../../test/render';
import { envelope, reviewDetail as detail } from '../../test/review-fixtures';
import { withReviewServer } from '../../test/review-server';

/** The page is a lazy chunk: its first load may take a moment under a busy test run. */
const lazyPage = { timeout: 5000 };

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
