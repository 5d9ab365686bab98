/**
 * The staff's answers calls of 001 §7: GET /assignments/answers with its filters, GET
 * /assignments/answers/{id} (the review screen, `viewed`), the review submit with the rules of 001
 * §5 (every question answered, ratings 1..5, options of the question, the score as the mean of the
 * ratings; history kept, decisions.md), and the demo seed of answers. Each call climbs the ladder
 * 401 → 403 → 404 other organization → 400 → success; a denied write changes nothing. Each test
 * builds its own organization, forms, assignments and answers (factories.ts), so it passes alone
 * and in any order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AnswerStatus,
  AssignmentStatus,
  ContentType,
  messages,
  type AnswerDetail,
} from '@practica/contract';
import { answers, assignments, contentAnswers, users } from '../../src/db/schema/index.js';
import { sqlCountHeader } from '../../src/db/statement-counter.js';
import { seedAnswers } from '../../src/seed/answers.js';
import { factoryOf, type Factory } from '../factories.js';
import { buildAnswersWorld, validReview, type AnswersWorld } from '../helpers/answers.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';
import { buildContentApp } from '../helpers/contents.js';
import { createTestDatabase, onPostgres } from '../helpers/database.js';

// The app and its database only: every test builds its own organization and answers (factories.ts).
let ctx: TestContext;
let f: Factory;

beforeAll(async () => {
  // The database counts each HTTP request's statements (x-sql-count) for the review budget below.
  process.env['BENCH_SQL_COUNT'] = '1';
  ctx = await buildTestApp({}, { seed: false });
  delete process.env['BENCH_SQL_COUNT'];
  f = factoryOf(ctx);
});
afterAll(() => ctx.close());

/**
 * The answers the list tests read: Tessa and Tom submit (Tessa first), Omar only practises, Sofia
 * (soft-deleted) has a Pending one, and Tom's Pending answer of the Draft assignment.
 */
async function answerAsUsual(w: AnswersWorld) {
  const tessa = await w.answer('tessa');
  const trainee = await w.answer('trainee');
  const omar = await w.answer('omar', { submit: false });
  await w.sofiasAnswer();
  return { tessa, trainee, omar, draft: await w.answerIdOf('trainee', w.draft) };
}

const reviewUrl = (id: number, query = '') =>
  `/api/assignments/interviews/answers/review/${id}${query}`;
const answerRow = async (id: number) =>
  (await f.db.select().from(answers).where(eq(answers.id, id)))[0]!;
const listIds = (res: { json(): { data: { list: { id: number }[] } } }) =>
  res.json().data.list.map((r) => r.id);

describe('GET /api/assignments/answers', () => {
  it('answers 401, 403 a trainee asking for another user, 404 another organization, 400 bad filters', async () => {
    const w = await buildAnswersWorld(f);
    expect((await w.call('GET', '/api/assignments/answers')).statusCode).toBe(401);
    expect(
      (await w.call('GET', `/api/assignments/answers?userId=${w.ids.tessa}`, 'trainee')).statusCode,
    ).toBe(403);
    expect(
      (await w.call('GET', `/api/assignments/answers?assignmentId=${w.assignment}`, 'manager2'))
        .statusCode,
    ).toBe(404);
    expect(
      (await w.call('GET', `/api/assignments/answers?organizationId=${w.other}`, 'manager'))
        .statusCode,
    ).toBe(404);
    expect(
      (await w.call('GET', '/api/assignments/answers?assignmentId=999999', 'admin')).statusCode,
    ).toBe(404);
    expect(
      (await w.call('GET', '/api/assignments/answers?organizationId=999999', 'admin')).statusCode,
    ).toBe(404);
    for (const query of ['status=9', 'status=0', 'pageSize=30', 'page=0', 'includes=secrets'])
      expect(
        (await w.call('GET', `/api/assignments/answers?${query}`, 'manager')).statusCode,
        query,
      ).toBe(400);
  });

  it('lists the organization’s answers, the latest submitted first, 100 per page by default', async () => {
    const w = await buildAnswersWorld(f);
    const a = await answerAsUsual(w);
    const res = await w.call('GET', '/api/assignments/answers', 'instructor');
    expect(res.statusCode).toBe(200);
    const { list, count: total } = res.json().data;
    // Tom's and Tessa's submitted answers first (Tom's latest), then the Pending ones; not Sofia's.
    expect(list.slice(0, 2).map((r: { id: number }) => r.id)).toEqual([a.trainee, a.tessa]);
    expect(total).toBe(4); // Tom, Tessa, Omar on the Active assignment; Tom on the Draft one
    expect(list.some((r: { userId: number }) => r.userId === w.ids.sofia)).toBe(false);
    expect(list[0]).toEqual({
      id: a.trainee,
      userId: w.ids.trainee,
      user: { id: w.ids.trainee, firstName: 'Tom', lastName: 'Trainee' },
      assignmentId: w.assignment,
      assignment: { id: w.assignment, name: 'Answers practice' },
      statusId: AnswerStatus.Submitted,
      score: null,
      submittedAt: expect.any(String),
      reviewedAt: null,
      updatedAt: expect.any(String),
      viewed: false,
      practiceCounter: 1,
      ratingsAnswerId: null,
      feedbackAnswerId: null,
    });
    const paged = await w.call('GET', '/api/assignments/answers?pageSize=25&page=2', 'manager');
    expect(paged.json().data).toEqual({ list: [], count: 4 });
  });

  it('filters by status (the dashboard’s Pending Review list), assignment, user and organization', async () => {
    const w = await buildAnswersWorld(f);
    const a = await answerAsUsual(w);
    expect(listIds(await w.call('GET', '/api/assignments/answers?status=2', 'instructor'))).toEqual(
      [a.trainee, a.tessa],
    );
    expect(
      listIds(await w.call('GET', '/api/assignments/answers?status=1,3', 'instructor')).sort(),
    ).toEqual([a.omar, a.draft].sort());
    expect(
      listIds(
        await w.call('GET', `/api/assignments/answers?assignmentId=${w.draft}`, 'instructor'),
      ),
    ).toEqual([a.draft]);
    expect(
      listIds(
        await w.call(
          'GET',
          `/api/assignments/answers?userId=${w.ids.trainee}&status=2`,
          'instructor',
        ),
      ),
    ).toEqual([a.trainee]);
    expect(
      (await w.call('GET', '/api/assignments/answers?status=2', 'manager2')).json().data.count,
    ).toBe(0);
    expect(
      (await w.call('GET', `/api/assignments/answers?organizationId=${w.other}`, 'admin')).json()
        .data.count,
    ).toBe(0);
    // An admin sees every organization's answers (other tests' too): this organization's are four.
    expect(
      (await w.call('GET', `/api/assignments/answers?organizationId=${w.org}`, 'admin')).json().data
        .count,
    ).toBe(4);
    expect(
      (await w.call('GET', '/api/assignments/answers', 'admin')).json().data.count,
    ).toBeGreaterThanOrEqual(4);
    expect(listIds(await w.call('GET', '/api/assignments/answers', 'trainee')).sort()).toEqual(
      [a.trainee, a.draft].sort(),
    );
  });

  it('combines filters: assignment and status, several statuses, a trainee’s own user id and status', async () => {
    const w = await buildAnswersWorld(f);
    const a = await answerAsUsual(w);
    expect(
      listIds(
        await w.call(
          'GET',
          `/api/assignments/answers?assignmentId=${w.assignment}&status=1`,
          'instructor',
        ),
      ),
    ).toEqual([a.omar]);
    expect(
      listIds(
        await w.call('GET', `/api/assignments/answers?assignmentId=${w.draft}&status=2`, 'manager'),
      ),
    ).toEqual([]);
    expect(
      listIds(
        await w.call('GET', `/api/assignments/answers?status=2,3&organizationId=${w.org}`, 'admin'),
      ),
    ).toEqual([a.trainee, a.tessa]);
    const own = await w.call(
      'GET',
      `/api/assignments/answers?userId=${w.ids.trainee}&status=2`,
      'trainee',
    );
    expect(own.statusCode).toBe(200);
    expect(listIds(own)).toEqual([a.trainee]);
    const paged = await w.call(
      'GET',
      `/api/assignments/answers?assignmentId=${w.assignment}&pageSize=25&page=1`,
      'manager',
    );
    expect(paged.json().data.count).toBe(3);
  });

  it('carries each row’s data with includes=answers (what the report needs)', async () => {
    const w = await buildAnswersWorld(f);
    await w.answer('trainee');
    const res = await w.call(
      'GET',
      `/api/assignments/answers?assignmentId=${w.assignment}&status=2&includes=answers,users`,
      'manager',
    );
    expect(res.statusCode).toBe(200);
    const row = res.json().data.list[0];
    expect(row.data).toMatchObject({
      ratingsAnswer: null,
      feedbackAnswer: null,
      practiceCounter: 1,
    });
    expect(row.data.interviewAnswer.answers).toHaveLength(3);
    expect(row.data.interviewAnswer.answers[0]).toMatchObject({
      questionId: w.interview.questionIds[0],
      duration: 12.5,
      file: { url: expect.stringMatching(/\.mp4\?expires=\d+&signature=[\w-]{43}$/) },
    });
    const plain = await w.call('GET', '/api/assignments/answers', 'manager');
    expect(plain.json().data.list[0].data).toBeUndefined();
  });
});

describe('GET /api/assignments/answers/:id', () => {
  it('climbs the ladder: 401, 404 other organization, missing or soft-deleted trainee, 403 another trainee, 400 bad id', async () => {
    const w = await buildAnswersWorld(f);
    const a = { tessa: await w.answer('tessa') };
    const url = `/api/assignments/answers/${a.tessa}`;
    expect((await w.call('GET', url)).statusCode).toBe(401);
    expect((await w.call('GET', url, 'manager2')).statusCode).toBe(404);
    expect((await w.call('GET', '/api/assignments/answers/999999', 'admin')).statusCode).toBe(404);
    const sofias = await w.sofiasAnswer();
    expect((await w.call('GET', `/api/assignments/answers/${sofias}`, 'admin')).statusCode).toBe(
      404,
    );
    expect((await w.call('GET', url, 'trainee')).statusCode).toBe(403);
    expect((await w.call('GET', '/api/assignments/answers/x', 'admin')).statusCode).toBe(400);
    expect((await answerRow(a.tessa)).viewed).toBe(false);
  });

  it('answers the review screen’s data; a trainee reading its own answer does not set viewed', async () => {
    const w = await buildAnswersWorld(f);
    const a = { tessa: await w.answer('tessa') };
    const own = await w.call('GET', `/api/assignments/answers/${a.tessa}`, 'tessa');
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ viewed: false, canReview: false });
    expect((await answerRow(a.tessa)).viewed).toBe(false);
  });

  it('sets viewed when a reviewer opens a submitted answer, not a Pending one', async () => {
    const w = await buildAnswersWorld(f);
    const a = { tessa: await w.answer('tessa'), omar: await w.answer('omar', { submit: false }) };
    const res = await w.call('GET', `/api/assignments/answers/${a.tessa}`, 'instructor');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: a.tessa,
      user: { firstName: 'Tessa', lastName: 'Tran' },
      statusId: AnswerStatus.Submitted,
      viewed: true,
      canReview: true,
      assignment: {
        id: w.assignment,
        name: 'Answers practice',
        statusId: AssignmentStatus.Active,
        organizationId: w.org,
      },
      data: { ratingsAnswer: null, feedbackAnswer: null, practiceCounter: 1 },
    });
    expect((await answerRow(a.tessa)).viewed).toBe(true);
    expect(data.assignment.data.roles.map((r: { name: string }) => r.name)).toEqual([
      'Interviewer',
      'Panelist',
    ]);
    expect(data.assignment.data.ratings).toMatchObject({
      id: w.ratings.id,
      contentTypeId: ContentType.RatingScale,
    });
    expect(
      data.assignment.data.feedback.questions[1].options.map((o: { id: number }) => o.id),
    ).toEqual(w.feedback.optionIds[1]);
    expect(data.assignment.data.environment).toMatchObject({ id: w.environment });
    // Each question once, each recorded item once (in data, found by question id), nothing else.
    const listItem = (await w.call('GET', '/api/assignments/answers', 'instructor')).json().data
      .list[0];
    expect(Object.keys(data).sort()).toEqual(
      [
        ...new Set([
          ...Object.keys(listItem),
          'assignment',
          'data',
          'questions',
          'canReview',
          // decisions.md#review-loop §4: the ETag's review version and who is reviewing it now.
          'reviewVersion',
          'claim',
        ]),
      ].sort(),
    );
    expect(
      data.questions.map((q: { number: number; roleName: string }) => [q.number, q.roleName]),
    ).toEqual([
      [1, 'Interviewer'],
      [2, 'Panelist'],
      [3, 'Interviewer'],
    ]);
    expect(data.questions.every((q: object) => !('item' in q))).toBe(true);
    expect(
      data.data.interviewAnswer.answers.map((i: { questionId: number; duration: number }) => [
        i.questionId,
        i.duration,
      ]),
    ).toEqual(w.interview.questionIds.map((id) => [id, 12.5]));
    expect(data.questions[0].avatar).toMatchObject({ id: w.avatars[0] });
    expect(data.data.interviewAnswer.answers[0].file.url).toMatch(
      /^\/files\/.+\.mp4\?expires=\d+&signature=[\w-]{43}$/,
    );
    const video = await ctx.app.inject({
      method: 'GET',
      url: data.data.interviewAnswer.answers[0].file.url,
      headers: { range: 'bytes=0-3' },
    });
    expect(video.statusCode).toBe(206);

    await w.call('GET', `/api/assignments/answers/${a.omar}`, 'instructor');
    expect((await answerRow(a.omar)).viewed).toBe(false);
  });
});

describe('POST /api/assignments/interviews/answers/review/:id', () => {
  it('climbs the ladder: 401, 403 trainee, 404 other organization or missing, 400 bad body; nothing stored', async () => {
    const w = await buildAnswersWorld(f);
    const a = { trainee: await w.answer('trainee') };
    const url = reviewUrl(a.trainee);
    expect((await w.call('POST', url, undefined, validReview(w))).statusCode).toBe(401);
    expect((await w.call('POST', url, 'trainee', validReview(w))).statusCode).toBe(403);
    expect((await w.call('POST', url, 'manager2', validReview(w))).statusCode).toBe(404);
    expect((await w.call('POST', reviewUrl(999999), 'admin', validReview(w))).statusCode).toBe(404);
    expect((await w.call('POST', reviewUrl(0), 'admin', validReview(w))).statusCode).toBe(400);
    expect(await w.formCount()).toBe(0);
    expect((await answerRow(a.trainee)).statusId).toBe(AnswerStatus.Submitted);
  });

  it('refuses a Pending answer and a wrong trainee, form or user', async () => {
    const w = await buildAnswersWorld(f);
    const a = {
      trainee: await w.answer('trainee'),
      omar: await w.answer('omar', { submit: false }),
    };
    const pending = await w.call('POST', reviewUrl(a.omar), 'instructor', validReview(w));
    expect(pending.statusCode).toBe(400);
    expect(pending.json().message).toBe(messages.notReviewable);
    const cases: [string, object, string][] = [
      ['', validReview(w, { traineeId: w.ids.tessa }), messages.traineeMismatch],
      [`?userId=${w.ids.tessa}`, validReview(w), messages.traineeMismatch],
      ['', validReview(w, { questionnaireID: w.interview.id }), messages.questionnaireMismatch],
    ];
    for (const [query, body, message] of cases) {
      const res = await w.call('POST', reviewUrl(a.trainee, query), 'instructor', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await w.formCount()).toBe(0);
  });

  it('checks the answers against both forms (001 §5)', async () => {
    const w = await buildAnswersWorld(f);
    const a = { trainee: await w.answer('trainee') };
    const base = validReview(w);
    const ratings = base.answers.ratings;
    const feedback = base.answers.feedback;
    const [open, single, multiple] = feedback;
    const optionsOf = w.feedback.optionIds;
    const with_ = (r: object[], f: object[]) => ({ answers: { ratings: r, feedback: f } });
    const cases: [object, string][] = [
      [with_(ratings.slice(0, 1), feedback), messages.allQuestionsMustBeAnswered],
      [with_(ratings, feedback.slice(1)), messages.allQuestionsMustBeAnswered],
      [{ answers: {} }, messages.allQuestionsMustBeAnswered],
      [{}, messages.allQuestionsMustBeAnswered],
      [
        with_([ratings[0]!, { questionId: ratings[1]!.questionId }], feedback),
        messages.allQuestionsMustBeAnswered,
      ],
      [
        with_([ratings[0]!, { ...ratings[1]!, text: null }], feedback),
        messages.allQuestionsMustBeAnswered,
      ],
      [
        with_([ratings[0]!, { ...ratings[1]!, text: '  ' }], feedback),
        messages.allQuestionsMustBeAnswered,
      ],
      [with_([ratings[0]!, { ...ratings[1]!, text: '0' }], feedback), messages.ratingOutOfRange],
      [with_([ratings[0]!, { ...ratings[1]!, text: '6' }], feedback), messages.ratingOutOfRange],
      [with_([ratings[0]!, { ...ratings[1]!, text: '3.5' }], feedback), messages.ratingOutOfRange],
      [with_([ratings[0]!, { ...ratings[1]!, text: 'good' }], feedback), messages.ratingOutOfRange],
      [
        with_(ratings, [open!, { ...single!, text: String(optionsOf[2]![0]) }, multiple!]),
        messages.optionInvalid,
      ],
      [
        with_(ratings, [open!, { ...single!, text: optionsOf[1]!.join(',') }, multiple!]),
        messages.optionInvalid,
      ],
      [
        with_(ratings, [open!, single!, { ...multiple!, text: `${optionsOf[2]![0]},999999` }]),
        messages.optionInvalid,
      ],
      [
        with_(ratings, [
          open!,
          single!,
          { ...multiple!, text: `${optionsOf[2]![0]},${optionsOf[2]![0]}` },
        ]),
        messages.optionInvalid,
      ],
      [
        with_([...ratings, { questionId: w.interview.questionIds[0], text: '3' }], feedback),
        messages.questionNotInForm,
      ],
      [with_([...ratings, ratings[0]!], feedback), messages.duplicateQuestion],
      [with_(feedback, ratings), messages.allQuestionsMustBeAnswered],
    ];
    for (const [body, message] of cases) {
      const res = await w.call('POST', reviewUrl(a.trainee), 'instructor', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const details = (
      await w.call(
        'POST',
        reviewUrl(a.trainee),
        'instructor',
        with_([{ ...ratings[0]!, text: '9' }], feedback),
      )
    ).json().error.details;
    expect(details).toEqual([
      { path: 'answers.ratings', message: messages.allQuestionsMustBeAnswered },
      { path: 'answers.ratings.0.text', message: messages.ratingOutOfRange },
    ]);
    expect(await w.formCount()).toBe(0);
    expect((await answerRow(a.trainee)).statusId).toBe(AnswerStatus.Submitted);
  });

  it('stores both forms, computes the score and sets Reviewed', async () => {
    const w = await buildAnswersWorld(f);
    const a = { trainee: await w.answer('trainee') };
    const res = await w.call(
      'POST',
      reviewUrl(a.trainee, `?userId=${w.ids.trainee}`),
      'instructor',
      validReview(w, {
        traineeId: w.ids.trainee,
        questionnaireID: w.ratings.id,
        score: 1, // ignored: recomputed
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.interviewReviewSubmitted);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: a.trainee,
      statusId: AnswerStatus.Reviewed,
      score: 4.5,
      reviewedAt: expect.any(String),
      viewed: true,
      canReview: true,
    });
    const author = { id: w.ids.instructor, firstName: 'Ian', lastName: 'Instructor' };
    expect(data.data.ratingsAnswer).toEqual({
      id: data.ratingsAnswerId,
      contentId: w.ratings.id,
      contentTypeId: ContentType.RatingScale,
      contentAnswer: {
        createdAt: expect.any(String),
        createdBy: author,
        createdByName: 'Ian Instructor',
      },
      answers: [
        { questionId: w.ratings.questionIds[0], text: '4' },
        { questionId: w.ratings.questionIds[1], text: '5' },
      ],
      score: 4.5,
    });
    expect(data.data.feedbackAnswer).toMatchObject({
      id: data.feedbackAnswerId,
      contentId: w.feedback.id,
      contentTypeId: ContentType.Feedback,
      score: null,
      answers: [
        { questionId: w.feedback.questionIds[0], text: 'Good structure.' },
        { questionId: w.feedback.questionIds[1], text: String(w.feedback.optionIds[1]![0]) },
        // Comma-joined option ids, spaces dropped.
        {
          questionId: w.feedback.questionIds[2],
          text: w.feedback.optionIds[2]!.slice(0, 2).join(','),
        },
      ],
    });
    expect(await w.formCount()).toBe(2);
    const row = await answerRow(a.trainee);
    expect(row).toMatchObject({ statusId: AnswerStatus.Reviewed, score: 4.5 });
    expect(row.reviewedAt).toBeInstanceOf(Date);
    const listed = await w.call('GET', `/api/assignments/answers?status=3`, 'manager');
    expect(listed.json().data.list[0]).toMatchObject({ id: a.trainee, score: 4.5 });
    const detail = await w.call('GET', `/api/assignments/${w.assignment}`, 'manager');
    expect(detail.json().data.averageScore).toBe(4.5);
  });

  it('keeps every submission: a second review (another reviewer, numbers as ratings) becomes the latest', async () => {
    const w = await buildAnswersWorld(f);
    const a = { trainee: await w.answer('trainee'), tessa: await w.answer('tessa') };
    await w.review(a.trainee); // the first review, by Ian
    const first = await answerRow(a.trainee);
    const base = validReview(w);
    const res = await w.call('POST', reviewUrl(a.trainee), 'manager', {
      answers: {
        ratings: [
          { questionId: w.ratings.questionIds[0], text: 2 },
          { questionId: w.ratings.questionIds[1], text: 3 },
        ],
        feedback: base.answers.feedback,
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.score).toBe(2.5);
    expect(data.data.ratingsAnswer.contentAnswer.createdBy.firstName).toBe('Maya');
    expect(Math.min(data.ratingsAnswerId, data.feedbackAnswerId)).toBeGreaterThan(
      Math.max(first.ratingsAnswerId!, first.feedbackAnswerId!),
    );
    expect(data.data.ratingsAnswer.id).toBe(data.ratingsAnswerId);
    // Every form sent is kept; the detail shows the latest pair.
    expect(await w.formCount()).toBe(4);
    // Another instructor of the organization and an admin may review too.
    expect(
      (await w.call('POST', reviewUrl(a.tessa), 'instructor2', validReview(w))).statusCode,
    ).toBe(200);
    expect((await w.call('POST', reviewUrl(a.tessa), 'admin', validReview(w))).statusCode).toBe(
      200,
    );
  });

  it('takes at most 8 SQL statements and answers the detail for the console’s review', async () => {
    const w = await buildAnswersWorld(f);
    const a = { tessa: await w.answer('tessa') };
    // A real HTTP request: the statement counter tells requests apart by Node's HTTP server.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${reviewUrl(a.tessa, `?userId=${w.ids.tessa}`)}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${w.token('manager')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(validReview(w, { traineeId: w.ids.tessa })),
    });
    expect(res.status).toBe(200);
    const data = ((await res.json()) as { data: AnswerDetail }).data;
    expect(data).toMatchObject({ id: a.tessa, statusId: AnswerStatus.Reviewed, score: 4.5 });
    expect(data.data.ratingsAnswer?.contentAnswer.createdBy?.firstName).toBe('Maya');
    // The session check, the answer (with its claim), the forms' questions, BEGIN, the row locks,
    // the forms, the answer, the review's history row, comments, draft, claim, audit rows (decisions.md#review-loop
    // §5) and the trainee's review-ready email in one statement, COMMIT, the detail (PGlite does
    // not count BEGIN and COMMIT).
    expect(Number(res.headers.get(sqlCountHeader))).toBeLessThanOrEqual(onPostgres ? 8 : 6);
    // The detail it answers is the one GET reads (file URLs apart: each read signs them anew).
    const unsigned = (d: unknown) => JSON.parse(JSON.stringify(d).replace(/\?expires=[^"]*/g, ''));
    const read = await w.call('GET', `/api/assignments/answers/${a.tessa}`, 'manager');
    expect(unsigned(read.json().data)).toEqual(unsigned(data));
  });

  it('shows an erased reviewer as Deleted user', async () => {
    const w = await buildAnswersWorld(f);
    const a = { trainee: await w.answer('trainee') };
    await w.review(a.trainee);
    const [latest] = await f.db
      .select({ id: contentAnswers.id })
      .from(contentAnswers)
      .where(eq(contentAnswers.id, (await answerRow(a.trainee)).ratingsAnswerId!));
    await f.db
      .update(contentAnswers)
      .set({ createdById: null })
      .where(eq(contentAnswers.id, latest!.id));
    const data = (await w.call('GET', `/api/assignments/answers/${a.trainee}`, 'manager')).json()
      .data;
    expect(data.data.ratingsAnswer.contentAnswer).toMatchObject({
      createdBy: null,
      createdByName: messages.deletedUser,
    });
  });

  it('once the assignment is Closed: no second review, but a submitted answer still gets its first', async () => {
    const w = await buildAnswersWorld(f);
    const a = { trainee: await w.answer('trainee') };
    await w.review(a.trainee);
    // Omar practises, then submits on his own.
    const a2 = { omar: await w.answer('omar', { submit: false }) };
    await w.call('POST', `/api/me/assignments/${w.assignment}/submit`, 'omar');
    await f.db
      .update(assignments)
      .set({ statusId: AssignmentStatus.Closed })
      .where(eq(assignments.id, w.assignment));
    const before = await w.formCount();
    const again = await w.call('POST', reviewUrl(a.trainee), 'instructor', validReview(w));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.assignmentClosed);
    expect(await w.formCount()).toBe(before);
    const closedDetail = (
      await w.call('GET', `/api/assignments/answers/${a.trainee}`, 'instructor')
    ).json().data;
    expect(closedDetail.canReview).toBe(false);
    const first = await w.call('POST', reviewUrl(a2.omar), 'instructor', validReview(w));
    expect(first.statusCode).toBe(200);
    expect(first.json().data.statusId).toBe(AnswerStatus.Reviewed);
  });
});

describe('OpenAPI', () => {
  it('documents the answers calls', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/assignments/answers'].get).toBeDefined();
    expect(doc.paths['/api/assignments/answers/{id}'].get).toBeDefined();
    expect(doc.paths['/api/assignments/interviews/answers/review/{id}'].post).toBeDefined();
  });
});

describe('seedAnswers', () => {
  it('skips without a storage driver, Demo Academy or its assignment', async () => {
    expect(await seedAnswers(f.db)).toBe(false);
    const fresh = await createTestDatabase();
    try {
      expect(await seedAnswers(fresh.database.db, ctx.app.files.storage)).toBe(false);
    } finally {
      await fresh.drop();
    }
  });

  it('seeds Submitted, Reviewed and Pending answers whose videos play, once', async () => {
    const ctx = await buildContentApp({ assignments: true });
    try {
      const [closed] = await ctx.db
        .select()
        .from(assignments)
        .where(eq(assignments.statusId, AssignmentStatus.Closed));
      expect(await seedAnswers(ctx.db, ctx.app.files.storage)).toBe(true);
      const rows = await ctx.db
        .select({
          email: users.email,
          id: answers.id,
          assignmentId: answers.assignmentId,
          statusId: answers.statusId,
          assignmentStatusId: assignments.statusId,
          submittedAt: answers.submittedAt,
          reviewedAt: answers.reviewedAt,
        })
        .from(answers)
        .innerJoin(users, eq(users.id, answers.userId))
        .innerJoin(assignments, eq(assignments.id, answers.assignmentId));
      const on = (statusId: number) =>
        new Map(rows.filter((r) => r.assignmentStatusId === statusId).map((r) => [r.email, r]));
      const by = on(AssignmentStatus.Active);
      expect(by.get('tessa@demo.test')?.statusId).toBe(AnswerStatus.Submitted);
      expect(by.get('omar@demo.test')?.statusId).toBe(AnswerStatus.Reviewed);
      expect(by.get('priya@demo.test')?.statusId).toBe(AnswerStatus.Pending);
      expect(by.get('trainee@demo.test')?.statusId).toBe(AnswerStatus.Pending);

      const reviewed = (
        await ctx.call('GET', `/api/assignments/answers/${by.get('omar@demo.test')!.id}`, 'manager')
      ).json().data;
      expect(reviewed.score).toBeGreaterThan(0);
      expect(reviewed.data.ratingsAnswer.contentAnswer.createdBy.firstName).toBe('Ian');
      expect(reviewed.data.feedbackAnswer.answers.length).toBeGreaterThan(0);
      const items: { questionId: number; file: { url: string } }[] =
        reviewed.data.interviewAnswer.answers;
      expect(
        reviewed.questions.every((q: { id: number }) => items.some((i) => i.questionId === q.id)),
      ).toBe(true);
      const url = items[0]!.file.url;
      const video = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-11' } });
      expect(video.statusCode).toBe(206);
      expect(video.headers['content-type']).toBe('video/mp4');
      expect(video.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

      const priya = (
        await ctx.call(
          'GET',
          `/api/assignments/answers/${by.get('priya@demo.test')!.id}`,
          'manager',
        )
      ).json().data;
      expect(priya.data.interviewAnswer.answers).toHaveLength(2);
      expect(priya.practiceCounter).toBe(1);

      // The Closed round: still Closed with its due date; Tom Reviewed, Omar Submitted, both dated
      // inside the round (before the due date), and the report has a row.
      const past = on(AssignmentStatus.Closed);
      const [closedNow] = await ctx.db
        .select()
        .from(assignments)
        .where(eq(assignments.id, closed!.id));
      expect(closedNow).toMatchObject({
        statusId: AssignmentStatus.Closed,
        closeDate: closed!.closeDate,
      });
      const tom = past.get('trainee@demo.test')!;
      const omar = past.get('omar@demo.test')!;
      expect(tom.statusId).toBe(AnswerStatus.Reviewed);
      expect(omar.statusId).toBe(AnswerStatus.Submitted);
      const dueEnd = new Date(`${closed!.closeDate}T23:59:59`).getTime();
      for (const at of [tom.submittedAt, tom.reviewedAt, omar.submittedAt])
        expect(at!.getTime()).toBeLessThan(dueEnd);
      expect(tom.reviewedAt!.getTime()).toBeGreaterThan(tom.submittedAt!.getTime());
      const report = (
        await ctx.call(
          'GET',
          `/api/assignments/answers?assignmentId=${closed!.id}&status=3&includes=answers`,
          'manager',
        )
      ).json().data;
      expect(report.count).toBe(1);
      expect(report.list[0].data.ratingsAnswer.contentAnswer.createdAt).toBe(
        tom.reviewedAt!.toISOString(),
      );
      expect(report.list[0].data.interviewAnswer.answers.length).toBeGreaterThan(0);
      const closedDetail = (
        await ctx.call('GET', `/api/assignments/${closed!.id}`, 'instructor')
      ).json().data;
      expect(closedDetail.canPrintReport).toBe(true);
      // Closing does not strand submitted work: Omar's can still get its first review.
      expect(
        (await ctx.call('GET', `/api/assignments/answers/${omar.id}`, 'instructor')).json().data
          .canReview,
      ).toBe(true);

      const pendingReview = (
        await ctx.call('GET', '/api/assignments/answers?status=2', 'instructor')
      ).json().data;
      expect(
        pendingReview.list.map(
          (r: { user: { firstName: string }; assignmentId: number }) =>
            `${r.user.firstName}@${r.assignmentId}`,
        ),
      ).toEqual([`Tessa@${by.get('tessa@demo.test')!.assignmentId}`, `Omar@${closed!.id}`]);
      expect(await seedAnswers(ctx.db, ctx.app.files.storage)).toBe(false);
    } finally {
      await ctx.close();
    }
  });
});
