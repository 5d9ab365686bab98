/**
 * The review in progress kept on the server (decisions.md#review-loop §6): changes are sent debounced (one PUT
 * for a burst), restored after a remount with an empty local storage (a reload, another device),
 * kept across a move to another answer and back, sent at once on unmount and on `pagehide`, kept
 * locally while the server cannot be reached and sent once it can, and discarded by `clear`.
 */
import { QuestionType, type AnswerDetail } from '@practica/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { withReviewServer } from '../../test/review-server';
import { draftStorageKey, readLocalDraft, useReviewDraft } from './review-draft';

const answerOf = (id: number): AnswerDetail =>
  ({
    id,
    userId: 9,
    canReview: true,
    data: { ratingsAnswer: null, feedbackAnswer: null },
    assignment: {
      data: {
        ratings: {
          questions: [{ id: 1, text: 'Clarity', questionTypeId: QuestionType.Rating, options: [] }],
        },
        feedback: { questions: [] },
      },
    },
  }) as unknown as AnswerDetail;

/** Shows the draft's rating of question 1 and sets it; switches between answers 5 and 6. */
function Harness() {
  const [answerId, setAnswerId] = useState(5);
  return (
    <>
      <button type="button" onClick={() => setAnswerId(answerId === 5 ? 6 : 5)}>
        switch
      </button>
      <DraftView key={answerId} answer={answerOf(answerId)} />
    </>
  );
}

function DraftView({ answer }: { answer: AnswerDetail }) {
  const { draft, change, clear } = useReviewDraft(answer);
  return (
    <div>
      <span data-testid="rating">{`${answer.id}:${draft.ratings[1] ?? '-'}`}</span>
      <button type="button" onClick={() => change('ratings', 1, '3')}>
        rate 3
      </button>
      <button type="button" onClick={() => change('ratings', 1, '4')}>
        rate 4
      </button>
      <button type="button" onClick={clear}>
        clear
      </button>
    </div>
  );
}

type Stored = {
  ratings: Record<string, string>;
  feedback: Record<string, string>;
  updatedAt: string;
};
let drafts: Map<number, Stored>;
let offline = false;
const calls: string[] = [];
const rest = vi.fn(() => Promise.resolve(new Response('Not found', { status: 404 })));

beforeEach(() => {
  window.localStorage.clear();
  drafts = new Map();
  offline = false;
  calls.length = 0;
  const server = withReviewServer(rest as unknown as typeof fetch, drafts);
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${input}`);
    if (offline) return Promise.reject(new TypeError('Failed to fetch'));
    return server(input, init);
  });
});
afterEach(() => vi.unstubAllGlobals());

const rating = () => screen.getByTestId('rating').textContent;
const puts = () => calls.filter((c) => c.startsWith('PUT')).length;

describe('review draft on the server', () => {
  it('sends a burst of changes once, after the pause, and restores it after a reload with nothing local', async () => {
    const first = renderWithProviders(<Harness />);
    await waitFor(() => expect(calls).toContain('GET /api/assignments/answers/5/draft'));
    fireEvent.click(screen.getByRole('button', { name: 'rate 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'rate 4' }));
    expect(rating()).toBe('5:4');
    expect(puts()).toBe(0);
    await waitFor(() => expect(drafts.get(5)?.ratings).toEqual({ '1': '4' }));
    expect(puts()).toBe(1);
    await waitFor(() => expect(readLocalDraft(5)?.pending).toBe(false));
    first.unmount();

    // Another device (or a cleared storage): the server's copy is the draft.
    window.localStorage.clear();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(rating()).toBe('5:4'));
  });

  it('keeps the draft across a move to another answer and back, saving on the way out', async () => {
    renderWithProviders(<Harness />);
    await waitFor(() => expect(calls).toContain('GET /api/assignments/answers/5/draft'));
    fireEvent.click(screen.getByRole('button', { name: 'rate 3' }));
    // Leave before the debounce: the unmount sends it.
    fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(drafts.get(5)?.ratings).toEqual({ '1': '3' }));
    await waitFor(() => expect(rating()).toBe('6:-'));
    fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(rating()).toBe('5:3'));
  });

  it('sends the waiting change at once when the page is hidden (a closed tab)', async () => {
    renderWithProviders(<Harness />);
    await waitFor(() => expect(calls).toContain('GET /api/assignments/answers/5/draft'));
    fireEvent.click(screen.getByRole('button', { name: 'rate 4' }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(drafts.get(5)?.ratings).toEqual({ '1': '4' }));
    expect(puts()).toBe(1);
  });

  it('keeps a change made offline locally, restores it after a reload and sends it once the server answers', async () => {
    const first = renderWithProviders(<Harness />);
    await waitFor(() => expect(calls).toContain('GET /api/assignments/answers/5/draft'));
    offline = true;
    fireEvent.click(screen.getByRole('button', { name: 'rate 3' }));
    await waitFor(() => expect(puts()).toBe(1));
    expect(drafts.has(5)).toBe(false);
    expect(readLocalDraft(5)).toMatchObject({ draft: { ratings: { 1: '3' } }, pending: true });
    first.unmount();

    // Reloaded while still offline: the local copy shows.
    renderWithProviders(<Harness />);
    await waitFor(() => expect(rating()).toBe('5:3'));
    // Back online: the change reaches the server.
    offline = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(drafts.get(5)?.ratings).toEqual({ '1': '3' }));
    await waitFor(() => expect(readLocalDraft(5)?.pending).toBe(false));
  });

  it('prefers the server’s newer draft to a local copy it already has', async () => {
    window.localStorage.setItem(
      draftStorageKey(5),
      JSON.stringify({ ratings: { 1: '2' }, feedback: {}, savedAt: 1000, pending: false }),
    );
    drafts.set(5, {
      ratings: { '1': '5' },
      feedback: {},
      updatedAt: new Date().toISOString(),
    });
    renderWithProviders(<Harness />);
    await waitFor(() => expect(rating()).toBe('5:5'));
  });

  it('clear forgets both copies (after a submit)', async () => {
    renderWithProviders(<Harness />);
    await waitFor(() => expect(calls).toContain('GET /api/assignments/answers/5/draft'));
    fireEvent.click(screen.getByRole('button', { name: 'rate 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(rating()).toBe('5:-');
    expect(window.localStorage.getItem(draftStorageKey(5))).toBeNull();
    // The waiting save was cancelled: nothing reaches the server.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(puts()).toBe(0);
  });
});
