/**
 * The review inbox (decisions.md#review-loop §1): GET /reviews/inbox — every Submitted answer the caller may
 * review, oldest submission first, filtered by assignment, group, trainee search and claim, paged —
 * and GET /reviews/inbox/neighbors — the answers around one in that order, skipping answers another
 * reviewer holds a live claim on, also once the answer has been reviewed. Each call climbs the
 * ladder 401 → 403 → 404 other organization → 400 → success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { AnswerStatus, Role, messages, type ReviewInboxItem } from '@practica/contract';
import { answers, groupMembers, groups, reviewClaims, users } from '../../src/db/schema/index.js';
import { insertPendingAnswers } from '../../src/modules/assignments/members-repository.js';
import { buildAnswersScenario, type AnswersScenario } from '../helpers/answers.js';

let s: AnswersScenario;
/** The waiting answers, in the inbox's order (oldest submission first). */
const id = { tessa: 0, omar: 0, tomDraft: 0, priya: 0, nina: 0, tom: 0, sofia: 0 };
let groupId = 0;
let otherGroupId = 0;
const base = Date.UTC(2026, 0, 5, 9, 0, 0);
const minutes = (n: number) => new Date(base + n * 60_000);

/** Sets `answerId` Submitted at `at`. */
async function submitAt(answerId: number, at: Date) {
  await s.db
    .update(answers)
    .set({ statusId: AnswerStatus.Submitted, submittedAt: at })
    .where(eq(answers.id, answerId));
}

beforeAll(async () => {
  s = await buildAnswersScenario();
  await insertPendingAnswers(s.db, s.assignment, [s.ids.priya, s.ids.nina, s.ids.sofia]);
  for (const who of ['tessa', 'omar', 'priya', 'nina', 'sofia'] as const)
    id[who] = await s.answerIdOf(who);
  id.tom = await s.answerIdOf('trainee');
  id.tomDraft = await s.answerIdOf('trainee', s.draft);
  // Submitted out of id order: the inbox orders by submission time, not by id.
  await submitAt(id.nina, minutes(40));
  await submitAt(id.tom, minutes(50));
  await submitAt(id.priya, minutes(30));
  await submitAt(id.tomDraft, minutes(20));
  await submitAt(id.omar, minutes(10));
  await submitAt(id.tessa, minutes(0));
  await submitAt(id.sofia, minutes(5)); // soft-deleted trainee: never listed

  const [group, other] = await s.db
    .insert(groups)
    .values([
      { name: 'Inbox group', description: '', organizationId: s.org.demo },
      { name: 'Northwind inbox group', description: '', organizationId: s.org.northwind },
    ])
    .returning({ id: groups.id });
  groupId = group!.id;
  otherGroupId = other!.id;
  await s.db.insert(groupMembers).values([
    { groupId, userId: s.ids.tessa },
    { groupId, userId: s.ids.nina },
  ]);

  // Live claims: the instructor on Priya's answer, the manager on Tom's Draft-assignment answer;
  // an expired one of the manager on Nina's answer (free again).
  const soon = new Date(Date.now() + 10 * 60_000);
  await s.db.insert(reviewClaims).values([
    { answerId: id.priya, userId: s.ids.instructor, claimedAt: new Date(), expiresAt: soon },
    { answerId: id.tomDraft, userId: s.ids.manager, claimedAt: new Date(), expiresAt: soon },
    {
      answerId: id.nina,
      userId: s.ids.manager,
      claimedAt: new Date(Date.now() - 30 * 60_000),
      expiresAt: new Date(Date.now() - 20 * 60_000),
    },
  ]);
});
afterAll(() => s.close());

type Who = Parameters<AnswersScenario['call']>[2];
const inbox = async (query: string, who: Who = 'instructor') => {
  const res = await s.call('GET', `/api/reviews/inbox${query ? `?${query}` : ''}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: ReviewInboxItem[]; count: number };
};
const idsOf = async (query: string, who: Who = 'instructor') =>
  (await inbox(query, who)).list.map((r) => r.answerId);
const neighbors = async (query: string, who: Who = 'instructor') => {
  const res = await s.call('GET', `/api/reviews/inbox/neighbors?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    previousId: number | null;
    nextId: number | null;
    nextWaitingId: number | null;
    position: number | null;
    count: number;
  };
};
const status = async (url: string, who?: Who) => (await s.call('GET', url, who)).statusCode;

describe('GET /api/reviews/inbox', () => {
  it('answers 401, 403 a trainee, 404 another organization, 400 an admin without organizationId and bad filters', async () => {
    expect(await status('/api/reviews/inbox')).toBe(401);
    expect(await status('/api/reviews/inbox', 'trainee')).toBe(403);
    expect(await status(`/api/reviews/inbox?organizationId=${s.org.northwind}`, 'manager')).toBe(
      404,
    );
    expect(await status(`/api/reviews/inbox?assignmentId=${s.assignment}`, 'manager2')).toBe(404);
    expect(await status(`/api/reviews/inbox?groupId=${otherGroupId}`, 'manager')).toBe(404);
    expect(await status('/api/reviews/inbox?assignmentId=999999', 'manager')).toBe(404);
    expect(await status('/api/reviews/inbox?organizationId=999999', 'admin')).toBe(404);
    const admin = await s.call('GET', '/api/reviews/inbox', 'admin');
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toBe(messages.reviewInboxOrganizationRequired);
    for (const query of ['pageSize=30', 'page=0', 'claim=theirs', 'search=ab', 'groupId=x'])
      expect(await status(`/api/reviews/inbox?${query}`, 'manager'), query).toBe(400);
  });

  it('lists the waiting answers across assignments, oldest submission first, with trainee, assignment and claim', async () => {
    const { list, count } = await inbox('');
    expect(list.map((r) => r.answerId)).toEqual([
      id.tessa,
      id.omar,
      id.tomDraft,
      id.priya,
      id.nina,
      id.tom,
    ]);
    expect(count).toBe(6);
    expect(list[0]).toEqual({
      answerId: id.tessa,
      assignment: { id: s.assignment, name: 'Answers practice' },
      user: { id: s.ids.tessa, firstName: expect.any(String), lastName: expect.any(String) },
      submittedAt: minutes(0).toISOString(),
      reviewedBefore: false,
      claim: null,
    });
    expect(list[2]!.assignment).toEqual({ id: s.draft, name: 'Answers draft' });
    const priya = list[3]!;
    expect(priya.claim).toMatchObject({
      user: { id: s.ids.instructor },
      mine: true,
      claimedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(list[2]!.claim).toMatchObject({ user: { id: s.ids.manager }, mine: false });
    expect(list[4]!.claim).toBeNull(); // Nina's claim expired
    // The manager sees the same inbox, the claims from its side; an admin names the organization.
    const asManager = await inbox('', 'manager');
    expect(asManager.list.map((r) => r.answerId)).toEqual(list.map((r) => r.answerId));
    expect(asManager.list[2]!.claim?.mine).toBe(true);
    expect(await idsOf(`organizationId=${s.org.demo}`, 'admin')).toEqual(
      list.map((r) => r.answerId),
    );
    // Another organization's reviewers see none of them.
    expect(await inbox('', 'manager2')).toEqual({ list: [], count: 0 });
    expect(await inbox(`organizationId=${s.org.northwind}`, 'admin')).toEqual({
      list: [],
      count: 0,
    });
  });

  it('filters by assignment, group, trainee search and claim', async () => {
    expect(await idsOf(`assignmentId=${s.draft}`)).toEqual([id.tomDraft]);
    expect(await idsOf(`assignmentId=${s.assignment}`)).toEqual([
      id.tessa,
      id.omar,
      id.priya,
      id.nina,
      id.tom,
    ]);
    expect(await idsOf(`groupId=${groupId}`)).toEqual([id.tessa, id.nina]);
    expect(await idsOf('search=TESSA')).toEqual([id.tessa]);
    expect(await idsOf('search=nina@demo.test')).toEqual([id.nina]);
    expect(await idsOf('search=nobody-like-this')).toEqual([]);
    expect(await idsOf('claim=mine')).toEqual([id.priya]);
    expect(await idsOf('claim=mine', 'manager')).toEqual([id.tomDraft]);
    expect(await idsOf('claim=unclaimed')).toEqual([id.tessa, id.omar, id.nina, id.tom]);
    expect(await idsOf(`claim=unclaimed&groupId=${groupId}&assignmentId=${s.assignment}`)).toEqual([
      id.tessa,
      id.nina,
    ]);
  });

  it('pages 25, 50 or 100 at a time, 1-based, with the count over all pages', async () => {
    // 26 more trainees submit on the Draft assignment after everyone above.
    const extra = await s.db
      .insert(users)
      .values(
        Array.from({ length: 26 }, (_, i) => ({
          email: `inbox-${i}@example.test`,
          firstName: 'Inbox',
          lastName: `Trainee ${String(i).padStart(2, '0')}`,
          passwordHash: 'x',
          roleId: Role.Trainee,
          organizationId: s.org.demo,
        })),
      )
      .returning({ id: users.id });
    await insertPendingAnswers(
      s.db,
      s.draft,
      extra.map((u) => u.id),
    );
    const extraAnswers = await s.db
      .select({ id: answers.id, userId: answers.userId })
      .from(answers)
      .where(
        and(
          eq(answers.assignmentId, s.draft),
          inArray(
            answers.userId,
            extra.map((u) => u.id),
          ),
        ),
      );
    const order = extra.map((u) => extraAnswers.find((a) => a.userId === u.id)!.id);
    for (const [i, answerId] of order.entries()) await submitAt(answerId, minutes(100 + i));

    const all = [id.tomDraft, ...order];
    const first = await inbox(`assignmentId=${s.draft}`);
    expect(first.count).toBe(27);
    expect(first.list.map((r) => r.answerId)).toEqual(all.slice(0, 25));
    const second = await inbox(`assignmentId=${s.draft}&page=2`);
    expect(second).toMatchObject({ count: 27 });
    expect(second.list.map((r) => r.answerId)).toEqual(all.slice(25));
    expect(await inbox(`assignmentId=${s.draft}&page=3`)).toEqual({ list: [], count: 27 });
    const fifty = await inbox(`assignmentId=${s.draft}&pageSize=50`);
    expect(fifty.list.map((r) => r.answerId)).toEqual(all);
    expect((await inbox('pageSize=100')).count).toBe(6 + 26);
    await s.db.delete(answers).where(inArray(answers.id, order));
  });
});

describe('GET /api/reviews/inbox/neighbors', () => {
  it('answers 401, 403 a trainee, 404 another organization or a missing answer, 400 without answerId', async () => {
    const url = `/api/reviews/inbox/neighbors?answerId=${id.omar}`;
    expect(await status(url)).toBe(401);
    expect(await status(url, 'trainee')).toBe(403);
    expect(await status(url, 'manager2')).toBe(404);
    expect(await status(`${url}&organizationId=${s.org.northwind}`, 'admin')).toBe(404);
    expect(await status('/api/reviews/inbox/neighbors?answerId=999999', 'manager')).toBe(404);
    expect(await status('/api/reviews/inbox/neighbors', 'manager')).toBe(400);
    expect(await status(url, 'admin')).toBe(400);
    expect(await status(`${url}&organizationId=${s.org.demo}`, 'admin')).toBe(200);
  });

  it('answers the previous and next answers, the position and the count, with the same filters', async () => {
    expect(await neighbors(`answerId=${id.tessa}`)).toEqual({
      previousId: null,
      nextId: id.omar,
      nextWaitingId: id.omar,
      position: 1,
      count: 6,
    });
    expect(await neighbors(`answerId=${id.tom}`)).toEqual({
      previousId: id.nina,
      nextId: null,
      // After the last: 'Submit and next' goes round to the oldest waiting answer.
      nextWaitingId: id.tessa,
      position: 6,
      count: 6,
    });
    expect(await neighbors(`answerId=${id.tessa}&groupId=${groupId}`)).toEqual({
      previousId: null,
      nextId: id.nina,
      nextWaitingId: id.nina,
      position: 1,
      count: 2,
    });
    expect(await neighbors(`answerId=${id.omar}&assignmentId=${s.assignment}`)).toEqual({
      previousId: id.tessa,
      nextId: id.priya,
      nextWaitingId: id.priya,
      position: 2,
      count: 5,
    });
    // An answer outside the filter is placed by its submission time, without a position.
    expect(await neighbors(`answerId=${id.tomDraft}&assignmentId=${s.assignment}`)).toEqual({
      previousId: id.omar,
      nextId: id.priya,
      nextWaitingId: id.priya,
      position: null,
      count: 5,
    });
  });

  it('skips answers another reviewer holds a live claim on, not the caller’s own', async () => {
    // The instructor: Tom's Draft answer is the manager's, skipped; Priya's is its own.
    expect(await neighbors(`answerId=${id.omar}`)).toMatchObject({
      previousId: id.tessa,
      nextId: id.priya,
      position: 2,
    });
    expect(await neighbors(`answerId=${id.priya}`)).toMatchObject({
      previousId: id.omar,
      nextId: id.nina,
      position: 4,
    });
    // The manager: Priya's answer is the instructor's, skipped; Tom's Draft answer its own.
    expect(await neighbors(`answerId=${id.omar}`, 'manager')).toMatchObject({
      nextId: id.tomDraft,
    });
    expect(await neighbors(`answerId=${id.tomDraft}`, 'manager')).toMatchObject({
      previousId: id.omar,
      nextId: id.nina,
      position: 3,
    });
  });

  it('goes round after the last to the first waiting answer the caller may take, across assignments, never the answer itself', async () => {
    // The last of the group's two: round to the first.
    expect(await neighbors(`answerId=${id.nina}&groupId=${groupId}`)).toMatchObject({
      nextId: null,
      nextWaitingId: id.tessa,
    });
    // The manager after the last: Tessa's (the Active assignment) before its own Draft-assignment
    // claim; the instructor's claim on Priya's answer is never the manager's next.
    expect(await neighbors(`answerId=${id.tom}`, 'manager')).toMatchObject({
      nextId: null,
      nextWaitingId: id.tessa,
    });
    expect(await neighbors(`answerId=${id.tom}&assignmentId=${s.draft}`, 'manager')).toMatchObject({
      nextId: null,
      nextWaitingId: id.tomDraft,
    });
    // Another's live claim on the only other answer: nothing to go to.
    expect(
      await neighbors(`answerId=${id.tom}&assignmentId=${s.draft}`, 'instructor'),
    ).toMatchObject({ nextId: null, nextWaitingId: null, count: 1 });
    // The only answer waiting with these filters is this one: nothing else either.
    const alone = await neighbors(`answerId=${id.tessa}&search=tessa`);
    expect(alone).toMatchObject({ nextId: null, nextWaitingId: null, position: 1, count: 1 });
  });

  it('places an answer that has just been reviewed by its submission time', async () => {
    // What a review does to the answer (the review call's own tests cover the call).
    await s.db
      .update(answers)
      .set({ statusId: AnswerStatus.Reviewed, reviewedAt: new Date(), reviewVersion: 1 })
      .where(eq(answers.id, id.omar));
    expect(await idsOf('')).not.toContain(id.omar);
    expect(await neighbors(`answerId=${id.omar}`)).toEqual({
      previousId: id.tessa,
      nextId: id.priya,
      nextWaitingId: id.priya,
      position: null,
      count: 5,
    });
    expect(await neighbors(`answerId=${id.tessa}`)).toMatchObject({ nextId: id.priya });
  });
});
