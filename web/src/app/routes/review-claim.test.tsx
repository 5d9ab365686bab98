/**
 * The review screen while another reviewer holds the answer's claim (issue 21 §4): read only means
 * read only — the banner says who reviews it, and until Take over no key or click rates, no option
 * is chosen, nothing is sent as a draft (PUT …/draft) and nothing is submitted; once taken over the
 * same keys rate and the draft is saved.
 */
import { AnswerStatus, Role, format, type ReviewClaim } from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
