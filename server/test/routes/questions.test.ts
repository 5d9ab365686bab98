/**
 * The /questions calls of 001 §7 (decisions.md#content-authoring) with the rules of 001 §5: text required and trimmed,
 * the question type by content, options (required for single, multiple and ranking, 'Option {n}'
 * names, at most 10), audio rows (up to 4, each a Ready mp3, distinct avatars, duplicate audio ids
 * stored once), the interview role, at most 20 questions per interview, and writes only while the
 * content is Draft. Each call climbs the ladder 401 → 403 → 404 other organization → 400 → success;
 * a denied write changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  AssetType,
  MediaType,
  QuestionType,
  format,
  maxQuestionsPerInterview,
  messages,
  type Question,
} from '@practica/contract';
import { assets, questionAudios, questionOptions, questions } from '../../src/db/schema/index.js';
import { demoAssetIds } from '../../src/seed/assets.js';
import {
  buildContentApp,
  contentId,
  contentRow,
  questionIdsOf,
  roleIdsOf,
  uploadAudio,
  type ContentTestContext,
} from '../helpers/contents.js';
import * as media from '../helpers/media-fixtures.js';

let ctx: ContentTestContext;
const avatar: Record<string, number> = {};
const c = { interview: 0, active: 0, rating: 0, feedback: 0, general: 0, otherInterview: 0 };
let roles: number[] = [];
let audio1 = 0;
let audio2 = 0;
let unshared = 0;

beforeAll(async () => {
  ctx = await buildContentApp();
  for (const [name, id] of await demoAssetIds(ctx.db)) avatar[name] = id;
  c.interview = await contentId(ctx.db, 'Sales associate interview');
  c.active = await contentId(ctx.db, 'Customer support interview');
  c.rating = await contentId(ctx.db, 'Technical rating');
  c.feedback = await contentId(ctx.db, 'Peer feedback form');
  c.general = await contentId(ctx.db, 'Internship interview');
  c.otherInterview = await contentId(ctx.db, 'Junior developer interview');
  roles = await roleIdsOf(ctx.db, c.interview);
  audio1 = await uploadAudio(ctx);
  audio2 = await uploadAudio(ctx);
  const [row] = await ctx.db
    .insert(assets)
    .values({ name: 'Unshared', assetTypeId: AssetType.Avatar })
    .returning({ id: assets.id });
  unshared = row!.id;
});
afterAll(() => ctx.close());

const questionCount = async () => (await ctx.db.select({ n: count() }).from(questions))[0]!.n;
const openQuestion = () => ({
  text: '  What motivates you?  ',
  description: '  Listen for intrinsic motivation.  ',
  questionTypeId: QuestionType.Open,
  interviewRoleId: roles[0],
  tags: ['motivation', 'motivation', ' culture '],
  audios: [{ audioId: audio1, avatarId: avatar['Alex'] }],
});
const post = (
  contentId: number,
  body: object,
  who: Parameters<ContentTestContext['call']>[2] = 'instructor',
) => ctx.call('POST', `/api/questions?contentId=${contentId}`, who, body);

describe('POST /api/questions?contentId=', () => {
  it('climbs the ladder: 401, 403 without the creator flag, 404 for another organization, a general item not added or a missing content (nothing created)', async () => {
    const before = await questionCount();
    expect(
      (await ctx.call('POST', `/api/questions?contentId=${c.interview}`, undefined, openQuestion()))
        .statusCode,
    ).toBe(401);
    for (const who of ['manager', 'instructor2', 'trainee'] as const) {
      expect((await post(c.interview, openQuestion(), who)).statusCode, who).toBe(403);
    }
    expect((await post(c.interview, openQuestion(), 'manager2')).statusCode).toBe(404);
    expect((await post(c.general, openQuestion())).statusCode).toBe(404);
    expect((await post(999999, openQuestion())).statusCode).toBe(404);
    // General content is authored by admins only: read-only for a creator of an organization.
    const addedGeneral = await contentId(ctx.db, 'Behavioural interview essentials');
    expect((await post(addedGeneral, openQuestion())).statusCode).toBe(403);
    const missing = await ctx.call('POST', '/api/questions', 'instructor', openQuestion());
    expect(missing.statusCode).toBe(400);
    expect(await questionCount()).toBe(before);
  });

  it('answers 400 with each message of 001 §5 and the limits (nothing created)', async () => {
    const before = await questionCount();
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `O${i}` }));
    const cases: [number, object, string][] = [
      [c.interview, { text: '   ' }, messages.questionTextRequired],
      [c.interview, { text: undefined }, messages.questionTextRequired],
      [
        c.feedback,
        { questionTypeId: QuestionType.Single, options: [] },
        messages.questionRequiresOptions,
      ],
      [c.feedback, { questionTypeId: QuestionType.Multiple }, messages.questionRequiresOptions],
      [
        c.feedback,
        { questionTypeId: QuestionType.Rank, options: null },
        messages.questionRequiresOptions,
      ],
      [
        c.feedback,
        { questionTypeId: QuestionType.Single, options: options(11) },
        messages.tooManyOptions,
      ],
      [
        c.interview,
        { audios: [1, 2, 3, 4, 5].map(() => ({ audioId: audio1 })) },
        messages.tooManyAudios,
      ],
      [c.interview, { audios: [{ audioId: 0 }] }, messages.audioFileMissing],
      [c.interview, { audios: [{ avatarId: avatar['Alex'] }] }, messages.audioFileMissing],
      [c.interview, { audios: [{ audioId: 999999 }] }, messages.audioFileMissing],
      [c.interview, { questionTypeId: 9 }, messages.validationFailed],
      [c.interview, { interviewRoleId: undefined }, messages.roleRequired],
      [c.interview, { interviewRoleId: null }, messages.roleRequired],
      [
        c.interview,
        { audios: [{ audioId: audio1, avatarId: unshared }] },
        messages.selectAvatarToContinue,
      ],
    ];
    for (const [id, patch, message] of cases) {
      const res = await post(id, { ...openQuestion(), ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message, JSON.stringify(patch)).toBe(message);
    }
    // A role of another interview.
    const [otherRole] = await roleIdsOf(ctx.db, c.otherInterview);
    const invalid = await post(c.interview, { ...openQuestion(), interviewRoleId: otherRole });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(format.questionInvalidRoleId(0));
    // Audio ids that are not a Ready mp3 the creator may use.
    const image = await ctx.call('POST', '/api/files/upload', 'instructor', {
      name: 'x.png',
      extension: 'png',
      fileTypeId: MediaType.Image,
      size: media.png.length,
    });
    const pending = await ctx.call('POST', '/api/files/upload', 'instructor', {
      name: 'x.mp3',
      extension: 'mp3',
      fileTypeId: MediaType.Audio,
      size: media.mp3.length,
    });
    const otherOrganization = await uploadAudio(ctx, 'manager2');
    for (const audioId of [image.json().data.id, pending.json().data.id, otherOrganization]) {
      const res = await post(c.interview, { ...openQuestion(), audios: [{ audioId }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.audioFileMissing);
    }
    expect(await questionCount()).toBe(before);
  });

  it('applies the question type by content: interview Open only, rating scale Rating only, feedback all but Rating and Ranking', async () => {
    const before = await questionCount();
    const withOptions = { options: [{ text: 'A' }, { text: 'B' }] };
    const refused: [number, number][] = [
      [c.interview, QuestionType.Single],
      [c.interview, QuestionType.Multiple],
      [c.interview, QuestionType.Rating],
      [c.interview, QuestionType.Rank],
      [c.rating, QuestionType.Open],
      [c.rating, QuestionType.Single],
      [c.rating, QuestionType.Multiple],
      [c.rating, QuestionType.Rank],
      [c.feedback, QuestionType.Rating],
      [c.feedback, QuestionType.Rank],
    ];
    for (const [id, questionTypeId] of refused) {
      const res = await post(id, { ...openQuestion(), ...withOptions, questionTypeId });
      expect(res.statusCode, `${id}:${questionTypeId}`).toBe(400);
      expect(res.json().message).toBe(messages.questionTypeNotAllowed);
    }
    expect(await questionCount()).toBe(before);
    const allowed: [number, number][] = [
      [c.interview, QuestionType.Open],
      [c.rating, QuestionType.Rating],
      [c.feedback, QuestionType.Open],
      [c.feedback, QuestionType.Single],
      [c.feedback, QuestionType.Multiple],
    ];
    for (const [id, questionTypeId] of allowed) {
      const res = await post(id, { ...openQuestion(), ...withOptions, questionTypeId, audios: [] });
      expect(res.statusCode, `${id}:${questionTypeId} ${res.body}`).toBe(200);
    }
  });

  it('creates an interview question: trimmed, tags once, role kept, duplicate audio ids once, an avatar on one row only', async () => {
    const res = await post(c.interview, {
      ...openQuestion(),
      audios: [
        { audioId: audio1, avatarId: avatar['Alex'] },
        { audioId: audio1, avatarId: avatar['Bea'] },
        { audioId: audio2, avatarId: avatar['Alex'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.questionCreated);
    const q = res.json().data as Question;
    expect(q).toMatchObject({
      text: 'What motivates you?',
      description: 'Listen for intrinsic motivation.',
      questionTypeId: QuestionType.Open,
      interviewRoleId: roles[0],
      contentId: c.interview,
      tags: ['motivation', 'culture'],
      options: [],
    });
    expect(q.audios.map((a) => [a.audioId, a.avatarId])).toEqual([
      [audio1, avatar['Alex']],
      [audio2, null],
    ]);
    expect(q.audios[0]!.audio).toMatchObject({ id: audio1, extension: 'mp3' });
    expect((await ctx.app.inject({ method: 'GET', url: q.audios[0]!.audio.url })).statusCode).toBe(
      200,
    );
    // The content's last edit moved.
    const content = await contentRow(ctx.db, c.interview);
    expect(content!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The contentId may come in the body.
    const viaBody = await ctx.call('POST', '/api/questions', 'instructor', {
      ...openQuestion(),
      contentId: c.interview,
      audios: [],
    });
    expect(viaBody.statusCode).toBe(200);
  });

  it("names blank options 'Option {n}', keeps correctAnswer, and stores neither role nor audio on evaluations", async () => {
    const res = await post(c.feedback, {
      text: 'Pick the best answer',
      questionTypeId: QuestionType.Single,
      interviewRoleId: roles[0],
      audios: [{ audioId: audio1 }],
      options: [{ text: '' }, { text: '  Keep  ', correctAnswer: 1 }, { text: null }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().data as Question;
    expect(q.options.map((o) => [o.text, o.correctAnswer])).toEqual([
      [format.optionName(1), 0],
      ['Keep', 1],
      [format.optionName(3), 0],
    ]);
    expect(q).toMatchObject({ interviewRoleId: null, audios: [] });
    const rating = await post(c.rating, {
      text: 'Punctuality',
      questionTypeId: QuestionType.Rating,
      options: [{}, {}, {}, {}],
    });
    expect(rating.statusCode).toBe(200);
    expect(rating.json().data.options.map((o: { text: string }) => o.text)).toEqual(
      [1, 2, 3, 4].map(format.optionName),
    );
  });

  it('refuses questions on content that is not Draft (nothing created)', async () => {
    const before = await questionCount();
    for (const name of [
      'Customer support interview',
      'Junior developer interview',
      'Retail team interview',
    ]) {
      const id = await contentId(ctx.db, name);
      const [role] = await roleIdsOf(ctx.db, id);
      const res = await post(id, { ...openQuestion(), interviewRoleId: role, audios: [] });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(messages.contentNotEditable);
    }
    expect(await questionCount()).toBe(before);
  });

  it('stops at 20 questions per interview', async () => {
    const existing = (await questionIdsOf(ctx.db, c.interview)).length;
    for (let i = existing; i < maxQuestionsPerInterview; i++) {
      const res = await post(c.interview, { ...openQuestion(), text: `Question ${i}`, audios: [] });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await post(c.interview, { ...openQuestion(), audios: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.tooManyQuestions);
    expect(await questionIdsOf(ctx.db, c.interview)).toHaveLength(maxQuestionsPerInterview);
  });
});

describe('GET /api/questions/:id', () => {
  it('climbs the ladder and answers the question with its options and audio rows', async () => {
    const [id] = await questionIdsOf(ctx.db, c.active);
    expect((await ctx.call('GET', `/api/questions/${id}`)).statusCode).toBe(401);
    expect((await ctx.call('GET', `/api/questions/${id}`, 'trainee')).statusCode).toBe(403);
    expect((await ctx.call('GET', `/api/questions/${id}`, 'manager2')).statusCode).toBe(404);
    const [general] = await questionIdsOf(ctx.db, c.general);
    expect((await ctx.call('GET', `/api/questions/${general}`, 'manager')).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/questions/${general}`, 'admin')).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/questions/999999', 'manager')).statusCode).toBe(404);
    expect((await ctx.call('GET', '/api/questions/x', 'manager')).statusCode).toBe(400);
    const res = await ctx.call('GET', `/api/questions/${id}`, 'instructor2');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      contentId: c.active,
      text: 'Tell me about yourself.',
      questionTypeId: QuestionType.Open,
    });
    expect(res.json().data.audios.length).toBe(2);
  });
});

describe('PUT /api/questions/:id?contentId=', () => {
  let feedbackQuestion = 0;
  beforeAll(async () => {
    const res = await post(c.feedback, {
      text: 'Which skills improved?',
      questionTypeId: QuestionType.Multiple,
      options: [{ text: 'Listening' }, { text: 'Speaking' }, { text: 'Writing' }],
    });
    feedbackQuestion = res.json().data.id;
  });

  it('climbs the ladder: 401, 403, 404 for another organization or another content, 400 (nothing changed)', async () => {
    const before = await ctx.db.select().from(questions).where(eq(questions.id, feedbackQuestion));
    const body = { text: 'Changed', questionTypeId: QuestionType.Open };
    const url = `/api/questions/${feedbackQuestion}?contentId=${c.feedback}`;
    expect((await ctx.call('PUT', url, undefined, body)).statusCode).toBe(401);
    for (const who of ['manager', 'instructor2', 'trainee'] as const) {
      expect((await ctx.call('PUT', url, who, body)).statusCode, who).toBe(403);
    }
    expect((await ctx.call('PUT', url, 'manager2', body)).statusCode).toBe(404);
    expect(
      (
        await ctx.call(
          'PUT',
          `/api/questions/${feedbackQuestion}?contentId=${c.rating}`,
          'instructor',
          body,
        )
      ).statusCode,
    ).toBe(404);
    for (const [patch, message] of [
      [{ text: '' }, messages.questionTextRequired],
      [{ questionTypeId: QuestionType.Rating }, messages.questionTypeNotAllowed],
      [{ questionTypeId: QuestionType.Single, options: [] }, messages.questionRequiresOptions],
    ] as const) {
      const res = await ctx.call('PUT', url, 'instructor', { ...body, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await ctx.db.select().from(questions).where(eq(questions.id, feedbackQuestion))).toEqual(
      before,
    );
  });

  it('keeps the ids of the options it names, adds and removes the others; a type without options drops them', async () => {
    const current = (
      await ctx.call('GET', `/api/questions/${feedbackQuestion}`, 'instructor')
    ).json().data as Question;
    const [listening, , writing] = current.options;
    const res = await ctx.call(
      'PUT',
      `/api/questions/${feedbackQuestion}?contentId=${c.feedback}`,
      'instructor',
      {
        ...current,
        text: '  Which skills improved most?  ',
        options: [
          { id: writing!.id, text: 'Writing', correctAnswer: 1 },
          { id: listening!.id, text: 'Active listening' },
          { id: 0, text: '' },
        ],
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.questionUpdated);
    const q = res.json().data as Question;
    expect(q.text).toBe('Which skills improved most?');
    expect(q.options.map((o) => [o.id === writing!.id, o.id === listening!.id, o.text])).toEqual([
      [true, false, 'Writing'],
      [false, true, 'Active listening'],
      [false, false, format.optionName(3)],
    ]);
    const open = await ctx.call('PUT', `/api/questions/${feedbackQuestion}`, 'instructor', {
      text: 'Which skills improved most?',
      questionTypeId: QuestionType.Open,
      options: q.options,
    });
    expect(open.statusCode).toBe(200);
    expect(open.json().data.options).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(questionOptions)
        .where(eq(questionOptions.questionId, feedbackQuestion)),
    ).toEqual([]);
  });

  it('keeps the role when interviewRoleId is left out, refuses null, and keeps audio rows it names', async () => {
    const [id] = await questionIdsOf(ctx.db, c.interview);
    const current = (await ctx.call('GET', `/api/questions/${id}`, 'instructor')).json()
      .data as Question;
    const { interviewRoleId: _role, ...rest } = current;
    const kept = await ctx.call('PUT', `/api/questions/${id}`, 'instructor', {
      ...rest,
      audios: [{ audioId: audio2, avatarId: avatar['Chen'] }],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.interviewRoleId).toBe(current.interviewRoleId);
    expect(kept.json().data.audios.map((a: { audioId: number }) => a.audioId)).toEqual([audio2]);
    const rowId = kept.json().data.audios[0].id as number;
    const again = await ctx.call('PUT', `/api/questions/${id}`, 'instructor', {
      ...kept.json().data,
      interviewRoleId: roles[1],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.audios[0].id).toBe(rowId);
    expect(again.json().data.interviewRoleId).toBe(roles[1]);
    const refused = await ctx.call('PUT', `/api/questions/${id}`, 'instructor', {
      ...rest,
      interviewRoleId: null,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.roleRequired);
    const invalid = await ctx.call('PUT', `/api/questions/${id}`, 'instructor', {
      ...rest,
      interviewRoleId: (await roleIdsOf(ctx.db, c.otherInterview))[0],
    });
    expect(invalid.json().message).toBe(format.questionInvalidRoleId(id!));
  });

  it('refuses to edit a question of content that is not Draft', async () => {
    const [id] = await questionIdsOf(ctx.db, c.active);
    const current = (await ctx.call('GET', `/api/questions/${id}`, 'instructor')).json().data;
    const res = await ctx.call('PUT', `/api/questions/${id}`, 'instructor', {
      ...current,
      text: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.contentNotEditable);
  });
});

describe('DELETE /api/questions/:id', () => {
  it('climbs the ladder, refuses content that is not Draft, then deletes the question with its options and audio rows', async () => {
    const [id] = await questionIdsOf(ctx.db, c.interview);
    expect((await ctx.call('DELETE', `/api/questions/${id}`)).statusCode).toBe(401);
    for (const who of ['manager', 'instructor2', 'trainee'] as const) {
      expect((await ctx.call('DELETE', `/api/questions/${id}`, who)).statusCode, who).toBe(403);
    }
    expect((await ctx.call('DELETE', `/api/questions/${id}`, 'manager2')).statusCode).toBe(404);
    const [active] = await questionIdsOf(ctx.db, c.active);
    const refused = await ctx.call('DELETE', `/api/questions/${active}`, 'instructor');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.contentNotEditable);
    expect(await questionIdsOf(ctx.db, c.active)).toContain(active);

    const res = await ctx.call('DELETE', `/api/questions/${id}`, 'instructor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.questionDeleted, data: null });
    expect(await questionIdsOf(ctx.db, c.interview)).not.toContain(id);
    expect(
      await ctx.db.select().from(questionAudios).where(eq(questionAudios.questionId, id!)),
    ).toEqual([]);
    expect((await ctx.call('DELETE', `/api/questions/${id}`, 'instructor')).statusCode).toBe(404);
  });
});
