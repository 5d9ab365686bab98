/**
 * Test factories: the way a server test gets the rows it asserts on. Each test builds what it
 * needs — an organization of its own, its people, forms, an assignment, answers — and so passes
 * alone (`vitest -t`) and in any order (`--sequence.shuffle`); no test reads a row another test
 * made or changed. A file's `beforeAll` builds only what no test changes: the app and its
 * database (`buildTestApp`, helpers/build.ts).
 *
 *   const f = factoryOf(ctx);                    // once per file, after buildTestApp
 *   const org = await buildOrganization(f);      // in each test
 *   const manager = await buildUser(f, { role: Role.Manager, organizationId: org.id });
 *
 * Rows are made through the API as a user would make them (organizations, users, assignments,
 * answers, reviews), or through the test helpers that insert content and assets
 * (helpers/factories.ts) where the API needs uploaded media. Every factory answers the rows it
 * made, with ids; a user comes with a session token (`token`) for `call`. Names and emails are
 * unique per call, so factories never collide with the demo seed or each other. Errors: a factory
 * throws when the app refuses a step (the status and body in the message).
 *
 * Spec: 000 §3 (the entities), 001 §7 (the answers calls), decisions.md#answers-and-review.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  AssetType,
  AssignmentStatus,
  ContentType,
  MediaType,
  QuestionType,
  Role,
  type AssignmentStatusId,
  type RoleId,
} from '@practica/contract';
import type { Db } from '../src/db/client.js';
import { answers, questionOptions, users } from '../src/db/schema/index.js';
import { signSessionToken } from '../src/lib/session-token.js';
import { testSecret, injectWithToken, type Method, type TestContext } from './helpers/build.js';
import { createAsset, createContent, type CreatedContent } from './helpers/factories.js';
import * as media from './helpers/media-fixtures.js';

/** What the factories work with: the app (its API) and its database. */
export interface Factory {
  app: FastifyInstance;
  db: Db;
}

/** The factory context of a test app (`buildTestApp`, which signs tokens with `testSecret`). */
export function factoryOf(ctx: TestContext): Factory {
  return { app: ctx.app, db: ctx.testDb.database.db };
}

let serial = 0;
/** A name part no other factory call of this run uses. */
function unique(): string {
  serial += 1;
  return `${serial}${randomBytes(3).toString('hex')}`;
}

/** `method url` as `token` (none: without one); throws unless the app answers 200/201. Answers `data`. */
export async function apiData<T>(
  f: Factory,
  method: Method,
  url: string,
  token?: string,
  payload?: object,
): Promise<T> {
  const res: LightMyRequestResponse = await injectWithToken(f.app, method, url, token, payload);
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`factory: ${method} ${url} answered ${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
}

/** A session token of user `userId` (valid one hour), as the sign-in would answer it. */
export async function tokenOf(f: Factory, userId: number): Promise<string> {
  const [row] = await f.db
    .select({ tv: users.tokenVersion })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`factory: no user ${userId}`);
  return signSessionToken(
    new TextEncoder().encode(testSecret),
    { userId, tokenVersion: row.tv },
    3600,
  );
}

const admins = new WeakMap<FastifyInstance, Promise<{ id: number; token: string }>>();

/** An admin and its token: the database's first one (the demo seed's), else one made for the app. */
export function adminUser(f: Factory): Promise<{ id: number; token: string }> {
  let admin = admins.get(f.app);
  if (!admin) {
    admin = (async () => {
      const [first] = await f.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.roleId, Role.Admin), eq(users.active, true)))
        .orderBy(users.id)
        .limit(1);
      const id =
        first?.id ??
        (
          await f.db
            .insert(users)
            .values({
              email: `factory.admin.${unique()}@factory.test`,
              firstName: 'Factory',
              lastName: 'Admin',
              passwordHash: '!factory', // no password verifies against it: tokens only
              roleId: Role.Admin,
            })
            .returning({ id: users.id })
        )[0]!.id;
      return { id, token: await tokenOf(f, id) };
    })();
    admins.set(f.app, admin);
  }
  return admin;
}

/** A token of an admin (adminUser). */
export async function adminToken(f: Factory): Promise<string> {
  return (await adminUser(f)).token;
}

export interface BuiltOrganization {
  id: number;
  name: string;
}

/**
 * An active organization, made by an admin through POST /organizations; `userSeats` (trainee
 * seats, default 50) and `creatorSeats` (default 5).
 */
export async function buildOrganization(
  f: Factory,
  over: { name?: string; userSeats?: number; creatorSeats?: number } = {},
): Promise<BuiltOrganization> {
  const id = unique();
  const made = await apiData<{ id: number; name: string }>(
    f,
    'POST',
    '/api/organizations',
    await adminToken(f),
    {
      name: over.name ?? `Factory Academy ${id}`,
      address: `${id} Factory Lane`,
      contact: {
        firstName: 'Fay',
        lastName: 'Factory',
        email: `contact.${id}@factory.test`,
        phoneNumber: '5550199000',
      },
      userSeats: over.userSeats ?? 50,
      creatorSeats: over.creatorSeats ?? 5,
    },
  );
  return { id: made.id, name: made.name };
}

export interface BuiltUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  roleId: RoleId;
  organizationId: number | null;
  /** A session token of the user (not for a soft-deleted one: the app refuses it). */
  token: string;
}

export interface UserInput {
  role: RoleId;
  /** Required for every role but Admin. */
  organizationId?: number;
  firstName?: string;
  lastName?: string;
  /** The creator flag (instructors and managers). */
  creator?: boolean;
  /** Soft-deleted after it is made (PUT /users/{id}/delete). */
  deleted?: boolean;
  /** Deactivated after it is made (PUT /users/{id}/deactivate; its `token` no longer signs in). */
  inactive?: boolean;
}

/**
 * A user of `role`, made by an admin through POST /users?roleId= (no usable password: sign in with
 * `token`); optionally a creator, optionally inactive, optionally soft-deleted.
 */
export async function buildUser(f: Factory, input: UserInput): Promise<BuiltUser> {
  const admin = await adminToken(f);
  const firstName = input.firstName ?? 'Fred';
  const lastName = input.lastName ?? 'Factory';
  const email = `${firstName}.${unique()}@factory.test`.toLowerCase();
  const made = await apiData<{ id: number }>(f, 'POST', `/api/users?roleId=${input.role}`, admin, {
    email,
    firstName,
    lastName,
    ...(input.organizationId !== undefined ? { organizationId: input.organizationId } : {}),
  });
  if (input.creator) await apiData(f, 'PUT', `/api/users/${made.id}/enable-creator`, admin);
  if (input.inactive) await apiData(f, 'PUT', `/api/users/${made.id}/deactivate`, admin);
  const token = await tokenOf(f, made.id);
  if (input.deleted) await apiData(f, 'PUT', `/api/users/${made.id}/delete`, admin);
  return {
    id: made.id,
    email,
    firstName,
    lastName,
    roleId: input.role,
    organizationId: input.role === Role.Admin ? null : (input.organizationId ?? null),
    token,
  };
}

export interface BuiltGroup {
  id: number;
  name: string;
}

/**
 * A group of `organizationId` through POST /groups (000 §7), made by `by` (a manager of the
 * organization; default an admin), with `members` (trainee and instructor ids of the
 * organization, inactive ones too) added through PUT /groups/{id}/add.
 */
export async function buildGroup(
  f: Factory,
  input: {
    organizationId: number;
    by?: BuiltUser;
    name?: string;
    description?: string;
    members?: number[];
  },
): Promise<BuiltGroup> {
  const token = input.by?.token ?? (await adminToken(f));
  const name = input.name ?? `Factory group ${unique()}`;
  const made = await apiData<{ id: number }>(f, 'POST', '/api/groups', token, {
    name,
    description: input.description ?? `${name} description`,
    organizationId: input.organizationId,
  });
  if (input.members?.length)
    await apiData(f, 'PUT', `/api/groups/${made.id}/add`, token, { ids: input.members });
  return { id: made.id, name };
}

/** An Active interview of `organizationId` with its roles and questions (by default two roles, three questions). */
export function buildInterview(
  f: Factory,
  input: {
    organizationId: number;
    name?: string;
    roles?: string[];
    questions?: { text: string; role?: number }[];
  },
): Promise<CreatedContent> {
  return createContent(f.db, {
    name: input.name ?? `Factory interview ${unique()}`,
    organizationId: input.organizationId,
    roles: input.roles ?? ['Interviewer', 'Panelist'],
    questions: input.questions ?? [
      { text: 'Tell us about yourself', role: 0 },
      { text: 'Why this job', role: 1 },
      { text: 'Any questions', role: 0 },
    ],
  });
}

/** An Active rating scale of `organizationId`: Clarity and Confidence, each rated 1..5. */
export function buildRatingScale(
  f: Factory,
  input: { organizationId: number; name?: string },
): Promise<CreatedContent> {
  const options = ['Poor', 'Fair', 'Good', 'Excellent'];
  return createContent(f.db, {
    name: input.name ?? `Factory ratings ${unique()}`,
    contentTypeId: ContentType.RatingScale,
    organizationId: input.organizationId,
    questions: [
      { text: 'Clarity', options },
      { text: 'Confidence', options },
    ],
  });
}

/** A feedback form with the option ids of each of its questions, in order. */
export type BuiltFeedbackForm = CreatedContent & { optionIds: number[][] };

/**
 * An Active feedback form of `organizationId`: an open question (Strengths), a single choice
 * (Next round: Yes, No) and a multiple choice (Practice areas: Clarity, Pace, Examples).
 */
export async function buildFeedbackForm(
  f: Factory,
  input: { organizationId: number; name?: string },
): Promise<BuiltFeedbackForm> {
  const form = await createContent(f.db, {
    name: input.name ?? `Factory feedback ${unique()}`,
    contentTypeId: ContentType.Feedback,
    organizationId: input.organizationId,
    questions: [
      { text: 'Strengths', questionTypeId: QuestionType.Open },
      { text: 'Next round', questionTypeId: QuestionType.Single, options: ['Yes', 'No'] },
      {
        text: 'Practice areas',
        questionTypeId: QuestionType.Multiple,
        options: ['Clarity', 'Pace', 'Examples'],
      },
    ],
  });
  const optionIds: number[][] = [];
  for (const questionId of form.questionIds) {
    const rows = await f.db
      .select({ id: questionOptions.id, position: questionOptions.position })
      .from(questionOptions)
      .where(eq(questionOptions.questionId, questionId));
    optionIds.push(rows.sort((a, b) => a.position - b.position).map((o) => o.id));
  }
  return { ...form, optionIds };
}

/** An avatar (default) or environment of `organizationId`, with an image. Answers its id. */
export async function buildAsset(
  f: Factory,
  input: { organizationId: number; name?: string; environment?: boolean },
): Promise<number> {
  const made = await createAsset(f.db, {
    name: input.name ?? `Factory ${input.environment ? 'environment' : 'avatar'} ${unique()}`,
    organizationId: input.organizationId,
    ...(input.environment ? { assetTypeId: AssetType.Environment } : {}),
  });
  return made.id;
}

export interface AssignmentInput {
  organizationId: number;
  /** Makes it (a manager or admin of the organization). */
  by: BuiltUser;
  interview: CreatedContent;
  /** An avatar per interview role, in the roles' order. */
  avatars: number[];
  environment: number;
  ratings?: CreatedContent;
  feedback?: CreatedContent;
  name?: string;
  /** Trainees and instructors added to it (user ids). */
  members?: number[];
  /** Draft (default) or Active (published after the members are added). */
  status?: AssignmentStatusId;
  /** YYYY-MM-DD; default 2099-12-31. */
  closeDate?: string;
}

/**
 * An interview assignment through POST /assignments/interview, its members added (PUT
 * /assignments/{id}/add), published when `status` is Active. Answers its id.
 */
export async function buildAssignment(f: Factory, input: AssignmentInput): Promise<number> {
  const name = input.name ?? `Factory assignment ${unique()}`;
  const made = await apiData<{ id: number }>(
    f,
    'POST',
    '/api/assignments/interview',
    input.by.token,
    {
      name,
      description: `${name} description`,
      closeDate: input.closeDate ?? '2099-12-31',
      organizationId: input.organizationId,
      interviewId: input.interview.id,
      roles: input.interview.roleIds.map((roleId, i) => ({
        roleId,
        avatarId: input.avatars[i] ?? input.avatars[0],
      })),
      environmentId: input.environment,
      ...(input.ratings ? { ratingsId: input.ratings.id } : {}),
      ...(input.feedback ? { feedbackId: input.feedback.id } : {}),
    },
  );
  if (input.members?.length)
    await apiData(f, 'PUT', `/api/assignments/${made.id}/add`, input.by.token, {
      ids: input.members,
    });
  if (input.status === AssignmentStatus.Active)
    await apiData(
      f,
      'PUT',
      `/api/assignments/${made.id}/status?statusId=${AssignmentStatus.Active}`,
      input.by.token,
    );
  return made.id;
}

/**
 * A video uploaded by `who` through POST /files/upload and the signed PUT (default: the test MP4,
 * `media.mp4`). Answers the file id.
 */
export async function buildUpload(
  f: Factory,
  who: BuiltUser,
  bytes: Buffer = media.mp4,
  name = 'answer.mp4',
): Promise<number> {
  const ticket = await apiData<{ id: number; url: string }>(
    f,
    'POST',
    '/api/files/upload',
    who.token,
    {
      name,
      extension: name.split('.').pop(),
      fileTypeId: MediaType.Video,
      size: bytes.length,
    },
  );
  const put = await f.app.inject({ method: 'PUT', url: ticket.url, payload: bytes });
  if (put.statusCode !== 200) throw new Error(`factory: upload PUT ${put.statusCode} ${put.body}`);
  return ticket.id;
}

/**
 * A trainee's answer to an Active assignment as the practice app makes it: a practice started, a
 * video per question (`questionIds`, each `duration` seconds, default 12.5) saved, and submitted
 * unless `submit` is false (then Pending). Answers the answer's id.
 */
export async function buildAnswer(
  f: Factory,
  input: {
    assignmentId: number;
    trainee: BuiltUser;
    questionIds: number[];
    submit?: boolean;
    duration?: number;
  },
): Promise<number> {
  const base = `/api/me/assignments/${input.assignmentId}`;
  await apiData(f, 'POST', `${base}/practice`, input.trainee.token);
  const items = [];
  for (const questionId of input.questionIds)
    items.push({
      questionId,
      fileId: await buildUpload(f, input.trainee),
      duration: input.duration ?? 12.5,
    });
  await apiData(f, 'PUT', `${base}/answers`, input.trainee.token, { items });
  if (input.submit !== false) await apiData(f, 'POST', `${base}/submit`, input.trainee.token);
  return answerIdOf(f, input.assignmentId, input.trainee.id);
}

/** The answer id of user `userId` on assignment `assignmentId` (throws when there is none). */
export async function answerIdOf(f: Factory, assignmentId: number, userId: number) {
  const [row] = await f.db
    .select({ id: answers.id })
    .from(answers)
    .where(and(eq(answers.assignmentId, assignmentId), eq(answers.userId, userId)));
  if (!row) throw new Error(`factory: no answer of user ${userId} on assignment ${assignmentId}`);
  return row.id;
}

/**
 * A review of a Submitted answer by `reviewer` through POST
 * /assignments/interviews/answers/review/{id} with `body` (the two forms' answers). Answers the
 * answer's detail as the route does.
 */
export function buildReview<T = unknown>(
  f: Factory,
  input: { answerId: number; reviewer: BuiltUser; body: object },
): Promise<T> {
  return apiData<T>(
    f,
    'POST',
    `/api/assignments/interviews/answers/review/${input.answerId}`,
    input.reviewer.token,
    input.body,
  );
}
