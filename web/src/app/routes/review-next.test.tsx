/**
 * 'Submit and next' on the review screen (decisions.md#review-loop §1): opened from the inbox with its filters, the
 * screen asks for the answer's neighbors with the same filters; after the submit it asks again
 * (what the page read when it opened is old by then) and goes to the next waiting answer the
 * reviewer may take, keeping the filters — after the last of '3 of 3', round to an answer still
 * waiting before it. With none left it goes back to the inbox, which says 'All caught up' only when
 * its own list is empty, and that the others are being reviewed when every one listed is another's.
 * The navigation bar shows the position.
 */
import {
  AnswerStatus,
  Role,
  format,
  type ReviewInboxItem,
  type ReviewInboxNeighbors,
} from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewInboxText } from '../../config/review-inbox-text';
import { makeUser, renderRoutes, signedOut, signInAsUser } from '../../test/render';
import { envelope, reviewDetail as detail } from '../../test/review-fixtures';
import { withReviewServer } from '../../test/review-server';

/** The page is a lazy chunk: its first load may take a moment under a busy test run. */
const lazyPage = { timeout: 10_000 };

/** A row of the inbox waiting for review, claimed by `claimedBy` (another reviewer) or free. */
const row = (answerId: number, claimedBy: string | null = null): ReviewInboxItem => ({
  answerId,
  assignment: { id: 3, name: 'Pitch' },
  user: { id: 100 + answerId, firstName: 'Tessa', lastName: `Trainee ${answerId}` },
  submittedAt: '2026-01-01T00:00:00.000Z',
  reviewedBefore: false,
  claim: claimedBy
    ? {
        user: { id: 2, firstName: claimedBy, lastName: 'Manning' },
        claimedAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        mine: false,
      }
    : null,
});

/**
 * Serves answer 5 (and 6), its review, the inbox `inbox` and the neighbors: `before` until the
 * review is in, `after` from then on (as the server would answer them).
 */
function serve(
  { before, after = before }: { before: ReviewInboxNeighbors; after?: ReviewInboxNeighbors },
  neighborQueries: URLSearchParams[],
  inbox: ReviewInboxItem[] = [],
) {
  let reviewed = false;
  vi.stubGlobal(
    'fetch',
    withReviewServer(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const [path, query] = url.split('?') as [string, string | undefined];
      if (method === 'GET' && path === '/api/reviews/inbox/neighbors') {
        neighborQueries.push(new URLSearchParams(query));
        return envelope(reviewed ? after : before);
      }
      if (method === 'GET' && path === '/api/reviews/inbox')
        return envelope({ list: inbox, count: inbox.length });
      if (method === 'GET' && path === '/api/assignments/answers/5')
        return envelope(detail(reviewed ? AnswerStatus.Reviewed : AnswerStatus.Submitted));
      if (method === 'GET' && path === '/api/assignments/answers/6')
        return envelope({ ...detail(AnswerStatus.Submitted), id: 6 });
      if (method === 'POST' && path === '/api/assignments/interviews/answers/review/5') {
        reviewed = true;
        return envelope(detail(AnswerStatus.Reviewed));
      }
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
  // Editable once the claim call has answered.
  await waitFor(() =>
    expect(screen.getByRole('button', { name: reviewInboxText.submitAndNext })).toBeEnabled(),
  );
  const star = screen.getByRole('radio', { name: '4' });
  await user.click(document.querySelector(`label[for="${star.id}"]`) as HTMLElement);
  await user.click(screen.getByRole('tab', { name: /Feedback/ }));
  await user.click(screen.getByRole('radio', { name: 'No' }));
  await user.click(screen.getByRole('button', { name: reviewInboxText.submitAndNext }));
}

// Each test loads the page, reviews and follows where it goes: room on a busy machine.
describe("review screen's Submit and next", { timeout: 40_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    signedOut();
  });

  it('asks for the neighbors with the inbox filters and goes on to the next answer keeping them', async () => {
    signInAsUser(makeUser(Role.Instructor));
    const queries: URLSearchParams[] = [];
    serve(
      { before: { previousId: null, nextId: 6, nextWaitingId: 6, position: 1, count: 2 } },
      queries,
    );
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
    // Asked again once the review was in, with the same filters.
    expect(queries.length).toBeGreaterThan(1);
    expect(Object.fromEntries(queries.at(-1)!)).toMatchObject({ answerId: '5', assignmentId: '3' });
  });

  it('after the last of 3 of 3 goes to an answer still waiting before it, as the server says now', async () => {
    signInAsUser(makeUser(Role.Instructor));
    // Opened as the last of three, the first two claimed by others then; by the submit Maya had
    // let go of answer 6.
    serve(
      {
        before: { previousId: null, nextId: null, nextWaitingId: null, position: 3, count: 3 },
        after: { previousId: 6, nextId: null, nextWaitingId: 6, position: null, count: 2 },
      },
      [],
    );
    const { router } = renderRoutes(['/dbl/reviews/5']);
    expect(await screen.findByTestId('inbox-position', {}, lazyPage)).toHaveTextContent('3 of 3');
    await reviewAndGoOn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dbl/reviews/6'));
    expect(screen.queryByTestId('caught-up')).not.toBeInTheDocument();
  });

  it('goes back to the inbox with its filters, all caught up, when no answer is left', async () => {
    signInAsUser(makeUser(Role.Instructor));
    serve(
      { before: { previousId: null, nextId: null, nextWaitingId: null, position: 1, count: 1 } },
      [],
    );
    const { router } = renderRoutes(['/dbl/reviews/5?assignmentId=3']);
    expect(await screen.findByTestId('inbox-position', {}, lazyPage)).toHaveTextContent('1 of 1');
    await reviewAndGoOn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dbl/reviews'));
    expect(router.state.location.search).toBe('?assignmentId=3');
    expect(await screen.findByTestId('caught-up', {}, lazyPage)).toHaveTextContent(
      reviewInboxText.caughtUp,
    );
  });

  it('never says all caught up over a list of waiting answers: the others are being reviewed', async () => {
    signInAsUser(makeUser(Role.Instructor));
    const waiting = [row(6, 'Maya'), row(7, 'Maya')];
    serve(
      { before: { previousId: 6, nextId: null, nextWaitingId: null, position: 3, count: 3 } },
      [],
      waiting,
    );
    const { router } = renderRoutes(['/dbl/reviews/5']);
    expect(await screen.findByTestId('inbox-position', {}, lazyPage)).toHaveTextContent('3 of 3');
    await reviewAndGoOn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dbl/reviews'));
    expect(await screen.findAllByText(/Tessa Trainee [67]/, {}, lazyPage)).toHaveLength(2);
    expect(await screen.findByTestId('caught-up')).toHaveTextContent(
      reviewInboxText.othersReviewing,
    );
    expect(screen.queryByText(reviewInboxText.caughtUp)).not.toBeInTheDocument();
  });
});
