/**
 * The /interviews calls of 001 §7 (decisions.md#content-authoring): the list and its filters (organizationId, authoring,
 * status, authoredBy, search, scope, paging, contentId), one interview, create, update and delete
 * of a Draft interview with the messages of 001 §5. Each call climbs the ladder 401 → 403 → 404
 * other organization → 400 → success, and a denied write changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import {
  AssetType,
  ContentStatus,
  ContentType,
  Ownership,
  Scope,
  maxRolesPerInterview,
  messages,
  type InterviewListItem,
  type Questionnaire,
} from '@practica/contract';
import { assets, contents, interviewRoles, questions, users } from '../../src/db/schema/index.js';
import { demoAssetIds } from '../../src/seed/assets.js';
import {
  buildContentApp,
  contentId,
  contentRow,
  questionIdsOf,
  roleIdsOf,
  listAs,
  sortedNames,
  type ContentActor,
  type ContentTestContext,
} from '../helpers/contents.js';
import { expectRefused } from '../helpers/ladder.js';

let ctx: ContentTestContext;
const avatar: Record<string, number> = {};
/** An avatar added to no organization, and an environment (not an avatar). */
const fx = { unshared: 0, environment: 0 };

beforeAll(async () => {
  ctx = await buildContentApp();
  for (const [name, id] of await demoAssetIds(ctx.db)) avatar[name] = id;
  const [unshared] = await ctx.db
    .insert(assets)
    .values({ name: 'Unshared', assetTypeId: AssetType.Avatar })
    .returning({ id: assets.id });
  fx.unshared = unshared!.id;
  fx.environment = (await demoAssetIds(ctx.db)).get('Office')!;
});
afterAll(() => ctx.close());

const setAdminCreator = (creator: boolean) =>
  ctx.db.update(users).set({ creator }).where(eq(users.email, 'admin@demo.test'));
const names = sortedNames;
const list = (url: string, who: ContentActor = 'instructor') =>
  listAs<InterviewListItem>(ctx, url, who);
const interviewCount = async () =>
  (await ctx.db.select({ n: count() }).from(contents).where(eq(contents.contentTypeId, 1)))[0]!.n;

const newInterview = () => ({
  name: '  Barista interview  ',
  description: '  For the new cafe team.  ',
  roles: [
    { name: 'Cafe manager', avatarId: avatar['Alex'] },
    { name: 'Head barista', avatarId: avatar['Bea'] },
  ],
  languageId: 1,
});

describe('GET /api/interviews', () => {
  it('climbs the ladder: 401, 403 for a trainee, 404 for another organization, 400 for bad filters', async () => {
    await expectRefused(ctx.call, 'GET', '/api/interviews', { forbidden: ['trainee'] });
    expect(
      (await ctx.call('GET', `/api/interviews?organizationId=${ctx.org.northwind}`, 'manager'))
        .statusCode,
    ).toBe(404);
    for (const query of [
      'status=9',
      'status=1,7',
      'authoring=3',
      'scope=5',
      'pageSize=10',
      'page=0',
      'search=ab',
      'organizationId=abc',
      'authoredBy=0',
      'contentId=-1',
    ]) {
      const res = await ctx.call('GET', `/api/interviews?${query}`, 'instructor');
      expect(res.statusCode, query).toBe(400);
    }
    expect((await ctx.call('GET', '/api/interviews?search=ab', 'instructor')).json().message).toBe(
      messages.searchTooShort,
    );
  });

  it('shows an organization its own interviews and the general ones added to it, not Deleted ones by default', async () => {
    const { list: rows, count: total } = await list('/api/interviews');
    expect(names(rows)).toEqual(
      [
        'Behavioural interview essentials',
        'Call centre interview',
        'Customer support interview',
        'Junior developer interview',
        'Retail team interview',
        'Sales associate interview',
      ].sort(),
    );
    expect(total).toBe(6);
    const support = rows.find((r) => r.name === 'Customer support interview')!;
    expect(support).toMatchObject({
      statusId: ContentStatus.Active,
      contentTypeId: ContentType.Interview,
      organization: { id: ctx.org.demo, name: 'Demo Academy' },
      organizationIds: [],
      questionsCount: 6,
      createdBy: { firstName: 'Ian', lastName: 'Instructor' },
      language: 'English',
    });
    const general = rows.find((r) => r.name === 'Behavioural interview essentials')!;
    expect(general).toMatchObject({
      organizationId: null,
      organization: null,
      organizationIds: [ctx.org.demo],
      createdBy: { firstName: 'Ada', lastName: 'Admin' },
    });
    // Most recently edited first.
    const times = rows.map((r) => Date.parse(r.updatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Another organization sees neither Demo Academy's nor general items not added to it.
    expect((await list('/api/interviews', 'manager2')).count).toBe(0);
  });

  it('filters by authoring, status (one, several, All, Deleted), authoredBy, search, scope and pages', async () => {
    expect(names((await list(`/api/interviews?authoring=${Ownership.Authored}`)).list)).toEqual(
      [
        'Customer support interview',
        'Junior developer interview',
        'Retail team interview',
        'Sales associate interview',
      ].sort(),
    );
    expect(names((await list(`/api/interviews?authoring=${Ownership.Assigned}`)).list)).toEqual([
      'Behavioural interview essentials',
      'Call centre interview',
    ]);
    expect(names((await list('/api/interviews?status=1,2')).list)).toEqual([
      'Junior developer interview',
      'Sales associate interview',
    ]);
    expect(names((await list(`/api/interviews?status=${ContentStatus.Deleted}`)).list)).toEqual([
      'Old onboarding interview',
    ]);
    expect((await list(`/api/interviews?status=${ContentStatus.All}`)).count).toBe(6);
    const instructorId = (
      await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'instructor@demo.test'))
    )[0]!.id;
    expect((await list(`/api/interviews?authoredBy=${instructorId}`)).count).toBe(4);
    expect(names((await list('/api/interviews?search=SUPPORT')).list)).toEqual([
      'Customer support interview',
    ]);
    expect(names((await list('/api/interviews?search=100%25')).list)).toEqual([]);
    expect(names((await list(`/api/interviews?scope=${Scope.Assignable}`)).list)).toEqual([
      'Behavioural interview essentials',
      'Customer support interview',
    ]);
    expect(names((await list(`/api/interviews?scope=${Scope.General}`)).list)).toEqual([
      'Behavioural interview essentials',
      'Call centre interview',
    ]);
    expect((await list(`/api/interviews?scope=${Scope.Organization}`)).count).toBe(4);
    const page2 = await list('/api/interviews?page=2&pageSize=25');
    expect(page2).toEqual({ list: [], count: 6 });
  });

  it('gives an admin the general interviews, all of them in the Assigned view, with the organizations they were added to', async () => {
    const general = await list('/api/interviews', 'admin');
    expect(names(general.list)).toEqual(
      [
        'Behavioural interview essentials',
        'Call centre interview',
        'Graduate scheme interview',
        'Internship interview',
        'Leadership interview',
      ].sort(),
    );
    expect(general.list.find((r) => r.name === 'Leadership interview')!.organizationIds).toEqual(
      [],
    );
    const assigned = await list(
      `/api/interviews?organizationId=${ctx.org.demo}&authoring=${Ownership.Assigned}`,
      'admin',
    );
    expect(assigned.count).toBe(5);
    const authored = await list(
      `/api/interviews?organizationId=${ctx.org.demo}&authoring=${Ownership.Authored}`,
      'admin',
    );
    expect(authored.count).toBe(4);
    // Scope Assignable is the organization's, even for an admin: general items must be added.
    const assignable = await list(
      `/api/interviews?organizationId=${ctx.org.demo}&scope=${Scope.Assignable}`,
      'admin',
    );
    expect(names(assignable.list)).toEqual([
      'Behavioural interview essentials',
      'Customer support interview',
    ]);
  });

  it('answers one interview with its roles and questions for contentId', async () => {
    const id = await contentId(ctx.db, 'Customer support interview');
    const { list: rows, count: total } = await list(`/api/interviews?contentId=${id}`);
    expect(total).toBe(1);
    expect(rows[0]!.roles!.map((r) => r.name)).toEqual(['Hiring manager', 'Team lead']);
    expect(rows[0]!.questions).toHaveLength(6);
    expect((await list('/api/interviews?status=6')).list[0]!.roles).toBeUndefined();
    // Not visible to this organization: an empty list, never another organization's row.
    const leadership = await contentId(ctx.db, 'Leadership interview');
    expect(await list(`/api/interviews?contentId=${leadership}`)).toEqual({ list: [], count: 0 });
  });
});

describe('GET /api/interviews/:id', () => {
  it('climbs the ladder: 401, 403 for a trainee, 404 for another organization, a general item not added, an evaluation or a missing id; 400 for a bad id', async () => {
    const id = await contentId(ctx.db, 'Customer support interview');
    await expectRefused(ctx.call, 'GET', `/api/interviews/${id}`, {
      forbidden: ['trainee'],
      otherOrganization: ['manager2'],
    });
    const leadership = await contentId(ctx.db, 'Leadership interview');
    expect((await ctx.call('GET', `/api/interviews/${leadership}`, 'manager')).statusCode).toBe(
      404,
    );
    expect((await ctx.call('GET', `/api/interviews/${leadership}`, 'admin')).statusCode).toBe(200);
    const rating = await contentId(ctx.db, 'Communication rating');
    expect((await ctx.call('GET', `/api/interviews/${rating}`, 'instructor')).statusCode).toBe(404);
    expect((await ctx.call('GET', '/api/interviews/999999', 'admin')).statusCode).toBe(404);
    expect((await ctx.call('GET', '/api/interviews/abc', 'admin')).statusCode).toBe(400);
  });

  it('answers the questionnaire: content, roles with avatars, questions with their role and playable mp3 prompts', async () => {
    const id = await contentId(ctx.db, 'Customer support interview');
    for (const who of ['instructor', 'instructor2', 'manager', 'admin'] as const) {
      expect((await ctx.call('GET', `/api/interviews/${id}`, who)).statusCode).toBe(200);
    }
    const q = (await ctx.call('GET', `/api/interviews/${id}`, 'instructor2')).json()
      .data as Questionnaire;
    expect(q).toMatchObject({
      id,
      contentId: id,
      content: { id, name: 'Customer support interview', statusId: ContentStatus.Active },
    });
    expect(q.roles).toHaveLength(2);
    for (const role of q.roles) {
      expect(role.avatar).toMatchObject({ id: role.avatarId, image: { url: expect.any(String) } });
    }
    expect(q.questions.map((x) => x.text)[0]).toBe('Tell me about yourself.');
    const roleIds = q.roles.map((r) => r.id);
    for (const question of q.questions) expect(roleIds).toContain(question.interviewRoleId);
    const prompted = q.questions.filter((x) => x.audios.length > 0);
    expect(prompted.length).toBeGreaterThanOrEqual(3);
    const audio = prompted[0]!.audios[0]!;
    expect(audio).toMatchObject({ questionId: prompted[0]!.id, audio: { extension: 'mp3' } });
    const served = await ctx.app.inject({ method: 'GET', url: audio.audio.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(served.rawPayload.length).toBeGreaterThan(1000);
    expect(served.rawPayload.length).toBeLessThan(500 * 1024);
    // Distinct avatars per question.
    for (const question of prompted) {
      const avatars = question.audios.map((a) => a.avatarId).filter((a) => a !== null);
      expect(new Set(avatars).size).toBe(avatars.length);
    }
  });
});

describe('POST /api/interviews', () => {
  it('climbs the ladder: 401, 403 without the creator flag (nothing created), 400 with the messages of 001 §5', async () => {
    const before = await interviewCount();
    await expectRefused(ctx.call, 'POST', '/api/interviews', {
      payload: newInterview(),
      forbidden: ['manager', 'instructor2', 'trainee', 'admin'],
    });
    const cases: [object, string][] = [
      [{ name: '   ' }, messages.titleRequired],
      [{ name: undefined }, messages.titleRequired],
      [{ description: '' }, messages.descriptionRequired],
      [{ description: undefined }, messages.descriptionRequired],
      [{ roles: [] }, messages.roleRequired],
      [{ roles: undefined }, messages.roleRequired],
      [{ roles: [{ name: '  ', avatarId: avatar['Alex'] }] }, messages.roleRequired],
      [
        {
          roles: Array.from({ length: maxRolesPerInterview + 1 }, (_, i) => ({ name: `R${i}` })),
        },
        messages.tooManyRoles,
      ],
      [{ name: 'x'.repeat(201) }, messages.nameTooLong],
      [{ roles: [{ name: 'Lead', avatarId: fx.unshared }] }, messages.selectAvatarToContinue],
      [{ roles: [{ name: 'Lead', avatarId: fx.environment }] }, messages.selectAvatarToContinue],
      [{ roles: [{ name: 'Lead', avatarId: 999999 }] }, messages.selectAvatarToContinue],
    ];
    for (const [patch, message] of cases) {
      const res = await ctx.call('POST', '/api/interviews', 'instructor', {
        ...newInterview(),
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message, JSON.stringify(patch)).toBe(message);
    }
    expect(await interviewCount()).toBe(before);
  });

  it("creates a Draft interview in the creator's organization, trimmed, in English, with its roles", async () => {
    const res = await ctx.call('POST', '/api/interviews', 'instructor', newInterview());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.interviewCreated);
    const q = res.json().data as Questionnaire;
    expect(q.content).toMatchObject({
      name: 'Barista interview',
      description: 'For the new cafe team.',
      statusId: ContentStatus.Draft,
      contentTypeId: ContentType.Interview,
      organizationId: ctx.org.demo,
      language: 'English',
      createdBy: { firstName: 'Ian', lastName: 'Instructor' },
    });
    expect(q.roles.map((r) => [r.name, r.avatarId])).toEqual([
      ['Cafe manager', avatar['Alex']],
      ['Head barista', avatar['Bea']],
    ]);
    expect(q.roles[0]!.avatar).toMatchObject({ name: 'Alex' });
    expect(q.questions).toEqual([]);
    // A role without an avatar is allowed (the assignment picks one per role).
    const bare = await ctx.call('POST', '/api/interviews', 'instructor', {
      ...newInterview(),
      roles: [{ name: 'Interviewer' }],
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data.roles[0]).toMatchObject({ avatarId: null, avatar: null });
  });

  it('creates general content (no organization) when an admin with the creator flag authors it', async () => {
    await setAdminCreator(true);
    try {
      const res = await ctx.call('POST', '/api/interviews', 'admin', newInterview());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.content).toMatchObject({
        organizationId: null,
        createdBy: { firstName: 'Ada' },
      });
      // General avatars only: all demo avatars are general.
      const unshared = await ctx.call('POST', '/api/interviews', 'admin', {
        ...newInterview(),
        roles: [{ name: 'Lead', avatarId: fx.unshared }],
      });
      expect(unshared.statusCode).toBe(200);
      // Not yet visible to Demo Academy: general content reaches it only once added.
      const id = res.json().data.id as number;
      expect((await ctx.call('GET', `/api/interviews/${id}`, 'instructor')).statusCode).toBe(404);
    } finally {
      await setAdminCreator(false);
    }
  });
});

describe('PUT /api/interviews/:id', () => {
  let draftId = 0;
  beforeAll(async () => {
    draftId = await contentId(ctx.db, 'Sales associate interview');
  });

  it('climbs the ladder: 401, 403 without the creator flag, 404 for another organization or a general item not added, 400 (nothing changed)', async () => {
    const before = await contentRow(ctx.db, draftId);
    const body = { ...newInterview(), name: 'Renamed' };
    await expectRefused(ctx.call, 'PUT', `/api/interviews/${draftId}`, {
      payload: body,
      forbidden: ['manager', 'instructor2', 'trainee', 'admin'],
      otherOrganization: ['manager2'],
    });
    const internship = await contentId(ctx.db, 'Internship interview');
    expect(
      (await ctx.call('PUT', `/api/interviews/${internship}`, 'instructor', body)).statusCode,
    ).toBe(404);
    const rating = await contentId(ctx.db, 'Technical rating');
    expect(
      (await ctx.call('PUT', `/api/interviews/${rating}`, 'instructor', body)).statusCode,
    ).toBe(404);
    const bad = await ctx.call('PUT', `/api/interviews/${draftId}`, 'instructor', {
      ...body,
      description: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.descriptionRequired);
    expect(await contentRow(ctx.db, draftId)).toEqual(before);
  });

  it('refuses to edit an item that is not Draft in place (decisions.md): 400, nothing changed', async () => {
    for (const name of [
      'Customer support interview',
      'Junior developer interview',
      'Retail team interview',
      'Old onboarding interview',
    ]) {
      const id = await contentId(ctx.db, name);
      const before = await contentRow(ctx.db, id);
      const res = await ctx.call('PUT', `/api/interviews/${id}`, 'instructor', newInterview());
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(messages.contentNotEditable);
      expect(await contentRow(ctx.db, id)).toEqual(before);
    }
  });

  it('updates title and description and replaces the roles; a deleted role leaves its questions without a role', async () => {
    const [first, second] = await roleIdsOf(ctx.db, draftId);
    const questionIds = await questionIdsOf(ctx.db, draftId);
    const res = await ctx.call('PUT', `/api/interviews/${draftId}`, 'instructor', {
      name: 'Sales associate interview (v2)',
      description: 'Updated',
      roles: [
        { id: second, name: 'Sales lead (renamed)', avatarId: avatar['Chen'] },
        { id: 0, name: 'Customer', avatarId: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.interviewUpdated);
    const q = res.json().data as Questionnaire;
    expect(q.content).toMatchObject({
      name: 'Sales associate interview (v2)',
      description: 'Updated',
    });
    expect(q.roles.map((r) => r.name)).toEqual(['Sales lead (renamed)', 'Customer']);
    expect(q.roles[0]!.id).toBe(second);
    expect(q.roles[0]!.avatarId).toBe(avatar['Chen']);
    expect(await ctx.db.select().from(interviewRoles).where(eq(interviewRoles.id, first!))).toEqual(
      [],
    );
    const rows = await ctx.db
      .select({ id: questions.id, role: questions.interviewRoleId })
      .from(questions)
      .where(inArray(questions.id, questionIds));
    expect(rows.every((r) => r.role === null || r.role === second)).toBe(true);
    expect(rows.some((r) => r.role === null)).toBe(true);
    expect(q.questions.filter((x) => x.interviewRoleId === null).length).toBeGreaterThan(0);
  });
});

describe('DELETE /api/interviews/:id', () => {
  it('climbs the ladder: 401, 403, 404 for another organization, 400 unless Draft (nothing deleted)', async () => {
    const draftId = await contentId(ctx.db, 'Sales associate interview (v2)');
    const before = await interviewCount();
    await expectRefused(ctx.call, 'DELETE', `/api/interviews/${draftId}`, {
      forbidden: ['manager', 'instructor2', 'trainee'],
      otherOrganization: ['manager2'],
    });
    for (const name of [
      'Customer support interview',
      'Junior developer interview',
      'Retail team interview',
    ]) {
      const id = await contentId(ctx.db, name);
      const res = await ctx.call('DELETE', `/api/interviews/${id}`, 'instructor');
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(messages.contentNotEditable);
    }
    expect(await interviewCount()).toBe(before);
  });

  it('deletes a Draft interview with its roles and questions', async () => {
    const draftId = await contentId(ctx.db, 'Sales associate interview (v2)');
    const res = await ctx.call('DELETE', `/api/interviews/${draftId}`, 'instructor');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: messages.interviewDeleted,
      data: null,
    });
    expect(await contentRow(ctx.db, draftId)).toBeUndefined();
    expect(await questionIdsOf(ctx.db, draftId)).toEqual([]);
    expect(await roleIdsOf(ctx.db, draftId)).toEqual([]);
    expect((await ctx.call('GET', `/api/interviews/${draftId}`, 'instructor')).statusCode).toBe(
      404,
    );
  });
});
