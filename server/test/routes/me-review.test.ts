/**
 * The trainee's review on the mobile API and the review-ready email: GET /api/me/assignments/{id}
 * carries my latest review once my answer is Reviewed (score x of 5, date, reviewer, ratings with
 * stars, feedback answers with the options' texts, in the forms' order), never another trainee's
 * nor the earlier rounds'; each review that makes the answer Reviewed writes the trainee's email
 * with the link to /practice/assignments/{id}/review, none for an inactive or deleted trainee.
 * The list keeps a Reviewed answer's assignment after its due date; a Closed one stays readable.
 * Each test builds its own organization, answers and reviews (buildAnswersWorld), so it passes
 * alone and in any order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AnswerStatus, AssignmentStatus } from '@practica/contract';
import { answers, assignments, contentAnswers, users } from '../../src/db/schema/index.js';
import { todayIsoDate } from '../../src/modules/assignments/service.js';
import { factoryOf, type Factory } from '../factories.js';
import { buildAnswersWorld, validReview, type AnswersWorld } from '../helpers/answers.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';
import { mailsTo } from '../helpers/users.js';

// The app and its database only: every test builds its own organization, answers and reviews.
let ctx: TestContext;
let f: Factory;
beforeAll(async () => {
  ctx = await buildTestApp({}, { seed: false });
  f = factoryOf(ctx);
});
afterAll(() => ctx.close());

const detailUrl = (w: AnswersWorld) => `/api/me/assignments/${w.assignment}`;
const reviewUrl = (answerId: number) => `/api/assignments/interviews/answers/review/${answerId}`;
const setAssignment = (w: AnswersWorld, values: Partial<typeof assignments.$inferInsert>) =>
  f.db.update(assignments).set(values).where(eq(assignments.id, w.assignment));
const reviewMails = async (w: AnswersWorld, who: 'trainee' | 'tessa' | 'omar') =>
  (await mailsTo(f.db, w.people[who].email)).filter((m) => m.kind === 'review-ready');
const yesterday = () => {
  const d = new Date();
  d.setDate(d.getDate() - 1);
  return todayIsoDate(d);
};

/** A world where Tom submitted (Tessa only practised) and, with `reviewed`, Ian reviewed Tom (4 and 5). */
async function tomsAnswer({ reviewed = false } = {}) {
  const w = await buildAnswersWorld(f);
  const tom = await w.answer('trainee');
  if (reviewed) await w.review(tom);
  return { w, tom };
}

describe('my review on GET /api/me/assignments/:id', () => {
  it('is null until my answer is Reviewed, and no email is written before', async () => {
    const { w } = await tomsAnswer();
    const res = await w.call('GET', detailUrl(w), 'trainee');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      answer: { statusId: AnswerStatus.Submitted },
      review: null,
    });
    expect(await reviewMails(w, 'trainee')).toEqual([]);
  });

  it('shows my latest review: score x of 5, date, reviewer, stars and feedback texts in order', async () => {
    const { w, tom } = await tomsAnswer();
    const reviewed = await w.call('POST', reviewUrl(tom), 'instructor', validReview(w));
    expect(reviewed.statusCode).toBe(200);
    const data = (await w.call('GET', detailUrl(w), 'trainee')).json().data;
    expect(data.answer).toMatchObject({ statusId: AnswerStatus.Reviewed, score: 4.5 });
    expect(data.review).toEqual({
      // 4.5 stars shown as the console's trainees table shows it: rounded, 5/5.
      score: 5,
      reviewedAt: data.answer.reviewedAt,
      reviewer: { firstName: 'Ian', lastName: expect.any(String) },
      ratings: [
        { questionId: w.ratings.questionIds[0], text: 'Clarity', stars: 4 },
        { questionId: w.ratings.questionIds[1], text: 'Confidence', stars: 5 },
      ],
      feedback: [
        { questionId: w.feedback.questionIds[0], text: 'Strengths', answer: 'Good structure.' },
        { questionId: w.feedback.questionIds[1], text: 'Next round', answer: 'Yes' },
        { questionId: w.feedback.questionIds[2], text: 'Practice areas', answer: 'Clarity, Pace' },
      ],
      // No time-coded comment was added (review-comments.test.ts has those).
      comments: [],
    });
    expect(Date.parse(data.review.reviewedAt)).not.toBeNaN();
  });

  it('never shows another trainee my review', async () => {
    const { w } = await tomsAnswer({ reviewed: true });
    await w.answer('tessa', { submit: false });
    const tessa = (await w.call('GET', detailUrl(w), 'tessa')).json().data;
    expect(tessa.answer.statusId).toBe(AnswerStatus.Pending);
    expect(tessa.review).toBeNull();
    expect((await w.call('GET', detailUrl(w), 'priya')).statusCode).toBe(404);
    expect((await w.call('GET', detailUrl(w), 'nina')).statusCode).toBe(404);
  });

  it('writes the review-ready email with the link to the review in the practice app', async () => {
    const { w } = await tomsAnswer({ reviewed: true });
    const [mail, ...rest] = await reviewMails(w, 'trainee');
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ subject: expect.stringContaining('Answers practice') });
    const link = /https?:\/\/\S+\/review/.exec(mail!.textBody)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(ctx.app.config.publicUrl)).toBe(true);
    expect(new URL(link!).pathname).toBe(`/practice/assignments/${w.assignment}/review`);
    expect(mail!.htmlBody).toContain(`href="${link}"`);
    expect(mail!.textBody).toContain('Hello Tom,');
  });

  it('a new review becomes the one shown (never the history) and sends a new email', async () => {
    const { w, tom } = await tomsAnswer({ reviewed: true });
    const res = await w.call('POST', reviewUrl(tom), 'manager', {
      answers: {
        ratings: [
          { questionId: w.ratings.questionIds[0], text: '2' },
          { questionId: w.ratings.questionIds[1], text: '3' },
        ],
        feedback: validReview(w).answers.feedback,
      },
    });
    expect(res.statusCode).toBe(200);
    const review = (await w.call('GET', detailUrl(w), 'trainee')).json().data.review;
    expect(review).toMatchObject({
      score: 3,
      reviewer: { firstName: 'Maya' },
      ratings: [{ stars: 2 }, { stars: 3 }],
    });
    expect(review.ratings).toHaveLength(2);
    expect(await reviewMails(w, 'trainee')).toHaveLength(2);
  });

  it('sent one form per call: the email goes once both forms are in', async () => {
    const { w, tom } = await tomsAnswer({ reviewed: true });
    const ratings = validReview(w).answers.ratings;
    const feedback = validReview(w).answers.feedback;
    const first = await w.call('POST', reviewUrl(tom), 'instructor', {
      questionnaireID: w.ratings.id,
      answers: ratings,
    });
    expect(first.statusCode).toBe(200);
    expect(await reviewMails(w, 'trainee')).toHaveLength(1);
    const second = await w.call('POST', reviewUrl(tom), 'instructor', {
      questionnaireID: w.feedback.id,
      answers: feedback,
    });
    expect(second.statusCode).toBe(200);
    expect(await reviewMails(w, 'trainee')).toHaveLength(2);
    expect((await w.call('GET', detailUrl(w), 'trainee')).json().data.review).toMatchObject({
      score: 5,
      reviewer: { firstName: 'Ian' },
    });
  });

  it('shows an erased reviewer as null', async () => {
    const { w, tom } = await tomsAnswer({ reviewed: true });
    const [row] = await f.db
      .select({ id: answers.ratingsAnswerId, feedback: answers.feedbackAnswerId })
      .from(answers)
      .where(eq(answers.id, tom));
    for (const id of [row!.id!, row!.feedback!])
      await f.db.update(contentAnswers).set({ createdById: null }).where(eq(contentAnswers.id, id));
    expect((await w.call('GET', detailUrl(w), 'trainee')).json().data.review.reviewer).toBeNull();
  });
});

describe('no review-ready email for a trainee who cannot sign in', () => {
  it('writes none for an inactive trainee; a deleted one cannot be reviewed', async () => {
    const w = await buildAnswersWorld(f);
    const omar = await w.answer('omar');
    await f.db.update(users).set({ active: false }).where(eq(users.id, w.ids.omar));
    expect((await w.call('POST', reviewUrl(omar), 'instructor', validReview(w))).statusCode).toBe(
      200,
    );
    expect(await reviewMails(w, 'omar')).toEqual([]);
    await f.db.update(users).set({ active: true }).where(eq(users.id, w.ids.omar));

    // Active again, a new review mails Omar; the assignment's name is escaped in the HTML.
    await setAssignment(w, { name: 'Q&A <prep>' });
    expect((await w.call('POST', reviewUrl(omar), 'instructor', validReview(w))).statusCode).toBe(
      200,
    );
    const [mail] = await reviewMails(w, 'omar');
    expect(mail!.textBody).toContain('Q&A <prep>');
    expect(mail!.htmlBody).toContain('Q&amp;A &lt;prep&gt;');
    expect(mail!.htmlBody).not.toContain('<prep>');

    const tessa = await w.answer('tessa', { submit: false });
    await w.call('POST', `${detailUrl(w)}/submit`, 'tessa');
    await f.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, w.ids.tessa));
    expect((await w.call('POST', reviewUrl(tessa), 'instructor', validReview(w))).statusCode).toBe(
      404,
    );
    expect(await reviewMails(w, 'tessa')).toEqual([]);
  });
});

describe('a trainee who turned review mails off', () => {
  it('gets no review-ready email, and gets it again once turned back on', async () => {
    const w = await buildAnswersWorld(f);
    const omar = await w.answer('omar');
    await w.review(omar);
    const off = await w.call('PUT', '/api/me/notifications', 'omar', {
      settings: [{ kind: 'review-ready', enabled: false }],
    });
    expect(off.statusCode).toBe(200);
    const before = (await reviewMails(w, 'omar')).length;
    expect((await w.call('POST', reviewUrl(omar), 'instructor', validReview(w))).statusCode).toBe(
      200,
    );
    expect(await reviewMails(w, 'omar')).toHaveLength(before);

    await w.call('PUT', '/api/me/notifications', 'omar', {
      settings: [{ kind: 'review-ready', enabled: true }],
    });
    expect((await w.call('POST', reviewUrl(omar), 'instructor', validReview(w))).statusCode).toBe(
      200,
    );
    expect(await reviewMails(w, 'omar')).toHaveLength(before + 1);
  });
});

describe('where my Reviewed answer stays reachable', () => {
  it('lists it after the due date (a Pending answer past it is left out)', async () => {
    const { w } = await tomsAnswer({ reviewed: true });
    await w.answer('omar');
    await setAssignment(w, { closeDate: yesterday() });
    const mine = (await w.call('GET', '/api/me/assignments', 'trainee')).json().data;
    expect(mine.list).toEqual([
      expect.objectContaining({
        id: w.assignment,
        answer: expect.objectContaining({ statusId: AnswerStatus.Reviewed, score: 4.5 }),
        canAnswer: false,
      }),
    ]);
    // Priya is no member; a Pending member past the due date sees nothing to do.
    await f.db
      .update(answers)
      .set({ statusId: AnswerStatus.Pending })
      .where(eq(answers.userId, w.ids.omar));
    expect((await w.call('GET', '/api/me/assignments', 'omar')).json().data.count).toBe(0);
    const detail = (await w.call('GET', detailUrl(w), 'trainee')).json().data;
    expect(detail).toMatchObject({ canAnswer: false, review: { score: 5 } });
  });

  it('keeps the detail with my review once the assignment is Closed; without a review it is a 404', async () => {
    const { w } = await tomsAnswer({ reviewed: true });
    await w.answer('tessa', { submit: false });
    await setAssignment(w, { statusId: AssignmentStatus.Closed });
    const res = await w.call('GET', detailUrl(w), 'trainee');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      statusId: AssignmentStatus.Closed,
      canAnswer: false,
      review: { ratings: [{ stars: 4 }, { stars: 5 }] },
    });
    expect((await w.call('GET', detailUrl(w), 'tessa')).statusCode).toBe(404);
    // The list is of Active assignments only.
    expect((await w.call('GET', '/api/me/assignments', 'trainee')).json().data.count).toBe(0);
  });
});
