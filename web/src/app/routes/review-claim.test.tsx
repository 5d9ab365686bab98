/**
 * The review screen while another reviewer holds the answer's claim (decisions.md#review-loop §4): read only means
 * read only — the banner says who reviews it, and until Take over no key or click rates, no option
 * is chosen, nothing is sent as a draft (PUT …/draft) and nothing is submitted; once taken over the
 * same keys rate and the draft is saved. The screen stays true to the server: when the holder
 * submits (the claim released, a new review in the history), the banner goes and the history shows
 * that review within seconds, without a key pressed; a submit from there goes against that review's
 * version, not the one first opened.
 */
import {
  AnswerStatus,
  Role,
  format,
  type AnswerDetail,
  type ReviewClaim,
  type ReviewHistoryItem,
} from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewHistoryText } from '../../config/review-history-text';
import { reviewSafetyText } from '../../config/review-safety-text';
import { makeUser, renderRoutes, signedOut, signInAsUser } from '../../test/render';
import { envelope, reviewDetail as detail } from '../../test/review-fixtures';
import { withReviewServer } from '../../test/review-server';

/** The page is a lazy chunk: its first load may take a moment under a busy test run. */
const lazyPage = { timeout: 10_000 };

const mayaClaim = (): ReviewClaim => ({
  answerId: 5,
  user: { id: 2, firstName: 'Maya', lastName: 'Manning' },
  claimedAt: new Date(Date.now() - 60_000).toISOString(),
  expiresAt: new Date(Date.now() + 9 * 60_000).toISOString(),
  mine: false,
});
const myClaim = (): ReviewClaim => ({
  ...mayaClaim(),
  user: { id: 13, firstName: 'Test', lastName: 'Instructor' },
  mine: true,
});

/** The conflict envelope of a claim another reviewer holds. */
const held = (claim: ReviewClaim) =>
  new Response(
    JSON.stringify({
      success: false,
      message: format.answerClaimedBy('Maya Manning'),
      data: claim,
      error: { code: 'CONFLICT', message: format.answerClaimedBy('Maya Manning') },
    }),
    { status: 409, headers: { 'Content-Type': 'application/json' } },
  );

/** Serves answer 5 held by Maya until a take-over; records every call as 'METHOD path'. */
function serve() {
  const calls: string[] = [];
  const state = { taken: false };
  const spy = vi.fn(
    withReviewServer(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.split('?')[0]!;
      calls.push(`${method} ${path}`);
      if (method === 'GET' && path === '/api/assignments/answers/5')
        return envelope({
          ...detail(AnswerStatus.Submitted),
          claim: state.taken ? myClaim() : mayaClaim(),
        });
      if (method === 'POST' && path === '/api/assignments/answers/5/claim') {
        const body = JSON.parse(String(init?.body ?? '{}')) as { takeOver?: boolean };
        if (body.takeOver) state.taken = true;
        return state.taken ? envelope(myClaim()) : held(mayaClaim());
      }
      if (method === 'DELETE') return envelope(null);
      return envelope(null, 404);
    }),
  );
  vi.stubGlobal('fetch', spy);
  // The fake review server answers the draft calls itself: count them from the spy.
  const draftPuts = () =>
    spy.mock.calls.filter(
      ([url, init]) => String(url).endsWith('/draft') && (init?.method ?? 'GET') === 'PUT',
    );
  return { calls, draftPuts };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  signedOut();
});

/** The checked star of R1 (0: none; its tab may be hidden). */
const r1 = () =>
  Number(
    within(screen.getByRole('radiogroup', { name: /R1: /, hidden: true }))
      .queryAllByRole('radio', { hidden: true })
      .find((r) => (r as HTMLInputElement).checked)
      ?.getAttribute('value') ?? 0,
  );

describe('the review screen of an answer another reviewer holds', () => {
  // A long flow (two page states, a draft's delay): room on a busy machine.
  it(
    'takes no rating, option, draft or submit until Take over; then the keys rate and the draft is saved',
    { timeout: 40_000 },
    async () => {
      signInAsUser(makeUser(Role.Instructor));
      const { draftPuts } = serve();
      const user = userEvent.setup();
      renderRoutes(['/dbl/reviews/5']);
      const banner = await screen.findByTestId('claim-banner', {}, lazyPage);
      expect(banner).toHaveTextContent(format.answerClaimedBy('Maya Manning'));

      // Keys and clicks change nothing.
      await user.keyboard('4');
      const star = screen.getByRole('radio', { name: '5', hidden: true });
      await user.click(document.querySelector(`label[for="${star.id}"]`) as HTMLElement);
      expect(r1()).toBe(0);
      await user.click(screen.getByRole('tab', { name: /Feedback/ }));
      const no = screen.getByRole('radio', { name: 'No' });
      expect(no).toBeDisabled();
      await user.click(no);
      expect(no).not.toBeChecked();
      await user.keyboard('{Control>}{Enter}{/Control}');
      // Half a second is the draft's delay: give a save every chance to go out.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(draftPuts()).toHaveLength(0);
      expect(window.localStorage.getItem('practica.reviewDraft.5')).toBeNull();

      // Taken over: the same key rates, and the draft goes to the server.
      await user.click(within(banner).getByRole('button', { name: reviewSafetyText.takeOver }));
      await waitFor(() => expect(screen.queryByTestId('claim-banner')).not.toBeInTheDocument());
      await user.click(screen.getByRole('tab', { name: /Ratings/ }));
      await user.keyboard('4');
      expect(r1()).toBe(4);
      await waitFor(() => expect(draftPuts()).toHaveLength(1), { timeout: 3000 });
    },
  );
});

/** Answer 5 as Maya's submit left it: Reviewed, version 1, its claim released. */
const reviewedByMaya = (): AnswerDetail => ({
  ...detail(AnswerStatus.Reviewed),
  reviewVersion: 1,
  claim: null,
});
/** The history's row of Maya's review. */
const mayasReview = (): ReviewHistoryItem => {
  const answer = reviewedByMaya();
  return {
    id: 70,
    version: 1,
    reviewer: { id: 2, firstName: 'Maya', lastName: 'Manning' },
    reviewerName: 'Maya Manning',
    createdAt: '2026-01-02T00:00:00.000Z',
    score: 4,
    commentsCount: 0,
    ratingsAnswer: answer.data.ratingsAnswer,
    feedbackAnswer: answer.data.feedbackAnswer,
    comments: [],
  };
};

describe('the review screen learns what the holder did', () => {
  it(
    'drops the banner and shows the new review within seconds of the holder’s submit; a submit then goes against it',
    { timeout: 40_000 },
    async () => {
      signInAsUser(makeUser(Role.Manager));
      const server = { reviewed: false };
      /** The If-Match of each review call. */
      const ifMatch: string[] = [];
      const next = withReviewServer(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const path = url.split('?')[0]!;
        if (method === 'GET' && path === '/api/assignments/answers/5')
          return envelope(
            server.reviewed
              ? reviewedByMaya()
              : { ...detail(AnswerStatus.Submitted), claim: mayaClaim() },
          );
        if (method === 'POST' && path === '/api/assignments/answers/5/claim')
          return server.reviewed ? envelope(myClaim()) : held(mayaClaim());
        if (method === 'POST' && path === '/api/assignments/interviews/answers/review/5') {
          ifMatch.push(new Headers(init?.headers).get('If-Match') ?? '');
          return envelope({ ...reviewedByMaya(), reviewVersion: 2 });
        }
        return envelope(null);
      });
      vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
        url.split('?')[0] === '/api/assignments/answers/5/reviews'
          ? Promise.resolve(
              envelope(
                server.reviewed ? { list: [mayasReview()], count: 1 } : { list: [], count: 0 },
              ),
            )
          : next(url, init),
      );
      const user = userEvent.setup();
      renderRoutes(['/dbl/reviews/5']);
      expect(await screen.findByTestId('claim-banner', {}, lazyPage)).toBeInTheDocument();
      expect(await screen.findByText(reviewHistoryText.empty)).toBeInTheDocument();

      // Maya submits: no key, no click here.
      server.reviewed = true;
      await waitFor(() => expect(screen.queryByTestId('claim-banner')).not.toBeInTheDocument(), {
        timeout: 9000,
      });
      const rows = await screen.findAllByTestId('review-history-row', {}, { timeout: 9000 });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toHaveTextContent('Maya Manning');
      expect(screen.queryByText(reviewHistoryText.empty)).not.toBeInTheDocument();

      // The screen is this reviewer's now, her review in the fields: a submit goes against it.
      await user.click(screen.getByRole('button', { name: /More submit actions/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'Submit' }));
      await waitFor(() => expect(ifMatch).toEqual(['"1"']));
    },
  );
});
