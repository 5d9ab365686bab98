/**
 * The /assignments calls of 001 §7 with the rules of 001 §4/§5 (decisions.md#assignments), the instructor
 * dashboard numbers (000 §2.5), the user detail's assignments tab (PUT /users/{id}/assignments)
 * and the demo seed. Each call climbs the ladder 401 → 403 → 404 other organization → 400 →
 * success; a denied write changes nothing. Content and assets come from the factories, not from
 * the other modules' seeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  AnswerStatus,
  AssetType,
  AssignmentStatus,
  ContentStatus,
  ContentType,
  QuestionType,
  Role,
  format,
  messages,
} from '@practica/contract';
import {
  answers,
  assignmentInstructors,
  assignmentRoles,
  assignments,
  contents,
} from '../../src/db/schema/index.js';
import { insertPendingAnswers } from '../../src/modules/assignments/members-repository.js';
import { todayIsoDate } from '../../src/modules/assignments/service.js';
import { seedAssignments } from '../../src/seed/assignments.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';
import { createTestDatabase } from '../helpers/database.js';
import { emptyDemoFixture, loadDemoFixture } from '../helpers/demo-fixture.js';
import { createAsset, createContent, type CreatedContent } from '../helpers/factories.js';

let ctx: TestContext;
const demo = emptyDemoFixture();
const { ids: id, org, groups: group, call } = demo;
const c: Record<string, CreatedContent> = {};
const a: Record<string, number> = {};
const avatarKey: Record<string, string | null> = {};

const db = () => ctx.testDb.database.db;

const assignmentCount = async () => (await db().select({ n: count() }).from(assignments))[0]!.n;
const answerRows = async (assignmentId: number) =>
  db()
    .select({ userId: answers.userId, statusId: answers.statusId })
    .from(answers)
    .where(eq(answers.assignmentId, assignmentId));
const answerUserIds = async (assignmentId: number) =>
  (await answerRows(assignmentId)).map((r) => r.userId).sort((x, y) => x - y);
const instructorIds = async (assignmentId: number) =>
  (
    await db()
      .select({ userId: assignmentInstructors.userId })
      .from(assignmentInstructors)
      .where(eq(assignmentInstructors.assignmentId, assignmentId))
  )
    .map((r) => r.userId)
    .sort((x, y) => x - y);
/** A signed read URL of `key` (files/url.ts): `/files/<key>?expires=<s>&signature=<43>`. */
const signedUrl = (key: string | null | undefined) =>
  new RegExp(`^/files/${String(key).replace(/[.]/g, '\\.')}\\?expires=\\d+&signature=[\\w-]{43}$`);
const sorted = (ids: (number | undefined)[]) => [...ids].sort((x, y) => x! - y!);
const setAnswer = async (
  assignmentId: number,
  user: number | undefined,
  values: Partial<typeof answers.$inferInsert>,
) =>
  db()
    .update(answers)
    .set(values)
    .where(and(eq(answers.assignmentId, assignmentId), eq(answers.userId, user!)));

/** Yesterday's calendar date as the server counts days (`todayIsoDate`). */
const yesterday = () => todayIsoDate(new Date(Date.now() - 24 * 60 * 60 * 1000));

/** A valid form for Demo Academy built from the factory content. */
const form = (over: Record<string, unknown> = {}) => ({
  name: 'Sales interview practice',
  description: 'Practise the sales interview',
  closeDate: '2031-06-30',
  organizationId: org.demo,
  interviewId: c.interview!.id,
  roles: [
    { roleId: c.interview!.roleIds[0], avatarId: a.ownAvatar },
    { roleId: c.interview!.roleIds[1], avatarId: a.generalAvatar },
  ],
  environmentId: a.environment,
  ratingsId: c.ratings!.id,
  feedbackId: c.feedback!.id,
  ...over,
});

beforeAll(async () => {
  ctx = await buildTestApp();
  await loadDemoFixture(ctx, demo);
  // A clean slate whatever the other seeds brought.
  await db().delete(assignments);

  c.interview = await createContent(db(), {
    name: 'Sales interview',
    organizationId: org.demo,
    roles: ['Interviewer', 'Panelist'],
    questions: [
      { text: 'Tell us about yourself', role: 0 },
      { text: 'Why sales?', role: 1 },
    ],
  });
  c.generalInterview = await createContent(db(), {
    name: 'General interview',
    addedTo: [org.demo],
    roles: ['Host'],
    questions: [{ text: 'Hello?', role: 0 }],
  });
  c.notAddedInterview = await createContent(db(), { name: 'Not added', roles: ['Host'] });
  c.draftInterview = await createContent(db(), {
    name: 'Draft interview',
    organizationId: org.demo,
    statusId: ContentStatus.Draft,
    roles: ['Host'],
  });
  c.northwindInterview = await createContent(db(), {
    name: 'Northwind interview',
    organizationId: org.northwind,
    roles: ['Host'],
  });
  c.noRoles = await createContent(db(), { name: 'No roles', organizationId: org.demo });
  c.ratings = await createContent(db(), {
    name: 'Five stars',
    contentTypeId: ContentType.RatingScale,
    organizationId: org.demo,
    questions: [{ text: 'Clarity', options: ['1', '2', '3', '4', '5'] }],
  });
  c.draftRatings = await createContent(db(), {
    name: 'Draft stars',
    contentTypeId: ContentType.RatingScale,
    organizationId: org.demo,
    statusId: ContentStatus.Draft,
  });
  c.feedback = await createContent(db(), {
    name: 'Feedback form',
    contentTypeId: ContentType.Feedback,
    addedTo: [org.demo],
    questions: [
      { text: 'Best part', questionTypeId: QuestionType.Single, options: ['Start', 'End'] },
    ],
  });

  for (const [key, input] of Object.entries({
    ownAvatar: { name: 'Own avatar', organizationId: org.demo },
    generalAvatar: { name: 'General avatar', addedTo: [org.demo] },
    notAddedAvatar: { name: 'Not added avatar' },
    northwindAvatar: { name: 'Northwind avatar', organizationId: org.northwind },
    environment: {
      name: 'Office',
      assetTypeId: AssetType.Environment,
      addedTo: [org.demo],
    },
    notAddedEnvironment: { name: 'Beach', assetTypeId: AssetType.Environment },
  })) {
    const created = await createAsset(db(), input);
    a[key] = created.id;
    avatarKey[key] = created.storageKey;
  }
});
afterAll(() => ctx.close());

const created: Record<string, number> = {};

describe('POST /api/assignments/interview', () => {
  it('climbs the ladder: 401, 403 trainee, 404 other organization, nothing created', async () => {
    expect((await call('POST', '/api/assignments/interview', undefined, form())).statusCode).toBe(
      401,
    );
    expect((await call('POST', '/api/assignments/interview', 'trainee', form())).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/assignments/interview', 'manager2', form())).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/assignments/interview', 'admin', form({ organizationId: 999999 })))
        .statusCode,
    ).toBe(404);
    expect(await assignmentCount()).toBe(0);
  });

  it('answers 400 with the messages of 001 §5 for a bad form', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, messages.titleRequired],
      [{ description: '' }, messages.descriptionRequired],
      [{ closeDate: '2031-02-30' }, messages.closeDateInvalid],
      [{ closeDate: yesterday() }, messages.closeDateInPast],
      [{ closeDate: '2001-01-01' }, messages.closeDateInPast],
      [{ interviewId: null }, messages.selectInterviewToContinue],
      [{ environmentId: undefined }, messages.selectEnvironmentToContinue],
      [{ roles: [] }, messages.missingRoles],
      [
        { roles: [{ roleId: c.interview!.roleIds[0], avatarId: 0 }] },
        messages.selectAvatarToContinue,
      ],
      [{ ratingsId: null }, messages.selectRatingScaleToContinue],
      [{ feedbackId: 'x' }, messages.selectFeedbackFormToContinue],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/api/assignments/interview', 'manager', form(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
    }
    expect(await assignmentCount()).toBe(0);
  });

  it('answers 400 when the composition is not usable by the organization', async () => {
    const host = (content: CreatedContent) => [
      { roleId: content.roleIds[0], avatarId: a.ownAvatar },
    ];
    const cases: [Record<string, unknown>, string][] = [
      [
        { interviewId: c.draftInterview!.id, roles: host(c.draftInterview!) },
        messages.selectInterviewToContinue,
      ],
      [
        { interviewId: c.notAddedInterview!.id, roles: host(c.notAddedInterview!) },
        messages.selectInterviewToContinue,
      ],
      [
        { interviewId: c.northwindInterview!.id, roles: host(c.northwindInterview!) },
        messages.selectInterviewToContinue,
      ],
      [{ interviewId: c.ratings!.id }, messages.selectInterviewToContinue],
      [{ interviewId: 999999 }, messages.selectInterviewToContinue],
      [{ environmentId: a.notAddedEnvironment }, messages.selectEnvironmentToContinue],
      [{ environmentId: a.ownAvatar }, messages.selectEnvironmentToContinue],
      [
        {
          roles: [
            { roleId: c.interview!.roleIds[0], avatarId: a.ownAvatar },
            { roleId: c.interview!.roleIds[1], avatarId: a.notAddedAvatar },
          ],
        },
        messages.selectAvatarToContinue,
      ],
      [
        {
          roles: [
            { roleId: c.interview!.roleIds[0], avatarId: a.ownAvatar },
            { roleId: c.interview!.roleIds[1], avatarId: a.northwindAvatar },
          ],
        },
        messages.selectAvatarToContinue,
      ],
      [
        {
          roles: [
            { roleId: c.interview!.roleIds[0], avatarId: a.ownAvatar },
            { roleId: c.interview!.roleIds[1], avatarId: a.environment },
          ],
        },
        messages.selectAvatarToContinue,
      ],
      [
        { roles: [{ roleId: c.interview!.roleIds[0], avatarId: a.ownAvatar }] },
        messages.selectAvatarToContinue,
      ],
      [
        {
          roles: [
            { roleId: c.interview!.roleIds[0], avatarId: a.ownAvatar },
            { roleId: c.interview!.roleIds[1], avatarId: a.ownAvatar },
            { roleId: c.generalInterview!.roleIds[0], avatarId: a.ownAvatar },
          ],
        },
        messages.missingRoles,
      ],
      [
        {
          roles: [
            { roleId: c.interview!.roleIds[0], avatarId: a.ownAvatar },
            { roleId: c.interview!.roleIds[0], avatarId: a.generalAvatar },
          ],
        },
        messages.missingRoles,
      ],
      [{ interviewId: c.noRoles!.id, roles: host(c.generalInterview!) }, messages.missingRoles],
      [{ ratingsId: c.interview!.id }, messages.invalidRatingsSelection],
      [{ ratingsId: c.feedback!.id }, messages.invalidRatingsSelection],
      [{ ratingsId: c.draftRatings!.id }, messages.selectRatingScaleToContinue],
      [{ feedbackId: c.ratings!.id }, messages.invalidFeedbackSelection],
      [{ feedbackId: 999999 }, messages.selectFeedbackFormToContinue],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/api/assignments/interview', 'manager', form(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
    }
    const all = await call(
      'POST',
      '/api/assignments/interview',
      'manager',
      form({ environmentId: a.notAddedEnvironment, ratingsId: c.feedback!.id }),
    );
    expect(all.json().error.details).toEqual([
      { path: 'environmentId', message: messages.selectEnvironmentToContinue },
      { path: 'ratingsId', message: messages.invalidRatingsSelection },
    ]);
    expect(await assignmentCount()).toBe(0);
  });

  it('creates a Draft starting today with its composition (manager), and from general content (instructor)', async () => {
    const res = await call('POST', '/api/assignments/interview', 'manager', form());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.interviewAssignmentCreated);
    const data = res.json().data;
    created.main = data.id;
    expect(data).toMatchObject({
      name: 'Sales interview practice',
      description: 'Practise the sales interview',
      statusId: AssignmentStatus.Draft,
      planned: false,
      startDate: todayIsoDate(),
      closeDate: '2031-06-30',
      organizationId: org.demo,
      assignmentSpecificationId: data.id,
      createdBy: { id: id.manager, firstName: 'Maya', lastName: 'Manning' },
      traineesCount: 0,
      completedCount: 0,
      instructorsCount: 0,
      answerCounts: { all: 0, pending: 0, submitted: 0, reviewed: 0 },
      averageScore: null,
      canReturnToDraft: false,
      canClose: false,
      canPrintReport: false,
    });
    expect(data.data.roles).toEqual([
      {
        id: c.interview!.roleIds[0],
        roleId: c.interview!.roleIds[0],
        name: 'Interviewer',
        avatarId: a.ownAvatar,
        avatar: expect.objectContaining({
          id: a.ownAvatar,
          name: 'Own avatar',
          assetTypeId: AssetType.Avatar,
          image: {
            id: expect.any(Number),
            url: expect.stringMatching(signedUrl(avatarKey.ownAvatar)),
          },
        }),
      },
      expect.objectContaining({ name: 'Panelist', avatarId: a.generalAvatar }),
    ]);
    expect(data.data.interview).toMatchObject({
      id: c.interview!.id,
      name: 'Sales interview',
      contentTypeId: ContentType.Interview,
      roles: [{ name: 'Interviewer' }, { name: 'Panelist' }],
      questions: [
        { text: 'Tell us about yourself', interviewRoleId: c.interview!.roleIds[0], options: [] },
        { text: 'Why sales?', interviewRoleId: c.interview!.roleIds[1] },
      ],
    });
    expect(data.data.ratings.questions[0].options.map((o: { text: string }) => o.text)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(data.data.feedback).toMatchObject({
      id: c.feedback!.id,
      organizationId: null,
      questions: [{ text: 'Best part', options: [{ text: 'Start' }, { text: 'End' }] }],
    });
    expect(data.data.environment).toMatchObject({
      id: a.environment,
      name: 'Office',
      image: { url: expect.stringMatching(signedUrl(avatarKey.environment)) },
    });
    expect(data.data).toMatchObject({
      interviewId: c.interview!.id,
      environmentId: a.environment,
      ratingsId: c.ratings!.id,
      feedbackId: c.feedback!.id,
    });

    const general = await call(
      'POST',
      '/api/assignments/interview',
      'instructor',
      form({
        name: 'General practice',
        closeDate: '',
        interviewId: c.generalInterview!.id,
        roles: [{ roleId: c.generalInterview!.roleIds[0], avatarId: a.generalAvatar }],
      }),
    );
    expect(general.statusCode).toBe(200);
    expect(general.json().data).toMatchObject({
      closeDate: null,
      createdBy: { id: id.instructor },
    });
    created.general = general.json().data.id;
    const admin = await call(
      'POST',
      '/api/assignments/interview',
      'admin',
      form({ name: 'Admin made' }),
    );
    expect(admin.statusCode).toBe(200);
    created.admin = admin.json().data.id;
  });
});

describe('GET /api/assignments/:id', () => {
  it('answers 401, 403 trainee, 404 other organization or missing, 400 bad id, and the detail', async () => {
    const url = `/api/assignments/${created.main}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, 'trainee')).statusCode).toBe(403);
    expect((await call('GET', url, 'manager2')).statusCode).toBe(404);
    expect((await call('GET', '/api/assignments/999999', 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/api/assignments/abc', 'admin')).statusCode).toBe(400);
    const res = await call('GET', `${url}?includes=assets,contents`, 'instructor2');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.main, statusId: AssignmentStatus.Draft });
    expect(res.json().data.data.interview.questions).toHaveLength(2);
  });
});

describe('PUT /api/assignments/interview/:id (Draft)', () => {
  it('refuses a due date moved before today; a past due date already stored may be sent back unchanged', async () => {
    const url = `/api/assignments/interview/${created.main}`;
    const past = await call('PUT', url, 'manager', form({ closeDate: yesterday() }));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(messages.closeDateInPast);
    expect(past.json().error.details).toContainEqual({
      path: 'closeDate',
      message: messages.closeDateInPast,
    });
    const [row] = await db().select().from(assignments).where(eq(assignments.id, created.main!));
    expect(row!.closeDate).toBe('2031-06-30');
    const today = await call('PUT', url, 'manager', form({ closeDate: todayIsoDate() }));
    expect(today.statusCode, today.body).toBe(200);
    // Overdue: the stored date passed; saving the form with it unchanged is not refused.
    await db()
      .update(assignments)
      .set({ closeDate: '2001-01-01' })
      .where(eq(assignments.id, created.main!));
    const unchanged = await call('PUT', url, 'manager', form({ closeDate: '2001-01-01' }));
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    await db()
      .update(assignments)
      .set({ closeDate: '2031-06-30' })
      .where(eq(assignments.id, created.main!));
  });

  it('climbs the ladder and changes nothing when denied', async () => {
    const url = `/api/assignments/interview/${created.main}`;
    const body = form({ name: 'Renamed' });
    expect((await call('PUT', url, undefined, body)).statusCode).toBe(401);
    expect((await call('PUT', url, 'trainee', body)).statusCode).toBe(403);
    expect((await call('PUT', url, 'manager2', body)).statusCode).toBe(404);
    expect((await call('PUT', url, 'manager', form({ name: '' }))).json().message).toBe(
      messages.titleRequired,
    );
    const moved = await call('PUT', url, 'admin', form({ organizationId: org.northwind }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(messages.organizationFixed);
    const bad = await call('PUT', url, 'manager', form({ ratingsId: c.feedback!.id }));
    expect(bad.json().message).toBe(messages.invalidRatingsSelection);
    const [row] = await db().select().from(assignments).where(eq(assignments.id, created.main!));
    expect(row!.name).toBe('Sales interview practice');
    expect(row!.ratingsId).toBe(c.ratings!.id);
  });

  it('updates the whole form while Draft, roles included', async () => {
    await db()
      .update(assignments)
      .set({ startDate: '2020-01-01' })
      .where(eq(assignments.id, created.main!));
    const res = await call(
      'PUT',
      `/api/assignments/interview/${created.main}`,
      'instructor',
      form({
        name: 'Sales interview practice II',
        closeDate: null,
        organizationId: undefined,
        roles: [
          { roleId: c.interview!.roleIds[0], avatarId: a.generalAvatar },
          { roleId: c.interview!.roleIds[1], avatarId: a.ownAvatar },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.interviewAssignmentUpdated);
    expect(res.json().data).toMatchObject({
      name: 'Sales interview practice II',
      closeDate: null,
      startDate: todayIsoDate(),
    });
    expect(res.json().data.data.roles.map((r: { avatarId: number }) => r.avatarId)).toEqual([
      a.generalAvatar,
      a.ownAvatar,
    ]);
    expect(
      await db()
        .select()
        .from(assignmentRoles)
        .where(eq(assignmentRoles.assignmentId, created.main!)),
    ).toHaveLength(2);
  });
});

describe('PUT /api/assignments/:id/add', () => {
  it('climbs the ladder: 401, 403 trainee, 404 other organization assignment, user or group, 400 bad body or role; nothing added', async () => {
    const url = `/api/assignments/${created.main}/add`;
    expect((await call('PUT', url, undefined, { ids: [id.tessa] })).statusCode).toBe(401);
    expect((await call('PUT', url, 'trainee', { ids: [id.tessa] })).statusCode).toBe(403);
    expect((await call('PUT', url, 'manager2', { ids: [id.tessa] })).statusCode).toBe(404);
    expect((await call('PUT', url, 'manager', { ids: [id.nina] })).statusCode).toBe(404);
    expect((await call('PUT', url, 'manager', { ids: [id.nate] })).statusCode).toBe(404);
    expect((await call('PUT', url, 'manager', { ids: [id.sofia] })).statusCode).toBe(404);
    expect((await call('PUT', url, 'manager', { ids: [999999] })).statusCode).toBe(404);
    expect(
      (
        await call('PUT', url, 'manager', {
          ids: [id.tessa],
          groupIds: [group['Harbour Crew']],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('PUT', url, 'manager', { ids: ['x'] })).statusCode).toBe(400);
    expect((await call('PUT', url, 'manager', {})).statusCode).toBe(400);
    const role = await call('PUT', url, 'manager', { ids: [id.tessa, id.manager] });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe(messages.roleInvalid);
    expect(await answerUserIds(created.main!)).toEqual([]);
    expect(await instructorIds(created.main!)).toEqual([]);
  });

  it('refuses an inactive or deleted trainee: 400 with the message (a deleted one is 404 unless the admin sees it); nothing added', async () => {
    const url = `/api/assignments/${created.main}/add`;
    for (const who of ['manager', 'instructor', 'admin'] as const) {
      const res = await call('PUT', url, who, { ids: [id.tessa, id.lucas] });
      expect(res.statusCode, who).toBe(400);
      expect(res.json().message).toBe(messages.memberInactive);
      expect(res.json().error.details).toEqual([
        { path: 'ids.1', message: messages.memberInactive },
      ]);
    }
    expect((await call('PUT', url, 'manager', { ids: [id.sofia] })).statusCode).toBe(404);
    const deleted = await call('PUT', url, 'admin', { ids: [id.sofia] });
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().message).toBe(messages.memberInactive);
    const picker = await call('PUT', `/api/users/${id.lucas}/assignments`, 'manager', {
      ids: [created.main],
    });
    expect(picker.statusCode).toBe(400);
    expect(picker.json().message).toBe(messages.memberInactive);
    expect(await answerUserIds(created.main!)).toEqual([]);
    // A group brings its active trainees only: Cohort B's Lucas is inactive.
    const cohort = await call('PUT', url, 'manager', { ids: [], groupIds: [group['Cohort B']] });
    expect(cohort.statusCode).toBe(200);
    expect(await answerUserIds(created.main!)).toEqual(sorted([id.priya, id.trainee]));
    await call('PUT', `/api/assignments/${created.main}/remove`, 'manager', {
      ids: [id.priya, id.trainee],
    });
    expect(await answerUserIds(created.main!)).toEqual([]);
  });

  it('adds trainees (Pending answers), instructors and the trainees of groups, idempotently', async () => {
    const url = `/api/assignments/${created.main}/add`;
    const res = await call('PUT', url, 'instructor', {
      ids: [id.priya, id.instructor2],
      groupIds: [group['Cohort A']],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.assignmentTraineesSaved);
    expect(res.json().data).toMatchObject({
      id: created.main,
      traineesCount: 4,
      completedCount: 0,
      instructorsCount: 1,
    });
    expect(await answerUserIds(created.main!)).toEqual(
      sorted([id.priya, id.trainee, id.tessa, id.omar]),
    );
    expect(
      (await answerRows(created.main!)).every((r) => r.statusId === AnswerStatus.Pending),
    ).toBe(true);
    expect(await instructorIds(created.main!)).toEqual([id.instructor2]);
    const again = await call('PUT', url, 'manager', { ids: [id.priya, id.priya, id.instructor2] });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ traineesCount: 4, instructorsCount: 1 });
  });

  it('creates one answer when the same trainee is added concurrently', async () => {
    const url = `/api/assignments/${created.general}/add`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('PUT', url, i % 2 ? 'manager' : 'instructor', { ids: [id.priya] }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await answerRows(created.general!)).toEqual([
      { userId: id.priya, statusId: AnswerStatus.Pending },
    ]);
    // The unique index alone (no row lock) also keeps one answer: ON CONFLICT DO NOTHING.
    await Promise.all(
      Array.from({ length: 6 }, () => insertPendingAnswers(db(), created.general!, [id.priya!])),
    );
    expect(await answerUserIds(created.general!)).toEqual([id.priya]);
  });
});

describe('GET /api/assignments/:id/users and /answers', () => {
  it('answers 401, 403, 404 other organization, 400 bad roles, and the members by roles with paging', async () => {
    const url = `/api/assignments/${created.main}/users`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, 'trainee')).statusCode).toBe(403);
    expect((await call('GET', url, 'manager2')).statusCode).toBe(404);
    expect((await call('GET', `${url}?roles=9`, 'manager')).statusCode).toBe(400);
    expect((await call('GET', `${url}?status=7`, 'manager')).statusCode).toBe(400);
    const trainees = (await call('GET', `${url}?roles=${Role.Trainee}`, 'instructor')).json().data;
    expect(trainees.count).toBe(4);
    expect(sorted(trainees.list.map((u: { id: number }) => u.id))).toEqual(
      sorted([id.priya, id.trainee, id.tessa, id.omar]),
    );
    expect(trainees.list[0]).toMatchObject({
      roleId: Role.Trainee,
      answer: {
        id: expect.any(Number),
        statusId: AnswerStatus.Pending,
        submittedAt: null,
        score: null,
        viewed: false,
      },
    });
    const instructors = (await call('GET', `${url}?roles=${Role.Instructor}`, 'manager')).json()
      .data;
    expect(instructors).toMatchObject({ count: 1, list: [{ id: id.instructor2, answer: null }] });
    const all = (await call('GET', url, 'manager')).json().data;
    expect(all.count).toBe(5);
    expect((await call('GET', `${url}?page=2`, 'manager')).json().data).toEqual({
      list: [],
      count: 5,
    });
    const search = (await call('GET', `${url}?search=patel`, 'manager')).json().data;
    expect(search.list.map((u: { id: number }) => u.id)).toEqual([id.priya]);
  });

  it('GET /answers answers an array of the answers', async () => {
    const url = `/api/assignments/${created.main}/answers`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, 'trainee')).statusCode).toBe(403);
    expect((await call('GET', url, 'manager2')).statusCode).toBe(404);
    const res = await call('GET', url, 'instructor');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(4);
    expect(res.json().data[0]).toMatchObject({
      assignmentId: created.main,
      statusId: AnswerStatus.Pending,
      score: null,
      practiceCounter: 0,
      user: { firstName: expect.any(String) },
    });
    expect((await call('GET', `${url}?status=2`, 'instructor')).json().data).toEqual([]);
  });
});

describe('PUT /api/assignments/:id/status and the rules of 001 §4', () => {
  const status = (assignmentId: number, statusId: number, who = 'manager') =>
    call('PUT', `/api/assignments/${assignmentId}/status?statusId=${statusId}`, who);
  const statusOf = async (assignmentId: number) =>
    (await db().select().from(assignments).where(eq(assignments.id, assignmentId)))[0]!.statusId;

  it('climbs the ladder; unknown statuses and disallowed transitions are 400', async () => {
    const m = created.main!;
    expect((await call('PUT', `/api/assignments/${m}/status?statusId=3`)).statusCode).toBe(401);
    expect((await status(m, 3, 'trainee')).statusCode).toBe(403);
    expect((await status(m, 3, 'manager2')).statusCode).toBe(404);
    expect((await status(m, 4)).statusCode).toBe(400);
    expect((await status(m, 6)).statusCode).toBe(400);
    expect((await call('PUT', `/api/assignments/${m}/status`, 'manager')).statusCode).toBe(400);
    const close = await status(m, AssignmentStatus.Closed);
    expect(close.statusCode).toBe(400);
    expect(close.json().message).toBe(messages.statusTransitionNotAllowed);
    expect(await statusOf(m)).toBe(AssignmentStatus.Draft);
  });

  it('plans, publishes (re-checking the composition) and returns to Draft while no trainee completed', async () => {
    const m = created.main!;
    const planned = await status(m, AssignmentStatus.Planned, 'instructor');
    expect(planned.statusCode).toBe(200);
    expect(planned.json().message).toBe(format.assignmentStatusUpdatedTo('Planned'));
    expect(planned.json().data).toMatchObject({
      statusId: 2,
      planned: true,
      canReturnToDraft: true,
    });
    const active = await status(m, AssignmentStatus.Active);
    expect(active.json().message).toBe('Assignment status updated to Active!');
    expect(active.json().data).toMatchObject({
      statusId: AssignmentStatus.Active,
      canReturnToDraft: true,
      canClose: false,
      canPrintReport: false,
    });
    expect((await status(m, AssignmentStatus.Planned)).statusCode).toBe(400);
    expect((await status(m, AssignmentStatus.Active)).statusCode).toBe(200);
    expect((await status(m, AssignmentStatus.Draft)).json().data.statusId).toBe(
      AssignmentStatus.Draft,
    );
    // Publishing re-checks: an interview gone Inactive blocks it.
    await db()
      .update(contents)
      .set({ statusId: ContentStatus.Inactive })
      .where(eq(contents.id, c.interview!.id));
    const blocked = await status(m, AssignmentStatus.Active);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toBe(messages.selectInterviewToContinue);
    await db()
      .update(contents)
      .set({ statusId: ContentStatus.Active })
      .where(eq(contents.id, c.interview!.id));
    expect((await status(m, AssignmentStatus.Active)).statusCode).toBe(200);
  });

  it('once a trainee completed: no Return to Draft, no removal of that trainee; Close and Print Report offered', async () => {
    const m = created.main!;
    await setAnswer(m, id.priya, {
      statusId: AnswerStatus.Submitted,
      submittedAt: new Date(),
      score: 3,
    });
    await setAnswer(m, id.omar, {
      statusId: AnswerStatus.Reviewed,
      submittedAt: new Date(),
      reviewedAt: new Date(),
      score: 4.5,
    });
    const detail = (await call('GET', `/api/assignments/${m}`, 'manager')).json().data;
    expect(detail).toMatchObject({
      traineesCount: 4,
      completedCount: 2,
      answerCounts: { all: 4, pending: 2, submitted: 1, reviewed: 1 },
      averageScore: 4.5,
      canReturnToDraft: false,
      canClose: true,
      canPrintReport: true,
    });
    const members = (
      await call('GET', `/api/assignments/${m}/users?roles=1&status=2,3`, 'manager')
    ).json().data;
    expect(members.count).toBe(2);
    const byId = new Map(
      members.list.map((u: { id: number; answer: unknown }) => [u.id, u.answer]),
    );
    expect(byId.get(id.priya)).toMatchObject({ statusId: AnswerStatus.Submitted, score: null });
    expect(byId.get(id.omar)).toMatchObject({ statusId: AnswerStatus.Reviewed, score: 4.5 });

    const back = await status(m, AssignmentStatus.Draft);
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(messages.statusTransitionNotAllowed);
    const remove = await call('PUT', `/api/assignments/${m}/remove`, 'manager', {
      ids: [id.trainee, id.priya],
    });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().message).toBe(messages.removeOnlyPending);
    expect(await answerUserIds(m)).toEqual(sorted([id.priya, id.trainee, id.tessa, id.omar]));
  });

  it('while Active only name, description and due date change', async () => {
    const url = `/api/assignments/interview/${created.main}`;
    const current = {
      roles: [
        { roleId: c.interview!.roleIds[1], avatarId: a.ownAvatar },
        { roleId: c.interview!.roleIds[0], avatarId: a.generalAvatar },
      ],
    };
    const locked = await call(
      'PUT',
      url,
      'manager',
      form({ ...current, environmentId: a.notAddedEnvironment }),
    );
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(messages.compositionLocked);
    const swapped = await call(
      'PUT',
      url,
      'manager',
      form({
        roles: [
          { roleId: c.interview!.roleIds[0], avatarId: a.ownAvatar },
          { roleId: c.interview!.roleIds[1], avatarId: a.generalAvatar },
        ],
      }),
    );
    expect(swapped.json().message).toBe(messages.compositionLocked);
    const ok = await call(
      'PUT',
      url,
      'manager',
      form({ ...current, name: 'Live practice', closeDate: '2032-01-15' }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      name: 'Live practice',
      closeDate: '2032-01-15',
      statusId: AssignmentStatus.Active,
    });
  });

  it('removes Pending trainees and instructors; ids that are not members are ignored', async () => {
    const m = created.main!;
    const url = `/api/assignments/${m}/remove`;
    expect((await call('PUT', url, undefined, { ids: [id.trainee] })).statusCode).toBe(401);
    expect((await call('PUT', url, 'trainee', { ids: [id.trainee] })).statusCode).toBe(403);
    expect((await call('PUT', url, 'manager2', { ids: [id.trainee] })).statusCode).toBe(404);
    expect((await call('PUT', url, 'manager', { ids: 'x' })).statusCode).toBe(400);
    expect(await answerUserIds(m)).toHaveLength(4);
    const res = await call('PUT', url, 'instructor', {
      ids: [id.trainee, id.instructor2, id.nina],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.traineeRemoved);
    expect(res.json().data).toMatchObject({ traineesCount: 3, instructorsCount: 0 });
    expect(await answerUserIds(m)).toEqual(sorted([id.priya, id.tessa, id.omar]));
    expect(await instructorIds(m)).toEqual([]);
  });

  it('closes once a trainee completed; a Closed assignment is frozen', async () => {
    const m = created.main!;
    const closed = await status(m, AssignmentStatus.Closed);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().message).toBe(format.assignmentStatusUpdatedTo('Closed'));
    expect(closed.json().data).toMatchObject({
      statusId: AssignmentStatus.Closed,
      canReturnToDraft: false,
      canClose: false,
      canPrintReport: true,
      canReopen: true,
    });
    for (const to of [AssignmentStatus.Draft, AssignmentStatus.Planned])
      expect((await status(m, to)).statusCode).toBe(400);
    // Reopening (Closed → Active, decisions.md#console-flows §3) is a manager's or admin's: see assignment-reopen.test.ts.
    expect((await status(m, AssignmentStatus.Active, 'instructor')).statusCode).toBe(403);
    const add = await call('PUT', `/api/assignments/${m}/add`, 'manager', { ids: [id.trainee] });
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toBe(messages.assignmentClosed);
    const remove = await call('PUT', `/api/assignments/${m}/remove`, 'manager', {
      ids: [id.tessa],
    });
    expect(remove.json().message).toBe(messages.assignmentClosed);
    const edit = await call('PUT', `/api/assignments/interview/${m}`, 'manager', form());
    expect(edit.json().message).toBe(messages.assignmentClosed);
    const del = await call('DELETE', `/api/assignments/interview/${m}`, 'manager');
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe(messages.deleteOnlyDraft);
    expect(await statusOf(m)).toBe(AssignmentStatus.Closed);
    expect(await answerUserIds(m)).toHaveLength(3);
  });
});

describe('DELETE /api/assignments/interview/:id', () => {
  it('climbs the ladder and deletes a Draft with its members', async () => {
    const g = created.general!;
    const url = `/api/assignments/interview/${g}`;
    await call('PUT', `/api/assignments/${g}/add`, 'manager', { ids: [id.instructor2] });
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', url, 'trainee')).statusCode).toBe(403);
    expect((await call('DELETE', url, 'manager2')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/assignments/interview/abc', 'manager')).statusCode).toBe(
      400,
    );
    expect(await answerUserIds(g)).toEqual([id.priya]);
    const res = await call('DELETE', url, 'instructor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.assignmentDeleted, data: null });
    expect(await db().select().from(assignments).where(eq(assignments.id, g))).toHaveLength(0);
    expect(await answerUserIds(g)).toEqual([]);
    expect(await instructorIds(g)).toEqual([]);
    expect((await call('GET', `/api/assignments/${g}`, 'manager')).statusCode).toBe(404);
  });
});

describe('GET /api/assignments', () => {
  beforeAll(async () => {
    // Main is Closed; admin's is Draft; add an Active one in Northwind and one in Demo.
    const northwindInterview = c.northwindInterview!;
    const nwAvatar = await createAsset(db(), { name: 'NW', organizationId: org.northwind });
    const nwEnv = await createAsset(db(), {
      name: 'NW env',
      assetTypeId: AssetType.Environment,
      organizationId: org.northwind,
    });
    const nwRatings = await createContent(db(), {
      name: 'NW stars',
      contentTypeId: ContentType.RatingScale,
      organizationId: org.northwind,
    });
    const nwFeedback = await createContent(db(), {
      name: 'NW feedback',
      contentTypeId: ContentType.Feedback,
      organizationId: org.northwind,
    });
    const nw = await call('POST', '/api/assignments/interview', 'manager2', {
      name: 'Harbour interview',
      description: 'Northwind practice',
      organizationId: org.northwind,
      interviewId: northwindInterview.id,
      roles: [{ roleId: northwindInterview.roleIds[0], avatarId: nwAvatar.id }],
      environmentId: nwEnv.id,
      ratingsId: nwRatings.id,
      feedbackId: nwFeedback.id,
    });
    expect(nw.statusCode).toBe(200);
    created.northwind = nw.json().data.id;
    const live = await call(
      'POST',
      '/api/assignments/interview',
      'manager',
      form({ name: 'Live demo' }),
    );
    created.live = live.json().data.id;
    await call('PUT', `/api/assignments/${created.live}/status?statusId=3`, 'manager');
    await call('PUT', `/api/assignments/${created.live}/add`, 'manager', {
      ids: [id.tessa, id.instructor],
    });
  });

  it('answers 401, 403 trainee, 404 another organization, 400 bad filters', async () => {
    expect((await call('GET', '/api/assignments')).statusCode).toBe(401);
    expect((await call('GET', '/api/assignments', 'trainee')).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/assignments?organizationId=${org.northwind}`, 'manager')).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/assignments?status=9', 'manager')).statusCode).toBe(400);
    expect((await call('GET', '/api/assignments?status=abc', 'manager')).statusCode).toBe(400);
    expect((await call('GET', '/api/assignments?search=ab', 'manager')).statusCode).toBe(400);
    expect((await call('GET', '/api/assignments?pageSize=7', 'manager')).statusCode).toBe(400);
  });

  it('scopes by organization, filters by status (one or a list), search and userId, with status counts', async () => {
    const names = (list: { name: string }[]) => list.map((x) => x.name);
    const mine = (await call('GET', '/api/assignments', 'instructor2')).json().data;
    expect(names(mine.list)).toEqual(['Live demo', 'Admin made', 'Live practice']);
    expect(mine.count).toBe(3);
    expect(mine.statusCounts).toEqual({ draft: 1, planned: 0, active: 1, closed: 1 });
    expect(mine.list[0]).toMatchObject({
      statusId: AssignmentStatus.Active,
      closeDate: '2031-06-30',
      startDate: todayIsoDate(),
      traineesCount: 1,
      completedCount: 0,
      instructorsCount: 1,
      createdBy: { id: id.manager, firstName: 'Maya', lastName: 'Manning' },
    });
    expect(mine.list[0].answer).toBeUndefined();
    const admin = (await call('GET', '/api/assignments', 'admin')).json().data;
    expect(admin.count).toBe(4);
    expect(admin.statusCounts).toEqual({ draft: 2, planned: 0, active: 1, closed: 1 });
    const nw = (
      await call('GET', `/api/assignments?organizationId=${org.northwind}`, 'admin')
    ).json().data;
    expect(names(nw.list)).toEqual(['Harbour interview']);
    const closed = (await call('GET', '/api/assignments?status=5', 'manager')).json().data;
    expect(names(closed.list)).toEqual(['Live practice']);
    expect(closed.count).toBe(1);
    expect(closed.statusCounts).toEqual(mine.statusCounts);
    const two = (await call('GET', '/api/assignments?status=3,5', 'manager')).json().data;
    expect(names(two.list)).toEqual(['Live demo', 'Live practice']);
    const search = (await call('GET', '/api/assignments?search=LIVE', 'manager')).json().data;
    expect(search.count).toBe(2);
    expect(search.statusCounts).toEqual({ draft: 0, planned: 0, active: 1, closed: 1 });
    const paged = (await call('GET', '/api/assignments?page=2&pageSize=25', 'manager')).json().data;
    expect(paged).toMatchObject({ list: [], count: 3 });
    expect(paged.statusCounts).toEqual(mine.statusCounts); // past the last page
    const none = (await call('GET', '/api/assignments?status=2', 'manager')).json().data;
    expect(none).toMatchObject({ list: [], count: 0, statusCounts: mine.statusCounts });

    const tessa = (await call('GET', `/api/assignments?userId=${id.tessa}`, 'manager')).json().data;
    expect(names(tessa.list)).toEqual(['Live demo', 'Live practice']);
    expect(tessa.list[0].answer).toMatchObject({ statusId: AnswerStatus.Pending, score: null });
    const omar = (await call('GET', `/api/assignments?userId=${id.omar}`, 'manager')).json().data;
    expect(omar.list[0].answer).toMatchObject({ statusId: AnswerStatus.Reviewed, score: 4.5 });
    const ian = (await call('GET', `/api/assignments?userId=${id.instructor}`, 'manager')).json()
      .data;
    expect(names(ian.list)).toEqual(['Live demo']);
    expect(ian.list[0].answer).toBeNull();
  });
});

describe('GET /api/assignments/dashboard', () => {
  it('answers 401, 403 trainee, 404 another organization, and the numbers of 000 §2.5', async () => {
    expect((await call('GET', '/api/assignments/dashboard')).statusCode).toBe(401);
    expect((await call('GET', '/api/assignments/dashboard', 'trainee')).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/assignments/dashboard?organizationId=${org.northwind}`, 'manager'))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', '/api/assignments/dashboard?organizationId=999999', 'admin')).statusCode,
    ).toBe(404);
    const res = await call('GET', '/api/assignments/dashboard', 'instructor');
    expect(res.statusCode).toBe(200);
    // Active trainees of Demo Academy: Tom, Tessa, Omar, Priya (Lucas inactive, Sofia deleted).
    // No content awaits approval here (decisions.md#console-flows §7; counted in contents.test.ts).
    const noApproval = {
      awaitingApproval: 0,
      awaitingApprovalByType: { interviews: 0, ratingScales: 0, feedbackForms: 0 },
    };
    expect(res.json().data).toEqual({
      totalTrainees: 4,
      activeAssignments: 1,
      pendingReview: 1,
      ...noApproval,
    });
    await setAnswer(created.live!, id.tessa, { statusId: AnswerStatus.Submitted });
    expect((await call('GET', '/api/assignments/dashboard', 'manager')).json().data).toEqual({
      totalTrainees: 4,
      activeAssignments: 1,
      pendingReview: 2,
      ...noApproval,
    });
    expect(
      (
        await call('GET', `/api/assignments/dashboard?organizationId=${org.northwind}`, 'admin')
      ).json().data,
    ).toEqual({ totalTrainees: 2, activeAssignments: 0, pendingReview: 0, ...noApproval });
    await setAnswer(created.live!, id.tessa, { statusId: AnswerStatus.Pending });
  });
});

describe('PUT /api/users/:id/assignments (000 §2.10)', () => {
  it('climbs the ladder; a denied write changes nothing', async () => {
    const url = `/api/users/${id.trainee}/assignments`;
    expect((await call('PUT', url, undefined, { ids: [created.live] })).statusCode).toBe(401);
    expect((await call('PUT', url, 'trainee', { ids: [created.live] })).statusCode).toBe(403);
    expect((await call('PUT', url, 'manager2', { ids: [created.live] })).statusCode).toBe(404);
    expect((await call('PUT', url, 'manager', { ids: [created.northwind] })).statusCode).toBe(404);
    expect((await call('PUT', url, 'manager', { ids: [999999] })).statusCode).toBe(404);
    expect((await call('PUT', url, 'manager', { ids: 'x' })).statusCode).toBe(400);
    const role = await call('PUT', `/api/users/${id.manager}/assignments`, 'admin', {
      ids: [created.live],
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe(messages.roleInvalid);
    const closed = await call('PUT', url, 'manager', { ids: [created.main] });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe(messages.assignmentClosed);
    expect(await answerUserIds(created.live!)).toEqual([id.tessa]);
  });

  it("sets a trainee's and an instructor's assignments; Closed ones are kept; completed ones cannot be dropped", async () => {
    const res = await call('PUT', `/api/users/${id.trainee}/assignments`, 'instructor', {
      ids: [created.live, created.admin],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.traineeAssignmentsSaved);
    expect(res.json().data.list.map((x: { id: number }) => x.id)).toEqual([
      created.live,
      created.admin,
    ]);
    expect(res.json().data.list[0].answer).toMatchObject({ statusId: AnswerStatus.Pending });
    expect(await answerUserIds(created.live!)).toEqual(sorted([id.tessa, id.trainee]));

    // Tessa: on Live demo (Pending) and on the Closed one (Pending): [] drops only Live demo.
    const tessa = await call('PUT', `/api/users/${id.tessa}/assignments`, 'manager', { ids: [] });
    expect(tessa.statusCode).toBe(200);
    expect(tessa.json().data.list.map((x: { id: number }) => x.id)).toEqual([created.main]);

    await setAnswer(created.live!, id.trainee, { statusId: AnswerStatus.Submitted });
    const drop = await call('PUT', `/api/users/${id.trainee}/assignments`, 'manager', {
      ids: [created.admin],
    });
    expect(drop.statusCode).toBe(400);
    expect(drop.json().message).toBe(messages.removeOnlyPending);
    expect(await answerUserIds(created.admin!)).toEqual([id.trainee]);
    expect(await answerUserIds(created.live!)).toEqual([id.trainee]);

    const ian = await call('PUT', `/api/users/${id.instructor2}/assignments`, 'manager', {
      ids: [created.admin],
    });
    expect(ian.statusCode).toBe(200);
    expect(await instructorIds(created.admin!)).toEqual([id.instructor2]);
    expect(
      (await call('PUT', `/api/users/${id.manager}/assignments`, 'admin', { ids: [] })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/assignments/interview: the organization of the assignment', () => {
  const nw: Record<string, number> = {};
  beforeAll(async () => {
    nw.avatar = (await createAsset(db(), { name: 'NW host', organizationId: org.northwind })).id;
    nw.environment = (
      await createAsset(db(), {
        name: 'NW dock',
        assetTypeId: AssetType.Environment,
        organizationId: org.northwind,
      })
    ).id;
    nw.ratings = (
      await createContent(db(), {
        name: 'NW scale',
        contentTypeId: ContentType.RatingScale,
        organizationId: org.northwind,
      })
    ).id;
    nw.feedback = (
      await createContent(db(), {
        name: 'NW form',
        contentTypeId: ContentType.Feedback,
        organizationId: org.northwind,
      })
    ).id;
  });
  const northwindForm = (over: Record<string, unknown> = {}) =>
    form({
      name: 'Harbour drill',
      organizationId: org.northwind,
      interviewId: c.northwindInterview!.id,
      roles: [{ roleId: c.northwindInterview!.roleIds[0], avatarId: nw.avatar }],
      environmentId: nw.environment,
      ratingsId: nw.ratings,
      feedbackId: nw.feedback,
      ...over,
    });
  const inNorthwind = async () =>
    (
      await db()
        .select({ n: count() })
        .from(assignments)
        .where(eq(assignments.organizationId, org.northwind))
    )[0]!.n;

  it("refuses another organization's id from a manager or an instructor (404), nothing created", async () => {
    const before = await inNorthwind();
    for (const who of ['manager', 'instructor', 'instructor2']) {
      const res = await call('POST', '/api/assignments/interview', who, northwindForm());
      expect(res.statusCode, who).toBe(404);
    }
    // Without an organization the body is refused (400), never defaulted.
    const missing = await call(
      'POST',
      '/api/assignments/interview',
      'admin',
      northwindForm({ organizationId: undefined }),
    );
    expect(missing.statusCode).toBe(400);
    expect(await inNorthwind()).toBe(before);
  });

  it("offers an admin the chosen organization's content and assets, and checks the composition against it", async () => {
    const interviews = (
      await call(
        'GET',
        `/api/interviews?organizationId=${org.northwind}&status=${ContentStatus.Active}&scope=2&pageSize=100`,
        'admin',
      )
    ).json().data.list as { id: number }[];
    expect(interviews.map((i) => i.id)).toContain(c.northwindInterview!.id);
    expect(interviews.map((i) => i.id)).not.toContain(c.interview!.id);
    const avatars = (
      await call('GET', `/api/organizations/${org.northwind}/assets?type=1`, 'admin')
    ).json().data.list as { id: number }[];
    expect(avatars.map((x) => x.id)).toContain(nw.avatar);
    expect(avatars.map((x) => x.id)).not.toContain(a.ownAvatar);

    // Demo Academy's composition does not fit Northwind: the wizard's messages.
    const foreign = await call(
      'POST',
      '/api/assignments/interview',
      'admin',
      form({ organizationId: org.northwind }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(messages.selectInterviewToContinue);
    expect(foreign.json().error.details.map((d: { path: string }) => d.path)).toEqual([
      'interviewId',
      'environmentId',
      'roles.0.avatarId',
      'roles.1.avatarId',
      'ratingsId',
      'feedbackId',
    ]);

    const res = await call('POST', '/api/assignments/interview', 'admin', northwindForm());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      organizationId: org.northwind,
      statusId: AssignmentStatus.Draft,
      data: { interviewId: c.northwindInterview!.id, environmentId: nw.environment },
    });
    // Northwind's manager sees it; Demo Academy's does not.
    const url = `/api/assignments/${res.json().data.id}`;
    expect((await call('GET', url, 'manager2')).statusCode).toBe(200);
    expect((await call('GET', url, 'manager')).statusCode).toBe(404);
    await db().delete(assignments).where(eq(assignments.id, res.json().data.id));
  });
});

describe('OpenAPI', () => {
  it('documents the assignment calls', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/assignments',
      '/api/assignments/dashboard',
      '/api/assignments/interview',
      '/api/assignments/interview/{id}',
      '/api/assignments/{id}',
      '/api/assignments/{id}/users',
      '/api/assignments/{id}/answers',
      '/api/assignments/{id}/add',
      '/api/assignments/{id}/remove',
      '/api/assignments/{id}/status',
      '/api/users/{id}/assignments',
    ])
      expect(doc.paths[path], path).toBeDefined();
  });
});

describe('seedAssignments', () => {
  it('skips when Demo Academy or its content is missing', async () => {
    const fresh = await createTestDatabase();
    try {
      expect(await seedAssignments(fresh.database.db)).toBe(false);
    } finally {
      await fresh.drop();
    }
  });

  it('seeds a Draft, an Active and a Closed assignment with trainees and the instructor, once', async () => {
    await db().delete(assignments);
    expect(await seedAssignments(db())).toBe(true);
    const rows = await db()
      .select()
      .from(assignments)
      .where(eq(assignments.organizationId, org.demo));
    expect(rows.map((r) => r.statusId).sort()).toEqual([
      AssignmentStatus.Draft,
      AssignmentStatus.Active,
      AssignmentStatus.Closed,
    ]);
    for (const row of rows) {
      expect((await answerRows(row.id)).length).toBeGreaterThan(0);
      expect((await answerRows(row.id)).every((r) => r.statusId === AnswerStatus.Pending)).toBe(
        true,
      );
      expect(await instructorIds(row.id)).toEqual([id.instructor]);
      const detail = (await call('GET', `/api/assignments/${row.id}`, 'manager')).json().data;
      expect(detail.data.interview).not.toBeNull();
      expect(detail.data.roles.every((r: { avatar: unknown }) => r.avatar !== null)).toBe(true);
    }
    expect(await seedAssignments(db())).toBe(false);
    expect(await assignmentCount()).toBe(3);
  });
});
