/**
 * The home: order by due date, the trainee's statuses, the links of each status (a card's title
 * too), empty, error; a new assignment shows without a reload; a home opened offline loads by
 * itself once the connection is back.
 */
import { AnswerStatus, messages } from '@practica/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { homeRefreshMs } from '../api/my-assignments';
import { appText } from '../app/app-text';
import { queryStateText } from '../app/query-state-text';
import {
  failure,
  makeAssignmentRow,
  ok,
  renderPractice,
  signInPractice,
  signOutPractice,
  stubApi,
} from '../test/render';

const lazyPage = { timeout: 5000 };

/** The tab comes back to the foreground (how browsers tell a page it is seen again). */
function showTab() {
  act(() => {
    fireEvent(document, new Event('visibilitychange', { bubbles: true }));
  });
}

describe('home', () => {
  beforeEach(() => {
    signOutPractice();
    signInPractice();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists my assignments nearest due date first, no due date last, with status and links', async () => {
    const rows = [
      makeAssignmentRow(1, { name: 'Open-ended', closeDate: null }),
      makeAssignmentRow(2, {
        name: 'Due later',
        closeDate: '2026-12-24',
        statusId: AnswerStatus.Reviewed,
        practiceCounter: 3,
      }),
      makeAssignmentRow(3, {
        name: 'Due soon',
        closeDate: '2026-12-01',
        questionsCount: 1,
        practiceCounter: 1,
      }),
      makeAssignmentRow(4, {
        name: 'Due in between',
        closeDate: '2026-12-10',
        statusId: AnswerStatus.Submitted,
      }),
    ];
    const api = stubApi({ 'GET /api/me/assignments': () => ok({ list: rows, count: 4 }) });
    renderPractice('/');

    // The home is a lazily loaded page: a busy machine may take seconds to load it.
    const items = await screen.findAllByRole('listitem', {}, lazyPage);
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Due soon',
      'Due in between',
      'Due later',
      'Open-ended',
    ]);
    const [soon, between, later, none] = items as [HTMLElement, ...HTMLElement[]];

    expect(within(soon).getByText(/12\.01\.2026/)).toBeInTheDocument();
    expect(within(soon).getByText(appText.questions(1))).toBeInTheDocument();
    expect(within(soon).getByText(appText.practices(1))).toBeInTheDocument();
    expect(within(soon).getByText(messages.pending)).toBeInTheDocument();
    expect(within(soon).getByRole('link', { name: appText.startPractice })).toHaveAttribute(
      'href',
      '/assignments/3',
    );

    expect(within(between!).getByText(messages.submitted)).toBeInTheDocument();
    expect(within(between!).getByText(appText.waitingForReview)).toBeInTheDocument();
    expect(within(between!).queryByRole('link')).not.toBeInTheDocument();

    expect(within(later!).getByText(messages.reviewed)).toBeInTheDocument();
    expect(within(later!).getByRole('link', { name: appText.seeReview })).toHaveAttribute(
      'href',
      '/assignments/2/review',
    );

    expect(within(none!).getByText(appText.noDueDate)).toBeInTheDocument();
    expect(String(api.mock.calls[0]![0])).toContain('pageSize=100');
    expect(document.title).toBe(`${appText.homeTitle} · ${appText.appName}`);
  });

  it('reads every page when I have more assignments than a page holds', async () => {
    const all = Array.from({ length: 101 }, (_, i) => makeAssignmentRow(i + 1));
    stubApi({
      'GET /api/me/assignments': (url) => {
        const page = Number(url.searchParams.get('page'));
        return ok({ list: page === 1 ? all.slice(0, 100) : all.slice(100), count: 101 });
      },
    });
    renderPractice('/');
    // 101 cards render in a transition React slices: jsdom needs more than the default second,
    // and a busy machine several.
    expect(await screen.findByText('Assignment 101', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(101);
  }, 30_000);

  it('says so when there is nothing to practise', async () => {
    stubApi({ 'GET /api/me/assignments': () => ok({ list: [], count: 0 }) });
    renderPractice('/');
    expect(await screen.findByText(appText.emptyTitle, {}, lazyPage)).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('a card’s title opens what its button opens; the button stays the card’s one tab stop', async () => {
    const rows = [
      makeAssignmentRow(1, { name: 'To practise' }),
      makeAssignmentRow(2, { name: 'Reviewed one', statusId: AnswerStatus.Reviewed }),
      makeAssignmentRow(3, { name: 'Sent one', statusId: AnswerStatus.Submitted }),
    ];
    stubApi({ 'GET /api/me/assignments': () => ok({ list: rows, count: 3 }) });
    renderPractice('/');
    const practise = await screen.findByRole('link', { name: 'To practise' }, lazyPage);
    expect(practise).toHaveAttribute('href', '/assignments/1');
    expect(practise).toHaveAttribute('tabindex', '-1');
    expect(practise.closest('h2')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Reviewed one' })).toHaveAttribute(
      'href',
      '/assignments/2/review',
    );
    // Nothing to open for an answer waiting for its review: its title is no link.
    expect(screen.queryByRole('link', { name: 'Sent one' })).not.toBeInTheDocument();
    // Tabbing reaches each card's button once, never its title.
    await userEvent.tab();
    const stops: string[] = [];
    for (let i = 0; i < 8 && document.activeElement !== document.body; i += 1) {
      stops.push(document.activeElement?.textContent ?? '');
      await userEvent.tab();
    }
    expect(stops).toContain(appText.startPractice);
    expect(stops).toContain(appText.seeReview);
    expect(stops).not.toContain('To practise');
    expect(stops).not.toContain('Reviewed one');

    // A tap on the title opens the practice.
    await userEvent.click(practise);
    await vi.waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent('/assignments/1'),
      lazyPage,
    );
  });

  it('shows a new assignment when the trainee comes back to the tab, without a reload', async () => {
    let rows = [makeAssignmentRow(1, { name: 'First' })];
    stubApi({ 'GET /api/me/assignments': () => ok({ list: rows, count: rows.length }) });
    renderPractice('/');
    expect(await screen.findByText('First', {}, lazyPage)).toBeInTheDocument();
    rows = [...rows, makeAssignmentRow(2, { name: 'Added meanwhile' })];
    showTab();
    expect(await screen.findByText('Added meanwhile', {}, lazyPage)).toBeInTheDocument();
  });

  it('reads the list again every minute while the page is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'setInterval'] });
    try {
      let rows = [makeAssignmentRow(1, { name: 'First' })];
      stubApi({ 'GET /api/me/assignments': () => ok({ list: rows, count: rows.length }) });
      renderPractice('/');
      expect(await screen.findByText('First', {}, lazyPage)).toBeInTheDocument();
      rows = [...rows, makeAssignmentRow(2, { name: 'Added meanwhile' })];
      await act(async () => {
        await vi.advanceTimersByTimeAsync(homeRefreshMs);
      });
      expect(await screen.findByText('Added meanwhile', {}, lazyPage)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('opened offline, says it loads by itself and does once the connection is back', async () => {
    let offline = true;
    const api = stubApi({
      'GET /api/me/assignments': () => {
        if (offline) throw new TypeError('Failed to fetch');
        return ok({ list: [makeAssignmentRow(1, { name: 'Back online' })], count: 1 });
      },
    });
    renderPractice('/');
    // The read and its one retry got no answer.
    expect(
      await screen.findByText(messages.checkInternetConnection, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(queryStateText.loadsWhenOnline)).toBeInTheDocument();
    const calls = api.mock.calls.length;
    offline = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Back online', {}, lazyPage)).toBeInTheDocument();
    expect(api.mock.calls.length).toBeGreaterThan(calls);
    expect(screen.queryByText(messages.checkInternetConnection)).not.toBeInTheDocument();
  });

  it("shows the server's message and tries again", async () => {
    let calls = 0;
    stubApi({
      'GET /api/me/assignments': () =>
        ++calls === 1
          ? failure(500, 'Database is resting', 'INTERNAL')
          : ok({ list: [], count: 0 }),
    });
    renderPractice('/');
    expect(await screen.findByRole('alert', {}, lazyPage)).toHaveTextContent('Database is resting');
    await userEvent.click(screen.getByRole('button', { name: appText.retry }));
    expect(await screen.findByText(appText.emptyTitle)).toBeInTheDocument();
  });
});
