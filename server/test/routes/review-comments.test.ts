/**
 * Time-coded comments of a review (decisions.md#review-loop §3): GET/POST /api/assignments/answers/{id}/comments
 * and PATCH/DELETE …/comments/{commentId}. A reviewer pins drafts to moments of the answer's
 * question videos; the player's list is the latest review's comments and the caller's own drafts;
 * only the author changes a draft (403 for another's), never a submitted one (409); who may call is
 * checked before the body (404 another organization, 403 a trainee); the review call attaches the
 * reviewer's drafts to the review it stores; the trainee's review on GET /api/me/assignments/{id}
 * carries the latest review's comments only. Each test builds its own organization, answers,
 * drafts and reviews (buildAnswersWorld and the builders below), so it passes alone and in any
 * order.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { AnswerStatus, AssignmentStatus, messages } from '@practica/contract';
import { assignments, reviewComments, reviews } from '../../src/db/schema/index.js';
import { sqlCountHeader } from '../../src/db/statement-counter.js';
import { factoryOf, type Factory } from '../factories.js';
import {
  buildAnswersWorld,
  validReview,
  type AnswersWho,
  type AnswersWorld,
} from '../helpers/answers.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';

// The app and its database once; each test gets an organization of its own (`w`) with Tom's
// answer (Submitted) and Tessa's (Pending: practised, not submitted), and builds the comments and
// reviews it reads.
let ctx: TestContext;
let f: Factory;
let w: AnswersWorld;
let tom: number;
let tessa: number;

beforeAll(async () => {
  process.env['BENCH_SQL_COUNT'] = '1';
  ctx = await buildTestApp({}, { seed: false });
  delete process.env['BENCH_SQL_COUNT'];
  f = factoryOf(ctx);
});
beforeEach(async () => {
  w = await buildAnswersWorld(f);
  tom = await w.answer('trainee');
  tessa = await w.answer('tessa', { submit: false });
});
afterAll(() => ctx.close());

const listUrl = (answerId: number) => `/api/assignments/answers/${answerId}/comments`;
const oneUrl = (answerId: number, commentId: number) => `${listUrl(answerId)}/${commentId}`;
const q = (n: number) => w.interview.questionIds[n]!;
const add = (who: AnswersWho, body: object, answerId = tom) =>
  w.call('POST', listUrl(answerId), who, body);
const commentCount = async () => (await f.db.select({ n: count() }).from(reviewComments))[0]!.n;
const list = async (who: AnswersWho, answerId = tom) => {
  const res = await w.call('GET', listUrl(answerId), who);
  expect(res.statusCode).toBe(200);
  return res.json().data.list as { id: number; text: string; atMs: number; questionId: number }[];
};

/** The drafts `who` still has on the answer (a submitted review attaches them). */
async function draftsOf(answerId: number, who: AnswersWho) {
  return f.db
    .select({ id: reviewComments.id })
    .from(reviewComments)
    .where(
      and(
        eq(reviewComments.answerId, answerId),
        eq(reviewComments.createdById, w.ids[who]),
        isNull(reviewComments.reviewId),
      ),
    );
}

/** Ian's three drafts, as the first drafts test adds them: on q(1) at 42 s, q(0) at 3600 s, q(1) at 5 s. */
async function iansDrafts() {
  const made = [];
  for (const body of [
    { questionId: q(1), atMs: 42_000, text: '  Good eye contact.\nKeep the pace.  ' },
    { questionId: q(0), atMs: 3_600_000, text: 'x'.repeat(2000) },
    { questionId: q(1), atMs: 5_000, text: 'Earlier' },
  ]) {
    const res = await add('instructor', body);
    expect(res.statusCode).toBe(200);
    made.push(res.json().data as { id: number });
  }
  return made;
}

/**
 * The drafts as the drafts tests leave them: Ian's 'Earlier' (q(1), 5 s) and 'Good eye contact.'
 * (q(1), 41 s; the 3600 s one deleted), and Irene's note (q(0), 1 s).
 */
async function draftsOfIanAndIrene() {
  const ian = await iansDrafts();
  await w.call('PATCH', oneUrl(tom, ian[0]!.id), 'instructor', {
    text: 'Good eye contact.',
    atMs: 41_000,
  });
  await w.call('DELETE', oneUrl(tom, ian[1]!.id), 'instructor');
  expect(
    (await add('instructor2', { questionId: q(0), atMs: 1_000, text: 'Irene’s note' })).statusCode,
  ).toBe(200);
}

/** Ian's review of Tom's answer over those drafts; answers the id of his 'Earlier' comment. */
async function iansReview() {
  await draftsOfIanAndIrene();
  const review = await w.call(
    'POST',
    `/api/assignments/interviews/answers/review/${tom}`,
    'instructor',
    validReview(w),
  );
  expect(review.statusCode).toBe(200);
  const [row] = await f.db
    .select({ id: reviewComments.id })
    .from(reviewComments)
    .where(and(eq(reviewComments.answerId, tom), eq(reviewComments.text, 'Earlier')));
  return row!.id;
}

describe('who may call (before the body)', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', listUrl(tom)],
      ['POST', listUrl(tom)],
      ['PATCH', oneUrl(tom, 1)],
      ['DELETE', oneUrl(tom, 1)],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses a trainee (403, even on its own answer and with a bad body) and writes nothing', async () => {
    const before = await commentCount();
    expect((await w.call('GET', listUrl(tom), 'trainee')).statusCode).toBe(403);
    const good = await add('trainee', { questionId: q(0), atMs: 1000, text: 'Mine' });
    expect(good.statusCode).toBe(403);
    expect((await add('trainee', { atMs: -5 })).statusCode).toBe(403);
    expect((await w.call('PATCH', oneUrl(tom, 1), 'trainee', { atMs: 'x' })).statusCode).toBe(403);
    expect((await w.call('DELETE', oneUrl(tom, 1), 'trainee')).statusCode).toBe(403);
    expect(await commentCount()).toBe(before);
  });

  it('answers 404 for another organization’s manager (as for a missing answer), before the body', async () => {
    const before = await commentCount();
    expect((await w.call('GET', listUrl(tom), 'manager2')).statusCode).toBe(404);
    expect((await add('manager2', { questionId: q(0), atMs: 0, text: 'x' })).statusCode).toBe(404);
    expect((await add('manager2', { text: '' })).statusCode).toBe(404);
    expect((await w.call('GET', listUrl(999_999), 'manager')).statusCode).toBe(404);
    expect(await commentCount()).toBe(before);
  });
});

describe('drafts of the reviewer', () => {
  it('adds a draft at a time of a question’s video, trimmed, line breaks kept', async () => {
    const res = await add('instructor', {
      questionId: q(1),
      atMs: 42_000,
      text: '  Good eye contact.\nKeep the pace.  ',
    });
    expect(res.statusCode).toBe(200);
    const comment = res.json().data;
    expect(comment).toEqual({
      id: expect.any(Number),
      questionId: q(1),
      atMs: 42_000,
      text: 'Good eye contact.\nKeep the pace.',
      author: { id: w.ids.instructor, firstName: 'Ian', lastName: expect.any(String) },
      authorName: expect.stringMatching(/^Ian /),
      reviewId: null,
      draft: true,
      mine: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await add('instructor', {
      questionId: q(0),
      atMs: 3_600_000,
      text: 'x'.repeat(2000),
    });
    expect(second.statusCode).toBe(200);
    const third = await add('instructor', { questionId: q(1), atMs: 5_000, text: 'Earlier' });
    expect(third.statusCode).toBe(200);
  });

  it('refuses a question outside the interview, a bad time and a bad text (400), writing nothing', async () => {
    const before = await commentCount();
    const cases: [object, string][] = [
      [
        { questionId: w.ratings.questionIds[0], atMs: 0, text: 'x' },
        messages.questionNotInInterview,
      ],
      [{ questionId: q(0), atMs: -1, text: 'x' }, messages.reviewCommentTimeInvalid],
      [{ questionId: q(0), atMs: 1.5, text: 'x' }, messages.reviewCommentTimeInvalid],
      [{ questionId: q(0), atMs: 3_600_001, text: 'x' }, messages.reviewCommentTimeInvalid],
      [{ questionId: q(0), text: 'x' }, messages.reviewCommentTimeInvalid],
      [{ questionId: q(0), atMs: 0, text: '   ' }, messages.reviewCommentTextRequired],
      [{ questionId: q(0), atMs: 0 }, messages.reviewCommentTextRequired],
      [{ questionId: q(0), atMs: 0, text: 'x'.repeat(2001) }, messages.textTooLong],
      [{ questionId: q(0), atMs: 0, text: 'bell\u0007' }, messages.textHasControlCharacters],
    ];
    for (const [body, message] of cases) {
      const res = await add('instructor', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(await commentCount()).toBe(before);
  });

  it('refuses a new draft on an answer that cannot be reviewed (the review call’s 400)', async () => {
    const res = await add('instructor', { questionId: q(0), atMs: 0, text: 'Too early' }, tessa);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.notReviewable);
  });

  it('lists my drafts by question and time; another reviewer’s drafts stay theirs', async () => {
    const ian = await iansDrafts();
    const irene = await add('instructor2', { questionId: q(0), atMs: 1_000, text: 'Irene’s note' });
    expect(irene.statusCode).toBe(200);
    const mine = await list('instructor');
    expect(mine.map((c) => c.id)).toEqual([ian[1]!.id, ian[2]!.id, ian[0]!.id]);
    expect(mine.map((c) => [c.questionId, c.atMs])).toEqual([
      [q(0), 3_600_000],
      [q(1), 5_000],
      [q(1), 42_000],
    ]);
    expect((await list('instructor2')).map((c) => c.text)).toEqual(['Irene’s note']);
    expect(await list('manager')).toEqual([]);
  });

  it('lets the author edit and delete a draft; another reviewer gets 403 and changes nothing', async () => {
    const ian = await iansDrafts();
    const id = ian[0]!.id;
    const edited = await w.call('PATCH', oneUrl(tom, id), 'instructor', {
      text: ' Good eye contact. ',
      atMs: 41_500,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      id,
      text: 'Good eye contact.',
      atMs: 41_500,
      draft: true,
    });
    const timeOnly = await w.call('PATCH', oneUrl(tom, id), 'instructor', { atMs: 41_000 });
    expect(timeOnly.json().data).toMatchObject({ text: 'Good eye contact.', atMs: 41_000 });

    const bad = await w.call('PATCH', oneUrl(tom, id), 'instructor', { text: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.reviewCommentTextRequired);

    const theirs = await w.call('PATCH', oneUrl(tom, id), 'manager', { text: 'Mine now' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(messages.reviewCommentNotYours);
    expect((await w.call('DELETE', oneUrl(tom, id), 'instructor2')).statusCode).toBe(403);
    expect((await list('instructor')).find((c) => c.id === id)).toMatchObject({
      text: 'Good eye contact.',
      atMs: 41_000,
    });

    // A comment id of another answer is not found through this one.
    expect((await w.call('PATCH', oneUrl(tessa, id), 'instructor', { atMs: 1 })).statusCode).toBe(
      404,
    );

    const removed = await w.call('DELETE', oneUrl(tom, ian[1]!.id), 'instructor');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ id: ian[1]!.id });
    expect((await w.call('DELETE', oneUrl(tom, ian[1]!.id), 'instructor')).statusCode).toBe(404);
    expect((await list('instructor')).map((c) => c.id)).toEqual([ian[2]!.id, id]);
  });

  it('takes a fixed number of statements to add a draft', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${address}${listUrl(tom)}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${w.token('instructor')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ questionId: q(2), atMs: 100, text: 'Counted' }),
      });
      expect(res.status).toBe(200);
      // The session check, the answer, the interview's questions, the insert, the comment read.
      expect(Number(res.headers.get(sqlCountHeader))).toBeLessThanOrEqual(5);
      const del = await fetch(
        `${address}${oneUrl(tom, ((await res.json()) as { data: { id: number } }).data.id)}`,
        {
          method: 'DELETE',
          headers: { authorization: `Bearer ${w.token('instructor')}` },
        },
      );
      expect(del.status).toBe(200);
      // The session check, the answer, the conditional delete.
      expect(Number(del.headers.get(sqlCountHeader))).toBeLessThanOrEqual(3);
    } finally {
      await ctx.app.server.close();
    }
  });
});

describe('submitted comments', () => {
  it('become the review’s once it is submitted: fixed (409 for the author, 403 for others), shown to all reviewers', async () => {
    await draftsOfIanAndIrene();
    const review = await w.call(
      'POST',
      `/api/assignments/interviews/answers/review/${tom}`,
      'instructor',
      validReview(w),
    );
    expect(review.statusCode).toBe(200);
    // The review call attached Ian's drafts to the review it stored, and only his.
    expect(await draftsOf(tom, 'instructor')).toEqual([]);
    expect(await draftsOf(tom, 'instructor2')).toHaveLength(1);
    const [latest] = await f.db
      .select({ id: reviews.id, reviewerId: reviews.reviewerId })
      .from(reviews)
      .where(eq(reviews.answerId, tom))
      .orderBy(desc(reviews.id))
      .limit(1);
    expect(latest!.reviewerId).toBe(w.ids.instructor);
    const [row] = await f.db
      .select({ id: reviewComments.id, reviewId: reviewComments.reviewId })
      .from(reviewComments)
      .where(and(eq(reviewComments.answerId, tom), eq(reviewComments.text, 'Earlier')));
    expect(row!.reviewId).toBe(latest!.id);
    const submittedId = row!.id;

    const edit = await w.call('PATCH', oneUrl(tom, submittedId), 'instructor', { text: 'Later' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(messages.reviewCommentSubmitted);
    const del = await w.call('DELETE', oneUrl(tom, submittedId), 'instructor');
    expect(del.statusCode).toBe(409);
    expect(
      (await w.call('PATCH', oneUrl(tom, submittedId), 'manager', { atMs: 1 })).statusCode,
    ).toBe(403);

    const seen = (await w.call('GET', listUrl(tom), 'manager')).json().data.list;
    expect(seen.map((c: { text: string }) => c.text)).toEqual(['Earlier', 'Good eye contact.']);
    expect(seen[0]).toMatchObject({ draft: false, mine: false, reviewId: row!.reviewId });
    // Irene's draft is still only hers, beside the review's comments.
    expect((await list('instructor2')).map((c) => c.text)).toEqual([
      'Irene’s note',
      'Earlier',
      'Good eye contact.',
    ]);
  });

  it('the trainee sees the latest review’s comments on its review, never drafts', async () => {
    const submittedId = await iansReview();
    const data = (await w.call('GET', `/api/me/assignments/${w.assignment}`, 'trainee')).json()
      .data;
    expect(data.answer.statusId).toBe(AnswerStatus.Reviewed);
    expect(data.review.comments).toEqual([
      { id: submittedId, questionId: q(1), atMs: 5_000, text: 'Earlier' },
      { id: expect.any(Number), questionId: q(1), atMs: 41_000, text: 'Good eye contact.' },
    ]);
    const tessaView = (await w.call('GET', `/api/me/assignments/${w.assignment}`, 'tessa')).json();
    expect(tessaView.data.review).toBeNull();
  });

  it('a new review’s comments replace the earlier ones for the trainee and on the player', async () => {
    await iansReview();
    expect(
      (await add('manager', { questionId: q(2), atMs: 2_500, text: 'Second look' })).statusCode,
    ).toBe(200);
    const review = await w.call(
      'POST',
      `/api/assignments/interviews/answers/review/${tom}`,
      'manager',
      validReview(w),
    );
    expect(review.statusCode).toBe(200);
    expect(await draftsOf(tom, 'manager')).toEqual([]);
    const data = (await w.call('GET', `/api/me/assignments/${w.assignment}`, 'trainee')).json()
      .data;
    expect(data.review.comments).toEqual([
      { id: expect.any(Number), questionId: q(2), atMs: 2_500, text: 'Second look' },
    ]);
    expect((await list('instructor')).map((c) => c.text)).toEqual(['Second look']);
    expect((await list('instructor2')).map((c) => c.text)).toEqual(['Irene’s note', 'Second look']);
  });

  it('refuses a new draft once the assignment is Closed (the review call’s 400), writing nothing', async () => {
    // Tom's answer is Reviewed: a Closed assignment takes no second review, so no draft for one.
    await w.review(tom);
    await f.db
      .update(assignments)
      .set({ statusId: AssignmentStatus.Closed })
      .where(eq(assignments.id, w.assignment));
    try {
      const before = await commentCount();
      const res = await add('instructor', { questionId: q(0), atMs: 0, text: 'Too late' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.assignmentClosed);
      expect(await commentCount()).toBe(before);
    } finally {
      await f.db
        .update(assignments)
        .set({ statusId: AssignmentStatus.Active })
        .where(eq(assignments.id, w.assignment));
    }
  });
});
