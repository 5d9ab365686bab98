/** Loading the report's answers: the count from page 1, the other pages a few at a time, in order. */
import { AnswerStatus, messages, type AnswerListItem } from '@practica/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadReviewedAnswers, pageConcurrency } from './export-report';

const row = (id: number): AnswerListItem => ({
  id,
  userId: 1000 + id,
  user: { id: 1000 + id, firstName: 'T', lastName: String(id) },
  assignmentId: 7,
  assignment: { id: 7, name: 'Report' },
  statusId: AnswerStatus.Reviewed,
  score: 4,
  submittedAt: '2026-01-02T12:00:00.000Z',
  reviewedAt: '2026-01-03T12:00:00.000Z',
  updatedAt: '2026-01-03T12:00:00.000Z',
  viewed: true,
  practiceCounter: 1,
  ratingsAnswerId: null,
  feedbackAnswerId: null,
});

const envelope = (data: unknown, status = 200) =>
  new Response(
    JSON.stringify({ success: status === 200, message: messages.ok, data, error: null }),
    {
      status,
      headers: { 'Content-Type': 'application/json' },
    },
  );

/** A fake API of `total` answers in pages of 100; answers slowly, and fails the pages in `failing`. */
function fakeApi(total: number, failing: number[] = []) {
  let inFlight = 0;
  let maxInFlight = 0;
  const pagesAsked: number[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    pagesAsked.push(page);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 5 + ((page * 7) % 11)));
    inFlight -= 1;
    if (failing.includes(page)) return envelope(null, 500);
    const ids = Array.from({ length: 100 }, (_, i) => (page - 1) * 100 + i + 1).filter(
      (id) => id <= total,
    );
    return envelope({ list: ids.map(row), count: total });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { pagesAsked, maxInFlight: () => maxInFlight };
}

describe('loadReviewedAnswers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads every page once, a few at a time, and keeps the server order', async () => {
    const api = fakeApi(2_000);
    const list = await loadReviewedAnswers(7);
    expect(list.map((a) => a.id)).toEqual(Array.from({ length: 2_000 }, (_, i) => i + 1));
    expect([...api.pagesAsked].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(api.pagesAsked[0]).toBe(1);
    expect(api.maxInFlight()).toBe(pageConcurrency);
  });

  it('asks once when everything fits on the first page', async () => {
    const api = fakeApi(40);
    expect(await loadReviewedAnswers(7)).toHaveLength(40);
    expect(api.pagesAsked).toEqual([1]);
  });

  it('fails when a page fails', async () => {
    fakeApi(1_000, [6]);
    await expect(loadReviewedAnswers(7)).rejects.toThrow();
  });
});
