/**
 * Tests of screens holding the review panel (decisions.md#review-loop §5, §6): the panel keeps its review in
 * progress on the server (GET/PUT/DELETE /api/assignments/answers/{id}/draft) and the screen reads
 * the answer's review history (GET …/reviews). `withReviewServer(next)` answers those calls as the
 * server would — drafts from an in-memory store, an empty history — and passes every other call to
 * `next`, so a test's own fetch mock sees only the calls it is about.
 */

/** A draft as the fake server holds it. */
interface StoredDraft {
  ratings: Record<string, string>;
  feedback: Record<string, string>;
  updatedAt: string;
}

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, message: 'OK', data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const draftUrl = /\/api\/assignments\/answers\/(\d+)\/draft$/;
const historyUrl = /\/api\/assignments\/answers\/(\d+)\/reviews$/;

/**
 * A fetch that answers the draft and history calls itself and hands the rest to `next`. Each call
 * starts an empty server (`drafts`, by answer id, may seed it and shows what it holds).
 */
export function withReviewServer<F extends (...args: never[]) => Promise<Response>>(
  next: F,
  drafts: Map<number, StoredDraft> = new Map(),
): F {
  const serverDrafts = drafts;
  const fetchWithReviews = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.split('?')[0]!;
    if (historyUrl.test(path) && (init?.method ?? 'GET').toUpperCase() === 'GET')
      return Promise.resolve(envelope({ list: [], count: 0 }));
    const match = draftUrl.exec(path);
    if (!match) return (next as unknown as typeof fetch)(input, init);
    const answerId = Number(match[1]);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'PUT') {
      const body = JSON.parse(String(init?.body ?? '{}')) as {
        ratings?: Record<string, string>;
        feedback?: Record<string, string>;
      };
      const saved = {
        ratings: body.ratings ?? {},
        feedback: body.feedback ?? {},
        updatedAt: new Date().toISOString(),
      };
      serverDrafts.set(answerId, saved);
      return Promise.resolve(envelope(saved));
    }
    if (method === 'DELETE') {
      serverDrafts.delete(answerId);
      return Promise.resolve(envelope(null));
    }
    return Promise.resolve(envelope(serverDrafts.get(answerId) ?? null));
  };
  return fetchWithReviews as unknown as F;
}
