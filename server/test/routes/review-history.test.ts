/**
 * GET /assignments/answers/{id}/reviews (decisions.md#review-loop §5): every completed review of an answer, newest
 * first, with its forms and the time-coded comments kept with it. Managers and admins see all, an
 * instructor only the reviews it wrote, a trainee 403, another organization 404; three statements
 * besides the session's, however many reviews there are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReviewHistory } from '@practica/contract';
import { contentAnswers, reviewComments, reviews } from '../../src/db/schema/index.js';
import { sqlCountHeader } from '../../src/db/statement-counter.js';
import { buildAnswersScenario, validReview, type AnswersScenario } from '../helpers/answers.js';

let s: AnswersScenario;
let answerId = 0;
const historyUrl = (id: number) => `/api/assignments/answers/${id}/reviews`;

beforeAll(async () => {
  process.env['BENCH_SQL_COUNT'] = '1';
  s = await buildAnswersScenario();
  delete process.env['BENCH_SQL_COUNT'];
  answerId = await s.answerAll('tessa');
  // Ian reviews first, then Irene, then Maya (the manager) reviews again: three reviews, stored
  // as the review call stores them (its own tests show it does; this file reads the history).
  let version = 0;
  for (const [reviewerId, first] of [
    [s.ids.instructor, '3'],
    [s.ids.instructor2, '5'],
    [s.ids.manager, '4'],
  ] as const) {
    version += 1;
    const ratings = [
      { questionId: s.ratings.questionIds[0]!, text: first },
      { questionId: s.ratings.questionIds[1]!, text: '5' },
    ];
    const score = (Number(first) + 5) / 2;
    const [r, f] = await s.db
      .insert(contentAnswers)
      .values([
        { answerId, contentId: s.ratings.id, createdById: reviewerId, answers: ratings, score },
        {
          answerId,
          contentId: s.feedback.id,
          createdById: reviewerId,
          answers: [{ questionId: s.feedback.questionIds[0]!, text: `Review ${version}` }],
        },
      ])
      .returning({ id: contentAnswers.id });
    await s.db.insert(reviews).values({
      answerId,
      reviewerId,
      ratingsAnswerId: r!.id,
      feedbackAnswerId: f!.id,
      score,
      version,
    });
  }
  // A comment kept with Ian's review, one with Maya's, and a draft comment of Irene's (not listed).
  const rows = await s.db.select().from(reviews).where(eq(reviews.answerId, answerId));
  const of = (reviewerId: number) => rows.find((r) => r.reviewerId === reviewerId)!.id;
  await s.db.insert(reviewComments).values([
    {
      answerId,
      questionId: s.interview.questionIds[0]!,
      atMs: 4200,
      text: 'Good eye contact here.',
      createdById: s.ids.instructor,
      reviewId: of(s.ids.instructor),
    },
    {
      answerId,
      questionId: s.interview.questionIds[1]!,
      atMs: 1500,
      text: 'Slow down.',
      createdById: s.ids.manager,
      reviewId: of(s.ids.manager),
    },
    {
      answerId,
      questionId: s.interview.questionIds[0]!,
      atMs: 900,
      text: 'Not submitted yet.',
      createdById: s.ids.instructor2,
      reviewId: null,
    },
  ]);
});
afterAll(() => s.close());

const history = async (who: Parameters<AnswersScenario['call']>[2]) => {
  const res = await s.call('GET', historyUrl(answerId), who);
  expect(res.statusCode).toBe(200);
  return res.json().data as ReviewHistory;
};

describe('GET /api/assignments/answers/:id/reviews', () => {
  it('answers 401 without a session, 403 a trainee (even its own answer), 404 another organization or a missing answer, 400 a bad id', async () => {
    expect((await s.call('GET', historyUrl(answerId))).statusCode).toBe(401);
    expect((await s.call('GET', historyUrl(answerId), 'tessa')).statusCode).toBe(403);
    expect((await s.call('GET', historyUrl(answerId), 'trainee')).statusCode).toBe(403);
    expect((await s.call('GET', historyUrl(answerId), 'manager2')).statusCode).toBe(404);
    expect((await s.call('GET', historyUrl(999999), 'manager')).statusCode).toBe(404);
    expect(
      (await s.call('GET', '/api/assignments/answers/abc/reviews', 'manager')).statusCode,
    ).toBe(400);
  });

  it('lists every review to a manager and an admin, newest first, with forms, score and comments', async () => {
    const data = await history('manager');
    expect(data.count).toBe(3);
    expect(data.list.map((r) => r.reviewerName)).toEqual([
      'Maya Manning',
      'Irene Iverson',
      'Ian Instructor',
    ]);
    expect(data.list.map((r) => r.version)).toEqual([3, 2, 1]);
    const [maya, irene, ian] = data.list;
    expect(maya).toMatchObject({
      reviewer: { id: s.ids.manager, firstName: 'Maya', lastName: 'Manning' },
      score: 4.5,
      commentsCount: 1,
      comments: [{ atMs: 1500, text: 'Slow down.', authorName: 'Maya Manning' }],
    });
    expect(maya!.ratingsAnswer).toMatchObject({
      contentId: s.ratings.id,
      answers: [
        { questionId: s.ratings.questionIds[0], text: '4' },
        { questionId: s.ratings.questionIds[1], text: '5' },
      ],
      score: 4.5,
      contentAnswer: { createdByName: 'Maya Manning' },
    });
    expect(maya!.feedbackAnswer).toMatchObject({
      contentId: s.feedback.id,
      answers: [{ questionId: s.feedback.questionIds[0], text: 'Review 3' }],
    });
    // Irene's draft comment is not part of any review.
    expect(irene).toMatchObject({ score: 5, commentsCount: 0, comments: [] });
    expect(ian).toMatchObject({
      score: 4,
      commentsCount: 1,
      comments: [{ text: 'Good eye contact here.', questionId: s.interview.questionIds[0] }],
    });
    expect(new Date(maya!.createdAt) >= new Date(ian!.createdAt)).toBe(true);
    expect((await history('admin')).list.map((r) => r.id)).toEqual(data.list.map((r) => r.id));
  });

  it('shows an instructor only the reviews it wrote', async () => {
    const ian = await history('instructor');
    expect(ian.count).toBe(1);
    expect(ian.list.map((r) => r.reviewerName)).toEqual(['Ian Instructor']);
    expect(ian.list[0]!.comments.map((c) => c.text)).toEqual(['Good eye contact here.']);
    const irene = await history('instructor2');
    expect(irene.list.map((r) => r.reviewerName)).toEqual(['Irene Iverson']);
  });

  it('shows an erased reviewer as Deleted user, to managers only', async () => {
    const [irene] = await s.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.reviewerId, s.ids.instructor2));
    await s.db.update(reviews).set({ reviewerId: null }).where(eq(reviews.id, irene!.id));
    try {
      const data = await history('manager');
      expect(data.list[1]).toMatchObject({
        id: irene!.id,
        reviewer: null,
        reviewerName: 'Deleted user',
      });
      expect(data.list[1]!.ratingsAnswer?.contentAnswer.createdByName).toBe('Deleted user');
      expect((await history('instructor2')).list).toEqual([]);
    } finally {
      await s.db
        .update(reviews)
        .set({ reviewerId: s.ids.instructor2 })
        .where(eq(reviews.id, irene!.id));
    }
  });

  it('answers an empty list for an answer never reviewed, then the review the call stores', async () => {
    const fresh = await s.answerAll('omar');
    const res = await s.call('GET', historyUrl(fresh), 'manager');
    expect(res.json().data).toEqual({ list: [], count: 0 });
    // The review call adds to the history.
    const reviewed = await s.call(
      'POST',
      `/api/assignments/interviews/answers/review/${fresh}`,
      'instructor',
      validReview(s),
    );
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const after = (await s.call('GET', historyUrl(fresh), 'instructor')).json()
      .data as ReviewHistory;
    expect(after.list).toEqual([
      expect.objectContaining({ version: 1, reviewerName: 'Ian Instructor', score: 4.5 }),
    ]);
  });

  it('reads the whole history in three statements besides the session check', async () => {
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${historyUrl(answerId)}`, {
      headers: { authorization: `Bearer ${s.tokens.manager}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: ReviewHistory }).data.count).toBe(3);
    // The session, the answer, the reviews with their forms, the comments.
    expect(Number(res.headers.get(sqlCountHeader))).toBeLessThanOrEqual(4);
  });
});
