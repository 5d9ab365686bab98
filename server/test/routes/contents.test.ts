/**
 * The /contents calls of 001 §7 (decisions.md#content-authoring): the state machine of 001 §4 through
 * PUT /contents/{id}/status — every transition allowed and refused by role and state, the submit
 * checks of 001 §5 with their messages, Active → Draft refused while an Active assignment uses the
 * item — and the admin's PUT /contents/{id}/add|remove/{organizationId}. Also
 * GET /organizations/{id}/contents, the interviews count of the organizations list, and the demo
 * content seed.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  AssignmentStatus,
  ContentStatus,
  ContentType,
  Ownership,
  QuestionType,
  audioMaxBytes,
  returnReasonMaxLength,
  contentStatusIds,
  format,
  messages,
  type ContentListItem,
} from '@practica/contract';
import {
  FileStatus,
  assignments,
  contentOrganizations,
  contents,
  files,
  interviewRoles,
  questionAudios,
  questions,
  users,
} from '../../src/db/schema/index.js';
import {
  demoAcademyContents,
  demoAudioDir,
  generalContents,
  seedContents,
} from '../../src/seed/contents.js';
import {
  buildContentApp,
  contentId,
  contentRow,
  listAs,
  questionIdsOf,
  roleIdsOf,
  type ContentActor,
  type ContentTestContext,
} from '../helpers/contents.js';

let ctx: ContentTestContext;
beforeAll(async () => {
  ctx = await buildContentApp({ assignments: true });
});
afterAll(() => ctx.close());

const setStatus = (id: number, statusId: number) =>
  ctx.db.update(contents).set({ statusId }).where(eq(contents.id, id));
const statusOf = async (id: number) => (await contentRow(ctx.db, id))!.statusId;
const changeStatus = (id: number, statusId: number | string, who?: ContentActor) =>
  ctx.call('PUT', `/api/contents/${id}/status?statusId=${statusId}`, who);
const setAdminCreator = (creator: boolean) =>
  ctx.db.update(users).set({ creator }).where(eq(users.email, 'admin@demo.test'));

const S = ContentStatus;
/** The pairs of 001 §4 (and Active → Draft of decisions.md); every other pair is refused. */
const machine: [number, number][] = [
  [S.Draft, S.Review],
  [S.Review, S.Draft],
  [S.Review, S.Active],
  [S.Active, S.Inactive],
  [S.Inactive, S.Active],
  [S.Inactive, S.Deleted],
  [S.Active, S.Draft],
];
const inMachine = (from: number, to: number) => machine.some(([f, t]) => f === from && t === to);

/**
 * Who may make each allowed change, for an item of Demo Academy (creator flag: instructor only;
 * the admin has none here) and for general content added to Demo Academy. Active ⇄ Inactive takes
 * the creator flag of an instructor (decisions.md#hardening §10): instructor2 has none.
 */
const allowedFor: Record<'demo' | 'general', Record<string, ContentActor[]>> = {
  demo: {
    '1>2': ['instructor'],
    '2>1': ['instructor', 'manager', 'admin'],
    '2>3': ['manager', 'admin'],
    '3>4': ['instructor', 'manager', 'admin'],
    '4>3': ['instructor', 'manager', 'admin'],
    '4>5': ['admin'],
    '3>1': ['instructor'],
  },
  general: {
    '1>2': [],
    '2>1': ['admin'],
    '2>3': ['admin'],
    '3>4': ['admin'],
    '4>3': ['admin'],
    '4>5': ['admin'],
    '3>1': [],
  },
};

describe('PUT /api/contents/:id/status?statusId=', () => {
  it('climbs the ladder: 401, 403 for a trainee, 404 for another organization or a general item not added, 400 for a bad status', async () => {
    const id = await contentId(ctx.db, 'Junior developer interview');
    expect((await changeStatus(id, S.Draft)).statusCode).toBe(401);
    expect((await changeStatus(id, S.Draft, 'trainee')).statusCode).toBe(403);
    expect((await changeStatus(id, S.Draft, 'manager2')).statusCode).toBe(404);
    const leadership = await contentId(ctx.db, 'Leadership interview');
    expect((await changeStatus(leadership, S.Inactive, 'manager')).statusCode).toBe(404);
    expect((await changeStatus(999999, S.Draft, 'admin')).statusCode).toBe(404);
    for (const bad of ['0', '6', '7', 'x', '']) {
      expect((await changeStatus(id, bad, 'admin')).statusCode, bad).toBe(400);
    }
    expect(await statusOf(id)).toBe(S.Review);
  });

  for (const owner of ['demo', 'general'] as const) {
    it(`enforces every pair of statuses for every role on ${owner === 'demo' ? "an organization's" : 'general'} content; a refused change changes nothing`, async () => {
      const id = await contentId(
        ctx.db,
        owner === 'demo' ? 'Junior developer interview' : 'Graduate scheme interview',
      );
      if (owner === 'general') {
        await ctx.db
          .insert(contentOrganizations)
          .values({ contentId: id, organizationId: ctx.org.demo })
          .onConflictDoNothing();
      }
      const original = await statusOf(id);
      for (const from of contentStatusIds) {
        for (const to of contentStatusIds) {
          for (const who of ['admin', 'manager', 'instructor', 'instructor2'] as const) {
            await setStatus(id, from);
            const res = await changeStatus(id, to, who);
            const label = `${owner} ${from}→${to} by ${who}`;
            if (!inMachine(from, to)) {
              expect(res.statusCode, label).toBe(400);
              expect(res.json().message, label).toBe(messages.statusTransitionNotAllowed);
              expect(await statusOf(id), label).toBe(from);
            } else if (allowedFor[owner][`${from}>${to}`]!.includes(who)) {
              expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
              expect(res.json().message).toBe(messages.contentStatusUpdated);
              expect(res.json().data).toMatchObject({ id, statusId: to });
              expect(await statusOf(id), label).toBe(to);
            } else {
              expect(res.statusCode, label).toBe(403);
              expect(await statusOf(id), label).toBe(from);
            }
          }
        }
      }
      await setStatus(id, original);
      await ctx.db
        .delete(contentOrganizations)
        .where(
          and(
            eq(contentOrganizations.contentId, id),
            eq(contentOrganizations.organizationId, ctx.org.demo),
          ),
        );
    });
  }

  it('refuses an instructor without the creator flag Active ⇄ Inactive, even on an interview an Active assignment uses (403, unchanged)', async () => {
    const [active] = await ctx.db
      .select()
      .from(assignments)
      .where(eq(assignments.statusId, AssignmentStatus.Active));
    const interview = active!.interviewId!;
    expect((await contentRow(ctx.db, interview))!.organizationId).toBe(ctx.org.demo);
    expect(await statusOf(interview)).toBe(S.Active);
    const off = await changeStatus(interview, S.Inactive, 'instructor2');
    expect(off.statusCode, off.body).toBe(403);
    expect(off.json().message).toBe(messages.forbidden);
    expect(await statusOf(interview)).toBe(S.Active);
    await setStatus(interview, S.Inactive);
    expect((await changeStatus(interview, S.Active, 'instructor2')).statusCode).toBe(403);
    expect(await statusOf(interview)).toBe(S.Inactive);
    await setStatus(interview, S.Active);
  });

  it('lets an admin with the creator flag submit and return general content to Draft', async () => {
    const id = await contentId(ctx.db, 'Internship interview');
    await setAdminCreator(true);
    try {
      const submit = await changeStatus(id, S.Review, 'admin');
      expect(submit.statusCode, submit.body).toBe(200);
      expect((await changeStatus(id, S.Active, 'admin')).statusCode).toBe(200);
      expect((await changeStatus(id, S.Draft, 'admin')).statusCode).toBe(200);
      expect(await statusOf(id)).toBe(S.Draft);
    } finally {
      await setAdminCreator(false);
    }
  });

  it('checks an interview before Review with the messages of 001 §5, in order (nothing changed)', async () => {
    const created = await ctx.call('POST', '/api/interviews', 'instructor', {
      name: 'Submit checks',
      description: 'An interview to submit',
      roles: [{ name: 'First' }, { name: 'Second' }],
    });
    const id = created.json().data.id as number;
    const [first, second] = await roleIdsOf(ctx.db, id);
    const expectRefused = async (message: string) => {
      const res = await changeStatus(id, S.Review, 'instructor');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await statusOf(id)).toBe(S.Draft);
    };
    // No question yet.
    await expectRefused(messages.cannotSubmitInterview);
    const ask = (interviewRoleId: number, text: string) =>
      ctx.call('POST', `/api/questions?contentId=${id}`, 'instructor', {
        text,
        questionTypeId: QuestionType.Open,
        interviewRoleId,
      });
    const q1 = (await ask(first!, 'One?')).json().data.id as number;
    const q2 = (await ask(second!, 'Two?')).json().data.id as number;
    const q3 = (await ask(first!, 'Three?')).json().data.id as number;
    // The first role is deleted: its questions have no role.
    const edited = await ctx.call('PUT', `/api/interviews/${id}`, 'instructor', {
      name: 'Submit checks',
      description: 'An interview to submit',
      roles: [{ id: second, name: 'Second' }],
    });
    expect(edited.statusCode).toBe(200);
    await expectRefused(format.questionsWithoutRole([q1, q3]));
    expect(format.questionsWithoutRole([q1, q3]).startsWith(messages.questionsWithoutRole)).toBe(
      true,
    );
    // A question whose role belongs to another interview.
    const [foreign] = await roleIdsOf(
      ctx.db,
      await contentId(ctx.db, 'Junior developer interview'),
    );
    await ctx.db
      .update(questions)
      .set({ interviewRoleId: second })
      .where(inArray(questions.id, [q1, q3]));
    await ctx.db.update(questions).set({ interviewRoleId: foreign }).where(eq(questions.id, q2));
    await expectRefused(format.questionInvalidRoleId(q2));
    await ctx.db.update(questions).set({ interviewRoleId: second }).where(eq(questions.id, q2));
    // No roles at all (only possible in data written outside the API).
    await ctx.db
      .update(questions)
      .set({ interviewRoleId: null })
      .where(eq(questions.contentId, id));
    await ctx.db.delete(interviewRoles).where(eq(interviewRoles.contentId, id));
    await expectRefused(messages.missingRoles);
    // Fixed: a role again and every question on it.
    const fixed = await ctx.call('PUT', `/api/interviews/${id}`, 'instructor', {
      name: 'Submit checks',
      description: 'An interview to submit',
      roles: [{ name: 'Only' }],
    });
    const [only] = await roleIdsOf(ctx.db, id);
    expect(fixed.statusCode).toBe(200);
    await ctx.db
      .update(questions)
      .set({ interviewRoleId: only })
      .where(eq(questions.contentId, id));
    const ok = await changeStatus(id, S.Review, 'instructor');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.statusId).toBe(S.Review);
    // The manager approves it: Active.
    expect((await changeStatus(id, S.Active, 'manager')).json().data.statusId).toBe(S.Active);
  });

  it('needs at least one question before an evaluation goes to Review', async () => {
    const created = await ctx.call('POST', '/api/questionnaires?contentTypeId=3', 'instructor', {
      name: 'Empty form',
      description: 'No questions yet',
    });
    const id = created.json().data.id as number;
    const refused = await changeStatus(id, S.Review, 'instructor');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.statusTransitionNotAllowed);
    await ctx.call('POST', `/api/questions?contentId=${id}`, 'instructor', {
      text: 'How was it?',
      questionTypeId: QuestionType.Open,
    });
    expect((await changeStatus(id, S.Review, 'instructor')).statusCode).toBe(200);
  });

  it('refuses Active → Draft while an Active assignment uses the item, allows it once none does', async () => {
    const [active] = await ctx.db
      .select()
      .from(assignments)
      .where(eq(assignments.statusId, AssignmentStatus.Active));
    expect(active).toBeDefined();
    for (const id of [active!.interviewId!, active!.ratingsId!, active!.feedbackId!]) {
      const row = await contentRow(ctx.db, id);
      expect(row!.statusId).toBe(S.Active);
      const who: ContentActor = row!.organizationId === null ? 'admin' : 'instructor';
      if (who === 'admin') await setAdminCreator(true);
      const res = await changeStatus(id, S.Draft, who);
      if (who === 'admin') await setAdminCreator(false);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(messages.assignmentInUse);
      expect(await statusOf(id)).toBe(S.Active);
      // Active ⇄ Inactive stays possible.
      expect((await changeStatus(id, S.Inactive, 'admin')).statusCode).toBe(200);
      expect((await changeStatus(id, S.Active, 'admin')).statusCode).toBe(200);
    }
    const interview = active!.interviewId!;
    const using = await ctx.db
      .select({ id: assignments.id })
      .from(assignments)
      .where(
        and(
          eq(assignments.interviewId, interview),
          eq(assignments.statusId, AssignmentStatus.Active),
        ),
      );
    await ctx.db
      .update(assignments)
      .set({ statusId: AssignmentStatus.Closed })
      .where(
        inArray(
          assignments.id,
          using.map((u) => u.id),
        ),
      );
    const back = await changeStatus(interview, S.Draft, 'instructor');
    expect(back.statusCode, back.body).toBe(200);
    // Returned to Draft it is editable again, but not deletable while an assignment refers to it.
    const del = await ctx.call('DELETE', `/api/interviews/${interview}`, 'instructor');
    expect(del.statusCode).toBe(409);
    expect(await contentRow(ctx.db, interview)).toBeDefined();
    await setStatus(interview, S.Active);
  });
});

describe('Return draft with a reason (decisions.md#console-flows §7)', () => {
  /** A new Demo Academy interview with one role and one question, sent to Review by its creator. */
  async function interviewInReview(name: string): Promise<number> {
    const created = await ctx.call('POST', '/api/interviews', 'instructor', {
      name,
      description: 'Waiting for approval',
      roles: [{ name: 'Interviewer' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const [role] = await roleIdsOf(ctx.db, id);
    const asked = await ctx.call('POST', `/api/questions?contentId=${id}`, 'instructor', {
      text: 'Why this role?',
      questionTypeId: QuestionType.Open,
      interviewRoleId: role,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await changeStatus(id, S.Review, 'instructor')).statusCode).toBe(200);
    return id;
  }
  const returnDraft = (id: number, who: ContentActor | undefined, body: object | undefined) =>
    ctx.call('PUT', `/api/contents/${id}/status?statusId=${S.Draft}`, who, body);
  const reasonOf = async (id: number) => (await contentRow(ctx.db, id))!.returnReason;

  it('keeps the trimmed reason of a Manager, shows it to the creator, and clears it when sent to Review again', async () => {
    const id = await interviewInReview('Reason kept');
    const res = await returnDraft(id, 'manager', { reason: '  Add a closing question.\nThanks  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      statusId: S.Draft,
      returnReason: 'Add a closing question.\nThanks',
    });
    const detail = await ctx.call('GET', `/api/questionnaires/${id}`, 'instructor');
    expect(detail.json().data.content.returnReason).toBe('Add a closing question.\nThanks');
    const mine = await listAs<ContentListItem>(
      ctx,
      `/api/interviews?search=${encodeURIComponent('Reason kept')}`,
      'instructor',
    );
    expect(mine.list.map((c) => [c.id, c.returnReason])).toEqual([
      [id, 'Add a closing question.\nThanks'],
    ]);
    // Sent to Review again: the reason is gone.
    const again = await changeStatus(id, S.Review, 'instructor');
    expect(again.json().data).toMatchObject({ statusId: S.Review, returnReason: null });
    expect(await reasonOf(id)).toBeNull();
  });

  it('returns without a reason (no body, an empty body or a blank reason) and ignores a reason on other changes', async () => {
    const id = await interviewInReview('Reason absent');
    for (const body of [undefined, {}, { reason: '   ' }, { reason: null }]) {
      const res = await returnDraft(id, 'manager', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(200);
      expect(res.json().data.returnReason).toBeNull();
      expect((await changeStatus(id, S.Review, 'instructor')).statusCode).toBe(200);
    }
    const approved = await ctx.call(
      'PUT',
      `/api/contents/${id}/status?statusId=${S.Active}`,
      'manager',
      { reason: 'Not kept' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await reasonOf(id)).toBeNull();
  });

  it('checks who may call before the body: 401, 403 trainee or instructor without the right, 404 another organization; then 400 for a bad reason, unchanged', async () => {
    const id = await interviewInReview('Reason refused');
    const tooLong = { reason: 'x'.repeat(returnReasonMaxLength + 1) };
    expect((await returnDraft(id, undefined, tooLong)).statusCode).toBe(401);
    expect((await returnDraft(id, 'trainee', tooLong)).statusCode).toBe(403);
    expect((await returnDraft(id, 'instructor2', tooLong)).statusCode).toBe(403);
    expect((await returnDraft(id, 'manager2', tooLong)).statusCode).toBe(404);
    const approve = await ctx.call(
      'PUT',
      `/api/contents/${id}/status?statusId=${S.Active}`,
      'instructor',
      tooLong,
    );
    expect(approve.statusCode).toBe(403);
    const long = await returnDraft(id, 'manager', tooLong);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(messages.returnReasonTooLong);
    const wrongType = await returnDraft(id, 'manager', { reason: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(await statusOf(id)).toBe(S.Review);
    expect(await reasonOf(id)).toBeNull();
    const exact = await returnDraft(id, 'manager', {
      reason: 'y'.repeat(returnReasonMaxLength),
    });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(await reasonOf(id)).toHaveLength(returnReasonMaxLength);
  });

  it("counts the organization's content in Review on the dashboard, per content type", async () => {
    const before = await ctx.call('GET', '/api/assignments/dashboard', 'manager');
    expect(before.statusCode, before.body).toBe(200);
    const counts = before.json().data as {
      awaitingApproval: number;
      awaitingApprovalByType: Record<string, number>;
    };
    const inReview = await ctx.db
      .select({ type: contents.contentTypeId, n: count() })
      .from(contents)
      .where(and(eq(contents.organizationId, ctx.org.demo), eq(contents.statusId, S.Review)))
      .groupBy(contents.contentTypeId);
    const of = (type: number) => inReview.find((r) => r.type === type)?.n ?? 0;
    expect(counts.awaitingApprovalByType).toEqual({
      interviews: of(ContentType.Interview),
      ratingScales: of(ContentType.RatingScale),
      feedbackForms: of(ContentType.Feedback),
    });
    const id = await interviewInReview('Counted for approval');
    const after = (await ctx.call('GET', '/api/assignments/dashboard', 'manager')).json().data;
    expect(after.awaitingApproval).toBe(counts.awaitingApproval + 1);
    expect(after.awaitingApprovalByType.interviews).toBe(
      counts.awaitingApprovalByType.interviews! + 1,
    );
    // Another organization's manager does not see it.
    const other = (await ctx.call('GET', '/api/assignments/dashboard', 'manager2')).json().data;
    expect(other.awaitingApprovalByType.interviews).toBe(0);
    await returnDraft(id, 'manager', {});
    expect(
      (await ctx.call('GET', '/api/assignments/dashboard', 'manager')).json().data.awaitingApproval,
    ).toBe(counts.awaitingApproval);
  });
});

describe('PUT /api/contents/:id/add|remove/:organizationId', () => {
  it('climbs the ladder: 401, 403 for anyone but an admin, 404 for content not visible or a missing organization, 400 for bad ids (nothing changed)', async () => {
    const added = await contentId(ctx.db, 'Behavioural interview essentials');
    const leadership = await contentId(ctx.db, 'Leadership interview');
    const url = (id: number, org: number | string, op = 'add') =>
      `/api/contents/${id}/${op}/${org}`;
    expect((await ctx.call('PUT', url(leadership, ctx.org.demo))).statusCode).toBe(401);
    for (const who of ['manager', 'instructor', 'instructor2', 'trainee'] as const) {
      expect((await ctx.call('PUT', url(added, ctx.org.demo, 'remove'), who)).statusCode, who).toBe(
        403,
      );
    }
    expect((await ctx.call('PUT', url(leadership, ctx.org.demo), 'manager')).statusCode).toBe(404);
    expect((await ctx.call('PUT', url(leadership, 999999), 'admin')).statusCode).toBe(404);
    expect((await ctx.call('PUT', url(999999, ctx.org.demo), 'admin')).statusCode).toBe(404);
    expect((await ctx.call('PUT', url(leadership, 'x'), 'admin')).statusCode).toBe(400);
    const links = await ctx.db
      .select()
      .from(contentOrganizations)
      .where(inArray(contentOrganizations.contentId, [added, leadership]));
    expect(links.map((l) => l.contentId)).toEqual([added]);
  });

  it('adds only general Active content; refuses organization content and other statuses', async () => {
    const cases: [string, string][] = [
      ['Customer support interview', messages.failedToAddInterview],
      ['Graduate scheme interview', messages.failedToAddInterview],
      ['Call centre interview', messages.failedToAddInterview],
      ['Legacy screening interview', messages.failedToAddInterview],
      ['Soft skills scale', messages.conflict],
      ['Communication rating', messages.conflict],
    ];
    for (const [name, message] of cases) {
      const id = await contentId(ctx.db, name);
      const res = await ctx.call('PUT', `/api/contents/${id}/add/${ctx.org.northwind}`, 'admin');
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const own = await contentId(ctx.db, 'Customer support interview');
    const remove = await ctx.call('PUT', `/api/contents/${own}/remove/${ctx.org.demo}`, 'admin');
    expect(remove.statusCode).toBe(400);
    expect(remove.json().message).toBe(messages.failedToRemoveInterview);
    expect(
      await ctx.db
        .select()
        .from(contentOrganizations)
        .where(eq(contentOrganizations.organizationId, ctx.org.northwind)),
    ).toEqual([]);
  });

  it('adds an Active general interview to an organization (then visible there) and removes it, idempotently', async () => {
    const id = await contentId(ctx.db, 'Leadership interview');
    const add = await ctx.call('PUT', `/api/contents/${id}/add/${ctx.org.northwind}`, 'admin');
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().message).toBe(messages.interviewAddedToOrganization);
    expect(add.json().data).toMatchObject({ id, organizationIds: [ctx.org.northwind] });
    expect(
      (await ctx.call('PUT', `/api/contents/${id}/add/${ctx.org.northwind}`, 'admin')).statusCode,
    ).toBe(200);
    expect((await ctx.call('GET', `/api/interviews/${id}`, 'manager2')).statusCode).toBe(200);
    const listed = (await ctx.call('GET', '/api/interviews?scope=2', 'manager2')).json().data;
    expect(listed.list.map((c: ContentListItem) => c.id)).toEqual([id]);
    // A manager sees only its own organization among those the item was added to.
    const both = await ctx.call('PUT', `/api/contents/${id}/add/${ctx.org.demo}`, 'admin');
    expect(both.json().data.organizationIds).toEqual(
      [ctx.org.demo, ctx.org.northwind].sort((a, b) => a - b),
    );
    const seen = (await ctx.call('GET', `/api/interviews?contentId=${id}`, 'manager2')).json().data;
    expect(seen.list[0].organizationIds).toEqual([ctx.org.northwind]);

    const remove = await ctx.call(
      'PUT',
      `/api/contents/${id}/remove/${ctx.org.northwind}`,
      'admin',
    );
    expect(remove.statusCode).toBe(200);
    expect(remove.json().message).toBe(messages.interviewRemovedFromOrganization);
    expect(remove.json().data.organizationIds).toEqual([ctx.org.demo]);
    expect(
      (await ctx.call('PUT', `/api/contents/${id}/remove/${ctx.org.northwind}`, 'admin'))
        .statusCode,
    ).toBe(200);
    expect((await ctx.call('GET', `/api/interviews/${id}`, 'manager2')).statusCode).toBe(404);
    await ctx.call('PUT', `/api/contents/${id}/remove/${ctx.org.demo}`, 'admin');

    // Rating scales and feedback forms: '{type} added/removed organization!'.
    const scale = await contentId(ctx.db, 'Interview performance scale');
    const added = await ctx.call('PUT', `/api/contents/${scale}/add/${ctx.org.northwind}`, 'admin');
    expect(added.json().message).toBe(format.assetAddedToOrganization('Rating scales'));
    const removed = await ctx.call(
      'PUT',
      `/api/contents/${scale}/remove/${ctx.org.northwind}`,
      'admin',
    );
    expect(removed.json().message).toBe(format.assetRemovedFromOrganization('Rating scales'));
  });
});

describe('GET /api/organizations/:id/contents', () => {
  const url = (query = '') => `/api/organizations/${ctx.org.demo}/contents${query}`;
  const names = (list: ContentListItem[]) => list.map((c) => c.name).sort();

  it('climbs the ladder: 401, 403 for a trainee, 404 for another organization, 400 for bad filters', async () => {
    expect((await ctx.call('GET', url())).statusCode).toBe(401);
    expect((await ctx.call('GET', url(), 'trainee')).statusCode).toBe(403);
    expect((await ctx.call('GET', url(), 'manager2')).statusCode).toBe(404);
    for (const q of ['?status=9', '?contentTypeId=4', '?authoring=3', '?search=a', '?pageSize=7']) {
      expect((await ctx.call('GET', url(q), 'manager')).statusCode, q).toBe(400);
    }
  });

  it("answers a manager its organization's content and the general content added to it, by type, status, authoring and search", async () => {
    const interviews = (await ctx.call('GET', url('?contentTypeId=1'), 'manager')).json().data;
    const own = (
      await ctx.call('GET', url(`?contentTypeId=1&authoring=${Ownership.Authored}`), 'manager')
    ).json().data;
    expect(own.list.every((c: ContentListItem) => c.organizationId === ctx.org.demo)).toBe(true);
    expect(own.count).toBeGreaterThanOrEqual(4);
    const general = (
      await ctx.call('GET', url(`?contentTypeId=1&authoring=${Ownership.Assigned}`), 'manager')
    ).json().data;
    expect(names(general.list)).toEqual([
      'Behavioural interview essentials',
      'Call centre interview',
    ]);
    expect(interviews.count).toBe(own.count + general.count);
    expect(names(interviews.list)).toEqual(names([...own.list, ...general.list]));
    const deleted = (await ctx.call('GET', url(`?status=${S.Deleted}`), 'manager')).json().data;
    expect(names(deleted.list)).toEqual([
      'Old feedback form',
      'Old onboarding interview',
      'Old rating scale',
    ]);
    const inactive = (
      await ctx.call(
        'GET',
        url(`?status=${S.Inactive}&contentTypeId=${ContentType.Feedback}`),
        'manager',
      )
    ).json().data;
    expect(names(inactive.list)).toEqual(['Workshop feedback form']);
    const search = (await ctx.call('GET', url('?search=rating'), 'manager')).json().data;
    expect(
      search.list.every((c: ContentListItem) => c.contentTypeId === ContentType.RatingScale),
    ).toBe(true);
    // All types by default, every status but Deleted.
    const all = (await ctx.call('GET', url(), 'manager')).json().data;
    expect(new Set(all.list.map((c: ContentListItem) => c.contentTypeId))).toEqual(
      new Set([1, 2, 3]),
    );
    expect(all.list.some((c: ContentListItem) => c.statusId === S.Deleted)).toBe(false);
  });

  it('gives the admin every general item in the General view, with the organizations it was added to', async () => {
    const res = await ctx.call(
      'GET',
      url(`?contentTypeId=1&authoring=${Ownership.Assigned}`),
      'admin',
    );
    expect(res.statusCode).toBe(200);
    const list = res.json().data.list as ContentListItem[];
    expect(list.every((c) => c.organizationId === null)).toBe(true);
    expect(list.map((c) => c.name)).toContain('Leadership interview');
    expect(
      list.find((c) => c.name === 'Behavioural interview essentials')!.organizationIds,
    ).toEqual([ctx.org.demo]);
    expect(list.find((c) => c.name === 'Leadership interview')!.organizationIds).toEqual([]);
  });
});

describe('GET /api/organizations (interviews count)', () => {
  it("counts each organization's own interviews that are not Deleted", async () => {
    const { list } = (await ctx.call('GET', '/api/organizations', 'admin')).json().data;
    const [own] = await ctx.db
      .select({ n: count() })
      .from(contents)
      .where(
        and(
          eq(contents.organizationId, ctx.org.demo),
          eq(contents.contentTypeId, ContentType.Interview),
          inArray(contents.statusId, [S.Draft, S.Review, S.Active, S.Inactive]),
        ),
      );
    expect(list.find((o: { id: number }) => o.id === ctx.org.demo).interviewsCount).toBe(own!.n);
    expect(own!.n).toBeGreaterThanOrEqual(4);
    expect(list.find((o: { id: number }) => o.id === ctx.org.northwind).interviewsCount).toBe(0);
    const detail = (await ctx.call('GET', `/api/organizations/${ctx.org.demo}`, 'manager')).json()
      .data;
    expect(detail.interviewsCount).toBe(own!.n);
  });
});

describe('OpenAPI', () => {
  it('documents the content calls with their bodies and queries', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = [
      ['/api/interviews', ['get', 'post']],
      ['/api/interviews/{id}', ['get', 'put', 'delete']],
      ['/api/questionnaires', ['get', 'post']],
      ['/api/questionnaires/{id}', ['get', 'put', 'delete']],
      ['/api/questions', ['post']],
      ['/api/questions/{id}', ['get', 'put', 'delete']],
      ['/api/contents/{id}/status', ['put']],
      ['/api/contents/{id}/add/{organizationId}', ['put']],
      ['/api/contents/{id}/remove/{organizationId}', ['put']],
      ['/api/organizations/{id}/contents', ['get']],
    ] as const;
    for (const [path, methods] of paths) {
      for (const method of methods)
        expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const body = doc.paths['/api/questions'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining([
        'text',
        'questionTypeId',
        'interviewRoleId',
        'options',
        'audios',
        'tags',
      ]),
    );
  });
});

describe('the demo content seed', () => {
  it('seeds every status of every type for Demo Academy and as general content', async () => {
    const rows = await ctx.db
      .select({
        name: contents.name,
        organizationId: contents.organizationId,
        contentTypeId: contents.contentTypeId,
        statusId: contents.statusId,
      })
      .from(contents)
      .where(inArray(contents.id, await seededIds()));
    for (const organizationId of [ctx.org.demo, null]) {
      for (const type of [ContentType.Interview, ContentType.RatingScale, ContentType.Feedback]) {
        const statuses = new Set(
          rows
            .filter((r) => r.organizationId === organizationId && r.contentTypeId === type)
            .map((r) => r.statusId),
        );
        expect([...statuses].sort(), `${organizationId} ${type}`).toEqual([1, 2, 3, 4, 5]);
      }
    }
  });

  it('gives interviews two roles with avatars and 5+ questions with real mp3 prompts; evaluations their question types', async () => {
    const interviews = await ctx.db
      .select({ id: contents.id })
      .from(contents)
      .where(
        and(
          eq(contents.contentTypeId, ContentType.Interview),
          inArray(contents.id, await seededIds()),
        ),
      );
    for (const { id } of interviews) {
      const roles = await ctx.db
        .select()
        .from(interviewRoles)
        .where(eq(interviewRoles.contentId, id));
      expect(roles).toHaveLength(2);
      expect(roles.every((r) => r.avatarId !== null)).toBe(true);
      expect((await questionIdsOf(ctx.db, id)).length).toBeGreaterThanOrEqual(5);
    }
    const audioFiles = await ctx.db
      .select({ id: files.id, size: files.size, status: files.status, type: files.fileTypeId })
      .from(files)
      .where(inArray(files.id, ctx.db.select({ id: questionAudios.audioId }).from(questionAudios)));
    expect(audioFiles.length).toBeGreaterThan(0);
    for (const f of audioFiles) {
      expect(f.status).toBe(FileStatus.Ready);
      expect(f.size!).toBeLessThanOrEqual(audioMaxBytes);
    }
    const fixtures = (await readdir(demoAudioDir)).filter((f) => f.endsWith('.mp3'));
    expect(fixtures.length).toBeGreaterThanOrEqual(4);
    for (const name of fixtures) {
      const bytes = await readFile(path.join(demoAudioDir, name));
      expect(bytes.length).toBeLessThan(audioMaxBytes);
      expect((await fileTypeFromBuffer(bytes))?.ext).toBe('mp3');
    }
    const feedback = await contentId(ctx.db, 'General feedback form');
    const types = await ctx.db
      .select({ t: questions.questionTypeId })
      .from(questions)
      .where(eq(questions.contentId, feedback));
    expect(new Set(types.map((t) => t.t))).toEqual(
      new Set([QuestionType.Open, QuestionType.Single, QuestionType.Multiple]),
    );
  });

  it('makes at least one interview, rating scale and feedback form Active and assignable to Demo Academy', async () => {
    for (const type of [ContentType.Interview, ContentType.RatingScale, ContentType.Feedback]) {
      const res = await ctx.call(
        'GET',
        type === ContentType.Interview
          ? '/api/interviews?scope=2'
          : `/api/questionnaires?scope=2&contentTypeId=${type}`,
        'instructor',
      );
      expect(res.json().data.count, String(type)).toBeGreaterThanOrEqual(1);
    }
  });

  it('is idempotent', async () => {
    const before = (await ctx.db.select({ n: count() }).from(contents))[0]!.n;
    expect(await seedContents(ctx.db, ctx.app.files.storage)).toBe(false);
    expect((await ctx.db.select({ n: count() }).from(contents))[0]!.n).toBe(before);
  });
});

/** Ids of the seeded items (by the names of the seed's lists). */
async function seededIds(): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: contents.id })
    .from(contents)
    .where(
      inArray(
        contents.name,
        [...demoAcademyContents, ...generalContents].map((c) => c.name),
      ),
    );
  return rows.map((r) => r.id);
}
