/**
 * The /questionnaires calls of 001 §7 (decisions.md#content-authoring): evaluations — rating scales (2) and feedback
 * forms (3) — listed by organizationId, contentTypeId and status, read, created with
 * ?contentTypeId=, updated and deleted while Draft, with the messages of 001 §5. Each call climbs
 * the ladder 401 → 403 → 404 other organization → 400 → success; a denied write changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import {
  ContentStatus,
  ContentType,
  Ownership,
  QuestionType,
  Scope,
  messages,
  type ContentListItem,
  type Questionnaire,
} from '@practica/contract';
import { contents, users } from '../../src/db/schema/index.js';
import {
  buildContentApp,
  contentId,
  contentRow,
  questionIdsOf,
  listAs,
  sortedNames,
  type ContentActor,
  type ContentTestContext,
} from '../helpers/contents.js';
import { expectRefused } from '../helpers/ladder.js';

let ctx: ContentTestContext;
beforeAll(async () => {
  ctx = await buildContentApp();
});
afterAll(() => ctx.close());

const names = sortedNames;
const list = (url: string, who: ContentActor = 'manager') => listAs<ContentListItem>(ctx, url, who);
const evaluationCount = async () =>
  (
    await ctx.db
      .select({ n: count() })
      .from(contents)
      .where(inArray(contents.contentTypeId, [ContentType.RatingScale, ContentType.Feedback]))
  )[0]!.n;
const form = { name: '  Listening scale ', description: ' How well the trainee listens. ' };

describe('GET /api/questionnaires', () => {
  it('climbs the ladder: 401, 403 for a trainee, 404 for another organization, 400 for bad filters', async () => {
    await expectRefused(ctx.call, 'GET', '/api/questionnaires', { forbidden: ['trainee'] });
    expect(
      (await ctx.call('GET', `/api/questionnaires?organizationId=${ctx.org.demo}`, 'manager2'))
        .statusCode,
    ).toBe(404);
    for (const query of [
      'contentTypeId=1',
      'contentTypeId=4',
      'status=0',
      'pageSize=30',
      'search=x',
    ]) {
      expect(
        (await ctx.call('GET', `/api/questionnaires?${query}`, 'manager')).statusCode,
        query,
      ).toBe(400);
    }
  });

  it('lists rating scales and feedback forms of the organization and the general ones added to it', async () => {
    const ratings = await list(`/api/questionnaires?contentTypeId=${ContentType.RatingScale}`);
    expect(names(ratings.list)).toEqual(
      [
        'Communication rating',
        'Interview performance scale',
        'Presentation rating',
        'Teamwork rating',
        'Technical rating',
      ].sort(),
    );
    expect(ratings.list.every((r) => r.contentTypeId === ContentType.RatingScale)).toBe(true);
    expect(ratings.list.find((r) => r.name === 'Communication rating')!.questionsCount).toBe(4);
    const feedback = await list(`/api/questionnaires?contentTypeId=${ContentType.Feedback}`);
    expect(names(feedback.list)).toEqual(
      [
        'Coaching feedback form',
        'General feedback form',
        'Interview feedback form',
        'Peer feedback form',
        'Workshop feedback form',
      ].sort(),
    );
    expect((await list('/api/questionnaires')).count).toBe(10);
    expect(
      names(
        (await list(`/api/questionnaires?status=${ContentStatus.Active}&contentTypeId=2`)).list,
      ),
    ).toEqual(['Communication rating', 'Interview performance scale']);
    expect(
      names((await list(`/api/questionnaires?scope=${Scope.Assignable}&contentTypeId=3`)).list),
    ).toEqual(['General feedback form', 'Interview feedback form']);
    expect(
      names(
        (await list(`/api/questionnaires?authoring=${Ownership.Assigned}&contentTypeId=3`)).list,
      ),
    ).toEqual(['General feedback form']);
    expect(names((await list('/api/questionnaires?search=coach')).list)).toEqual([
      'Coaching feedback form',
    ]);
    expect((await list('/api/questionnaires', 'manager2')).count).toBe(0);
    // Admin: the general evaluations in every status but Deleted.
    expect((await list('/api/questionnaires?contentTypeId=2', 'admin')).count).toBe(4);
  });
});

describe('GET /api/questionnaires/:id', () => {
  it('climbs the ladder and answers the evaluation with its questions and options', async () => {
    const id = await contentId(ctx.db, 'Interview feedback form');
    await expectRefused(ctx.call, 'GET', `/api/questionnaires/${id}`, {
      forbidden: ['trainee'],
      otherOrganization: ['manager2'],
    });
    const notAdded = await contentId(ctx.db, 'Soft skills scale');
    expect((await ctx.call('GET', `/api/questionnaires/${notAdded}`, 'manager')).statusCode).toBe(
      404,
    );
    expect((await ctx.call('GET', '/api/questionnaires/0', 'manager')).statusCode).toBe(400);
    const res = await ctx.call('GET', `/api/questionnaires/${id}`, 'instructor2');
    expect(res.statusCode).toBe(200);
    const q = res.json().data as Questionnaire;
    expect(q).toMatchObject({ id, contentId: id, roles: [] });
    expect(q.content).toMatchObject({
      contentTypeId: ContentType.Feedback,
      statusId: ContentStatus.Active,
    });
    expect(q.questions.map((x) => x.questionTypeId)).toEqual([
      QuestionType.Open,
      QuestionType.Single,
      QuestionType.Multiple,
      QuestionType.Open,
    ]);
    expect(q.questions[1]!.options.map((o) => o.text)).toEqual(['Yes', 'No']);
    expect(q.questions[2]!.options).toHaveLength(4);
    expect(q.questions[2]!.options[0]).toMatchObject({ correctAnswer: 0 });
    const rating = await contentId(ctx.db, 'Communication rating');
    const r = (await ctx.call('GET', `/api/questionnaires/${rating}`, 'manager')).json()
      .data as Questionnaire;
    expect(r.questions.every((x) => x.questionTypeId === QuestionType.Rating)).toBe(true);
    expect(r.questions.every((x) => x.options.length === 4)).toBe(true);
    // Any content type reads through /questionnaires/{id} (interviews with their roles).
    const interview = await contentId(ctx.db, 'Customer support interview');
    const i = await ctx.call('GET', `/api/questionnaires/${interview}`, 'manager');
    expect(i.statusCode).toBe(200);
    expect(i.json().data.roles).toHaveLength(2);
  });
});

describe('POST /api/questionnaires?contentTypeId=', () => {
  it('climbs the ladder: 401, 403 without the creator flag, 400 for the type and the messages of 001 §5 (nothing created)', async () => {
    const before = await evaluationCount();
    const url = `/api/questionnaires?contentTypeId=${ContentType.RatingScale}`;
    await expectRefused(ctx.call, 'POST', url, {
      payload: form,
      forbidden: ['manager', 'instructor2', 'trainee', 'admin'],
    });
    for (const bad of ['', '?contentTypeId=1', '?contentTypeId=4', '?contentTypeId=x']) {
      expect(
        (await ctx.call('POST', `/api/questionnaires${bad}`, 'instructor', form)).statusCode,
        bad,
      ).toBe(400);
    }
    const cases: [object, string][] = [
      [{ name: '' }, messages.titleRequired],
      [{ name: null }, messages.titleRequired],
      [{ description: '   ' }, messages.descriptionRequired],
      [{ description: 'x'.repeat(5001) }, messages.descriptionTooLong],
    ];
    for (const [patch, message] of cases) {
      const res = await ctx.call('POST', url, 'instructor', { ...form, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await evaluationCount()).toBe(before);
  });

  it("creates a Draft rating scale or feedback form in the creator's organization (general for an admin creator)", async () => {
    for (const type of [ContentType.RatingScale, ContentType.Feedback]) {
      const res = await ctx.call(
        'POST',
        `/api/questionnaires?contentTypeId=${type}`,
        'instructor',
        form,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(messages.evaluationCreated);
      expect(res.json().data).toMatchObject({
        questions: [],
        roles: [],
        content: {
          name: 'Listening scale',
          description: 'How well the trainee listens.',
          contentTypeId: type,
          statusId: ContentStatus.Draft,
          organizationId: ctx.org.demo,
          language: 'English',
        },
      });
    }
    await ctx.db.update(users).set({ creator: true }).where(eq(users.email, 'admin@demo.test'));
    try {
      const res = await ctx.call('POST', '/api/questionnaires?contentTypeId=3', 'admin', form);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.content.organizationId).toBeNull();
    } finally {
      await ctx.db.update(users).set({ creator: false }).where(eq(users.email, 'admin@demo.test'));
    }
  });
});

describe('PUT /api/questionnaires/:id', () => {
  it('climbs the ladder and refuses anything but Draft (nothing changed)', async () => {
    const id = await contentId(ctx.db, 'Technical rating');
    const before = await contentRow(ctx.db, id);
    await expectRefused(ctx.call, 'PUT', `/api/questionnaires/${id}`, {
      payload: form,
      forbidden: ['manager', 'instructor2', 'trainee'],
      otherOrganization: ['manager2'],
    });
    const interview = await contentId(ctx.db, 'Sales associate interview');
    expect(
      (await ctx.call('PUT', `/api/questionnaires/${interview}`, 'instructor', form)).statusCode,
    ).toBe(404);
    const blank = await ctx.call('PUT', `/api/questionnaires/${id}`, 'instructor', {
      ...form,
      name: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(messages.titleRequired);
    for (const name of [
      'Presentation rating',
      'Communication rating',
      'Teamwork rating',
      'Old rating scale',
    ]) {
      const other = await contentId(ctx.db, name);
      const res = await ctx.call('PUT', `/api/questionnaires/${other}`, 'instructor', form);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(messages.contentNotEditable);
    }
    expect(await contentRow(ctx.db, id)).toEqual(before);
  });

  it('updates title and description of a Draft evaluation', async () => {
    const id = await contentId(ctx.db, 'Technical rating');
    const res = await ctx.call('PUT', `/api/questionnaires/${id}`, 'instructor', {
      name: 'Technical depth rating',
      description: 'Depth and accuracy of technical answers.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.evaluationUpdated);
    expect(res.json().data.content).toMatchObject({ name: 'Technical depth rating' });
    expect(res.json().data.questions).toHaveLength(4);
    const row = await contentRow(ctx.db, id);
    expect(row!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('DELETE /api/questionnaires/:id', () => {
  it('climbs the ladder, refuses anything but Draft, then deletes the evaluation with its questions', async () => {
    const id = await contentId(ctx.db, 'Peer feedback form');
    const questionIds = await questionIdsOf(ctx.db, id);
    expect(questionIds.length).toBeGreaterThan(0);
    await expectRefused(ctx.call, 'DELETE', `/api/questionnaires/${id}`, {
      forbidden: ['manager', 'instructor2', 'trainee'],
      otherOrganization: ['manager2'],
    });
    const interview = await contentId(ctx.db, 'Sales associate interview');
    expect(
      (await ctx.call('DELETE', `/api/questionnaires/${interview}`, 'instructor')).statusCode,
    ).toBe(404);
    const active = await contentId(ctx.db, 'Interview feedback form');
    const refused = await ctx.call('DELETE', `/api/questionnaires/${active}`, 'instructor');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.contentNotEditable);
    expect(await contentRow(ctx.db, active)).toBeDefined();

    const res = await ctx.call('DELETE', `/api/questionnaires/${id}`, 'instructor');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.evaluationDeleted);
    expect(await contentRow(ctx.db, id)).toBeUndefined();
    expect(await questionIdsOf(ctx.db, id)).toEqual([]);
  });
});
