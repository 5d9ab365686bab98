/**
 * Time-coded comments on the review player (decisions.md#review-loop §3): the list of the question shown, sorted by
 * time, with author and Draft badge; markers on the seek bar named 'Comment at 0:42'; clicking a
 * marker or a time seeks; `c` (or Add comment) pauses and opens a field at the current time, Enter
 * saves (Shift+Enter a new line), Escape cancels, the video goes on; typing in a field never acts
 * as a shortcut; the author edits and deletes a draft inline; without review rights, read only.
 * jsdom has no media: play/pause/paused are stubbed on HTMLMediaElement and fetch answers the API.
 */
import type { ReviewComment } from '@practica/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewCommentsText as text } from '../../../config/review-comments-text';
import { renderWithProviders } from '../../../test/render';
import { VideoPlayer } from './video-player';
import { stubPlayback } from '../../../test/fake-playback';
import { envelope } from '../../../test/review-fixtures';
import { playerQuestion, recordedItem } from './review-screen-fixtures';

function comment(over: Partial<ReviewComment> & { id: number }): ReviewComment {
  return {
    questionId: 101,
    atMs: 0,
    text: `Comment ${over.id}`,
    author: { id: 9, firstName: 'Ian', lastName: 'Ingram' },
    authorName: 'Ian Ingram',
    reviewId: null,
    draft: true,
    mine: true,
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    ...over,
  };
}

/** The server's comments, and every call made (method, path, body). */
let stored: ReviewComment[] = [];
let calls: { method: string; path: string; body: unknown }[] = [];
let nextId = 50;
const fetchMock = vi.fn((input: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  const path = new URL(input, 'http://test').pathname;
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ method, path, body });
  const one = /\/comments\/(\d+)$/.exec(path);
  if (method === 'GET') return Promise.resolve(envelope({ list: stored }));
  if (method === 'POST') {
    const created = comment({ id: nextId++, ...body });
    stored = [...stored, created];
    return Promise.resolve(envelope(created));
  }
  const id = Number(one?.[1]);
  if (method === 'PATCH') {
    stored = stored.map((c) => (c.id === id ? { ...c, ...body } : c));
    return Promise.resolve(envelope(stored.find((c) => c.id === id)));
  }
  stored = stored.filter((c) => c.id !== id);
  return Promise.resolve(envelope({ id }));
});

beforeEach(() => {
  stored = [
    comment({
      id: 1,
      atMs: 42_000,
      text: 'Good eye contact',
      mine: false,
      draft: false,
      reviewId: 3,
      authorName: 'Maya Manning',
    }),
    comment({ id: 2, atMs: 7_500, text: 'Strong start' }),
    comment({ id: 3, questionId: 102, atMs: 1_000, text: 'On question 2' }),
  ];
  calls = [];
  nextId = 50;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockImplementation(() => Number.NaN);
  stubPlayback();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const video = () => screen.getByTestId('review-video') as HTMLVideoElement;
const list = () => screen.getByTestId('comment-list');
const entries = () => within(list()).queryAllByTestId('comment');

function renderPlayer(canAdd = true) {
  return renderWithProviders(
    <VideoPlayer
      answerId={7}
      organizationId={1}
      questions={[playerQuestion(1), playerQuestion(2)]}
      items={[recordedItem(1, 80), recordedItem(2, 60)]}
      comments={{ canAdd, reviewedAt: null }}
    />,
  );
}

/** Plays the video to `seconds`. */
function playTo(seconds: number) {
  act(() => {
    video().currentTime = seconds;
    fireEvent.timeUpdate(video());
  });
}

describe('time-coded comments on the review player', () => {
  it('lists the question’s comments by time with author and Draft badge, and marks them on the seek bar', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await waitFor(() => expect(entries()).toHaveLength(2));
    const [first, second] = entries();
    expect(first).toHaveTextContent('0:07');
    expect(first).toHaveTextContent('Strong start');
    expect(first).toHaveTextContent('Ian Ingram');
    expect(within(first!).getByText(text.draft)).toBeInTheDocument();
    expect(second).toHaveTextContent('Good eye contact');
    expect(second).toHaveTextContent('Maya Manning');
    expect(within(second!).queryByText(text.draft)).toBeNull();
    // Only my draft can be changed.
    expect(within(first!).getByRole('button', { name: text.edit })).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: text.edit })).toBeNull();
    expect(within(second!).queryByRole('button', { name: text.delete })).toBeNull();

    const markers = within(screen.getByRole('group', { name: text.markers })).getAllByRole(
      'button',
    );
    expect(markers.map((m) => m.getAttribute('aria-label'))).toEqual([
      'Comment at 0:07',
      'Comment at 0:42',
    ]);
    // 42 s of an 80 s video.
    expect(markers[1]!.style.left).toBe('calc(52.5% - 5px)');

    await user.click(screen.getByRole('button', { name: 'Comment at 0:42' }));
    expect(video().currentTime).toBe(42);
    await user.click(within(first!).getByRole('button', { name: text.seekTo('0:07') }));
    expect(video().currentTime).toBe(7.5);

    // The next question shows its own comments.
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(entries()[0]).toHaveTextContent('On question 2');
    expect(screen.getByRole('button', { name: 'Comment at 0:01' })).toBeInTheDocument();
  });

  it('c pauses and adds a comment at the current time; Shift+Enter is a new line, Enter saves and the video goes on', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await waitFor(() => expect(entries()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Play' }));
    playTo(12.345);
    await user.keyboard('c');
    expect(video().paused).toBe(true);
    const field = screen.getByRole('textbox', { name: text.addLabel('0:12') });
    expect(field).toHaveFocus();
    // Typing in the field is text, never a shortcut (c, n, space).
    await user.keyboard('nice pace c{Shift>}{Enter}{/Shift}next');
    expect(field).toHaveValue('nice pace c\nnext');
    expect(screen.getByTestId('question-text')).toHaveTextContent('Q1.');
    expect(video().paused).toBe(true);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        path: '/api/assignments/answers/7/comments',
        body: { questionId: 101, atMs: 12_345, text: 'nice pace c\nnext' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(video().paused).toBe(false);
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(entries()[1]).toHaveTextContent('nice pace c');
    expect(screen.getByRole('button', { name: 'Comment at 0:12' })).toBeInTheDocument();
  });

  it('Escape cancels without saving; the Add comment button opens the same field', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await waitFor(() => expect(entries()).toHaveLength(2));
    playTo(3);
    await user.click(screen.getByRole('button', { name: text.add }));
    const field = screen.getByRole('textbox', { name: text.addLabel('0:03') });
    await user.type(field, 'never mind');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // A paused video stays paused after a cancel.
    expect(video().paused).toBe(true);
  });

  it('the author edits a draft inline (Enter saves) and deletes it', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await waitFor(() => expect(entries()).toHaveLength(2));
    await user.click(within(entries()[0]!).getByRole('button', { name: text.edit }));
    const field = screen.getByRole('textbox', { name: text.editLabel });
    expect(field).toHaveValue('Strong start');
    await user.clear(field);
    await user.type(field, 'Very strong start{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: '/api/assignments/answers/7/comments/2',
        body: { text: 'Very strong start' },
      }),
    );
    await waitFor(() => expect(entries()[0]).toHaveTextContent('Very strong start'));
    expect(screen.queryByRole('textbox')).toBeNull();

    await user.click(within(entries()[0]!).getByRole('button', { name: text.delete }));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(
      '/api/assignments/answers/7/comments/2',
    );
    expect(screen.queryByRole('button', { name: 'Comment at 0:07' })).toBeNull();
  });

  it('without review rights: read only, c does nothing, the empty state says so', async () => {
    const user = userEvent.setup();
    stored = [];
    renderPlayer(false);
    expect(await within(list()).findByText(text.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.add })).toBeNull();
    await user.keyboard('c');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('comment-markers')).toBeNull();
  });

  it('with review rights the empty state says how to add one', async () => {
    stored = [];
    renderPlayer();
    expect(await within(list()).findByText(text.emptyCanAdd)).toBeInTheDocument();
  });
});
