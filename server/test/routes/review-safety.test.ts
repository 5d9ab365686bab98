/**
 * decisions.md#review-loop §4 'Two reviewers never overwrite each other': the answer detail's ETag (the review
 * version) and the review call's If-Match (a stale one is a 409 naming who reviewed and when, with
 * that review as data; without it the spec's behaviour; exactly one of 8 simultaneous submissions
 * with the same If-Match wins), the review history (`reviews` rows, versions, comments attached,
 * the draft deleted, audit rows), and the claims (POST/DELETE /assignments/answers/{id}/claim:
 * claim, another reviewer's 409, take over with its audit row, renewal, expiry, release, released
 * on submit). Each test builds its own organization (buildAnswersWorld) and the answers, reviews
 * and claims it reads, so it passes alone and in any order.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  AnswerStatus,
  format,
  messages,
  reviewClaimTtlSeconds,
  type AnswerDetail,
  type AnswerReviewConflict,
  type ReviewClaim,
} from '@practica/contract';
import {
  answers,
  auditEvents,
  reviewClaims,
  reviewComments,
  reviewDrafts,
  reviews,
} from '../../src/db/schema/index.js';
import { insertPendingAnswers } from '../../src/modules/assignments/members-repository.js';
import { factoryOf, type Factory } from '../factories.js';
import { buildAnswersWorld, validReview, type AnswersWorld } from '../helpers/answers.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';
import { mailsTo } from '../helpers/users.js';

// The app and its database once; each test gets an organization of its own (`w`) and builds the
// answers, reviews and claims it reads.
let ctx: TestContext;
let f: Factory;
let w: AnswersWorld;
beforeAll(async () => {
  ctx = await buildTestApp({}, { seed: false });
  f = factoryOf(ctx);
});
beforeEach(async () => {
  w = await buildAnswersWorld(f);
});
afterAll(() => ctx.close());

type Who = 'manager' | 'manager2' | 'instructor' | 'instructor2' | 'admin' | 'trainee';
const reviewUrl = (id: number) => `/api/assignments/interviews/answers/review/${id}`;
const claimUrl = (id: number) => `/api/assignments/answers/${id}/claim`;

/** The review call as `who`, with an optional If-Match. */
const review = (id: number, who: Who, ifMatch?: string, payload: object = validReview(w)) =>
  f.app.inject({
    method: 'POST',
    url: reviewUrl(id),
    headers: {
      authorization: `Bearer ${w.token(who)}`,
      ...(ifMatch !== undefined ? { 'if-match': ifMatch } : {}),
    },
    payload,
  });
const detail = (id: number, who: Who = 'manager') =>
  w.call('GET', `/api/assignments/answers/${id}`, who);
const reviewRows = (id: number) =>
  f.db.select().from(reviews).where(eq(reviews.answerId, id)).orderBy(asc(reviews.id));
const auditRows = (id: number, action: string) =>
  f.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.answerId, id), eq(auditEvents.action, action)))
    .orderBy(asc(auditEvents.id));

/** The answer's 'answer.status' audit rows that set it Reviewed. */
const reviewedRows = async (id: number) =>
  (await auditRows(id, 'answer.status')).filter(
    (r) => (r.after as { statusId?: number } | null)?.statusId === AnswerStatus.Reviewed,
  );

describe('ETag and If-Match on the review call', () => {
  it('answers the review version as a quoted ETag and in the detail', async () => {
    const answerId = { tessa: await w.answer('tessa') };
    const res = await detail(answerId.tessa);
    expect(res.statusCode).toBe(200);
    expect(res.headers['etag']).toBe('"0"');
    expect(res.json().data).toMatchObject({ reviewVersion: 0, claim: null });
  });

  it('reviews with a matching If-Match, adds a reviews row and sets the new ETag', async () => {
    const answerId = { tessa: await w.answer('tessa') };
    const res = await review(answerId.tessa, 'manager', '"0"');
    expect(res.statusCode).toBe(200);
    expect(res.headers['etag']).toBe('"1"');
    const data = res.json().data as AnswerDetail;
    expect(data).toMatchObject({ statusId: AnswerStatus.Reviewed, reviewVersion: 1, score: 4.5 });
    const rows = await reviewRows(answerId.tessa);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reviewerId: w.ids.manager,
      version: 1,
      score: 4.5,
      ratingsAnswerId: data.ratingsAnswerId,
      feedbackAnswerId: data.feedbackAnswerId,
    });
    expect((await detail(answerId.tessa)).headers['etag']).toBe('"1"');
    // Audit: the review and the status change Submitted → Reviewed.
    expect((await auditRows(answerId.tessa, 'review.submitted')).map((r) => r.after)).toEqual([
      { reviewId: rows[0]!.id, version: 1, score: 4.5 },
    ]);
    // (The trainee's submit wrote the answer's earlier 'answer.status' row.)
    expect(await reviewedRows(answerId.tessa)).toMatchObject([
      {
        actorId: w.ids.manager,
        before: { statusId: AnswerStatus.Submitted },
        after: { statusId: AnswerStatus.Reviewed },
      },
    ]);
  });

  it('refuses a stale If-Match with 409 naming who reviewed and when, with the latest review as data', async () => {
    const answerId = { tessa: await w.answer('tessa') };
    await review(answerId.tessa, 'manager', '"0"'); // Maya's review: version 1
    const before = await f.db.select({ n: count() }).from(reviews);
    const res = await review(answerId.tessa, 'instructor', '"0"');
    expect(res.statusCode).toBe(409);
    const [latest] = await reviewRows(answerId.tessa);
    const body = res.json();
    expect(body.error.code).toBe('CONFLICT');
    expect(body.message).toBe(format.answerReviewedBy('Maya Manning', latest!.createdAt));
    expect(body.message).toMatch(
      /^Maya Manning reviewed this answer on \d\d\.\d\d\.\d{4} at \d\d:\d\d\.$/,
    );
    const conflict = body.data as AnswerReviewConflict;
    expect(conflict.latestReview).toMatchObject({
      version: 1,
      reviewer: { id: w.ids.manager, firstName: 'Maya', lastName: 'Manning' },
      reviewerName: 'Maya Manning',
      reviewedAt: latest!.createdAt.toISOString(),
      score: 4.5,
      ratingsAnswer: { id: latest!.ratingsAnswerId, answers: validReview(w).answers.ratings },
      feedbackAnswer: { id: latest!.feedbackAnswerId },
    });
    // Nothing was written.
    expect(await f.db.select({ n: count() }).from(reviews)).toEqual(before);
    const row = (await f.db.select().from(answers).where(eq(answers.id, answerId.tessa)))[0]!;
    expect(row.reviewVersion).toBe(1);
  });

  it('accepts *, a list holding the version, and no If-Match (the spec); refuses a weak tag and a malformed header', async () => {
    const answerId = { tessa: await w.answer('tessa') };
    await review(answerId.tessa, 'manager', '"0"'); // Maya's review: version 1
    expect((await review(answerId.tessa, 'instructor', '"7", W/"1"')).statusCode).toBe(409);
    const bad = await review(answerId.tessa, 'instructor', '1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.ifMatchInvalid);
    expect((await review(answerId.tessa, 'instructor', '"0", "1"')).headers['etag']).toBe('"2"');
    expect((await review(answerId.tessa, 'instructor', '*')).headers['etag']).toBe('"3"');
    const plain = await review(answerId.tessa, 'manager');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.reviewVersion).toBe(4);
    expect((await reviewRows(answerId.tessa)).map((r) => r.version)).toEqual(
      [1, 2, 3, 4, 5].slice(0, 4),
    );
    // A re-review keeps the status: no 'answer.status' row for it.
    expect(await reviewedRows(answerId.tessa)).toHaveLength(1);
    expect(await auditRows(answerId.tessa, 'review.submitted')).toHaveLength(4);
  });

  it('checks who may review before the If-Match: 403 a trainee, 404 another organization', async () => {
    const answerId = { tessa: await w.answer('tessa') };
    await review(answerId.tessa, 'manager', '"0"'); // Maya's review: version 1
    expect((await review(answerId.tessa, 'trainee', 'garbage')).statusCode).toBe(403);
    const other = await review(answerId.tessa, 'manager2', '"4"');
    expect(other.statusCode).toBe(404);
  });

  it('lets exactly one of 8 simultaneous submissions with the same If-Match win', async () => {
    const answerId = { tessa: await w.answer('tessa') };
    await review(answerId.tessa, 'manager', '"0"'); // Maya's review: version 1
    const version = (await detail(answerId.tessa)).json().data.reviewVersion as number;
    const before = (await reviewRows(answerId.tessa)).length;
    const who: Who[] = ['manager', 'instructor', 'admin', 'instructor2'];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => review(answerId.tessa, who[i % 4]!, `"${version}"`)),
    );
    // instructor2 reviews the organization too (staff); the winner is any of them.
    const rows = await reviewRows(answerId.tessa);
    expect(rows).toHaveLength(before + 1);
    const winner = who.findIndex((x) => w.ids[x as keyof typeof w.ids] === rows.at(-1)!.reviewerId);
    expect(winner).not.toBe(-1);
    // The winner's second call is the same review sent again: answered as it stands, nothing
    // written. Every other reviewer's is refused.
    results.forEach((r, i) => {
      expect(r.statusCode, `${who[i % 4]}`).toBe(i % 4 === winner ? 200 : 409);
      if (i % 4 === winner) expect(r.json().data.reviewVersion).toBe(version + 1);
    });
    expect((await detail(answerId.tessa)).json().data.reviewVersion).toBe(version + 1);
  });

  it('takes the same review sent twice (a double submit, a retried call) as one review with one mail', async () => {
    // Nina's answer on the assignment, as her submit leaves it.
    await insertPendingAnswers(f.db, w.assignment, [w.ids.nina]);
    const id = await w.answerIdOf('nina');
    await f.db
      .update(answers)
      .set({ statusId: AnswerStatus.Submitted, submittedAt: new Date() })
      .where(eq(answers.id, id));
    const reviewMails = async () =>
      (await mailsTo(f.db, w.people.nina.email)).filter((m) => m.kind === 'review-ready');
    const version = (await detail(id)).json().data.reviewVersion as number;
    const first = await review(id, 'instructor', `"${version}"`);
    expect(first.statusCode).toBe(200);
    // The same call again, as a second click or Ctrl+Enter sends it: the same review.
    const again = await review(id, 'instructor', `"${version}"`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      statusId: AnswerStatus.Reviewed,
      reviewVersion: version + 1,
      ratingsAnswerId: first.json().data.ratingsAnswerId,
    });
    expect(again.headers['etag']).toBe(`"${version + 1}"`);
    expect(await reviewRows(id)).toHaveLength(1);
    expect(await auditRows(id, 'review.submitted')).toHaveLength(1);
    expect(await reviewMails()).toHaveLength(1);

    // Not the same review: other answers, or another reviewer, against that version → 409, no mail.
    const changed = validReview(w);
    changed.answers.ratings[0]!.text = '1';
    expect((await review(id, 'instructor', `"${version}"`, changed)).statusCode).toBe(409);
    expect((await review(id, 'manager', `"${version}"`)).statusCode).toBe(409);
    expect(await reviewMails()).toHaveLength(1);
    // A new review on purpose (against the version it replaces) is a review, with its mail.
    expect((await review(id, 'instructor', `"${version + 1}"`)).statusCode).toBe(200);
    expect(await reviewRows(id)).toHaveLength(2);
    expect(await reviewMails()).toHaveLength(2);
  });

  it('checks If-Match on the call that completes a review sent one form per call', async () => {
    const answerId = { trainee: await w.answer('trainee') };
    // Tom's answer: ratings first (no review yet, If-Match ignored until the pair completes).
    const { ratings, feedback } = validReview(w).answers;
    const first = await review(answerId.trainee, 'manager', '"0"', {
      questionnaireID: w.ratings.id,
      answers: ratings,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['etag']).toBe('"0"');
    expect(first.json().data.statusId).toBe(AnswerStatus.Submitted);
    // Another reviewer completes a review meanwhile (both forms at once).
    expect((await review(answerId.trainee, 'instructor', '"0"')).statusCode).toBe(200);
    // Maya's feedback form against version 0 is stale now.
    const stale = await review(answerId.trainee, 'manager', '"0"', {
      questionnaireID: w.feedback.id,
      answers: feedback,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^Ian .* reviewed this answer on /);
    expect((await reviewRows(answerId.trainee)).map((r) => r.version)).toEqual([1]);
  });
});

describe('claims', () => {
  /** Tom's submitted answer, which every claims test claims. */
  let tom: number;
  beforeEach(async () => {
    tom = await w.answer('trainee');
  });
  const claim = (who: Who, payload?: object, id = tom) =>
    w.call('POST', claimUrl(id), who, payload);
  const claimRow = async (id = tom) =>
    (await f.db.select().from(reviewClaims).where(eq(reviewClaims.answerId, id)))[0];

  it('refuses 401, 403 a trainee, 404 another organization, 400 a Pending answer', async () => {
    const omar = await w.answer('omar', { submit: false });
    expect((await w.call('POST', claimUrl(tom))).statusCode).toBe(401);
    expect((await claim('trainee', { takeOver: 'yes' })).statusCode).toBe(403);
    const other = await claim('manager2', { takeOver: 'yes' });
    expect(other.statusCode).toBe(404);
    const pending = await claim('manager', {}, omar);
    expect(pending.statusCode).toBe(400);
    expect(pending.json().message).toBe(messages.notReviewable);
    expect((await claim('manager', { takeOver: 'yes' })).statusCode).toBe(400);
    expect(await claimRow()).toBeUndefined();
  });

  it('claims a free answer for 10 minutes, and shows it in the detail', async () => {
    const res = await claim('manager');
    expect(res.statusCode).toBe(200);
    const c = res.json().data as ReviewClaim;
    expect(c).toMatchObject({
      answerId: tom,
      user: { id: w.ids.manager, firstName: 'Maya', lastName: 'Manning' },
      mine: true,
    });
    expect(Date.parse(c.expiresAt) - Date.parse(c.claimedAt)).toBe(reviewClaimTtlSeconds * 1000);
    expect((await detail(tom, 'manager')).json().data.claim).toEqual(c);
    expect((await detail(tom, 'instructor')).json().data.claim).toEqual({
      ...c,
      mine: false,
    });
  });

  it('refuses another reviewer with 409 naming the holder, the claim as data', async () => {
    await claim('manager');
    const res = await claim('instructor', {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Maya Manning is reviewing this answer');
    expect(res.json().data).toMatchObject({ user: { id: w.ids.manager }, mine: false });
    expect((await claimRow())!.userId).toBe(w.ids.manager);
  });

  it('renews the holder’s claim: later expiry, same claimedAt', async () => {
    await claim('manager');
    const before = (await claimRow())!;
    await new Promise((r) => setTimeout(r, 20));
    const res = await claim('manager');
    expect(res.statusCode).toBe(200);
    const after = (await claimRow())!;
    expect(after.claimedAt).toEqual(before.claimedAt);
    expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime());
  });

  it('takes over with takeOver and records it in the audit log', async () => {
    await claim('manager');
    const res = await claim('instructor', { takeOver: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user: { id: w.ids.instructor }, mine: true });
    expect((await claimRow())!.userId).toBe(w.ids.instructor);
    expect(await auditRows(tom, 'claim.takenOver')).toMatchObject([
      {
        actorId: w.ids.instructor,
        before: { userId: w.ids.manager },
        after: { userId: w.ids.instructor },
      },
    ]);
    // Maya is refused now, naming Ian.
    expect((await claim('manager')).json().message).toMatch(/^Ian .* is reviewing this answer$/);
  });

  it('treats an expired claim as free (no take-over audit) and hides it from the detail', async () => {
    await claim('manager');
    await claim('instructor', { takeOver: true }); // Ian took Maya's claim over
    await f.db
      .update(reviewClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewClaims.answerId, tom));
    expect((await detail(tom)).json().data.claim).toBeNull();
    const res = await claim('manager');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(w.ids.manager);
    expect(await auditRows(tom, 'claim.takenOver')).toHaveLength(1);
  });

  it('releases only the caller’s own claim', async () => {
    await claim('manager');
    expect((await w.call('DELETE', claimUrl(tom), 'instructor')).statusCode).toBe(200);
    expect((await claimRow())!.userId).toBe(w.ids.manager);
    expect((await w.call('DELETE', claimUrl(tom), 'trainee')).statusCode).toBe(403);
    const released = await w.call('DELETE', claimUrl(tom), 'manager');
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toBeNull();
    expect(await claimRow()).toBeUndefined();
  });

  it('is released by a submitted review, which also attaches the reviewer’s draft comments and deletes the draft', async () => {
    await review(tom, 'instructor', '"0"'); // Ian's review: version 1
    expect((await claim('manager')).statusCode).toBe(200);
    const questionId = w.interview.questionIds[0]!;
    const [mine] = await f.db
      .insert(reviewComments)
      .values({
        answerId: tom,
        questionId,
        atMs: 1500,
        text: 'Good start',
        createdById: w.ids.manager,
      })
      .returning();
    const [theirs] = await f.db
      .insert(reviewComments)
      .values({
        answerId: tom,
        questionId,
        atMs: 3000,
        text: 'Pace',
        createdById: w.ids.instructor,
      })
      .returning();
    await f.db.insert(reviewDrafts).values([
      { answerId: tom, userId: w.ids.manager, ratings: { a: '4' } },
      { answerId: tom, userId: w.ids.instructor, ratings: { a: '2' } },
    ]);
    const res = await review(tom, 'manager', '"1"');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ reviewVersion: 2, claim: null });
    expect(await claimRow()).toBeUndefined();
    const [, latest] = await reviewRows(tom);
    expect(latest).toMatchObject({ version: 2, reviewerId: w.ids.manager });
    const comments = await f.db
      .select({ id: reviewComments.id, reviewId: reviewComments.reviewId })
      .from(reviewComments)
      .where(eq(reviewComments.answerId, tom))
      .orderBy(asc(reviewComments.id));
    expect(comments).toEqual([
      { id: mine!.id, reviewId: latest!.id },
      { id: theirs!.id, reviewId: null },
    ]);
    const drafts = await f.db
      .select({ userId: reviewDrafts.userId })
      .from(reviewDrafts)
      .where(eq(reviewDrafts.answerId, tom));
    expect(drafts).toEqual([{ userId: w.ids.instructor }]);
  });
});
