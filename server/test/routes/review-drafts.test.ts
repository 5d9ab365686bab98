/**
 * GET | PUT | DELETE /assignments/answers/{id}/draft (decisions.md#review-loop §6): a review in progress kept per
 * answer and reviewer on the server. Who may review is checked before the body (401 → 404 another
 * organization → 403 trainee → 400 body); two reviewers never see each other's draft; PUT replaces
 * the stored draft in one statement. Each test builds its own organization and answers
 * (buildAnswersWorld), so it passes alone and in any order.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { format, messages, type ReviewDraft } from '@practica/contract';
import { answers, reviewDrafts } from '../../src/db/schema/index.js';
import { sqlCountHeader } from '../../src/db/statement-counter.js';
import { factoryOf, type Factory } from '../factories.js';
import { buildAnswersWorld, validReview, type AnswersWorld } from '../helpers/answers.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';

// The app and its database once; each test gets an organization of its own with Tessa's submitted
// answer (`answerId`), and builds what else it reads.
let ctx: TestContext;
let f: Factory;
let w: AnswersWorld;
let answerId = 0;
const draftUrl = (id: number) => `/api/assignments/answers/${id}/draft`;

beforeAll(async () => {
  process.env['BENCH_SQL_COUNT'] = '1';
  ctx = await buildTestApp({}, { seed: false });
  delete process.env['BENCH_SQL_COUNT'];
  f = factoryOf(ctx);
});
beforeEach(async () => {
  w = await buildAnswersWorld(f);
  answerId = await w.answer('tessa');
});
afterAll(() => ctx.close());

/** The drafts stored on this test's organization's answers. */
const draftCount = async () =>
  (
    await f.db
      .select({ n: count() })
      .from(reviewDrafts)
      .innerJoin(answers, eq(answers.id, reviewDrafts.answerId))
      .where(inArray(answers.assignmentId, [w.assignment, w.draft]))
  )[0]!.n;
const body = () => ({
  ratings: { [String(w.ratings.questionIds[0])]: '4' },
  feedback: { [String(w.feedback.questionIds[0])]: 'Clear answer, work on pacing.' },
});

describe('review drafts', () => {
  it('checks who may review before the body: 401, 404 another organization or missing, 403 a trainee', async () => {
    const bad = { ratings: 'not a form' };
    expect((await w.call('GET', draftUrl(answerId))).statusCode).toBe(401);
    expect((await w.call('PUT', draftUrl(answerId), undefined, bad)).statusCode).toBe(401);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await w.call(method, draftUrl(answerId), 'manager2', bad)).statusCode, method).toBe(
        404,
      );
      expect((await w.call(method, draftUrl(999999), 'manager', bad)).statusCode, method).toBe(404);
      expect((await w.call(method, draftUrl(answerId), 'tessa', bad)).statusCode, method).toBe(403);
      expect((await w.call(method, draftUrl(answerId), 'trainee', bad)).statusCode, method).toBe(
        403,
      );
    }
    expect(await draftCount()).toBe(0);
  });

  it('refuses a body that is not texts by question id, a text too long or more than 100 answers (400, nothing stored)', async () => {
    const cases: [unknown, string][] = [
      [{ ratings: { abc: '4' } }, messages.reviewDraftQuestionInvalid],
      [{ ratings: { '0': '4' } }, messages.reviewDraftQuestionInvalid],
      [{ ratings: { '12': 4 } }, messages.reviewDraftTextInvalid],
      [{ feedback: { '12': 'x'.repeat(5001) } }, messages.reviewDraftTextInvalid],
      [
        { feedback: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`${i + 1}`, 'a'])) },
        messages.reviewDraftTooLarge,
      ],
      [{ ratings: ['4'] }, messages.reviewDraftInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await w.call('PUT', draftUrl(answerId), 'manager', payload as object);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(JSON.stringify(res.json().error.details)).toContain(message);
    }
    expect(await draftCount()).toBe(0);
  });

  it('saves, reads back and replaces the caller’s draft; an empty GET is null', async () => {
    expect((await w.call('GET', draftUrl(answerId), 'instructor')).json().data).toBeNull();
    const saved = await w.call('PUT', draftUrl(answerId), 'instructor', body());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ ...body(), updatedAt: expect.any(String) });
    const read = (await w.call('GET', draftUrl(answerId), 'instructor')).json().data as ReviewDraft;
    expect(read).toEqual(saved.json().data);
    // A second save replaces both forms (an absent form is an empty one).
    const next = { ratings: { [String(w.ratings.questionIds[1])]: '2' } };
    const replaced = await w.call('PUT', draftUrl(answerId), 'instructor', next);
    expect(replaced.json().data).toMatchObject({ ...next, feedback: {} });
    expect(new Date(replaced.json().data.updatedAt) >= new Date(read.updatedAt)).toBe(true);
    expect(await draftCount()).toBe(1);
  });

  it('keeps a draft per answer and reviewer: two reviewers never see each other’s', async () => {
    const otherAnswerId = await w.answer('trainee');
    await w.call('PUT', draftUrl(answerId), 'instructor', body());
    const irene = { ratings: {}, feedback: { [String(w.feedback.questionIds[0])]: 'Irene’s' } };
    expect((await w.call('PUT', draftUrl(answerId), 'instructor2', irene)).statusCode).toBe(200);
    expect((await w.call('GET', draftUrl(answerId), 'instructor')).json().data).toMatchObject(
      body(),
    );
    expect((await w.call('GET', draftUrl(answerId), 'instructor2')).json().data).toMatchObject(
      irene,
    );
    expect((await w.call('GET', draftUrl(answerId), 'manager')).json().data).toBeNull();
    // Another answer: its own draft.
    expect((await w.call('GET', draftUrl(otherAnswerId), 'instructor')).json().data).toBeNull();
    // Discarding one leaves the other reviewer's.
    const gone = await w.call('DELETE', draftUrl(answerId), 'instructor');
    expect(gone.statusCode).toBe(200);
    expect((await w.call('GET', draftUrl(answerId), 'instructor')).json().data).toBeNull();
    expect((await w.call('GET', draftUrl(answerId), 'instructor2')).json().data).toMatchObject(
      irene,
    );
    // Discarding none is fine.
    expect((await w.call('DELETE', draftUrl(answerId), 'instructor')).statusCode).toBe(200);
    const left = await f.db
      .select({ n: count() })
      .from(reviewDrafts)
      .where(and(eq(reviewDrafts.answerId, answerId), eq(reviewDrafts.userId, w.ids.instructor2)));
    expect(left[0]!.n).toBe(1);
  });

  it('is gone once its reviewer submits the review; another reviewer’s stays', async () => {
    const otherAnswerId = await w.answer('trainee');
    await w.call('PUT', draftUrl(otherAnswerId), 'instructor', body());
    await w.call('PUT', draftUrl(otherAnswerId), 'instructor2', body());
    const res = await w.call(
      'POST',
      `/api/assignments/interviews/answers/review/${otherAnswerId}`,
      'instructor',
      validReview(w),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await w.call('GET', draftUrl(otherAnswerId), 'instructor')).json().data).toBeNull();
    expect((await w.call('GET', draftUrl(otherAnswerId), 'instructor2')).json().data).toMatchObject(
      body(),
    );
  });

  it('refuses a reviewer’s draft while another holds the answer’s claim (409, nothing stored), until taken over', async () => {
    const claimUrl = `/api/assignments/answers/${answerId}/claim`;
    const mine = { ratings: {}, feedback: { [String(w.feedback.questionIds[0])]: 'Mine' } };
    expect((await w.call('POST', claimUrl, 'manager')).statusCode).toBe(200);
    const before = (await w.call('GET', draftUrl(answerId), 'instructor')).json().data;
    try {
      const refused = await w.call('PUT', draftUrl(answerId), 'instructor', mine);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        success: false,
        message: format.answerClaimedBy('Maya Manning'),
        data: { answerId, user: { firstName: 'Maya' }, mine: false },
      });
      expect((await w.call('GET', draftUrl(answerId), 'instructor')).json().data).toEqual(before);
      // The holder saves as before.
      expect((await w.call('PUT', draftUrl(answerId), 'manager', mine)).statusCode).toBe(200);
      // Taken over, the answer is the instructor's: his draft is saved.
      expect((await w.call('POST', claimUrl, 'instructor', { takeOver: true })).statusCode).toBe(
        200,
      );
      expect((await w.call('PUT', draftUrl(answerId), 'instructor', mine)).statusCode).toBe(200);
      // Released, the answer is free: anyone's draft is saved.
      await w.call('DELETE', claimUrl, 'instructor');
      expect((await w.call('PUT', draftUrl(answerId), 'instructor2', mine)).statusCode).toBe(200);
    } finally {
      await w.call('DELETE', claimUrl, 'manager');
      await w.call('DELETE', claimUrl, 'instructor');
      await w.call('DELETE', draftUrl(answerId), 'manager');
    }
  });

  it('saves in one statement besides the session and the answer check', async () => {
    const address = await f.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${draftUrl(answerId)}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${w.token('manager')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body()),
    });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get(sqlCountHeader))).toBeLessThanOrEqual(3);
  });
});
