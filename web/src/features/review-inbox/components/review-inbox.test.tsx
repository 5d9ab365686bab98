/**
 * The review inbox page (decisions.md#review-loop §1): the filters in the URL become the request's query and a
 * change of filter rewrites the URL and asks again from page 1; the rows show the trainee, the
 * assignment, the submission time and the claim; a row opens the answer with the same filters;
 * with nothing waiting it says so; paging asks for the next page and a bigger page size; the
 * sidebar has 'Reviews' for Manager and Instructor.
 */
import { Role, messages, type ReviewInboxItem, type ReviewInboxList } from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewInboxText as text } from '../../../config/review-inbox-text';
import { makeUser, renderRoutes, signInAsUser } from '../../../test/render';

/** The page and its route load lazily: slower than findBy's default second on a busy machine. */
const slow = { timeout: 10_000 };
const now = Date.now();
const item = (answerId: number, minutesAgo: number, over: Partial<ReviewInboxItem> = {}) =>
  ({
    answerId,
    assignment: { id: 7, name: 'Support round' },
    user: { id: 100 + answerId, firstName: 'Tessa', lastName: `Trainee ${answerId}` },
    submittedAt: new Date(now - minutesAgo * 60_000).toISOString(),
    reviewedBefore: false,
    claim: null,
    ...over,
  }) satisfies ReviewInboxItem;

function answer(data: unknown) {
  return new Response(JSON.stringify({ success: true, message: messages.ok, data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

let inbox: ReviewInboxList;
let fetchMock: ReturnType<typeof vi.fn>;
/** The query params of every GET /reviews/inbox, in order. */
const inboxCalls = () =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/reviews/inbox?') || url === '/api/reviews/inbox')
    .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));

beforeEach(() => {
  inbox = {
    list: [
      item(1, 3 * 24 * 60),
      item(2, 90, {
        claim: {
          user: { id: 9, firstName: 'Maya', lastName: 'Manning' },
          claimedAt: new Date(now - 3 * 60_000).toISOString(),
          expiresAt: new Date(now + 7 * 60_000).toISOString(),
          mine: false,
        },
      }),
    ],
    count: 2,
  };
  fetchMock = vi.fn((url: string) => {
    if (url.startsWith('/api/reviews/inbox')) return Promise.resolve(answer(inbox));
    if (url.startsWith('/api/assignments?'))
      return Promise.resolve(
        answer({
          list: [],
          count: 0,
          statusCounts: { draft: 0, planned: 0, active: 0, closed: 0 },
        }),
      );
    if (url.startsWith('/api/groups')) return Promise.resolve(answer({ list: [], count: 0 }));
    return Promise.resolve(answer(null));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('Review inbox page', () => {
  it('sends the URL’s filters, lists the rows oldest first with their claim, and opens a row with the same filters', async () => {
    signInAsUser(makeUser(Role.Instructor));
    const { router } = renderRoutes(['/dbl/reviews?assignmentId=7&claim=unclaimed&search=tes']);
    const table = await screen.findByRole('table', { name: text.tableLabel }, slow);
    expect(await within(table).findByText('Tessa Trainee 1', undefined, slow)).toBeInTheDocument();
    expect(inboxCalls()[0]).toMatchObject({
      assignmentId: '7',
      claim: 'unclaimed',
      search: 'tes',
      page: '1',
      pageSize: '25',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('3 d')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1 h')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('claim-badge')).toHaveTextContent('Maya Manning · 3 min');
    await userEvent.click(within(rows[1]!).getByText('Tessa Trainee 2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dbl/reviews/2'));
    expect(router.state.location.search).toBe('?assignmentId=7&search=tes&claim=unclaimed');
  });

  it('puts a changed filter in the URL and asks again from page 1; a short search is not sent', async () => {
    signInAsUser(makeUser(Role.Manager));
    const { router } = renderRoutes(['/dbl/reviews']);
    await screen.findByText('Tessa Trainee 1', undefined, slow);
    await userEvent.click(screen.getByRole('radio', { name: text.claimMine }));
    await waitFor(() => expect(router.state.location.search).toBe('?claim=mine'));
    await waitFor(() => expect(inboxCalls().at(-1)).toMatchObject({ claim: 'mine', page: '1' }));
    await userEvent.type(screen.getByRole('textbox', { name: text.searchLabel }), 'ma');
    await waitFor(() => expect(router.state.location.search).toBe('?search=ma&claim=mine'));
    expect(inboxCalls().every((q) => q['search'] === undefined)).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: text.searchLabel }), 'y');
    await waitFor(() =>
      expect(inboxCalls().at(-1)).toMatchObject({ search: 'may', claim: 'mine' }),
    );
  });

  it('pages through the inbox and changes the page size', async () => {
    inbox = {
      list: Array.from({ length: 25 }, (_, i) => item(i + 1, 100 - i)),
      count: 60,
    };
    signInAsUser(makeUser(Role.Instructor));
    renderRoutes(['/dbl/reviews']);
    await screen.findByText('Tessa Trainee 1', undefined, slow);
    expect(screen.getByText('1–25 of 60', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(inboxCalls().at(-1)).toMatchObject({ page: '2', pageSize: '25' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /rows per page/i }), '50');
    await waitFor(() => expect(inboxCalls().at(-1)).toMatchObject({ page: '1', pageSize: '50' }));
  });

  it('says when nothing is waiting, and offers to clear the filters when they hide everything', async () => {
    inbox = { list: [], count: 0 };
    signInAsUser(makeUser(Role.Instructor));
    const { unmount } = renderRoutes(['/dbl/reviews']);
    expect(await screen.findByText(text.emptyTitle, undefined, slow)).toBeInTheDocument();
    expect(screen.getByText(text.emptyHint)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: text.tableLabel })).not.toBeInTheDocument();
    unmount();
    const filtered = renderRoutes(['/dbl/reviews?claim=mine']);
    expect(await screen.findByText(text.emptyFilteredTitle, undefined, slow)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text.clearFilters }));
    await waitFor(() => expect(filtered.router.state.location.search).toBe(''));
  });

  it('is in the sidebar of Managers and Instructors', async () => {
    for (const roleId of [Role.Manager, Role.Instructor] as const) {
      signInAsUser(makeUser(roleId));
      const { unmount } = renderRoutes(['/dbl/reviews']);
      const nav = await screen.findByRole('navigation', { name: /main navigation/i }, slow);
      const link = within(nav).getByRole('link', { name: text.navLabel });
      expect(link).toHaveAttribute('href', '/dbl/reviews');
      expect(link).toHaveAttribute('aria-current', 'page');
      unmount();
    }
  });
});
