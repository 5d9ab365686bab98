/**
 * The printable scorecard (decisions.md#console-flows §15): the review screen offers it as its own button beside
 * Print Report, which stays the spec's one-click download of the spreadsheet (no menu between); its
 * page shows the trainee, assignment, each criterion's stars, the feedback, the
 * reviewer and the dates of the answer's latest review, opens the print dialog once when asked
 * (`?print=1`, which then leaves the URL) and on Print, and says so when there is nothing to print.
 */
import { AnswerStatus, Role, messages, type AnswerDetail } from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportText } from '../../config/report-text';
import { makeUser, renderRoutes, signedOut, signInAsUser } from '../../test/render';
import { envelope, reviewDetail } from '../../test/review-fixtures';
import { withReviewServer } from '../../test/review-server';

/** The page is a lazy chunk: its first load may take a moment under a busy test run. */
const lazyPage = { timeout: 5000 };

/**
 * A fake API holding answer 5 with status `statusId` (any other answer is not found); answers the
 * calls made, as 'METHOD url'.
 */
function serve(statusId: AnswerDetail['statusId']): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    withReviewServer(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.split('?')[0]!;
      calls.push(`${method} ${url}`);
      if (method === 'GET' && path === '/api/assignments/answers/5')
        return envelope(reviewDetail(statusId));
      if (method === 'POST' && path.endsWith('/claim')) return envelope(null);
      return envelope(null, 404);
    }),
  );
  return calls;
}

describe('scorecard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    signedOut();
  });

  it('prints the reviewed answer once when asked, then stays without the print flag', async () => {
    signInAsUser(makeUser(Role.Instructor));
    serve(AnswerStatus.Reviewed);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { router } = renderRoutes(['/dbl/reviews/5/scorecard?assignmentId=3&print=1']);

    const card = await screen.findByTestId('scorecard', {}, lazyPage);
    expect(within(card).getByRole('heading', { level: 1, name: 'Tom Trainee' })).toBeVisible();
    expect(within(card).getByTestId('scorecard-assignment')).toHaveTextContent('Pitch');
    expect(within(card).getByTestId('scorecard-reviewer')).toHaveTextContent('Ian Instructor');
    expect(within(card).getByTestId('scorecard-completed')).toHaveTextContent(
      dayjs('2026-01-01T00:00:00.000Z').format('MM.DD.YYYY'),
    );
    expect(within(card).getByTestId('scorecard-reviewed')).toHaveTextContent(
      dayjs('2026-01-02T00:00:00.000Z').format('MM.DD.YYYY'),
    );
    expect(within(card).getByTestId('scorecard-score')).toHaveTextContent('4.0 / 5');
    // Each criterion's stars, named for screen readers, and the feedback as the option's text.
    expect(
      within(card).getByRole('img', { name: reportText.starsLabel('Clarity', 4, 5) }),
    ).toBeVisible();
    const feedback = within(card).getByTestId('scorecard-feedback');
    expect(feedback).toHaveTextContent('F1Recommend');
    expect(feedback).toHaveTextContent('No');
    expect(document.title).toContain(reportText.documentTitle('Pitch', 'Tom Trainee'));

    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    // The flag leaves the URL (a reload does not print again); the inbox filters stay.
    await waitFor(() => expect(router.state.location.search).toBe('?assignmentId=3'));
    await new Promise((r) => setTimeout(r, 50));
    expect(print).toHaveBeenCalledTimes(1);

    // Print asks again; Back to review keeps the filters.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: reportText.print }));
    expect(print).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('link', { name: reportText.backToReview })).toHaveAttribute(
      'href',
      '/dbl/reviews/5?assignmentId=3',
    );
    // No shell around the sheet: nothing but the scorecard is printed.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says an answer that is not reviewed has no scorecard yet, and prints nothing', async () => {
    signInAsUser(makeUser(Role.Instructor));
    serve(AnswerStatus.Submitted);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderRoutes(['/dbl/reviews/5/scorecard?print=1']);
    expect(await screen.findByText(reportText.notReviewed, {}, lazyPage)).toBeVisible();
    expect(screen.queryByTestId('scorecard')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: reportText.print })).not.toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
  });

  it('says an answer that cannot be read has no scorecard', async () => {
    signInAsUser(makeUser(Role.Instructor));
    serve(AnswerStatus.Reviewed);
    renderRoutes(['/dbl/reviews/6/scorecard']);
    expect(await screen.findByText(reportText.unavailable, {}, lazyPage)).toBeVisible();
  });

  it('is its own button beside Print Report, which downloads the spreadsheet in one click', async () => {
    signInAsUser(makeUser(Role.Instructor));
    const calls = serve(AnswerStatus.Reviewed);
    const user = userEvent.setup();
    const { router } = renderRoutes(['/dbl/reviews/5?assignmentId=3']);
    const printReport = await screen.findByRole(
      'button',
      { name: messages.printReport },
      { timeout: 15_000 },
    );
    // One click: the report's calls go out, no menu opens.
    await user.click(printReport);
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.stringMatching(/^GET \/api\/assignments\/answers\?assignmentId=3&/),
      ),
    );
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
    // The scorecard beside it.
    const scorecard = screen.getByRole('link', { name: reportText.scorecardButton });
    expect(scorecard).toHaveAttribute('href', '/dbl/reviews/5/scorecard?assignmentId=3&print=1');
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(scorecard);
    expect(await screen.findByTestId('scorecard', {}, { timeout: 15_000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dbl/reviews/5/scorecard');
    // The review screen and its player are big lazy chunks: room for a busy machine.
  }, 40_000);
});
