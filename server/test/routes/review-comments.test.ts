/**
 * Time-coded comments of a review (decisions.md#review-loop §3): GET/POST /api/assignments/answers/{id}/comments
 * and PATCH/DELETE …/comments/{commentId}. A reviewer pins drafts to moments of the answer's
 * question videos; the player's list is the latest review's comments and the caller's own drafts;
 * only the author changes a draft (403 for another's), never a submitted one (409); who may call is
 * checked before the body (404 another organization, 403 a trainee); the review call attaches the
 * reviewer's drafts to the review it stores; the trainee's review on GET /api/me/assignments/{id}
 * carries the latest review's comments only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { AnswerStatus, AssignmentStatus, messages } from '@practica/contract';
import { assignments, reviewComments, reviews } from '../../src/db/schema/index.js';
import { sqlCountHeader } from '../../src/db/statement-counter.js';
import {
  buildAnswersScenario,
  validReview,
  type AnswerActor,
  type AnswersScenario,
} from '../helpers/answers.js';

let s: AnswersScenario;
/** Tom's answer (Submitted) and Tessa's (Pending: practised, not submitted). */
let tom: number;
let tessa: number;

beforeAll(async () => {
  process.env['BENCH_SQL_COUNT'] = '1';
  s = await buildAnswersScenario();
  delete process.env['BENCH_SQL_COUNT'];
  tom = await s.answerAll('trainee');
  tessa = await s.answerAll('tessa', { submit: false });
});
afterAll(() => s.close());

const listUrl = (answerId: number) => `/api/assignments/answers/${answerId}/comments`;
const oneUrl = (answerId: number, commentId: number) => `${listUrl(answerId)}/${commentId}`;
const q = (n: number) => s.interview.questionIds[n]!;
const add = (who: AnswerActor, body: object, answerId = tom) =>
  s.call('POST', listUrl(answerId), who, body);
const commentCount = async () => (await s.db.select({ n: count() }).from(reviewComments))[0]!.n;
const list = async (who: AnswerActor, answerId = tom) => {
  const res = await s.call('GET', listUrl(answerId), who);
  expect(res.statusCode).toBe(200);
  return res.json().data.list as { id: number; text: string; atMs: number; questionId: number }[];
};

/** The drafts `who` still has on the answer (a submitted review attaches them). */
async function draftsOf(answerId: number, who: AnswerActor) {
  return s.db
    .select({ id: reviewComments.id })
    .from(reviewComments)
    .where(
      and(
        eq(reviewComments.answerId, answerId),
        eq(reviewComments.createdById, s.ids[who]),
        isNull(reviewComments.reviewId),
      ),
    );
}

describe('who may call (before the body)', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', listUrl(tom)],
      ['POST', listUrl(tom)],
      ['PATCH', oneUrl(tom, 1)],
      ['DELETE', oneUrl(tom, 1)],
    ] as const) {
      const res = await s.app.inject({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses a trainee (403, even on its own answer and with a bad body) and writes nothing', async () => {
    const before = await commentCount();
    expect((await s.call('GET', listUrl(tom), 'trainee')).statusCode).toBe(403);
    const good = await add('trainee', { questionId: q(0), atMs: 1000, text: 'Mine' });
    expect(good.statusCode).toBe(403);
    expect((await add('trainee', { atMs: -5 })).statusCode).toBe(403);
    expect((await s.call('PATCH', oneUrl(tom, 1), 'trainee', { atMs: 'x' })).statusCode).toBe(403);
    expect((await s.call('DELETE', oneUrl(tom, 1), 'trainee')).statusCode).toBe(403);
    expect(await commentCount()).toBe(before);
  });

  it('answers 404 for another organization’s manager (as for a missing answer), before the body', async () => {
    const before = await commentCount();
    expect((await s.call('GET', listUrl(tom), 'manager2')).statusCode).toBe(404);
    expect((await add('manager2', { questionId: q(0), atMs: 0, text: 'x' })).statusCode).toBe(404);
    expect((await add('manager2', { text: '' })).statusCode).toBe(404);
    expect((await s.call('GET', listUrl(999_999), 'manager')).statusCode).toBe(404);
    expect(await commentCount()).toBe(before);
  });
});

describe('drafts of the reviewer', () => {
  let ian: { id: number }[] = [];

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
      author: { id: s.ids.instructor, firstName: 'Ian', lastName: expect.any(String) },
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
    ian = [comment, second.json().data, third.json().data];
  });

  it('refuses a question outside the interview, a bad time and a bad text (400), writing nothing', async () => {
    const before = await commentCount();
    const cases: [object, string][] = [
      [
        { questionId: s.ratings.questionIds[0], atMs: 0, text: 'x' },
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
    const id = ian[0]!.id;
    const edited = await s.call('PATCH', oneUrl(tom, id), 'instructor', {
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
    const timeOnly = await s.call('PATCH', oneUrl(tom, id), 'instructor', { atMs: 41_000 });
    expect(timeOnly.json().data).toMatchObject({ text: 'Good eye contact.', atMs: 41_000 });

    const bad = await s.call('PATCH', oneUrl(tom, id), 'instructor', { text: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.reviewCommentTextRequired);

    const theirs = await s.call('PATCH', oneUrl(tom, id), 'manager', { text: 'Mine now' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(messages.reviewCommentNotYours);
    expect((await s.call('DELETE', oneUrl(tom, id), 'instructor2')).statusCode).toBe(403);
    expect((await list('instructor')).find((c) => c.id === id)).toMatchObject({
      text: 'Good eye contact.',
      atMs: 41_000,
    });

    // A comment id of another answer is not found through this one.
    expect((await s.call('PATCH', oneUrl(tessa, id), 'instructor', { atMs: 1 })).statusCode).toBe(
      404,
    );

    const removed = await s.call('DELETE', oneUrl(tom, ian[1]!.id), 'instructor');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ id: ian[1]!.id });
    expect((await s.call('DELETE', oneUrl(tom, ian[1]!.id), 'instructor')).statusCode).toBe(404);
    expect((await list('instructor')).map((c) => c.id)).toEqual([ian[2]!.id, id]);
  });

  it('takes a fixed number of statements to add a draft', async () => {
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${address}${listUrl(tom)}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${s.tokens.instructor}`,
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
          headers: { authorization: `Bearer ${s.tokens.instructor}` },
        },
      );
      expect(del.status).toBe(200);
      // The session check, the answer, the conditional delete.
      expect(Number(del.headers.get(sqlCountHeader))).toBeLessThanOrEqual(3);
    } finally {
      await s.app.server.close();
    }
  });
});

describe('submitted comments', () => {
  let submittedId: number;

  it('become the review’s once it is submitted: fixed (409 for the author, 403 for others), shown to all reviewers', async () => {
    const review = await s.call(
      'POST',
      `/api/assignments/interviews/answers/review/${tom}`,
      'instructor',
      validReview(s),
    );
    expect(review.statusCode).toBe(200);
    // The review call attached Ian's drafts to the review it stored, and only his.
    expect(await draftsOf(tom, 'instructor')).toEqual([]);
    expect(await draftsOf(tom, 'instructor2')).toHaveLength(1);
    const [latest] = await s.db
      .select({ id: reviews.id, reviewerId: reviews.reviewerId })
      .from(reviews)
      .where(eq(reviews.answerId, tom))
      .orderBy(desc(reviews.id))
      .limit(1);
    expect(latest!.reviewerId).toBe(s.ids.instructor);
    const [row] = await s.db
      .select({ id: reviewComments.id, reviewId: reviewComments.reviewId })
      .from(reviewComments)
      .where(and(eq(reviewComments.answerId, tom), eq(reviewComments.text, 'Earlier')));
    expect(row!.reviewId).toBe(latest!.id);
    submittedId = row!.id;

    const edit = await s.call('PATCH', oneUrl(tom, submittedId), 'instructor', { text: 'Later' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(messages.reviewCommentSubmitted);
    const del = await s.call('DELETE', oneUrl(tom, submittedId), 'instructor');
    expect(del.statusCode).toBe(409);
    expect(
      (await s.call('PATCH', oneUrl(tom, submittedId), 'manager', { atMs: 1 })).statusCode,
    ).toBe(403);

    const seen = (await s.call('GET', listUrl(tom), 'manager')).json().data.list;
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
    const data = (await s.call('GET', `/api/me/assignments/${s.assignment}`, 'trainee')).json()
      .data;
    expect(data.answer.statusId).toBe(AnswerStatus.Reviewed);
    expect(data.review.comments).toEqual([
      { id: submittedId, questionId: q(1), atMs: 5_000, text: 'Earlier' },
      { id: expect.any(Number), questionId: q(1), atMs: 41_000, text: 'Good eye contact.' },
    ]);
    const tessaView = (await s.call('GET', `/api/me/assignments/${s.assignment}`, 'tessa')).json();
    expect(tessaView.data.review).toBeNull();
  });

  it('a new review’s comments replace the earlier ones for the trainee and on the player', async () => {
    expect(
      (await add('manager', { questionId: q(2), atMs: 2_500, text: 'Second look' })).statusCode,
    ).toBe(200);
    const review = await s.call(
      'POST',
      `/api/assignments/interviews/answers/review/${tom}`,
      'manager',
      validReview(s),
    );
    expect(review.statusCode).toBe(200);
    expect(await draftsOf(tom, 'manager')).toEqual([]);
    const data = (await s.call('GET', `/api/me/assignments/${s.assignment}`, 'trainee')).json()
      .data;
    expect(data.review.comments).toEqual([
      { id: expect.any(Number), questionId: q(2), atMs: 2_500, text: 'Second look' },
    ]);
    expect((await list('instructor')).map((c) => c.text)).toEqual(['Second look']);
    expect((await list('instructor2')).map((c) => c.text)).toEqual(['Irene’s note', 'Second look']);
  });

  it('refuses a new draft once the assignment is Closed (the review call’s 400), writing nothing', async () => {
    await s.db
      .update(assignments)
      .set({ statusId: AssignmentStatus.Closed })
      .where(eq(assignments.id, s.assignment));
    try {
      const before = await commentCount();
      const res = await add('instructor', { questionId: q(0), atMs: 0, text: 'Too late' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.assignmentClosed);
      expect(await commentCount()).toBe(before);
    } finally {
      await s.db
        .update(assignments)
        .set({ statusId: AssignmentStatus.Active })
        .where(eq(assignments.id, s.assignment));
    }
  });
});
