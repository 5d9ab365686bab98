/**
 * The trainee's review on the mobile API and the review-ready email: GET /api/me/assignments/{id}
 * carries my latest review once my answer is Reviewed (score x of 5, date, reviewer, ratings with
 * stars, feedback answers with the options' texts, in the forms' order), never another trainee's
 * nor the earlier rounds'; each review that makes the answer Reviewed writes the trainee's email
 * with the link to /practice/assignments/{id}/review, none for an inactive or deleted trainee.
 * The list keeps a Reviewed answer's assignment after its due date; a Closed one stays readable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AnswerStatus, AssignmentStatus } from '@practica/contract';
import { answers, assignments, contentAnswers, users } from '../../src/db/schema/index.js';
import { todayIsoDate } from '../../src/modules/assignments/service.js';
import { buildAnswersScenario, validReview, type AnswersScenario } from '../helpers/answers.js';
import { mailsTo } from '../helpers/users.js';

let s: AnswersScenario;
beforeAll(async () => {
  s = await buildAnswersScenario();
});
afterAll(() => s.close());

const detailUrl = () => `/api/me/assignments/${s.assignment}`;
const reviewUrl = (answerId: number) => `/api/assignments/interviews/answers/review/${answerId}`;
const setAssignment = (values: Partial<typeof assignments.$inferInsert>) =>
  s.db.update(assignments).set(values).where(eq(assignments.id, s.assignment));
const reviewMails = async (email: string) =>
  (await mailsTo(s.db, email)).filter((m) => m.kind === 'review-ready');
const yesterday = () => {
  const d = new Date();
  d.setDate(d.getDate() - 1);
  return todayIsoDate(d);
};

describe('my review on GET /api/me/assignments/:id', () => {
  let tomAnswer: number;
  beforeAll(async () => {
    tomAnswer = await s.answerAll('trainee');
    await s.answerAll('tessa', { submit: false });
  });

  it('is null until my answer is Reviewed, and no email is written before', async () => {
    const res = await s.call('GET', detailUrl(), 'trainee');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      answer: { statusId: AnswerStatus.Submitted },
      review: null,
    });
    expect(await reviewMails('trainee@demo.test')).toEqual([]);
  });

  it('shows my latest review: score x of 5, date, reviewer, stars and feedback texts in order', async () => {
    const reviewed = await s.call('POST', reviewUrl(tomAnswer), 'instructor', validReview(s));
    expect(reviewed.statusCode).toBe(200);
    const data = (await s.call('GET', detailUrl(), 'trainee')).json().data;
    expect(data.answer).toMatchObject({ statusId: AnswerStatus.Reviewed, score: 4.5 });
    expect(data.review).toEqual({
      // 4.5 stars shown as the console's trainees table shows it: rounded, 5/5.
      score: 5,
      reviewedAt: data.answer.reviewedAt,
      reviewer: { firstName: 'Ian', lastName: expect.any(String) },
      ratings: [
        { questionId: s.ratings.questionIds[0], text: 'Clarity', stars: 4 },
        { questionId: s.ratings.questionIds[1], text: 'Confidence', stars: 5 },
      ],
      feedback: [
        { questionId: s.feedback.questionIds[0], text: 'Strengths', answer: 'Good structure.' },
        { questionId: s.feedback.questionIds[1], text: 'Next round', answer: 'Yes' },
        { questionId: s.feedback.questionIds[2], text: 'Practice areas', answer: 'Clarity, Pace' },
      ],
      // No time-coded comment was added (review-comments.test.ts has those).
      comments: [],
    });
    expect(Date.parse(data.review.reviewedAt)).not.toBeNaN();
  });

  it('never shows another trainee my review', async () => {
    const tessa = (await s.call('GET', detailUrl(), 'tessa')).json().data;
    expect(tessa.answer.statusId).toBe(AnswerStatus.Pending);
    expect(tessa.review).toBeNull();
    expect((await s.call('GET', detailUrl(), 'priya')).statusCode).toBe(404);
    expect((await s.call('GET', detailUrl(), 'nina')).statusCode).toBe(404);
  });

  it('writes the review-ready email with the link to the review in the practice app', async () => {
    const [mail, ...rest] = await reviewMails('trainee@demo.test');
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ subject: expect.stringContaining('Answers practice') });
    const link = /https?:\/\/\S+\/review/.exec(mail!.textBody)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(s.app.config.publicUrl)).toBe(true);
    expect(new URL(link!).pathname).toBe(`/practice/assignments/${s.assignment}/review`);
    expect(mail!.htmlBody).toContain(`href="${link}"`);
    expect(mail!.textBody).toContain('Hello Tom,');
  });

  it('a new review becomes the one shown (never the history) and sends a new email', async () => {
    const res = await s.call('POST', reviewUrl(tomAnswer), 'manager', {
      answers: {
        ratings: [
          { questionId: s.ratings.questionIds[0], text: '2' },
          { questionId: s.ratings.questionIds[1], text: '3' },
        ],
        feedback: validReview(s).answers.feedback,
      },
    });
    expect(res.statusCode).toBe(200);
    const review = (await s.call('GET', detailUrl(), 'trainee')).json().data.review;
    expect(review).toMatchObject({
      score: 3,
      reviewer: { firstName: 'Maya' },
      ratings: [{ stars: 2 }, { stars: 3 }],
    });
    expect(review.ratings).toHaveLength(2);
    expect(await reviewMails('trainee@demo.test')).toHaveLength(2);
  });

  it('sent one form per call: the email goes once both forms are in', async () => {
    const ratings = validReview(s).answers.ratings;
    const feedback = validReview(s).answers.feedback;
    const first = await s.call('POST', reviewUrl(tomAnswer), 'instructor', {
      questionnaireID: s.ratings.id,
      answers: ratings,
    });
    expect(first.statusCode).toBe(200);
    expect(await reviewMails('trainee@demo.test')).toHaveLength(2);
    const second = await s.call('POST', reviewUrl(tomAnswer), 'instructor', {
      questionnaireID: s.feedback.id,
      answers: feedback,
    });
    expect(second.statusCode).toBe(200);
    expect(await reviewMails('trainee@demo.test')).toHaveLength(3);
    expect((await s.call('GET', detailUrl(), 'trainee')).json().data.review).toMatchObject({
      score: 5,
      reviewer: { firstName: 'Ian' },
    });
  });

  it('shows an erased reviewer as null', async () => {
    const [row] = await s.db
      .select({ id: answers.ratingsAnswerId, feedback: answers.feedbackAnswerId })
      .from(answers)
      .where(eq(answers.id, tomAnswer));
    for (const id of [row!.id!, row!.feedback!])
      await s.db.update(contentAnswers).set({ createdById: null }).where(eq(contentAnswers.id, id));
    expect((await s.call('GET', detailUrl(), 'trainee')).json().data.review.reviewer).toBeNull();
  });
});

describe('no review-ready email for a trainee who cannot sign in', () => {
  it('writes none for an inactive trainee; a deleted one cannot be reviewed', async () => {
    const omar = await s.answerAll('omar');
    await s.db.update(users).set({ active: false }).where(eq(users.id, s.ids.omar));
    expect((await s.call('POST', reviewUrl(omar), 'instructor', validReview(s))).statusCode).toBe(
      200,
    );
    expect(await reviewMails('omar@demo.test')).toEqual([]);
    await s.db.update(users).set({ active: true }).where(eq(users.id, s.ids.omar));

    // Active again, a new review mails Omar; the assignment's name is escaped in the HTML.
    await setAssignment({ name: 'Q&A <prep>' });
    try {
      expect((await s.call('POST', reviewUrl(omar), 'instructor', validReview(s))).statusCode).toBe(
        200,
      );
    } finally {
      await setAssignment({ name: 'Answers practice' });
    }
    const [mail] = await reviewMails('omar@demo.test');
    expect(mail!.textBody).toContain('Q&A <prep>');
    expect(mail!.htmlBody).toContain('Q&amp;A &lt;prep&gt;');
    expect(mail!.htmlBody).not.toContain('<prep>');

    const tessa = await s.answerIdOf('tessa');
    await s.call('POST', `${detailUrl()}/submit`, 'tessa');
    await s.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, s.ids.tessa));
    expect((await s.call('POST', reviewUrl(tessa), 'instructor', validReview(s))).statusCode).toBe(
      404,
    );
    expect(await reviewMails('tessa@demo.test')).toEqual([]);
    await s.db.update(users).set({ deletedAt: null }).where(eq(users.id, s.ids.tessa));
  });
});

describe('a trainee who turned review mails off', () => {
  it('gets no review-ready email, and gets it again once turned back on', async () => {
    const off = await s.call('PUT', '/api/me/notifications', 'omar', {
      settings: [{ kind: 'review-ready', enabled: false }],
    });
    expect(off.statusCode).toBe(200);
    const before = (await reviewMails('omar@demo.test')).length;
    const omar = await s.answerIdOf('omar'); // submitted and reviewed above
    expect((await s.call('POST', reviewUrl(omar), 'instructor', validReview(s))).statusCode).toBe(
      200,
    );
    expect(await reviewMails('omar@demo.test')).toHaveLength(before);

    await s.call('PUT', '/api/me/notifications', 'omar', {
      settings: [{ kind: 'review-ready', enabled: true }],
    });
    expect((await s.call('POST', reviewUrl(omar), 'instructor', validReview(s))).statusCode).toBe(
      200,
    );
    expect(await reviewMails('omar@demo.test')).toHaveLength(before + 1);
  });
});

describe('where my Reviewed answer stays reachable', () => {
  it('lists it after the due date (a Pending answer past it is left out)', async () => {
    await setAssignment({ closeDate: yesterday() });
    try {
      const mine = (await s.call('GET', '/api/me/assignments', 'trainee')).json().data;
      expect(mine.list).toEqual([
        expect.objectContaining({
          id: s.assignment,
          answer: expect.objectContaining({ statusId: AnswerStatus.Reviewed, score: 4.5 }),
          canAnswer: false,
        }),
      ]);
      // Priya is no member; a Pending member past the due date sees nothing to do.
      await s.db
        .update(answers)
        .set({ statusId: AnswerStatus.Pending })
        .where(eq(answers.userId, s.ids.omar));
      expect((await s.call('GET', '/api/me/assignments', 'omar')).json().data.count).toBe(0);
      const detail = (await s.call('GET', detailUrl(), 'trainee')).json().data;
      expect(detail).toMatchObject({ canAnswer: false, review: { score: 5 } });
    } finally {
      await setAssignment({ closeDate: '2099-12-31' });
    }
  });

  it('keeps the detail with my review once the assignment is Closed; without a review it is a 404', async () => {
    await setAssignment({ statusId: AssignmentStatus.Closed });
    try {
      const res = await s.call('GET', detailUrl(), 'trainee');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        statusId: AssignmentStatus.Closed,
        canAnswer: false,
        review: { ratings: [{ stars: 4 }, { stars: 5 }] },
      });
      expect((await s.call('GET', detailUrl(), 'tessa')).statusCode).toBe(404);
      // The list is of Active assignments only.
      expect((await s.call('GET', '/api/me/assignments', 'trainee')).json().data.count).toBe(0);
    } finally {
      await setAssignment({ statusId: AssignmentStatus.Active });
    }
  });
});
