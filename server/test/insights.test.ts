/**
 * Insights (decisions.md#insights-and-administration §1): GET /assignments/{id}/insights, GET /users/{id}/progress and GET
 * /organizations/{id}/reviewer-consistency over a scenario of Demo Academy whose every figure is
 * worked out by hand below: a rating scale of three criteria (and an Open question that is no
 * criterion), five trainees of one assignment in every status, two reviewers who both reviewed two
 * of the answers, and a soft-deleted trainee whose reviewed answer counts nowhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AnswerStatus,
  AssignmentStatus,
  ContentType,
  QuestionType,
  assignmentInsightsSchema,
  reviewerConsistencySchema,
  traineeProgressSchema,
  type AssignmentInsights,
  type ReviewerConsistency,
  type TraineeProgress,
} from '@practica/contract';
import type { Db } from '../src/db/client.js';
import { answers, assignments, contentAnswers, reviews } from '../src/db/schema/index.js';
import { sqlCountHeader } from '../src/db/statement-counter.js';
import { buildTestApp, type TestContext } from './helpers/build.js';
import { emptyDemoFixture, loadDemoFixture } from './helpers/demo-fixture.js';
import { createContent, type CreatedContent } from './helpers/factories.js';

const fixture = emptyDemoFixture();
const { ids, org, groups, call } = fixture;
let ctx: TestContext;
let db: Db;
let scale: CreatedContent;
/** The scale's criteria: Clarity, Confidence, Structure (the Open question is not one). */
let clarity = 0;
let confidence = 0;
let structure = 0;
let openQuestion = 0;
let main = 0;
let unrated = 0;
let longRunning = 0;
let draft = 0;

/** Midday UTC `daysAgo` days before today (UTC). */
function day(daysAgo: number): Date {
  const now = new Date();
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, 12),
  );
}
const isoDay = (daysAgo: number) => day(daysAgo).toISOString().slice(0, 10);

async function insertAssignment(
  name: string,
  statusId: number,
  ratingsId: number | null,
): Promise<number> {
  const [row] = await db
    .insert(assignments)
    .values({
      name,
      description: `${name} description`,
      statusId,
      organizationId: org.demo,
      ratingsId,
      createdById: ids['manager'],
    })
    .returning({ id: assignments.id });
  return row!.id;
}

interface AnswerSpec {
  user: string;
  assignmentId: number;
  statusId: number;
  created: number;
  submitted?: number;
  reviewed?: number;
  score?: number;
  practice?: number;
}

async function insertAnswer(a: AnswerSpec): Promise<number> {
  const [row] = await db
    .insert(answers)
    .values({
      assignmentId: a.assignmentId,
      userId: ids[a.user]!,
      statusId: a.statusId,
      createdAt: day(a.created),
      submittedAt: a.submitted === undefined ? null : day(a.submitted),
      reviewedAt: a.reviewed === undefined ? null : day(a.reviewed),
      score: a.score ?? null,
      practiceCounter: a.practice ?? 0,
    })
    .returning({ id: answers.id });
  return row!.id;
}

/**
 * A completed review of `answerId` by `reviewer`: its ratings form (texts by question) and the
 * history row; `latest` also makes it the answer's standing review.
 */
async function review(
  answerId: number,
  reviewer: string,
  texts: [number, string][],
  score: number,
  version: number,
  latest: boolean,
): Promise<void> {
  const [form] = await db
    .insert(contentAnswers)
    .values({
      answerId,
      contentId: scale.id,
      createdById: ids[reviewer]!,
      answers: texts.map(([questionId, text]) => ({ questionId, text })),
      score,
    })
    .returning({ id: contentAnswers.id });
  await db.insert(reviews).values({
    answerId,
    reviewerId: ids[reviewer]!,
    ratingsAnswerId: form!.id,
    score,
    version,
  });
  if (latest) {
    await db
      .update(answers)
      .set({ ratingsAnswerId: form!.id, reviewVersion: version })
      .where(eq(answers.id, answerId));
  }
}

beforeAll(async () => {
  process.env['BENCH_SQL_COUNT'] = '1';
  ctx = await buildTestApp();
  delete process.env['BENCH_SQL_COUNT'];
  await loadDemoFixture(ctx, fixture);
  db = ctx.testDb.database.db;
  await db.delete(assignments);

  scale = await createContent(db, {
    name: 'Insight scale',
    contentTypeId: ContentType.RatingScale,
    organizationId: org.demo,
    questions: [
      { text: 'Clarity', options: ['Poor', 'Fair', 'Good', 'Excellent'] },
      { text: 'Comments', questionTypeId: QuestionType.Open },
      { text: 'Confidence', options: ['Poor', 'Fair', 'Good', 'Excellent'] },
      { text: 'Structure', options: ['Poor', 'Fair', 'Good', 'Excellent'] },
    ],
  });
  [clarity, openQuestion, confidence, structure] = scale.questionIds as [
    number,
    number,
    number,
    number,
  ];

  main = await insertAssignment('Insight practice', AssignmentStatus.Active, scale.id);
  unrated = await insertAssignment('Unrated practice', AssignmentStatus.Active, null);
  longRunning = await insertAssignment('Long practice', AssignmentStatus.Active, null);
  draft = await insertAssignment('Draft practice', AssignmentStatus.Draft, scale.id);

  // The main assignment, from 4 days ago: Tom (Cohorts A and B) and Tessa submitted 3 days ago,
  // Tessa reviewed 2 days ago, Tom yesterday; Omar (Cohort A) submitted 2 days ago and reviewed
  // today; Priya (Cohort B) submitted 2 days ago; Lucas (Cohort B) still Pending. Sofia
  // (soft-deleted) was reviewed too and counts nowhere.
  const tom = await insertAnswer({
    user: 'trainee',
    assignmentId: main,
    statusId: AnswerStatus.Reviewed,
    created: 4,
    submitted: 3,
    reviewed: 1,
    score: 4,
    practice: 3,
  });
  const tessa = await insertAnswer({
    user: 'tessa',
    assignmentId: main,
    statusId: AnswerStatus.Reviewed,
    created: 4,
    submitted: 3,
    reviewed: 2,
    score: 2.5,
  });
  const omar = await insertAnswer({
    user: 'omar',
    assignmentId: main,
    statusId: AnswerStatus.Reviewed,
    created: 4,
    submitted: 2,
    reviewed: 0,
    score: 4.67,
  });
  await insertAnswer({
    user: 'priya',
    assignmentId: main,
    statusId: AnswerStatus.Submitted,
    created: 4,
    submitted: 2,
  });
  await insertAnswer({
    user: 'lucas',
    assignmentId: main,
    statusId: AnswerStatus.Pending,
    created: 4,
  });
  const sofia = await insertAnswer({
    user: 'sofia',
    assignmentId: main,
    statusId: AnswerStatus.Reviewed,
    created: 6,
    submitted: 6,
    reviewed: 6,
    score: 1,
  });

  // Irene reviewed Tom and Tessa first; Ian's reviews of both stand. Irene's of Omar stands.
  // The Open question's '5' and Tessa's 'N/A' are no ratings.
  await review(
    tom,
    'instructor2',
    [
      [clarity, '3'],
      [confidence, '5'],
      [structure, '1'],
    ],
    3,
    1,
    false,
  );
  await review(
    tom,
    'instructor',
    [
      [clarity, '4'],
      [openQuestion, '5'],
      [confidence, '5'],
      [structure, '3'],
    ],
    4,
    2,
    true,
  );
  await review(
    tessa,
    'instructor2',
    [
      [clarity, '2'],
      [confidence, '5'],
      [structure, '4'],
    ],
    3.67,
    1,
    false,
  );
  await review(
    tessa,
    'instructor',
    [
      [clarity, '2'],
      [confidence, '3'],
      [structure, 'N/A'],
    ],
    2.5,
    2,
    true,
  );
  await review(
    omar,
    'instructor2',
    [
      [clarity, '5'],
      [confidence, '4'],
      [structure, '5'],
    ],
    4.67,
    1,
    true,
  );
  await review(
    sofia,
    'instructor',
    [
      [clarity, '1'],
      [confidence, '1'],
      [structure, '1'],
    ],
    1,
    1,
    true,
  );

  // Tom's other answers: Pending on the unrated assignment (1 session), and on a Draft one (not counted).
  await insertAnswer({
    user: 'trainee',
    assignmentId: unrated,
    statusId: AnswerStatus.Pending,
    created: 1,
    practice: 1,
  });
  await insertAnswer({
    user: 'trainee',
    assignmentId: draft,
    statusId: AnswerStatus.Pending,
    created: 1,
    practice: 7,
  });
  // An assignment running for 100 days: weekly points.
  await insertAnswer({
    user: 'tessa',
    assignmentId: longRunning,
    statusId: AnswerStatus.Submitted,
    created: 100,
    submitted: 50,
  });
});
afterAll(() => ctx.close());

const get = async <T>(url: string, who: string): Promise<T> => {
  const res = await call('GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const insightsUrl = (id: number) => `/api/assignments/${id}/insights`;
const progressUrl = (id: number) => `/api/users/${id}/progress`;
const consistencyUrl = (id: number) => `/api/organizations/${id}/reviewer-consistency`;
const stats = (questionId: number, count: number, mean: number | null, distribution: number[]) => ({
  questionId,
  count,
  mean,
  distribution,
});

describe('GET /api/assignments/:id/insights', () => {
  it('answers 401 without a session, 403 a trainee, 404 another organization or a missing assignment, 400 a bad id', async () => {
    expect((await call('GET', insightsUrl(main))).statusCode).toBe(401);
    expect((await call('GET', insightsUrl(main), 'trainee')).statusCode).toBe(403);
    expect((await call('GET', insightsUrl(main), 'manager2')).statusCode).toBe(404);
    expect((await call('GET', insightsUrl(999999), 'manager')).statusCode).toBe(404);
    expect((await call('GET', '/api/assignments/abc/insights', 'manager')).statusCode).toBe(400);
  });

  it('computes per criterion, group and reviewer over the standing reviews, trainees best first', async () => {
    const data = await get<AssignmentInsights>(insightsUrl(main), 'manager');
    expect(assignmentInsightsSchema.parse(data)).toEqual(data);
    expect(data.assignmentId).toBe(main);
    expect(data.criteria).toEqual([
      { questionId: clarity, text: 'Clarity', position: 1 },
      { questionId: confidence, text: 'Confidence', position: 2 },
      { questionId: structure, text: 'Structure', position: 3 },
    ]);
    // Standing reviews: Tom 4/5/3 (Ian), Tessa 2/3/– (Ian), Omar 5/4/5 (Irene).
    expect(data.overall).toEqual([
      stats(clarity, 3, 3.67, [0, 1, 0, 1, 1]),
      stats(confidence, 3, 4, [0, 0, 1, 1, 1]),
      stats(structure, 2, 4, [0, 0, 1, 0, 1]),
    ]);
    // Cohort A: Tom, Tessa, Omar; Cohort B: Tom (Priya is not reviewed, Lucas Pending).
    expect(data.byGroup).toEqual([
      {
        group: { id: groups['Cohort A'], name: 'Cohort A' },
        answers: 3,
        criteria: data.overall,
      },
      {
        group: { id: groups['Cohort B'], name: 'Cohort B' },
        answers: 1,
        criteria: [
          stats(clarity, 1, 4, [0, 0, 0, 1, 0]),
          stats(confidence, 1, 5, [0, 0, 0, 0, 1]),
          stats(structure, 1, 3, [0, 0, 1, 0, 0]),
        ],
      },
    ]);
    expect(data.byReviewer).toEqual([
      {
        reviewer: { id: ids['instructor'], firstName: 'Ian', lastName: 'Instructor' },
        reviews: 2,
        criteria: [
          stats(clarity, 2, 3, [0, 1, 0, 1, 0]),
          stats(confidence, 2, 4, [0, 0, 1, 0, 1]),
          stats(structure, 1, 3, [0, 0, 1, 0, 0]),
        ],
      },
      {
        reviewer: { id: ids['instructor2'], firstName: 'Irene', lastName: 'Iverson' },
        reviews: 1,
        criteria: [
          stats(clarity, 1, 5, [0, 0, 0, 0, 1]),
          stats(confidence, 1, 4, [0, 0, 0, 1, 0]),
          stats(structure, 1, 5, [0, 0, 0, 0, 1]),
        ],
      },
    ]);
    expect(data.trainees.map((t) => [t.user.email, t.score, t.reviewedAt])).toEqual([
      ['omar@demo.test', 4.67, day(0).toISOString()],
      ['trainee@demo.test', 4, day(1).toISOString()],
      ['tessa@demo.test', 2.5, day(2).toISOString()],
    ]);
    expect(data.trainees[1]).toMatchObject({
      user: { id: ids['trainee'], firstName: 'Tom' },
      ratings: [
        { questionId: clarity, stars: 4 },
        { questionId: confidence, stars: 5 },
        { questionId: structure, stars: 3 },
      ],
    });
    expect(data.trainees[2]!.ratings).toEqual([
      { questionId: clarity, stars: 2 },
      { questionId: confidence, stars: 3 },
    ]);
    expect(data.totals).toEqual({ pending: 1, submitted: 1, reviewed: 3 });
  });

  it('counts the answers by status at the end of each day from the first answer to today', async () => {
    const data = await get<AssignmentInsights>(insightsUrl(main), 'instructor');
    expect(data.timeline).toEqual({
      bucket: 'day',
      points: [
        { date: isoDay(4), pending: 5, submitted: 0, reviewed: 0 },
        { date: isoDay(3), pending: 3, submitted: 2, reviewed: 0 },
        { date: isoDay(2), pending: 1, submitted: 3, reviewed: 1 },
        { date: isoDay(1), pending: 1, submitted: 2, reviewed: 2 },
        { date: isoDay(0), pending: 1, submitted: 1, reviewed: 3 },
      ],
    });
  });

  it('counts per week past 90 days', async () => {
    const data = await get<AssignmentInsights>(insightsUrl(longRunning), 'manager');
    // 100 days ago to today: 101 days, 15 weeks from the first day.
    expect(data.timeline.bucket).toBe('week');
    expect(data.timeline.points).toHaveLength(15);
    expect(data.timeline.points[0]).toEqual({
      date: isoDay(100),
      pending: 1,
      submitted: 0,
      reviewed: 0,
    });
    // Submitted 50 days ago: in the week starting 51 days ago (100 - 7 × 7 = 51).
    expect(data.timeline.points[6]).toMatchObject({ date: isoDay(58), pending: 1, submitted: 0 });
    expect(data.timeline.points[7]).toMatchObject({ date: isoDay(51), pending: 0, submitted: 1 });
    expect(data.timeline.points.at(-1)).toMatchObject({ date: isoDay(2), submitted: 1 });
  });

  it('answers empty lists for an assignment without rating scale or reviews', async () => {
    const data = await get<AssignmentInsights>(insightsUrl(unrated), 'manager');
    expect(data).toEqual({
      assignmentId: unrated,
      criteria: [],
      overall: [],
      byGroup: [],
      byReviewer: [],
      trainees: [],
      totals: { pending: 1, submitted: 0, reviewed: 0 },
      timeline: {
        bucket: 'day',
        points: [
          { date: isoDay(1), pending: 1, submitted: 0, reviewed: 0 },
          { date: isoDay(0), pending: 1, submitted: 0, reviewed: 0 },
        ],
      },
    });
    const empty = await get<AssignmentInsights>(insightsUrl(draft), 'admin');
    expect(empty.criteria).toHaveLength(3);
    expect(empty.overall).toEqual([
      stats(clarity, 0, null, [0, 0, 0, 0, 0]),
      stats(confidence, 0, null, [0, 0, 0, 0, 0]),
      stats(structure, 0, null, [0, 0, 0, 0, 0]),
    ]);
    expect(empty.trainees).toEqual([]);
  });
});

describe('GET /api/users/:id/progress', () => {
  it('answers 403 a trainee (itself too), 404 another organization, a user who is no trainee, a soft-deleted or missing one', async () => {
    expect((await call('GET', progressUrl(ids['trainee']!))).statusCode).toBe(401);
    expect((await call('GET', progressUrl(ids['trainee']!), 'trainee')).statusCode).toBe(403);
    expect((await call('GET', progressUrl(ids['tessa']!), 'trainee')).statusCode).toBe(403);
    expect((await call('GET', progressUrl(ids['trainee']!), 'manager2')).statusCode).toBe(404);
    expect((await call('GET', progressUrl(ids['instructor']!), 'manager')).statusCode).toBe(404);
    expect((await call('GET', progressUrl(ids['sofia']!), 'manager')).statusCode).toBe(404);
    expect((await call('GET', progressUrl(999999), 'manager')).statusCode).toBe(404);
  });

  it('lists the reviewed answers with their standing stars and counts the practice outside Draft assignments', async () => {
    const data = await get<TraineeProgress>(progressUrl(ids['trainee']!), 'instructor');
    expect(traineeProgressSchema.parse(data)).toEqual(data);
    expect(data).toEqual({
      userId: ids['trainee'],
      criteria: [
        { questionId: clarity, text: 'Clarity', position: 1, ratingsId: scale.id },
        { questionId: confidence, text: 'Confidence', position: 2, ratingsId: scale.id },
        { questionId: structure, text: 'Structure', position: 3, ratingsId: scale.id },
      ],
      reviews: [
        {
          answerId: expect.any(Number),
          assignment: { id: main, title: 'Insight practice' },
          reviewedAt: day(1).toISOString(),
          score: 4,
          practiceCounter: 3,
          ratings: [
            { questionId: clarity, stars: 4 },
            { questionId: confidence, stars: 5 },
            { questionId: structure, stars: 3 },
          ],
        },
      ],
      practice: { assignments: 2, pending: 1, submitted: 0, reviewed: 1, sessions: 4 },
    });
  });

  it('answers an empty progress for a trainee without answers', async () => {
    const data = await get<TraineeProgress>(progressUrl(ids['lucas']!), 'admin');
    expect(data).toEqual({
      userId: ids['lucas'],
      criteria: [],
      reviews: [],
      practice: { assignments: 1, pending: 1, submitted: 0, reviewed: 0, sessions: 0 },
    });
  });
});

describe('GET /api/organizations/:id/reviewer-consistency', () => {
  it('answers 403 an instructor or a trainee, 404 another organization’s manager or a missing organization', async () => {
    expect((await call('GET', consistencyUrl(org.demo))).statusCode).toBe(401);
    expect((await call('GET', consistencyUrl(org.demo), 'instructor')).statusCode).toBe(403);
    expect((await call('GET', consistencyUrl(org.demo), 'trainee')).statusCode).toBe(403);
    expect((await call('GET', consistencyUrl(org.demo), 'manager2')).statusCode).toBe(404);
    expect((await call('GET', consistencyUrl(999999), 'admin')).statusCode).toBe(404);
  });

  it('compares every reviewer of the history with the organization and measures the agreement of two reviewers of the same answers', async () => {
    const data = await get<ReviewerConsistency>(consistencyUrl(org.demo), 'manager');
    expect(reviewerConsistencySchema.parse(data)).toEqual(data);
    expect(data.organizationId).toBe(org.demo);
    // Every review kept: Clarity 3, 4, 2, 2, 5; Confidence 5, 5, 5, 3, 4; Structure 1, 3, 4, 5.
    expect(data.criteria).toEqual([
      {
        questionId: clarity,
        text: 'Clarity',
        position: 1,
        ratingsId: scale.id,
        count: 5,
        mean: 3.2,
      },
      {
        questionId: confidence,
        text: 'Confidence',
        position: 2,
        ratingsId: scale.id,
        count: 5,
        mean: 4.4,
      },
      {
        questionId: structure,
        text: 'Structure',
        position: 3,
        ratingsId: scale.id,
        count: 4,
        mean: 3.25,
      },
    ]);
    expect(data.reviewers).toEqual([
      {
        // Irene: scores 3, 3.67, 4.67; Clarity 3, 2, 5; Confidence 5, 5, 4; Structure 1, 4, 5.
        reviewer: { id: ids['instructor2'], firstName: 'Irene', lastName: 'Iverson' },
        reviews: 3,
        meanScore: 3.78,
        criteria: [
          { questionId: clarity, count: 3, mean: 3.33, stddev: 1.25, delta: 0.13 },
          { questionId: confidence, count: 3, mean: 4.67, stddev: 0.47, delta: 0.27 },
          { questionId: structure, count: 3, mean: 3.33, stddev: 1.7, delta: 0.08 },
        ],
      },
      {
        // Ian: scores 4, 2.5; Clarity 4, 2; Confidence 5, 3; Structure 3 (one rating: no spread).
        reviewer: { id: ids['instructor'], firstName: 'Ian', lastName: 'Instructor' },
        reviews: 2,
        meanScore: 3.25,
        criteria: [
          { questionId: clarity, count: 2, mean: 3, stddev: 1, delta: -0.2 },
          { questionId: confidence, count: 2, mean: 4, stddev: 1, delta: -0.4 },
          { questionId: structure, count: 1, mean: 3, stddev: null, delta: -0.25 },
        ],
      },
    ]);
    // Tom: 4/3 (one apart), 5/5 (equal), 3/1 (two apart); Tessa: 2/2 (equal), 3/5 (two apart).
    const [a, b] = [ids['instructor']!, ids['instructor2']!].sort((x, y) => x - y);
    const person = (id: number) =>
      id === ids['instructor']
        ? { id, firstName: 'Ian', lastName: 'Instructor' }
        : { id, firstName: 'Irene', lastName: 'Iverson' };
    expect(data.agreement).toEqual({
      overall: { pairs: 1, answers: 2, ratings: 5, exact: 0.4, withinOne: 0.6 },
      pairs: [{ a: person(a!), b: person(b!), answers: 2, ratings: 5, exact: 0.4, withinOne: 0.6 }],
    });
  });

  it('answers empty figures for an organization without reviews, to an admin', async () => {
    const data = await get<ReviewerConsistency>(consistencyUrl(org.northwind), 'admin');
    expect(data).toEqual({
      organizationId: org.northwind,
      criteria: [],
      reviewers: [],
      agreement: {
        overall: { pairs: 0, answers: 0, ratings: 0, exact: null, withinOne: null },
        pairs: [],
      },
    });
  });
});

describe('statements per call', () => {
  it('reads each view in at most four statements, the session check included', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    for (const url of [insightsUrl(main), progressUrl(ids['trainee']!), consistencyUrl(org.demo)]) {
      const res = await fetch(`${address}${url}`, {
        headers: { authorization: `Bearer ${fixture.tokens['manager']}` },
      });
      expect(res.status, url).toBe(200);
      // The session, the access check's row, the view.
      expect(Number(res.headers.get(sqlCountHeader)), url).toBeLessThanOrEqual(4);
      expect(Number(res.headers.get(sqlCountHeader)), url).toBeGreaterThan(0);
    }
  });
});
