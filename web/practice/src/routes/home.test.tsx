/** The home: order by due date, the trainee's statuses, the links of each status, empty, error. */
import { AnswerStatus, messages } from '@practica/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appText } from '../app/app-text';
import {
  failure,
  makeAssignmentRow,
  ok,
  renderPractice,
  signInPractice,
  signOutPractice,
  stubApi,
} from '../test/render';

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

    const items = await screen.findAllByRole('listitem');
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
    // 101 cards render in a transition React slices: jsdom needs more than the default second.
    expect(await screen.findByText('Assignment 101', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(101);
  });

  it('says so when there is nothing to practise', async () => {
    stubApi({ 'GET /api/me/assignments': () => ok({ list: [], count: 0 }) });
    renderPractice('/');
    expect(await screen.findByText(appText.emptyTitle)).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
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
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is resting');
    await userEvent.click(screen.getByRole('button', { name: appText.retry }));
    expect(await screen.findByText(appText.emptyTitle)).toBeInTheDocument();
  });
});
