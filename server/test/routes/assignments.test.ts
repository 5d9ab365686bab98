/**
 * The /assignments calls of 001 §7 with the rules of 001 §4/§5 (decisions.md#assignments), the instructor
 * dashboard numbers (000 §2.5), the user detail's assignments tab (PUT /users/{id}/assignments)
 * and the demo seed. Each call climbs the ladder 401 → 403 → 404 other organization → 400 →
 * success; a denied write changes nothing. Each test builds its own organizations, people,
 * content, assets and assignments (factories.ts, `buildAssignmentsWorld`), so it passes alone and
 * in any order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
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
import {
  adminUser,
  apiData,
  buildAssignment,
  buildGroup,
  buildOrganization,
  buildUser,
  factoryOf,
  type AssignmentInput,
  type Factory,
} from '../factories.js';
import { buildTestApp, injectWithToken, type Method, type TestContext } from '../helpers/build.js';
import { createTestDatabase } from '../helpers/database.js';
import { demoSession, demoUserIds } from '../helpers/demo-fixture.js';
import { createAsset, createContent, type CreatedContent } from '../helpers/factories.js';

// The app and its database only: every test builds its own organizations and assignments.
let ctx: TestContext;
let f: Factory;
beforeAll(async () => {
  ctx = await buildTestApp({}, { seed: false });
  f = factoryOf(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.testDb.database.db;

/**
 * Two organizations of their own, shaped as the demo's. People: Maya (manager), Ian (instructor,
 * creator) and Irene (instructor), Tom, Tessa, Omar, Priya (trainees), Lucas (inactive), Sofia
 * (soft-deleted); in the other organization Nora (manager), Nate (instructor), Nina and Noah
 * (trainees). Content (`c`): the organization's Active two-role 'Sales interview', 'No roles', a
 * Draft interview, the 'Five stars' scale and a Draft one; general content added to it ('General
 * interview', 'Feedback form') and not added ('Not added'); the other's 'Northwind interview',
 * scale and form. Assets (`a`, storage keys in `key`): its own avatar, a general one added to it
 * and one not added, the other's avatar and environment, the 'Office' environment added to it and
 * the 'Beach' not added. No assignment and no group: the test makes those it needs.
 */
async function buildAssignmentsWorld() {
  const org = await buildOrganization(f);
  const other = await buildOrganization(f);
  type Staff = typeof Role.Trainee | typeof Role.Instructor | typeof Role.Manager;
  const person =
    (organizationId: number, role: Staff) =>
    (
      firstName: string,
      lastName: string,
      extra: { deleted?: boolean; inactive?: boolean; creator?: boolean } = {},
    ) =>
      buildUser(f, { role, organizationId, firstName, lastName, ...extra });
  const people = {
    manager: await person(org.id, Role.Manager)('Maya', 'Manning'),
    instructor: await person(org.id, Role.Instructor)('Ian', 'Instructor', { creator: true }),
    instructor2: await person(org.id, Role.Instructor)('Irene', 'Iverson'),
    trainee: await person(org.id, Role.Trainee)('Tom', 'Trainee'),
    tessa: await person(org.id, Role.Trainee)('Tessa', 'Tran'),
    omar: await person(org.id, Role.Trainee)('Omar', 'Okafor'),
    priya: await person(org.id, Role.Trainee)('Priya', 'Patel'),
    lucas: await person(org.id, Role.Trainee)('Lucas', 'Lindqvist', { inactive: true }),
    sofia: await person(org.id, Role.Trainee)('Sofia', 'Santos', { deleted: true }),
    manager2: await person(other.id, Role.Manager)('Nora', 'Northwind'),
    nate: await person(other.id, Role.Instructor)('Nate', 'Nguyen'),
    nina: await person(other.id, Role.Trainee)('Nina', 'Novak'),
    noah: await person(other.id, Role.Trainee)('Noah', 'Nilsen'),
  };
  const admin = await adminUser(f);

  const content = (input: Parameters<typeof createContent>[1]) => createContent(db(), input);
  const c = {
    interview: await content({
      name: 'Sales interview',
      organizationId: org.id,
      roles: ['Interviewer', 'Panelist'],
      questions: [
        { text: 'Tell us about yourself', role: 0 },
        { text: 'Why sales?', role: 1 },
      ],
    }),
    generalInterview: await content({
      name: 'General interview',
      addedTo: [org.id],
      roles: ['Host'],
      questions: [{ text: 'Hello?', role: 0 }],
    }),
    notAddedInterview: await content({ name: 'Not added', roles: ['Host'] }),
    draftInterview: await content({
      name: 'Draft interview',
      organizationId: org.id,
      statusId: ContentStatus.Draft,
      roles: ['Host'],
    }),
    northwindInterview: await content({
      name: 'Northwind interview',
      organizationId: other.id,
      roles: ['Host'],
    }),
    noRoles: await content({ name: 'No roles', organizationId: org.id }),
    ratings: await content({
      name: 'Five stars',
      contentTypeId: ContentType.RatingScale,
      organizationId: org.id,
      questions: [{ text: 'Clarity', options: ['1', '2', '3', '4', '5'] }],
    }),
    draftRatings: await content({
      name: 'Draft stars',
      contentTypeId: ContentType.RatingScale,
      organizationId: org.id,
      statusId: ContentStatus.Draft,
    }),
    feedback: await content({
      name: 'Feedback form',
      contentTypeId: ContentType.Feedback,
      addedTo: [org.id],
      questions: [
        { text: 'Best part', questionTypeId: QuestionType.Single, options: ['Start', 'End'] },
      ],
    }),
    northwindRatings: await content({
      name: 'NW stars',
      contentTypeId: ContentType.RatingScale,
      organizationId: other.id,
    }),
    northwindFeedback: await content({
      name: 'NW feedback',
      contentTypeId: ContentType.Feedback,
      organizationId: other.id,
    }),
  } satisfies Record<string, CreatedContent>;

  const a: Record<string, number> = {};
  const key: Record<string, string | null> = {};
  for (const [name, input] of Object.entries({
    ownAvatar: { name: 'Own avatar', organizationId: org.id },
    generalAvatar: { name: 'General avatar', addedTo: [org.id] },
    notAddedAvatar: { name: 'Not added avatar' },
    northwindAvatar: { name: 'Northwind avatar', organizationId: other.id },
    northwindEnvironment: {
      name: 'NW dock',
      assetTypeId: AssetType.Environment,
      organizationId: other.id,
    },
    environment: { name: 'Office', assetTypeId: AssetType.Environment, addedTo: [org.id] },
    notAddedEnvironment: { name: 'Beach', assetTypeId: AssetType.Environment },
  })) {
    const made = await createAsset(db(), input);
    a[name] = made.id;
    key[name] = made.storageKey;
  }

  type Who = keyof typeof people | 'admin';
  const tokenOf = (who: Who) => (who === 'admin' ? admin.token : people[who].token);
  return {
    org,
    other,
    people,
    id: {
      ...Object.fromEntries(Object.entries(people).map(([k, u]) => [k, u.id])),
      admin: admin.id,
    } as Record<Who, number>,
    c,
    a: a as Record<
      | 'ownAvatar'
      | 'generalAvatar'
      | 'notAddedAvatar'
      | 'northwindAvatar'
      | 'northwindEnvironment'
      | 'environment'
      | 'notAddedEnvironment',
      number
    >,
    key,
    /** `method url` as `who` (none: without a token), with an optional JSON body. */
    call: (method: Method, url: string, who?: Who, payload?: object) =>
      injectWithToken(f.app, method, url, who ? tokenOf(who) : undefined, payload),
  };
}
type World = Awaited<ReturnType<typeof buildAssignmentsWorld>>;

/** A valid form for the world's organization built from its content. */
const form = (w: World, over: Record<string, unknown> = {}) => ({
  name: 'Sales interview practice',
  description: 'Practise the sales interview',
  closeDate: '2031-06-30',
  organizationId: w.org.id,
  interviewId: w.c.interview.id,
  roles: [
    { roleId: w.c.interview.roleIds[0], avatarId: w.a.ownAvatar },
    { roleId: w.c.interview.roleIds[1], avatarId: w.a.generalAvatar },
  ],
  environmentId: w.a.environment,
  ratingsId: w.c.ratings.id,
  feedbackId: w.c.feedback.id,
  ...over,
});

/**
 * An assignment of the world's organization with `form`'s composition, made by its manager
 * (factories.ts `buildAssignment`: Draft unless `status` is Active, `members` added). Answers its id.
 */
const assignment = (w: World, over: Partial<AssignmentInput> = {}) =>
  buildAssignment(f, {
    organizationId: w.org.id,
    by: w.people.manager,
    interview: w.c.interview,
    avatars: [w.a.ownAvatar, w.a.generalAvatar],
    environment: w.a.environment,
    ratings: w.c.ratings,
    feedback: w.c.feedback,
    name: 'Sales interview practice',
    closeDate: '2031-06-30',
    ...over,
  });

/**
 * The demo's groups in the world: Cohort A (Tom, Tessa, Omar; Ian), Cohort B (Priya, Lucas, Tom;
 * Irene, Ian), and the other organization's Harbour Crew (Nina, Noah; Nate). Answers their ids by name.
 */
async function cohorts(w: World) {
  const group = (organizationId: number, name: string, who: (keyof World['people'])[]) =>
    buildGroup(f, { organizationId, name, members: who.map((x) => w.id[x]) });
  return {
    'Cohort A': (await group(w.org.id, 'Cohort A', ['trainee', 'tessa', 'omar', 'instructor'])).id,
    'Cohort B': (
      await group(w.org.id, 'Cohort B', ['priya', 'lucas', 'trainee', 'instructor2', 'instructor'])
    ).id,
    'Harbour Crew': (await group(w.other.id, 'Harbour Crew', ['nina', 'noah', 'nate'])).id,
  };
}

/** The assignments of the world's two organizations. */
const assignmentCount = async (w: World) =>
  (
    await db()
      .select({ n: count() })
      .from(assignments)
      .where(inArray(assignments.organizationId, [w.org.id, w.other.id]))
  )[0]!.n;
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
const status = (
  w: World,
  assignmentId: number,
  statusId: number,
  who: 'manager' | 'instructor' | 'trainee' | 'manager2' = 'manager',
) => w.call('PUT', `/api/assignments/${assignmentId}/status?statusId=${statusId}`, who);
const statusOf = async (assignmentId: number) =>
  (await db().select().from(assignments).where(eq(assignments.id, assignmentId)))[0]!.statusId;

/** Yesterday's calendar date as the server counts days (`todayIsoDate`). */
const yesterday = () => todayIsoDate(new Date(Date.now() - 24 * 60 * 60 * 1000));

/**
 * An Active assignment with `members` (default Priya, Tom, Tessa and Omar as trainees and Irene as
 * instructor) where Priya's answer is Submitted (a stored score of 3) and Omar's Reviewed (4.5).
 * Answers its id.
 */
async function completedActive(
  w: World,
  members = ['priya', 'trainee', 'tessa', 'omar', 'instructor2'] as (keyof World['people'])[],
) {
  const m = await assignment(w, {
    members: members.map((x) => w.id[x]),
    status: AssignmentStatus.Active,
  });
  await setAnswer(m, w.id.priya, {
    statusId: AnswerStatus.Submitted,
    submittedAt: new Date(),
    score: 3,
  });
  await setAnswer(m, w.id.omar, {
    statusId: AnswerStatus.Reviewed,
    submittedAt: new Date(),
    reviewedAt: new Date(),
    score: 4.5,
  });
  return m;
}

/**
 * The assignments the list, dashboard and user tabs read, made in this order: 'Live practice'
 * (Closed; Priya submitted, Tessa Pending, Omar reviewed 4.5), 'Admin made' (Draft, by the admin,
 * no members), the other organization's 'Harbour interview' (Draft, by its manager) and 'Live
 * demo' (Active; Tessa Pending, Ian). Answers their ids; throws when the app refuses a step.
 */
async function listedAssignments(w: World) {
  const admin = (await adminUser(f)).token;
  const main = await completedActive(w, ['priya', 'tessa', 'omar']);
  const edit = form(w, { name: 'Live practice', closeDate: '2032-01-15' });
  await apiData(f, 'PUT', `/api/assignments/interview/${main}`, w.people.manager.token, edit);
  const closed = `/api/assignments/${main}/status?statusId=${AssignmentStatus.Closed}`;
  await apiData(f, 'PUT', closed, w.people.manager.token);
  const made = (token: string, body: object) =>
    apiData<{ id: number }>(f, 'POST', '/api/assignments/interview', token, body);
  const adminMade = await made(admin, form(w, { name: 'Admin made' }));
  const northwind = await made(w.people.manager2.token, {
    name: 'Harbour interview',
    description: 'Northwind practice',
    organizationId: w.other.id,
    interviewId: w.c.northwindInterview.id,
    roles: [{ roleId: w.c.northwindInterview.roleIds[0], avatarId: w.a.northwindAvatar }],
    environmentId: w.a.northwindEnvironment,
    ratingsId: w.c.northwindRatings.id,
    feedbackId: w.c.northwindFeedback.id,
  });
  const live = (await made(w.people.manager.token, form(w, { name: 'Live demo' }))).id;
  const publish = `/api/assignments/${live}/status?statusId=${AssignmentStatus.Active}`;
  await apiData(f, 'PUT', publish, w.people.manager.token);
  await apiData(f, 'PUT', `/api/assignments/${live}/add`, w.people.manager.token, {
    ids: [w.id.tessa, w.id.instructor],
  });
  return { main, admin: adminMade.id, northwind: northwind.id, live };
}

describe('POST /api/assignments/interview', () => {
  it('climbs the ladder: 401, 403 trainee, 404 other organization, nothing created', async () => {
    const w = await buildAssignmentsWorld();
    const { call } = w;
    expect((await call('POST', '/api/assignments/interview', undefined, form(w))).statusCode).toBe(
      401,
    );
    expect((await call('POST', '/api/assignments/interview', 'trainee', form(w))).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/assignments/interview', 'manager2', form(w))).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(
          'POST',
          '/api/assignments/interview',
          'admin',
          form(w, { organizationId: 999999 }),
        )
      ).statusCode,
    ).toBe(404);
    expect(await assignmentCount(w)).toBe(0);
  });

  it('answers 400 with the messages of 001 §5 for a bad form', async () => {
    const w = await buildAssignmentsWorld();
    const { call, c } = w;
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
        { roles: [{ roleId: c.interview.roleIds[0], avatarId: 0 }] },
        messages.selectAvatarToContinue,
      ],
      [{ ratingsId: null }, messages.selectRatingScaleToContinue],
      [{ feedbackId: 'x' }, messages.selectFeedbackFormToContinue],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/api/assignments/interview', 'manager', form(w, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
    }
    expect(await assignmentCount(w)).toBe(0);
  });

  it('answers 400 when the composition is not usable by the organization', async () => {
    const w = await buildAssignmentsWorld();
    const { call, c, a } = w;
    const host = (content: CreatedContent) => [
      { roleId: content.roleIds[0], avatarId: a.ownAvatar },
    ];
    const cases: [Record<string, unknown>, string][] = [
      [
        { interviewId: c.draftInterview.id, roles: host(c.draftInterview) },
        messages.selectInterviewToContinue,
      ],
      [
        { interviewId: c.notAddedInterview.id, roles: host(c.notAddedInterview) },
        messages.selectInterviewToContinue,
      ],
      [
        { interviewId: c.northwindInterview.id, roles: host(c.northwindInterview) },
        messages.selectInterviewToContinue,
      ],
      [{ interviewId: c.ratings.id }, messages.selectInterviewToContinue],
      [{ interviewId: 999999 }, messages.selectInterviewToContinue],
      [{ environmentId: a.notAddedEnvironment }, messages.selectEnvironmentToContinue],
      [{ environmentId: a.ownAvatar }, messages.selectEnvironmentToContinue],
      [
        {
          roles: [
            { roleId: c.interview.roleIds[0], avatarId: a.ownAvatar },
            { roleId: c.interview.roleIds[1], avatarId: a.notAddedAvatar },
          ],
        },
        messages.selectAvatarToContinue,
      ],
      [
        {
          roles: [
            { roleId: c.interview.roleIds[0], avatarId: a.ownAvatar },
            { roleId: c.interview.roleIds[1], avatarId: a.northwindAvatar },
          ],
        },
        messages.selectAvatarToContinue,
      ],
      [
        {
          roles: [
            { roleId: c.interview.roleIds[0], avatarId: a.ownAvatar },
            { roleId: c.interview.roleIds[1], avatarId: a.environment },
          ],
        },
        messages.selectAvatarToContinue,
      ],
      [
        { roles: [{ roleId: c.interview.roleIds[0], avatarId: a.ownAvatar }] },
        messages.selectAvatarToContinue,
      ],
      [
        {
          roles: [
            { roleId: c.interview.roleIds[0], avatarId: a.ownAvatar },
            { roleId: c.interview.roleIds[1], avatarId: a.ownAvatar },
            { roleId: c.generalInterview.roleIds[0], avatarId: a.ownAvatar },
          ],
        },
        messages.missingRoles,
      ],
      [
        {
          roles: [
            { roleId: c.interview.roleIds[0], avatarId: a.ownAvatar },
            { roleId: c.interview.roleIds[0], avatarId: a.generalAvatar },
          ],
        },
        messages.missingRoles,
      ],
      [{ interviewId: c.noRoles.id, roles: host(c.generalInterview) }, messages.missingRoles],
      [{ ratingsId: c.interview.id }, messages.invalidRatingsSelection],
      [{ ratingsId: c.feedback.id }, messages.invalidRatingsSelection],
      [{ ratingsId: c.draftRatings.id }, messages.selectRatingScaleToContinue],
      [{ feedbackId: c.ratings.id }, messages.invalidFeedbackSelection],
      [{ feedbackId: 999999 }, messages.selectFeedbackFormToContinue],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/api/assignments/interview', 'manager', form(w, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
    }
    const all = await call(
      'POST',
      '/api/assignments/interview',
      'manager',
      form(w, { environmentId: a.notAddedEnvironment, ratingsId: c.feedback.id }),
    );
    expect(all.json().error.details).toEqual([
      { path: 'environmentId', message: messages.selectEnvironmentToContinue },
      { path: 'ratingsId', message: messages.invalidRatingsSelection },
    ]);
    expect(await assignmentCount(w)).toBe(0);
  });

  it('creates a Draft starting today with its composition (manager), and from general content (instructor)', async () => {
    const w = await buildAssignmentsWorld();
    const { call, c, a, id, org } = w;
    const res = await call('POST', '/api/assignments/interview', 'manager', form(w));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.interviewAssignmentCreated);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Sales interview practice',
      description: 'Practise the sales interview',
      statusId: AssignmentStatus.Draft,
      planned: false,
      startDate: todayIsoDate(),
      closeDate: '2031-06-30',
      organizationId: org.id,
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
        id: c.interview.roleIds[0],
        roleId: c.interview.roleIds[0],
        name: 'Interviewer',
        avatarId: a.ownAvatar,
        avatar: expect.objectContaining({
          id: a.ownAvatar,
          name: 'Own avatar',
          assetTypeId: AssetType.Avatar,
          image: {
            id: expect.any(Number),
            url: expect.stringMatching(signedUrl(w.key['ownAvatar'])),
          },
        }),
      },
      expect.objectContaining({ name: 'Panelist', avatarId: a.generalAvatar }),
    ]);
    expect(data.data.interview).toMatchObject({
      id: c.interview.id,
      name: 'Sales interview',
      contentTypeId: ContentType.Interview,
      roles: [{ name: 'Interviewer' }, { name: 'Panelist' }],
      questions: [
        { text: 'Tell us about yourself', interviewRoleId: c.interview.roleIds[0], options: [] },
        { text: 'Why sales?', interviewRoleId: c.interview.roleIds[1] },
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
      id: c.feedback.id,
      organizationId: null,
      questions: [{ text: 'Best part', options: [{ text: 'Start' }, { text: 'End' }] }],
    });
    expect(data.data.environment).toMatchObject({
      id: a.environment,
      name: 'Office',
      image: { url: expect.stringMatching(signedUrl(w.key['environment'])) },
    });
    expect(data.data).toMatchObject({
      interviewId: c.interview.id,
      environmentId: a.environment,
      ratingsId: c.ratings.id,
      feedbackId: c.feedback.id,
    });

    const general = await call(
      'POST',
      '/api/assignments/interview',
      'instructor',
      form(w, {
        name: 'General practice',
        closeDate: '',
        interviewId: c.generalInterview.id,
        roles: [{ roleId: c.generalInterview.roleIds[0], avatarId: a.generalAvatar }],
      }),
    );
    expect(general.statusCode).toBe(200);
    expect(general.json().data).toMatchObject({
      closeDate: null,
      createdBy: { id: id.instructor },
    });
    const admin = await call(
      'POST',
      '/api/assignments/interview',
      'admin',
      form(w, { name: 'Admin made' }),
    );
    expect(admin.statusCode).toBe(200);
  });
});

describe('GET /api/assignments/:id', () => {
  it('answers 401, 403 trainee, 404 other organization or missing, 400 bad id, and the detail', async () => {
    const w = await buildAssignmentsWorld();
    const { call } = w;
    const m = await assignment(w);
    const url = `/api/assignments/${m}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, 'trainee')).statusCode).toBe(403);
    expect((await call('GET', url, 'manager2')).statusCode).toBe(404);
    expect((await call('GET', '/api/assignments/999999', 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/api/assignments/abc', 'admin')).statusCode).toBe(400);
    const res = await call('GET', `${url}?includes=assets,contents`, 'instructor2');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: m, statusId: AssignmentStatus.Draft });
    expect(res.json().data.data.interview.questions).toHaveLength(2);
  });
});

describe('PUT /api/assignments/interview/:id (Draft)', () => {
  it('refuses a due date moved before today; a past due date already stored may be sent back unchanged', async () => {
    const w = await buildAssignmentsWorld();
    const { call } = w;
    const m = await assignment(w);
    const url = `/api/assignments/interview/${m}`;
    const past = await call('PUT', url, 'manager', form(w, { closeDate: yesterday() }));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(messages.closeDateInPast);
    expect(past.json().error.details).toContainEqual({
      path: 'closeDate',
      message: messages.closeDateInPast,
    });
    const [row] = await db().select().from(assignments).where(eq(assignments.id, m));
    expect(row!.closeDate).toBe('2031-06-30');
    const today = await call('PUT', url, 'manager', form(w, { closeDate: todayIsoDate() }));
    expect(today.statusCode, today.body).toBe(200);
    // Overdue: the stored date passed; saving the form with it unchanged is not refused.
    await db().update(assignments).set({ closeDate: '2001-01-01' }).where(eq(assignments.id, m));
    const unchanged = await call('PUT', url, 'manager', form(w, { closeDate: '2001-01-01' }));
    expect(unchanged.statusCode, unchanged.body).toBe(200);
  });

  it('climbs the ladder and changes nothing when denied', async () => {
    const w = await buildAssignmentsWorld();
    const { call, c } = w;
    const m = await assignment(w);
    const url = `/api/assignments/interview/${m}`;
    const body = form(w, { name: 'Renamed' });
    expect((await call('PUT', url, undefined, body)).statusCode).toBe(401);
    expect((await call('PUT', url, 'trainee', body)).statusCode).toBe(403);
    expect((await call('PUT', url, 'manager2', body)).statusCode).toBe(404);
    expect((await call('PUT', url, 'manager', form(w, { name: '' }))).json().message).toBe(
      messages.titleRequired,
    );
    const moved = await call('PUT', url, 'admin', form(w, { organizationId: w.other.id }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(messages.organizationFixed);
    const bad = await call('PUT', url, 'manager', form(w, { ratingsId: c.feedback.id }));
    expect(bad.json().message).toBe(messages.invalidRatingsSelection);
    const [row] = await db().select().from(assignments).where(eq(assignments.id, m));
    expect(row!.name).toBe('Sales interview practice');
    expect(row!.ratingsId).toBe(c.ratings.id);
  });

  it('updates the whole form while Draft, roles included', async () => {
    const w = await buildAssignmentsWorld();
    const { call, c, a } = w;
    const m = await assignment(w);
    await db().update(assignments).set({ startDate: '2020-01-01' }).where(eq(assignments.id, m));
    const res = await call(
      'PUT',
      `/api/assignments/interview/${m}`,
      'instructor',
      form(w, {
        name: 'Sales interview practice II',
        closeDate: null,
        organizationId: undefined,
        roles: [
          { roleId: c.interview.roleIds[0], avatarId: a.generalAvatar },
          { roleId: c.interview.roleIds[1], avatarId: a.ownAvatar },
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
      await db().select().from(assignmentRoles).where(eq(assignmentRoles.assignmentId, m)),
    ).toHaveLength(2);
  });
});

describe('PUT /api/assignments/:id/add', () => {
  it('climbs the ladder: 401, 403 trainee, 404 other organization assignment, user or group, 400 bad body or role; nothing added', async () => {
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    const group = await cohorts(w);
    const m = await assignment(w);
    const url = `/api/assignments/${m}/add`;
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
    expect(await answerUserIds(m)).toEqual([]);
    expect(await instructorIds(m)).toEqual([]);
  });

  it('refuses an inactive or deleted trainee: 400 with the message (a deleted one is 404 unless the admin sees it); nothing added', async () => {
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    const group = await cohorts(w);
    const m = await assignment(w);
    const url = `/api/assignments/${m}/add`;
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
      ids: [m],
    });
    expect(picker.statusCode).toBe(400);
    expect(picker.json().message).toBe(messages.memberInactive);
    expect(await answerUserIds(m)).toEqual([]);
    // A group brings its active trainees only: Cohort B's Lucas is inactive.
    const cohort = await call('PUT', url, 'manager', { ids: [], groupIds: [group['Cohort B']] });
    expect(cohort.statusCode).toBe(200);
    expect(await answerUserIds(m)).toEqual(sorted([id.priya, id.trainee]));
    await call('PUT', `/api/assignments/${m}/remove`, 'manager', {
      ids: [id.priya, id.trainee],
    });
    expect(await answerUserIds(m)).toEqual([]);
  });

  it('adds trainees (Pending answers), instructors and the trainees of groups, idempotently', async () => {
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    const group = await cohorts(w);
    const m = await assignment(w);
    const url = `/api/assignments/${m}/add`;
    const res = await call('PUT', url, 'instructor', {
      ids: [id.priya, id.instructor2],
      groupIds: [group['Cohort A']],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.assignmentTraineesSaved);
    expect(res.json().data).toMatchObject({
      id: m,
      traineesCount: 4,
      completedCount: 0,
      instructorsCount: 1,
    });
    expect(await answerUserIds(m)).toEqual(sorted([id.priya, id.trainee, id.tessa, id.omar]));
    expect((await answerRows(m)).every((r) => r.statusId === AnswerStatus.Pending)).toBe(true);
    expect(await instructorIds(m)).toEqual([id.instructor2]);
    const again = await call('PUT', url, 'manager', { ids: [id.priya, id.priya, id.instructor2] });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ traineesCount: 4, instructorsCount: 1 });
  });

  it('creates one answer when the same trainee is added concurrently', async () => {
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    const g = await assignment(w, { name: 'General practice' });
    const url = `/api/assignments/${g}/add`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('PUT', url, i % 2 ? 'manager' : 'instructor', { ids: [id.priya] }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await answerRows(g)).toEqual([{ userId: id.priya, statusId: AnswerStatus.Pending }]);
    // The unique index alone (no row lock) also keeps one answer: ON CONFLICT DO NOTHING.
    await Promise.all(Array.from({ length: 6 }, () => insertPendingAnswers(db(), g, [id.priya])));
    expect(await answerUserIds(g)).toEqual([id.priya]);
  });
});

/** A Draft with Priya, Tom, Tessa and Omar (trainees, Pending) and Irene (instructor). */
const withMembers = (w: World) =>
  assignment(w, {
    members: [w.id.priya, w.id.trainee, w.id.tessa, w.id.omar, w.id.instructor2],
  });

describe('GET /api/assignments/:id/users and /answers', () => {
  it('answers 401, 403, 404 other organization, 400 bad roles, and the members by roles with paging', async () => {
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    const m = await withMembers(w);
    const url = `/api/assignments/${m}/users`;
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
    const w = await buildAssignmentsWorld();
    const { call } = w;
    const m = await withMembers(w);
    const url = `/api/assignments/${m}/answers`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, 'trainee')).statusCode).toBe(403);
    expect((await call('GET', url, 'manager2')).statusCode).toBe(404);
    const res = await call('GET', url, 'instructor');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(4);
    expect(res.json().data[0]).toMatchObject({
      assignmentId: m,
      statusId: AnswerStatus.Pending,
      score: null,
      practiceCounter: 0,
      user: { firstName: expect.any(String) },
    });
    expect((await call('GET', `${url}?status=2`, 'instructor')).json().data).toEqual([]);
  });
});

describe('PUT /api/assignments/:id/status and the rules of 001 §4', () => {
  it('climbs the ladder; unknown statuses and disallowed transitions are 400', async () => {
    const w = await buildAssignmentsWorld();
    const m = await withMembers(w);
    expect((await w.call('PUT', `/api/assignments/${m}/status?statusId=3`)).statusCode).toBe(401);
    expect((await status(w, m, 3, 'trainee')).statusCode).toBe(403);
    expect((await status(w, m, 3, 'manager2')).statusCode).toBe(404);
    expect((await status(w, m, 4)).statusCode).toBe(400);
    expect((await status(w, m, 6)).statusCode).toBe(400);
    expect((await w.call('PUT', `/api/assignments/${m}/status`, 'manager')).statusCode).toBe(400);
    const close = await status(w, m, AssignmentStatus.Closed);
    expect(close.statusCode).toBe(400);
    expect(close.json().message).toBe(messages.statusTransitionNotAllowed);
    expect(await statusOf(m)).toBe(AssignmentStatus.Draft);
  });

  it('plans, publishes (re-checking the composition) and returns to Draft while no trainee completed', async () => {
    const w = await buildAssignmentsWorld();
    const { c } = w;
    const m = await withMembers(w);
    const planned = await status(w, m, AssignmentStatus.Planned, 'instructor');
    expect(planned.statusCode).toBe(200);
    expect(planned.json().message).toBe(format.assignmentStatusUpdatedTo('Planned'));
    expect(planned.json().data).toMatchObject({
      statusId: 2,
      planned: true,
      canReturnToDraft: true,
    });
    const active = await status(w, m, AssignmentStatus.Active);
    expect(active.json().message).toBe('Assignment status updated to Active!');
    expect(active.json().data).toMatchObject({
      statusId: AssignmentStatus.Active,
      canReturnToDraft: true,
      canClose: false,
      canPrintReport: false,
    });
    expect((await status(w, m, AssignmentStatus.Planned)).statusCode).toBe(400);
    expect((await status(w, m, AssignmentStatus.Active)).statusCode).toBe(200);
    expect((await status(w, m, AssignmentStatus.Draft)).json().data.statusId).toBe(
      AssignmentStatus.Draft,
    );
    // Publishing re-checks: an interview gone Inactive blocks it.
    await db()
      .update(contents)
      .set({ statusId: ContentStatus.Inactive })
      .where(eq(contents.id, c.interview.id));
    const blocked = await status(w, m, AssignmentStatus.Active);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toBe(messages.selectInterviewToContinue);
    await db()
      .update(contents)
      .set({ statusId: ContentStatus.Active })
      .where(eq(contents.id, c.interview.id));
    expect((await status(w, m, AssignmentStatus.Active)).statusCode).toBe(200);
  });

  it('once a trainee completed: no Return to Draft, no removal of that trainee; Close and Print Report offered', async () => {
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    const m = await assignment(w, {
      members: [id.priya, id.trainee, id.tessa, id.omar, id.instructor2],
      status: AssignmentStatus.Active,
    });
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

    const back = await status(w, m, AssignmentStatus.Draft);
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
    const w = await buildAssignmentsWorld();
    const { call, c, a } = w;
    const m = await completedActive(w);
    const url = `/api/assignments/interview/${m}`;
    // The stored composition, its roles listed in another order.
    const current = {
      roles: [
        { roleId: c.interview.roleIds[1], avatarId: a.generalAvatar },
        { roleId: c.interview.roleIds[0], avatarId: a.ownAvatar },
      ],
    };
    const locked = await call(
      'PUT',
      url,
      'manager',
      form(w, { ...current, environmentId: a.notAddedEnvironment }),
    );
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(messages.compositionLocked);
    const swapped = await call(
      'PUT',
      url,
      'manager',
      form(w, {
        roles: [
          { roleId: c.interview.roleIds[0], avatarId: a.generalAvatar },
          { roleId: c.interview.roleIds[1], avatarId: a.ownAvatar },
        ],
      }),
    );
    expect(swapped.json().message).toBe(messages.compositionLocked);
    const ok = await call(
      'PUT',
      url,
      'manager',
      form(w, { ...current, name: 'Live practice', closeDate: '2032-01-15' }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      name: 'Live practice',
      closeDate: '2032-01-15',
      statusId: AssignmentStatus.Active,
    });
  });

  it('removes Pending trainees and instructors; ids that are not members are ignored', async () => {
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    const m = await completedActive(w);
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
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    const m = await completedActive(w, ['priya', 'tessa', 'omar']);
    const closed = await status(w, m, AssignmentStatus.Closed);
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
      expect((await status(w, m, to)).statusCode).toBe(400);
    // Reopening (Closed → Active, decisions.md#console-flows §3) is a manager's or admin's: see assignment-reopen.test.ts.
    expect((await status(w, m, AssignmentStatus.Active, 'instructor')).statusCode).toBe(403);
    const add = await call('PUT', `/api/assignments/${m}/add`, 'manager', { ids: [id.trainee] });
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toBe(messages.assignmentClosed);
    const remove = await call('PUT', `/api/assignments/${m}/remove`, 'manager', {
      ids: [id.tessa],
    });
    expect(remove.json().message).toBe(messages.assignmentClosed);
    const edit = await call('PUT', `/api/assignments/interview/${m}`, 'manager', form(w));
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
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    const g = await assignment(w, { name: 'General practice', members: [id.priya] });
    const url = `/api/assignments/interview/${g}`;
    await call('PUT', `/api/assignments/${g}/add`, 'manager', { ids: [id.instructor2] });
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', url, 'trainee')).statusCode).toBe(403);
    expect((await call('DELETE', url, 'manager2')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/assignments/interview/abc', 'manager')).statusCode).toBe(
      400,
    );
    expect(await answerUserIds(g)).toEqual([id.priya]);
    expect(await instructorIds(g)).toEqual([id.instructor2]);
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
  it('answers 401, 403 trainee, 404 another organization, 400 bad filters', async () => {
    const { call, other } = await buildAssignmentsWorld();
    expect((await call('GET', '/api/assignments')).statusCode).toBe(401);
    expect((await call('GET', '/api/assignments', 'trainee')).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/assignments?organizationId=${other.id}`, 'manager')).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/assignments?status=9', 'manager')).statusCode).toBe(400);
    expect((await call('GET', '/api/assignments?status=abc', 'manager')).statusCode).toBe(400);
    expect((await call('GET', '/api/assignments?search=ab', 'manager')).statusCode).toBe(400);
    expect((await call('GET', '/api/assignments?pageSize=7', 'manager')).statusCode).toBe(400);
  });

  it('scopes by organization, filters by status (one or a list), search and userId, with status counts', async () => {
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    await listedAssignments(w);
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
    // An admin sees every organization's assignments (other tests' too): all of them, counted by status.
    const admin = (await call('GET', '/api/assignments', 'admin')).json().data;
    const stored = await db()
      .select({ statusId: assignments.statusId, n: count() })
      .from(assignments)
      .groupBy(assignments.statusId);
    const storedOf = (statusId: number) => stored.find((r) => r.statusId === statusId)?.n ?? 0;
    expect(admin.count).toBe(stored.reduce((sum, r) => sum + r.n, 0));
    expect(admin.statusCounts).toEqual({
      draft: storedOf(AssignmentStatus.Draft),
      planned: storedOf(AssignmentStatus.Planned),
      active: storedOf(AssignmentStatus.Active),
      closed: storedOf(AssignmentStatus.Closed),
    });
    const ours = (await call('GET', `/api/assignments?organizationId=${w.org.id}`, 'admin')).json()
      .data;
    expect(ours.count).toBe(3);
    expect(ours.statusCounts).toEqual(mine.statusCounts);
    const nw = (await call('GET', `/api/assignments?organizationId=${w.other.id}`, 'admin')).json()
      .data;
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
    const w = await buildAssignmentsWorld();
    const { call, id, other } = w;
    const { live } = await listedAssignments(w);
    expect((await call('GET', '/api/assignments/dashboard')).statusCode).toBe(401);
    expect((await call('GET', '/api/assignments/dashboard', 'trainee')).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/assignments/dashboard?organizationId=${other.id}`, 'manager'))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', '/api/assignments/dashboard?organizationId=999999', 'admin')).statusCode,
    ).toBe(404);
    const res = await call('GET', '/api/assignments/dashboard', 'instructor');
    expect(res.statusCode).toBe(200);
    // Active trainees of the organization: Tom, Tessa, Omar, Priya (Lucas inactive, Sofia deleted).
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
    await setAnswer(live, id.tessa, { statusId: AnswerStatus.Submitted });
    expect((await call('GET', '/api/assignments/dashboard', 'manager')).json().data).toEqual({
      totalTrainees: 4,
      activeAssignments: 1,
      pendingReview: 2,
      ...noApproval,
    });
    expect(
      (await call('GET', `/api/assignments/dashboard?organizationId=${other.id}`, 'admin')).json()
        .data,
    ).toEqual({ totalTrainees: 2, activeAssignments: 0, pendingReview: 0, ...noApproval });
  });
});

describe('PUT /api/users/:id/assignments (000 §2.10)', () => {
  it('climbs the ladder; a denied write changes nothing', async () => {
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    const created = await listedAssignments(w);
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
    expect(await answerUserIds(created.live)).toEqual([id.tessa]);
  });

  it("sets a trainee's and an instructor's assignments; Closed ones are kept; completed ones cannot be dropped", async () => {
    const w = await buildAssignmentsWorld();
    const { call, id } = w;
    const created = await listedAssignments(w);
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
    expect(await answerUserIds(created.live)).toEqual(sorted([id.tessa, id.trainee]));

    // Tessa: on Live demo (Pending) and on the Closed one (Pending): [] drops only Live demo.
    const tessa = await call('PUT', `/api/users/${id.tessa}/assignments`, 'manager', { ids: [] });
    expect(tessa.statusCode).toBe(200);
    expect(tessa.json().data.list.map((x: { id: number }) => x.id)).toEqual([created.main]);

    await setAnswer(created.live, id.trainee, { statusId: AnswerStatus.Submitted });
    const drop = await call('PUT', `/api/users/${id.trainee}/assignments`, 'manager', {
      ids: [created.admin],
    });
    expect(drop.statusCode).toBe(400);
    expect(drop.json().message).toBe(messages.removeOnlyPending);
    expect(await answerUserIds(created.admin)).toEqual([id.trainee]);
    expect(await answerUserIds(created.live)).toEqual([id.trainee]);

    const ian = await call('PUT', `/api/users/${id.instructor2}/assignments`, 'manager', {
      ids: [created.admin],
    });
    expect(ian.statusCode).toBe(200);
    expect(await instructorIds(created.admin)).toEqual([id.instructor2]);
    expect(
      (await call('PUT', `/api/users/${id.manager}/assignments`, 'admin', { ids: [] })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/assignments/interview: the organization of the assignment', () => {
  const northwindForm = (w: World, over: Record<string, unknown> = {}) =>
    form(w, {
      name: 'Harbour drill',
      organizationId: w.other.id,
      interviewId: w.c.northwindInterview.id,
      roles: [{ roleId: w.c.northwindInterview.roleIds[0], avatarId: w.a.northwindAvatar }],
      environmentId: w.a.northwindEnvironment,
      ratingsId: w.c.northwindRatings.id,
      feedbackId: w.c.northwindFeedback.id,
      ...over,
    });
  const inOther = async (w: World) =>
    (
      await db()
        .select({ n: count() })
        .from(assignments)
        .where(eq(assignments.organizationId, w.other.id))
    )[0]!.n;

  it("refuses another organization's id from a manager or an instructor (404), nothing created", async () => {
    const w = await buildAssignmentsWorld();
    const { call } = w;
    for (const who of ['manager', 'instructor', 'instructor2'] as const) {
      const res = await call('POST', '/api/assignments/interview', who, northwindForm(w));
      expect(res.statusCode, who).toBe(404);
    }
    // Without an organization the body is refused (400), never defaulted.
    const missing = await call(
      'POST',
      '/api/assignments/interview',
      'admin',
      northwindForm(w, { organizationId: undefined }),
    );
    expect(missing.statusCode).toBe(400);
    expect(await inOther(w)).toBe(0);
  });

  it("offers an admin the chosen organization's content and assets, and checks the composition against it", async () => {
    const w = await buildAssignmentsWorld();
    const { call, c, a, other } = w;
    const interviews = (
      await call(
        'GET',
        `/api/interviews?organizationId=${other.id}&status=${ContentStatus.Active}&scope=2&pageSize=100`,
        'admin',
      )
    ).json().data.list as { id: number }[];
    expect(interviews.map((i) => i.id)).toContain(c.northwindInterview.id);
    expect(interviews.map((i) => i.id)).not.toContain(c.interview.id);
    const avatars = (
      await call('GET', `/api/organizations/${other.id}/assets?type=1`, 'admin')
    ).json().data.list as { id: number }[];
    expect(avatars.map((x) => x.id)).toContain(a.northwindAvatar);
    expect(avatars.map((x) => x.id)).not.toContain(a.ownAvatar);

    // The organization's composition does not fit the other one: the wizard's messages.
    const foreign = await call(
      'POST',
      '/api/assignments/interview',
      'admin',
      form(w, { organizationId: other.id }),
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

    const res = await call('POST', '/api/assignments/interview', 'admin', northwindForm(w));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      organizationId: other.id,
      statusId: AssignmentStatus.Draft,
      data: { interviewId: c.northwindInterview.id, environmentId: a.northwindEnvironment },
    });
    // The other organization's manager sees it; this one's does not.
    const url = `/api/assignments/${res.json().data.id}`;
    expect((await call('GET', url, 'manager2')).statusCode).toBe(200);
    expect((await call('GET', url, 'manager')).statusCode).toBe(404);
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
    // Its own app on a database with the demo accounts, Demo Academy's content and assets, and
    // no assignments.
    const seeded = await buildTestApp();
    try {
      const sdb = seeded.testDb.database.db;
      const { call, org } = await demoSession(seeded, ['manager'] as const);
      const instructor = (await demoUserIds(sdb))['instructor'];
      const answerRowsOf = (assignmentId: number) =>
        sdb.select().from(answers).where(eq(answers.assignmentId, assignmentId));
      // The demo content and assets are not seeded under test: what the seed composes from.
      await createContent(sdb, {
        name: 'Sales interview',
        organizationId: org.demo,
        roles: ['Interviewer', 'Panelist'],
        questions: [{ text: 'Tell us about yourself', role: 0 }],
      });
      for (const contentTypeId of [ContentType.RatingScale, ContentType.Feedback])
        await createContent(sdb, { name: 'Demo form', contentTypeId, organizationId: org.demo });
      await createAsset(sdb, { name: 'Demo avatar', organizationId: org.demo });
      await createAsset(sdb, {
        name: 'Demo office',
        assetTypeId: AssetType.Environment,
        organizationId: org.demo,
      });
      await sdb.delete(assignments);
      expect(await seedAssignments(sdb)).toBe(true);
      const rows = await sdb
        .select()
        .from(assignments)
        .where(eq(assignments.organizationId, org.demo));
      expect(rows.map((r) => r.statusId).sort()).toEqual([
        AssignmentStatus.Draft,
        AssignmentStatus.Active,
        AssignmentStatus.Closed,
      ]);
      for (const row of rows) {
        expect((await answerRowsOf(row.id)).length).toBeGreaterThan(0);
        expect((await answerRowsOf(row.id)).every((r) => r.statusId === AnswerStatus.Pending)).toBe(
          true,
        );
        const instructors = await sdb
          .select({ userId: assignmentInstructors.userId })
          .from(assignmentInstructors)
          .where(eq(assignmentInstructors.assignmentId, row.id));
        expect(instructors.map((r) => r.userId)).toEqual([instructor]);
        const detail = (await call('GET', `/api/assignments/${row.id}`, 'manager')).json().data;
        expect(detail.data.interview).not.toBeNull();
        expect(detail.data.roles.every((r: { avatar: unknown }) => r.avatar !== null)).toBe(true);
      }
      expect(await seedAssignments(sdb)).toBe(false);
      expect((await sdb.select({ n: count() }).from(assignments))[0]!.n).toBe(3);
    } finally {
      await seeded.close();
    }
  });
});
