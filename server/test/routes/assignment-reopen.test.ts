/**
 * decisions.md#console-flows §3 and §5 on the assignments module: reopening a Closed assignment (PUT
 * /assignments/{id}/status?statusId=3 from Closed: an admin or the organization's manager, the
 * answers, reviews and due date kept, audited as any status change) and the assign dialog's
 * candidates (GET /assignments/{id}/candidates: the organization's trainees or instructors by name
 * or email, inactive ones marked, an instructor limited to its own groups). Each call climbs the
 * ladder 401 → 403 → 404 other organization → 400 → success; a denied change changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  AnswerStatus,
  AssetType,
  AssignmentStatus,
  ContentType,
  QuestionType,
  Role,
  format,
  messages,
} from '@practica/contract';
import { answers, assignments, auditEvents, users } from '../../src/db/schema/index.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';
import { emptyDemoFixture, loadDemoFixture } from '../helpers/demo-fixture.js';
import { createAsset, createContent } from '../helpers/factories.js';

let ctx: TestContext;
const demo = emptyDemoFixture();
const { ids: id, org, groups: group, call } = demo;
const db = () => ctx.testDb.database.db;

/** The assignment under test: Active with Tessa (Submitted), Omar (Reviewed) and Priya (Pending). */
let main = 0;
/** A Demo Academy trainee in no group. */
let outsider = 0;

const status = (assignmentId: number, statusId: number | string, who?: string) =>
  call('PUT', `/api/assignments/${assignmentId}/status?statusId=${statusId}`, who);
const statusOf = async (assignmentId: number) =>
  (await db().select().from(assignments).where(eq(assignments.id, assignmentId)))[0]!.statusId;
const statusEvents = async (assignmentId: number) =>
  db()
    .select({
      actorId: auditEvents.actorId,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.assignmentId, assignmentId), eq(auditEvents.action, 'assignment.status')),
    )
    .orderBy(asc(auditEvents.id));
const answerStatuses = async (assignmentId: number) =>
  Object.fromEntries(
    (
      await db()
        .select({ userId: answers.userId, statusId: answers.statusId })
        .from(answers)
        .where(eq(answers.assignmentId, assignmentId))
    ).map((r) => [r.userId, r.statusId]),
  );

beforeAll(async () => {
  ctx = await buildTestApp();
  await loadDemoFixture(ctx, demo, ['instructor2']);
  const interview = await createContent(db(), {
    name: 'Reopen interview',
    organizationId: org.demo,
    roles: ['Host'],
    questions: [{ text: 'Hello?', role: 0 }],
  });
  const ratings = await createContent(db(), {
    name: 'Reopen stars',
    contentTypeId: ContentType.RatingScale,
    organizationId: org.demo,
    questions: [{ text: 'Clarity', options: ['1', '2', '3', '4', '5'] }],
  });
  const feedback = await createContent(db(), {
    name: 'Reopen feedback',
    contentTypeId: ContentType.Feedback,
    organizationId: org.demo,
    questions: [{ text: 'Best part', questionTypeId: QuestionType.Single, options: ['A', 'B'] }],
  });
  const avatar = await createAsset(db(), { name: 'Reopen avatar', organizationId: org.demo });
  const environment = await createAsset(db(), {
    name: 'Reopen office',
    assetTypeId: AssetType.Environment,
    organizationId: org.demo,
  });
  const created = await call('POST', '/api/assignments/interview', 'manager', {
    name: 'Reopen practice',
    description: 'Closed and opened again',
    closeDate: '2031-06-30',
    organizationId: org.demo,
    interviewId: interview.id,
    roles: [{ roleId: interview.roleIds[0], avatarId: avatar.id }],
    environmentId: environment.id,
    ratingsId: ratings.id,
    feedbackId: feedback.id,
  });
  expect(created.statusCode).toBe(200);
  main = created.json().data.id;
  expect((await status(main, AssignmentStatus.Active, 'manager')).statusCode).toBe(200);
  const added = await call('PUT', `/api/assignments/${main}/add`, 'manager', {
    ids: [id.tessa, id.omar, id.priya],
  });
  expect(added.statusCode).toBe(200);
  const now = new Date();
  await db()
    .update(answers)
    .set({ statusId: AnswerStatus.Submitted, submittedAt: now })
    .where(and(eq(answers.assignmentId, main), eq(answers.userId, id.tessa!)));
  await db()
    .update(answers)
    .set({ statusId: AnswerStatus.Reviewed, submittedAt: now, reviewedAt: now, score: 4 })
    .where(and(eq(answers.assignmentId, main), eq(answers.userId, id.omar!)));
  const [row] = await db()
    .insert(users)
    .values({
      email: 'olive.outside@demo.test',
      firstName: 'Olive',
      lastName: 'Outside',
      passwordHash: 'x',
      roleId: Role.Trainee,
      organizationId: org.demo,
    })
    .returning({ id: users.id });
  outsider = row!.id;
});
afterAll(() => ctx.close());

describe('Close and reopen (decisions.md#console-flows §3)', () => {
  it('closes with the counts the confirmation shows, and offers Reopen once Closed', async () => {
    const before = (await call('GET', `/api/assignments/${main}`, 'manager')).json().data;
    expect(before).toMatchObject({
      answerCounts: { all: 3, pending: 1, submitted: 1, reviewed: 1 },
      canClose: true,
      canReopen: false,
    });
    const closed = await status(main, AssignmentStatus.Closed, 'instructor');
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({
      statusId: AssignmentStatus.Closed,
      canClose: false,
      canReopen: true,
    });
  });

  it('climbs the ladder: 401, 403 trainee (before the query is read), 404 other organization, 403 instructor; nothing changes', async () => {
    expect((await status(main, AssignmentStatus.Active)).statusCode).toBe(401);
    expect((await status(main, AssignmentStatus.Active, 'trainee')).statusCode).toBe(403);
    // Who may call is checked before the query: a trainee's malformed statusId is still a 403.
    expect((await status(main, 'x', 'trainee')).statusCode).toBe(403);
    expect((await status(main, AssignmentStatus.Active, 'manager2')).statusCode).toBe(404);
    expect((await status(999999, AssignmentStatus.Active, 'admin')).statusCode).toBe(404);
    expect((await status(main, 'x', 'manager')).statusCode).toBe(400);
    const instructor = await status(main, AssignmentStatus.Active, 'instructor');
    expect(instructor.statusCode).toBe(403);
    expect(instructor.json().success).toBe(false);
    expect(await statusOf(main)).toBe(AssignmentStatus.Closed);
    // Reopen goes to Active only: Closed → Draft or Planned stays refused.
    for (const to of [AssignmentStatus.Draft, AssignmentStatus.Planned]) {
      const res = await status(main, to, 'manager');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.statusTransitionNotAllowed);
    }
    expect(await statusOf(main)).toBe(AssignmentStatus.Closed);
    const events = await statusEvents(main);
    expect(events.at(-1)).toMatchObject({
      before: { statusId: AssignmentStatus.Active },
      after: { statusId: AssignmentStatus.Closed },
    });
  });

  it('a manager reopens: Active again with every answer and score kept, audited as Closed → Active', async () => {
    const answersBefore = await answerStatuses(main);
    const res = await status(main, AssignmentStatus.Active, 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(format.assignmentStatusUpdatedTo('Active'));
    expect(res.json().data).toMatchObject({
      statusId: AssignmentStatus.Active,
      closeDate: '2031-06-30',
      answerCounts: { all: 3, pending: 1, submitted: 1, reviewed: 1 },
      averageScore: 4,
      canClose: true,
      canReopen: false,
      canReturnToDraft: false,
    });
    expect(await answerStatuses(main)).toEqual(answersBefore);
    expect((await statusEvents(main)).at(-1)).toEqual({
      actorId: id.manager,
      before: { statusId: AssignmentStatus.Closed },
      after: { statusId: AssignmentStatus.Active },
    });
    // Active again: trainees can be added.
    const add = await call('PUT', `/api/assignments/${main}/add`, 'instructor', {
      ids: [id.trainee],
    });
    expect(add.statusCode).toBe(200);
    expect((await answerStatuses(main))[id.trainee!]).toBe(AnswerStatus.Pending);
  });

  it('an admin reopens too', async () => {
    expect((await status(main, AssignmentStatus.Closed, 'manager')).statusCode).toBe(200);
    const res = await status(main, AssignmentStatus.Active, 'admin');
    expect(res.statusCode).toBe(200);
    expect(await statusOf(main)).toBe(AssignmentStatus.Active);
    expect((await statusEvents(main)).at(-1)).toMatchObject({
      actorId: id.admin,
      after: { statusId: AssignmentStatus.Active },
    });
  });
});

describe('GET /api/assignments/:id/candidates (decisions.md#console-flows §5)', () => {
  const candidates = (query: string, who?: string, assignmentId = main) =>
    call('GET', `/api/assignments/${assignmentId}/candidates${query}`, who);
  const names = (res: { json(): { data: { list: { firstName: string }[] } } }) =>
    res.json().data.list.map((u) => u.firstName);

  it('climbs the ladder: 401, 403 trainee, 404 other organization or group, 400 bad query', async () => {
    expect((await candidates('')).statusCode).toBe(401);
    expect((await candidates('', 'trainee')).statusCode).toBe(403);
    expect((await candidates('', 'manager2')).statusCode).toBe(404);
    expect((await candidates('', 'admin', 999999)).statusCode).toBe(404);
    expect((await candidates(`?groupId=${group['Harbour Crew']}`, 'manager')).statusCode).toBe(404);
    for (const query of ['?roleId=3', '?roleId=x', '?search=ab', '?pageSize=0']) {
      const res = await candidates(query, 'manager');
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('offers a manager every trainee of the organization, in groups or not, the inactive one marked, with groups and membership', async () => {
    const res = await candidates('?pageSize=50', 'manager');
    expect(res.statusCode).toBe(200);
    const { list, count } = res.json().data;
    // Demo Academy's trainees by last name; the deleted ones (Sofia, Victor) are left out.
    expect(names(res)).toEqual(['Lucas', 'Omar', 'Olive', 'Priya', 'Tom', 'Tessa']);
    expect(count).toBe(6);
    const byName = new Map(list.map((u: { firstName: string }) => [u.firstName, u]));
    expect(byName.get('Olive')).toMatchObject({
      id: outsider,
      email: 'olive.outside@demo.test',
      active: true,
      groups: [],
      member: false,
      answerStatusId: null,
    });
    expect(byName.get('Lucas')).toMatchObject({
      active: false,
      groups: [{ id: group['Cohort B'], name: 'Cohort B' }],
      member: false,
    });
    expect(byName.get('Omar')).toMatchObject({
      groups: [{ id: group['Cohort A'], name: 'Cohort A' }],
      member: true,
      answerStatusId: AnswerStatus.Reviewed,
    });
    expect(byName.has('Sofia')).toBe(false);
    expect(byName.has('Nina')).toBe(false);
    // An admin sees the same organization's trainees.
    expect(names(await candidates('?pageSize=50', 'admin'))).toEqual(names(res));
  });

  it('searches by first, last or full name and by email; pages with the total', async () => {
    expect(names(await candidates('?search=okafor', 'manager'))).toEqual(['Omar']);
    expect(names(await candidates('?search=Tessa%20Tr', 'manager'))).toEqual(['Tessa']);
    expect(names(await candidates('?search=olive.outside', 'manager'))).toEqual(['Olive']);
    // Pages of 25, 50 or 100: a page past the last is empty and still carries the total.
    const past = (await candidates('?page=2&pageSize=25', 'manager')).json().data;
    expect(past).toEqual({ list: [], count: 6 });
    const first = (await candidates('?search=demo.test', 'manager')).json().data;
    expect(first.count).toBe(6);
    expect(first.list).toHaveLength(6);
    expect(
      names(await candidates(`?groupId=${group['Cohort A']}&pageSize=50`, 'manager')).sort(),
    ).toEqual(['Omar', 'Tessa', 'Tom']);
  });

  it('offers an instructor the users of its own groups only; roleId=2 lists instructors', async () => {
    const mine = names(await candidates('?pageSize=50', 'instructor2'));
    // instructor2 is in Cohort B only: Lucas (inactive), Priya and Tom.
    expect(mine).toEqual(['Lucas', 'Priya', 'Tom']);
    expect(mine).not.toContain('Olive');
    expect(mine).not.toContain('Tessa');
    const instructors = (await candidates('?roleId=2&pageSize=50', 'manager')).json().data.list;
    expect(instructors.map((u: { id: number }) => u.id).sort()).toEqual(
      [id.instructor, id.instructor2].sort(),
    );
    expect(instructors.every((u: { answerStatusId: unknown }) => u.answerStatusId === null)).toBe(
      true,
    );
  });

  it('the add call refuses the inactive trainee the list marks', async () => {
    const res = await call('PUT', `/api/assignments/${main}/add`, 'manager', { ids: [id.lucas] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.memberInactive);
    const outside = await call('PUT', `/api/assignments/${main}/add`, 'manager', {
      ids: [outsider],
    });
    expect(outside.statusCode).toBe(200);
    const listed = (await candidates('?search=olive', 'manager')).json().data.list;
    expect(listed[0]).toMatchObject({ member: true, answerStatusId: AnswerStatus.Pending });
  });
});
