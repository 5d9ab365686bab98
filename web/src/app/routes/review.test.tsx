/**
 * The review screen (001 §2 'Review screen'): a submit is one HTTP call, and the answer it returns
 * is the one shown (Reviewed, with Print Report) without reading the answer again.
 */
import { AnswerStatus, Role, format, messages } from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewInboxText } from '../../config/review-inbox-text';
import { makeUser, renderRoutes, signedOut, signInAsUser } from '../../test/render';
import { envelope, reviewDetail as detail } from '../../test/review-fixtures';
import { withReviewServer } from '../../test/review-server';

/** The page is a lazy chunk: its first load may take a moment under a busy test run. */
const lazyPage = { timeout: 5000 };

describe('review screen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    signedOut();
  });

  it('submits in one call and shows the answer it returns, without reading the answer again', async () => {
    signInAsUser(makeUser(Role.Instructor));
    // The screen reads its answer again every few seconds while visible (a claim released, a
    // review meanwhile): held still here (intervals only), so every read counted is the test's.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
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
    // Editable once the claim call has answered.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: reviewInboxText.submitAndNext })).toBeEnabled(),
    );

    const star = screen.getByRole('radio', { name: '4' });
    await user.click(document.querySelector(`label[for="${star.id}"]`) as HTMLElement);
    await user.click(screen.getByRole('tab', { name: new RegExp(messages.feedback) }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    // A plain Submit (the menu of 'Submit and next', decisions.md#review-loop §1) stays on the answer.
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
        // decisions.md#review-loop §4: opening the answer for review claims it.
        'POST /api/assignments/answers/5/claim',
        'POST /api/assignments/interviews/answers/review/5',
      ]),
    );
    expect(window.localStorage.getItem('practica.reviewDraft.5')).toBeNull();
  });
});
