/**
 * Answer test helpers (decisions.md#answers-and-review): the production app with one Active interview assignment of Demo
 * Academy (three questions over two roles, an mp3 prompt, a two-question rating scale and a
 * three-question feedback form from the factories) with Tom, Tessa and Omar as trainees and Ian as
 * instructor, a Draft one with Tom, and the calls the mobile app and the console make.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { AssetType, AssignmentStatus, MediaType } from '@practica/contract';
import type { Env } from '../../src/config.js';
import type { Db } from '../../src/db/client.js';
import {
  FileStatus,
  answers,
  assignments,
  files,
  questionAudios,
} from '../../src/db/schema/index.js';
import { buildTestApp, type TestContext } from './build.js';
import { demoActors, demoSession, type Call } from './demo-fixture.js';
import { buildFeedbackForm, buildInterview, buildRatingScale } from '../factories.js';
import { createAsset, type CreatedContent } from './factories.js';
import * as media from './media-fixtures.js';
import { userId } from './users.js';

/** The demo accounts the answer tests sign in as (`<who>@demo.test`). */
export const answerActors = [...demoActors, 'tessa', 'omar', 'priya', 'nina'] as const;
export type AnswerActor = (typeof answerActors)[number];

export interface AnswersScenario extends TestContext {
  db: Db;
  tokens: Record<AnswerActor, string>;
  ids: Record<AnswerActor | 'sofia', number>;
  org: { demo: number; northwind: number };
  interview: CreatedContent;
  ratings: CreatedContent;
  /** With the option ids of each question, in order. */
  feedback: CreatedContent & { optionIds: number[][] };
  /** Avatar ids of the two roles and the environment id. */
  avatars: [number, number];
  environment: number;
  /** The mp3 prompt of question 1, spoken by the first role's avatar. */
  promptFileId: number;
  /** The Active assignment (Tom, Tessa, Omar; Ian) and a Draft one (Tom). */
  assignment: number;
  draft: number;
  call: Call<AnswerActor>;
  /** Uploads `bytes` as a video through POST /files/upload and the signed PUT; answers the file id. */
  upload(who: AnswerActor, bytes?: Buffer, name?: string): Promise<number>;
  /** Starts a practice, uploads a video per question, saves the items and (default) submits. Answers the answer id. */
  answerAll(who: AnswerActor, options?: { submit?: boolean }): Promise<number>;
  /** The answer id of `who` on an assignment (default the Active one). */
  answerIdOf(who: AnswerActor | 'sofia', assignmentId?: number): Promise<number>;
}

/** A valid review payload of the scenario's forms (ratings 4 and 5 → score 4.5). */
export function validReview(
  s: Pick<AnswersScenario, 'ratings' | 'feedback'>,
  over: Record<string, unknown> = {},
) {
  return {
    answers: {
      ratings: [
        { questionId: s.ratings.questionIds[0], text: '4' },
        { questionId: s.ratings.questionIds[1], text: '5' },
      ],
      feedback: [
        { questionId: s.feedback.questionIds[0], text: 'Good structure.' },
        { questionId: s.feedback.questionIds[1], text: String(s.feedback.optionIds[1]![0]) },
        {
          questionId: s.feedback.questionIds[2],
          text: s.feedback.optionIds[2]!.slice(0, 2).join(', '),
        },
      ],
    },
    ...over,
  };
}

/**
 * Two mp3 prompts for question `questionId`: the first spoken by `otherAvatarId`, the second by
 * `avatarId` (the role's choice, which the review screen shows), stored as `<key>.mp3` and
 * `<key>-b.mp3` (keys are unique per database). Answers the chosen prompt's file id.
 */
export async function addPrompts(
  db: Db,
  questionId: number,
  avatarId: number,
  otherAvatarId: number,
  key = 'test/prompt-q1',
): Promise<number> {
  const prompt = (storageKey: string, name: string) => ({
    storageKey,
    name,
    extension: 'mp3',
    fileTypeId: MediaType.Audio,
    contentType: 'audio/mpeg',
    declaredSize: media.mp3.length,
    size: media.mp3.length,
    status: FileStatus.Ready,
  });
  const [chosen, other] = await db
    .insert(files)
    .values([prompt(`${key}.mp3`, 'prompt.mp3'), prompt(`${key}-b.mp3`, 'prompt-b.mp3')])
    .returning({ id: files.id });
  await db.insert(questionAudios).values([
    { questionId, audioId: other!.id, avatarId: otherAvatarId, position: 0 },
    { questionId, audioId: chosen!.id, avatarId, position: 1 },
  ]);
  return chosen!.id;
}

/** Builds the scenario on a fresh database (demo accounts and groups seeded); `env` overrides configuration (e.g. S3 storage). */
export async function buildAnswersScenario(env: Partial<Env> = {}): Promise<AnswersScenario> {
  const ctx = await buildTestApp(env);
  const db = ctx.testDb.database.db;
  const { tokens, org, call } = await demoSession(ctx, answerActors);
  const ids = {} as Record<AnswerActor | 'sofia', number>;
  for (const who of [...answerActors, 'sofia'] as const)
    ids[who] = await userId(db, `${who}@demo.test`);
  await db.delete(assignments);

  const f = { app: ctx.app, db };
  const interview = await buildInterview(f, {
    name: 'Answers interview',
    organizationId: org.demo,
  });
  const ratings = await buildRatingScale(f, { name: 'Answers ratings', organizationId: org.demo });
  const feedback = await buildFeedbackForm(f, {
    name: 'Answers feedback',
    organizationId: org.demo,
  });
  const avatarA = await createAsset(db, { name: 'Avatar A', organizationId: org.demo });
  const avatarB = await createAsset(db, { name: 'Avatar B', organizationId: org.demo });
  const environment = await createAsset(db, {
    name: 'Studio',
    assetTypeId: AssetType.Environment,
    organizationId: org.demo,
  });
  const prompt = await addPrompts(db, interview.questionIds[0]!, avatarA.id, avatarB.id);

  const expectOk = async (res: Promise<LightMyRequestResponse>, what: string) => {
    const r = await res;
    if (r.statusCode !== 200) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
    return r.json().data;
  };

  const form = (name: string) => ({
    name,
    description: `${name} description`,
    closeDate: '2099-12-31',
    organizationId: org.demo,
    interviewId: interview.id,
    roles: [
      { roleId: interview.roleIds[0], avatarId: avatarA.id },
      { roleId: interview.roleIds[1], avatarId: avatarB.id },
    ],
    environmentId: environment.id,
    ratingsId: ratings.id,
    feedbackId: feedback.id,
  });
  const active = await expectOk(
    call('POST', '/api/assignments/interview', 'manager', form('Answers practice')),
    'create',
  );
  await expectOk(
    call('PUT', `/api/assignments/${active.id}/add`, 'manager', {
      ids: [ids.trainee, ids.tessa, ids.omar, ids.instructor],
    }),
    'add',
  );
  await expectOk(
    call(
      'PUT',
      `/api/assignments/${active.id}/status?statusId=${AssignmentStatus.Active}`,
      'manager',
    ),
    'publish',
  );
  const draft = await expectOk(
    call('POST', '/api/assignments/interview', 'manager', form('Answers draft')),
    'create draft',
  );
  await expectOk(
    call('PUT', `/api/assignments/${draft.id}/add`, 'manager', { ids: [ids.trainee] }),
    'add draft',
  );

  const upload: AnswersScenario['upload'] = async (who, bytes = media.mp4, name = 'answer.mp4') => {
    const ticket = await expectOk(
      call('POST', '/api/files/upload', who, {
        name,
        extension: name.split('.').pop(),
        fileTypeId: MediaType.Video,
        size: bytes.length,
      }),
      'upload',
    );
    const put = await ctx.app.inject({ method: 'PUT', url: ticket.url, payload: bytes });
    if (put.statusCode !== 200) throw new Error(`put: ${put.statusCode} ${put.body}`);
    return ticket.id as number;
  };
  const answerIdOf: AnswersScenario['answerIdOf'] = async (who, assignmentId = active.id) => {
    const [row] = await db
      .select({ id: answers.id })
      .from(answers)
      .where(and(eq(answers.assignmentId, assignmentId), eq(answers.userId, ids[who])));
    if (!row) throw new Error(`no answer of ${who}`);
    return row.id;
  };
  const answerAll: AnswersScenario['answerAll'] = async (who, { submit = true } = {}) => {
    await expectOk(call('POST', `/api/me/assignments/${active.id}/practice`, who), 'practice');
    const items = [];
    for (const questionId of interview.questionIds) {
      items.push({ questionId, fileId: await upload(who), duration: 12.5 });
    }
    await expectOk(call('PUT', `/api/me/assignments/${active.id}/answers`, who, { items }), 'save');
    if (submit)
      await expectOk(call('POST', `/api/me/assignments/${active.id}/submit`, who), 'submit');
    return answerIdOf(who);
  };

  return {
    ...ctx,
    db,
    tokens,
    ids,
    org,
    interview,
    ratings,
    feedback,
    avatars: [avatarA.id, avatarB.id],
    environment: environment.id,
    promptFileId: prompt,
    assignment: active.id,
    draft: draft.id,
    call,
    upload,
    answerAll,
    answerIdOf,
  };
}
