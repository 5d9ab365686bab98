/**
 * Answer test helpers (decisions.md#answers-and-review): the production app with one Active interview assignment of Demo
 * Academy (three questions over two roles, an mp3 prompt, a two-question rating scale and a
 * three-question feedback form from the factories) with Tom, Tessa and Omar as trainees and Ian as
 * instructor, a Draft one with Tom, and the calls the mobile app and the console make; and
 * `buildAnswersWorld`, the same in an organization of its own for one test (what new tests use).
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { AssetType, AssignmentStatus, MediaType, Role } from '@practica/contract';
import type { Env } from '../../src/config.js';
import type { Db } from '../../src/db/client.js';
import {
  FileStatus,
  answers,
  assignments,
  contentAnswers,
  files,
  questionAudios,
} from '../../src/db/schema/index.js';
import { buildTestApp, injectWithToken, type Method, type TestContext } from './build.js';
import { demoActors, demoSession, type Call } from './demo-fixture.js';
import {
  adminUser,
  answerIdOf as answerIdOfUser,
  buildAnswer,
  buildAsset,
  buildAssignment,
  buildFeedbackForm,
  buildInterview,
  buildOrganization,
  buildRatingScale,
  buildReview,
  buildUser,
  type Factory,
} from '../factories.js';
import { insertPendingAnswers } from '../../src/modules/assignments/members-repository.js';
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

export type AnswersWho =
  'admin' | 'manager' | 'manager2' | 'instructor' | 'instructor2' | AnswersTrainee;
export type AnswersTrainee = 'trainee' | 'tessa' | 'omar' | 'priya' | 'nina';

/**
 * An organization of its own for one test, built with the factories (../factories.ts): Maya
 * (manager), Ian and Iris (instructors), Tom, Tessa, Omar and Priya (trainees; Priya on no
 * assignment), Sofia (a soft-deleted trainee); an interview (three questions over two
 * roles, two mp3 prompts for question 1), a rating scale and a feedback form; an Active assignment
 * 'Answers practice' (Tom, Tessa, Omar; Ian) and a Draft 'Answers draft' (Tom). `manager2`
 * manages another organization, `nina` is its trainee; `admin` is the database's admin. No answer is given yet: the test gives the ones it needs (`answer`).
 */
export async function buildAnswersWorld(f: Factory) {
  const org = await buildOrganization(f);
  const other = await buildOrganization(f);
  const person =
    (role: typeof Role.Trainee | typeof Role.Instructor | typeof Role.Manager) =>
    (firstName: string, lastName: string, extra: { deleted?: boolean } = {}) =>
      buildUser(f, { role, organizationId: org.id, firstName, lastName, ...extra });
  const people = {
    manager: await person(Role.Manager)('Maya', 'Manning'),
    instructor: await person(Role.Instructor)('Ian', 'Instructor'),
    instructor2: await person(Role.Instructor)('Iris', 'Ito'),
    trainee: await person(Role.Trainee)('Tom', 'Trainee'),
    tessa: await person(Role.Trainee)('Tessa', 'Tran'),
    omar: await person(Role.Trainee)('Omar', 'Okafor'),
    priya: await person(Role.Trainee)('Priya', 'Patel'),
    nina: await buildUser(f, {
      role: Role.Trainee,
      organizationId: other.id,
      firstName: 'Nina',
      lastName: 'Nilsen',
    }),
    manager2: await buildUser(f, {
      role: Role.Manager,
      organizationId: other.id,
      firstName: 'Nora',
      lastName: 'North',
    }),
  };
  const sofia = await person(Role.Trainee)('Sofia', 'Santos', { deleted: true });
  const admin = await adminUser(f);
  const interview = await buildInterview(f, { organizationId: org.id });
  const ratings = await buildRatingScale(f, { organizationId: org.id });
  const feedback = await buildFeedbackForm(f, { organizationId: org.id });
  const avatars = [
    await buildAsset(f, { organizationId: org.id }),
    await buildAsset(f, { organizationId: org.id }),
  ];
  const environment = await buildAsset(f, { organizationId: org.id, environment: true });
  await addPrompts(
    f.db,
    interview.questionIds[0]!,
    avatars[0]!,
    avatars[1]!,
    `test/prompt-${org.id}`,
  );
  const forms = { interview, ratings, feedback, avatars, environment, by: people.manager };
  const assignment = await buildAssignment(f, {
    ...forms,
    organizationId: org.id,
    name: 'Answers practice',
    members: [people.trainee.id, people.tessa.id, people.omar.id, people.instructor.id],
    status: AssignmentStatus.Active,
  });
  const draft = await buildAssignment(f, {
    ...forms,
    organizationId: org.id,
    name: 'Answers draft',
    members: [people.trainee.id],
  });
  const tokenOf = (who: AnswersWho) => (who === 'admin' ? admin.token : people[who].token);
  return {
    org: org.id,
    other: other.id,
    /** The people by short name, with their emails and tokens. */
    people,
    ids: {
      ...Object.fromEntries(Object.entries(people).map(([k, u]) => [k, u.id])),
      sofia: sofia.id,
      admin: admin.id,
    } as Record<AnswersWho | 'sofia', number>,
    interview,
    ratings,
    feedback,
    avatars,
    environment,
    assignment,
    draft,
    /** The session token of `who`. */
    token: tokenOf,
    /** `method url` as `who` (none: without a token), with an optional JSON body. */
    call: (method: Method, url: string, who?: AnswersWho, payload?: object) =>
      injectWithToken(f.app, method, url, who ? tokenOf(who) : undefined, payload),
    /** `who` answers every question of the Active assignment and (default) submits. Answers the answer id. */
    answer: (who: AnswersTrainee, { submit = true } = {}) =>
      buildAnswer(f, {
        assignmentId: assignment,
        trainee: people[who],
        questionIds: interview.questionIds,
        submit,
      }),
    /** Sofia's Pending answer on the Active assignment, stored after she was soft-deleted. Answers its id. */
    async sofiasAnswer() {
      await insertPendingAnswers(f.db, assignment, [sofia.id]);
      return answerIdOfUser(f, assignment, sofia.id);
    },
    /** The answer id of `who` on an assignment (default the Active one). */
    answerIdOf: (who: AnswersTrainee, assignmentId = assignment) =>
      answerIdOfUser(f, assignmentId, people[who].id),
    /** `reviewer` reviews answer `answerId` with the valid review (score 4.5). */
    review: (
      answerId: number,
      reviewer: Exclude<AnswersWho, 'admin' | AnswersTrainee> = 'instructor',
    ) =>
      buildReview(f, {
        answerId,
        reviewer: people[reviewer],
        body: validReview({ ratings, feedback }),
      }),
    /** The review forms stored for this organization's rating scale and feedback form. */
    async formCount() {
      return (
        await f.db
          .select({ n: count() })
          .from(contentAnswers)
          .where(inArray(contentAnswers.contentId, [ratings.id, feedback.id]))
      )[0]!.n;
    },
  };
}
export type AnswersWorld = Awaited<ReturnType<typeof buildAnswersWorld>>;
