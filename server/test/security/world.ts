/**
 * The world of the security tests (decisions.md#reliability-and-security 'Access'): the production app on an empty database
 * with the first admin, some general content, and two organizations, A and B, built the same way
 * through the API (and the test factories where the API has no call), each with:
 *
 * - a canary string in every text field it owns (names, emails, phones, descriptions, group names,
 *   interview roles, questions, options, tags, assignment titles, answer transcripts, review
 *   feedback, file names, pending email changes, the mails in the outbox …);
 * - ids in a range of its own (every sequence restarts at `idBases[key]` before the organization
 *   is built), so an id of B in an answer to A is recognisable by its digits;
 * - a manager, an instructor, an instructor with the creator flag, two trainees, a second
 *   instructor, a deactivated trainee (whose token from before the deactivation is kept) and a
 *   soft-deleted trainee; two groups, two invites, Active and Draft content, its own avatar and
 *   environment, an Active assignment with a reviewed and a submitted answer, a Draft assignment.
 *
 * Rows created later (by the tests) get ids from `idBases.later` on.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import {
  AssetType,
  AssignmentStatus,
  ContentStatus,
  ContentType,
  MediaType,
  QuestionType,
  Role,
  type ContentStatusId,
  type ContentTypeId,
  type RoleId,
} from '@practica/contract';
import type { Db } from '../../src/db/client.js';
import {
  TokenPurpose,
  apiTokens,
  contents,
  groups,
  inviteLinks,
  invites,
  organizationSso,
  questionAudios,
  samlMessageIds,
  questionOptions,
  questions,
  userTokens,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../src/db/schema/index.js';
import { newEmailToken } from '../../src/lib/email-token.js';
import { hashPassword } from '../../src/lib/password.js';
import { signSessionToken } from '../../src/lib/session-token.js';
import { bearer, buildTestApp, testSecret, type TestContext } from '../helpers/build.js';
import { createAsset, createContent } from '../helpers/factories.js';
import * as media from '../helpers/media-fixtures.js';

export type OrgKey = 'a' | 'b';

/** The canary of each organization: lower case (emails are lower-cased), 8 characters. */
export const canaries = { a: 'cnryaqzx', b: 'cnrybqzx' } as const satisfies Record<OrgKey, string>;

/** Where each organization's ids start, in every table; rows made by the tests start at `later`. */
export const idBases = { a: 3_100_000, b: 4_200_000, later: 6_000_000 } as const;

/** An id that no table ever holds (between B's range and the tests' rows). */
export const missingId = 5_999_999;

/** The password of every account of the world. */
export const worldPassword = 'pass1234';

/** A regular expression matching any id of the organization's range (7 digits, not inside a longer number or word: request ids are hex). */
export function idPattern(key: OrgKey): RegExp {
  const prefix = String(idBases[key]).slice(0, 3);
  return new RegExp(`(?<![\\w.])${prefix}\\d{4}(?!\\w)`, 'g');
}

export const personKinds = [
  'manager',
  'instructor',
  'creator',
  'trainee',
  'trainee2',
  'instructor2',
  'deactivated',
  'deleted',
] as const;
export type PersonKind = (typeof personKinds)[number];

/** One organization of the world. */
export interface OrgWorld {
  key: OrgKey;
  canary: string;
  organizationId: number;
  user: Record<PersonKind, number>;
  email: Record<PersonKind, string>;
  /** Session tokens; `deactivated` is the one signed in before the deactivation. */
  token: Record<'manager' | 'instructor' | 'creator' | 'trainee' | 'deactivated', string>;
  /** Trainee, instructor and creator are members. */
  groupId: number;
  /** Trainee2 and instructor2 are members. */
  group2Id: number;
  /** A pending trainee invite sent by the manager, with the token of its link. */
  inviteId: number;
  inviteToken: string;
  /** A pending trainee invite sent by the instructor. */
  instructorInviteId: number;
  /** Active content authored by the creator. */
  interviewId: number;
  interviewRoleId: number;
  interviewQuestionId: number;
  ratingsId: number;
  ratingsQuestionId: number;
  feedbackId: number;
  feedbackQuestionIds: [number, number];
  feedbackOptionIds: number[];
  /** Draft content authored by the creator, with one question each. */
  draftInterviewId: number;
  draftQuestionId: number;
  draftRatingsId: number;
  /** The organization's own avatar and environment. */
  avatarId: number;
  environmentId: number;
  /** The Active assignment (trainee, trainee2, instructor, creator) and a Draft one (trainee). */
  assignmentId: number;
  draftAssignmentId: number;
  /** The trainee's answer (Reviewed by the instructor) and trainee2's (Submitted). */
  answerId: number;
  answer2Id: number;
  /** An image the manager uploaded (the organization's logo). */
  imageFileId: number;
  imageUrl: string;
  /** Every storage key of the organization's files (filled at the end). */
  storageKeys: string[];
}

/** The wizard's payload for a new assignment of `o`'s content, named `${label} assignment …`. */
export function assignmentForm(o: OrgWorld, label: string) {
  return {
    name: `${label} assignment ${o.canary}`,
    description: `${label} description ${o.canary}`,
    closeDate: '2099-12-31',
    organizationId: o.organizationId,
    interviewId: o.interviewId,
    environmentId: o.environmentId,
    roles: [{ roleId: o.interviewRoleId, avatarId: o.avatarId }],
    ratingsId: o.ratingsId,
    feedbackId: o.feedbackId,
  };
}

/** General things, owned by no organization. */
export interface GeneralWorld {
  adminId: number;
  adminEmail: string;
  adminToken: string;
  /** A second admin (a target for admin-only user calls). */
  admin2Id: number;
  /** Active general interview, rating scale and feedback form, added to A and B. */
  interviewId: number;
  ratingsId: number;
  feedbackId: number;
  /** A general avatar added to A and B; a general environment added to A only. */
  avatarId: number;
  environmentId: number;
}

export interface World extends TestContext {
  db: Db;
  general: GeneralWorld;
  orgs: Record<OrgKey, OrgWorld>;
  /** Every route as Fastify registered it. */
  routes: RouteOptions[];
  /** The directory of the stored files. */
  storageRoot: string;
  call(
    method: string,
    url: string,
    token?: string | null,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Like `call`, but throws unless the answer is 200; answers `data`. */
  ok<T = unknown>(
    method: string,
    url: string,
    token?: string | null,
    payload?: unknown,
  ): Promise<T>;
  /** Uploads bytes through POST /files/upload and the signed PUT; answers the id and URL. */
  upload(
    token: string,
    name: string,
    bytes?: Buffer,
    fileTypeId?: number,
  ): Promise<{ id: number; url: string }>;
  /** Fresh rows for one test cell (ids from `idBases.later`). */
  fresh: FreshFactory;
  /** Mints a session token for the user as it stands now (its current token version). */
  mintToken(userId: number): Promise<string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The rows of a raw query, whichever driver answered it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Restarts every sequence of the public schema at `start`. */
async function restartSequences(db: Db, start: number): Promise<void> {
  const names = rowsOf<{ name: string }>(
    await db.execute(
      sql`select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`,
    ),
  );
  for (const { name } of names) {
    await db.execute(sql.raw(`alter sequence "${name}" restart with ${start}`));
  }
}

/** Every file below `dir` (relative paths), sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(current: string) {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full));
    }
  }
  await walk(dir);
  return out.sort();
}

/** The tables of the public schema. */
async function tableNames(db: Db): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map((r) => r.name);
}

/**
 * A fingerprint of every table: its row count and an order-independent sum of the hashes of its
 * rows (any inserted, deleted or changed row changes it).
 */
const tablesOf = new WeakMap<Db, Promise<string[]>>();

export async function snapshot(db: Db): Promise<Record<string, string>> {
  if (!tablesOf.has(db)) tablesOf.set(db, tableNames(db));
  const tables = await tablesOf.get(db)!;
  // The outbox only ever grows by the calls (its worker never polls in the world): its count and
  // last id tell whether a mail was written, without hashing every mail body.
  const query = tables
    .map((t) =>
      t === 'mail_outbox'
        ? `select '${t}' as t, count(*)::text || ':' || coalesce(max(id), 0)::text as f from "${t}"`
        : `select '${t}' as t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as f from "${t}" x`,
    )
    .join(' union all ');
  const rows = rowsOf<{ t: string; f: string }>(await db.execute(sql.raw(query)));
  return Object.fromEntries(rows.map((r) => [r.t, r.f]));
}

/** Text-like columns (text, varchar, jsonb) of every public table. */
export async function textColumns(db: Db): Promise<{ table: string; column: string }[]> {
  return rowsOf<{ table: string; column: string }>(
    await db.execute(
      sql`select table_name as "table", column_name as "column" from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')
          order by table_name, column_name`,
    ),
  );
}

export interface FreshFactory {
  /** A user of the organization (default a trainee), optionally soft-deleted; answers its id. */
  user(
    key: OrgKey,
    options?: { roleId?: RoleId; deleted?: boolean; creator?: boolean },
  ): Promise<number>;
  /** A group of the organization with trainee2 as member. */
  group(key: OrgKey): Promise<number>;
  /** A pending invite of the organization (trainee, sent by `by`), with a working link token. */
  invite(key: OrgKey, by?: PersonKind): Promise<{ id: number; token: string; email: string }>;
  /** Content of the organization (null: general) authored by its creator, with one question. */
  content(
    key: OrgKey | null,
    options?: { typeId?: ContentTypeId; statusId?: ContentStatusId },
  ): Promise<{ id: number; questionId: number; roleId: number | null }>;
  /** An asset of the organization (null: general), added to `addedTo`. */
  asset(key: OrgKey | null, options?: { typeId?: 1 | 2; addedTo?: OrgKey[] }): Promise<number>;
  /** A Draft interview assignment of the organization (made through the API by the admin) with trainee2. */
  assignment(key: OrgKey): Promise<number>;
  /** An emailed token of a user (password reset or email change to a fresh address). */
  userToken(userId: number, purpose: 'reset' | 'email'): Promise<string>;
  /** A fresh, unused email address of the organization. */
  email(key: OrgKey): string;
  /** A Ready image uploaded by `token`'s user. */
  image(token: string, key: OrgKey): Promise<number>;
  /** An organization of its own (for calls that would end the sessions of A or B). */
  organization(): Promise<number>;
}

/** Signs in through POST /api/auth. */
async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { email, password: worldPassword },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in ${email}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * Builds the world. `env` overrides configuration (e.g. TRUST_PROXY). The mail worker never
 * polls, so the outbox only changes through the calls.
 */
export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  const routes: RouteOptions[] = [];
  const ctx = await buildTestApp(
    { MAIL_POLL_MS: '3600000', LOGIN_RATE_PER_MINUTE: '100000', ...env } as never,
    { seed: false, onRoute: (route) => routes.push(route) },
  );
  const { app } = ctx;
  const db = ctx.testDb.database.db;
  const passwordHash = await hashPassword(worldPassword);
  /** A session token for the user as it stands (what POST /api/auth would answer). */
  const mint = async (userId: number) => {
    const [row] = await db
      .select({ tv: users.tokenVersion })
      .from(users)
      .where(eq(users.id, userId));
    return signSessionToken(
      new TextEncoder().encode(testSecret),
      { userId, tokenVersion: row!.tv },
      3600,
    );
  };

  const call: World['call'] = (method, url, token, payload, headers = {}) =>
    app.inject({
      method: method as Method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const ok: World['ok'] = async (method, url, token, payload) => {
    const res = await call(method, url, token, payload);
    if (res.statusCode !== 200)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
    return (res.json() as { data: never }).data;
  };
  const upload: World['upload'] = async (token, name, bytes = media.png, fileTypeId) => {
    const extension = name.split('.').pop()!;
    const typeId =
      fileTypeId ??
      (extension === 'mp3' ? MediaType.Audio : extension === 'mp4' ? MediaType.Video : 1);
    const ticket = await ok<{ id: number; url: string }>('POST', '/api/files/upload', token, {
      name,
      extension,
      fileTypeId: typeId,
      size: bytes.length,
    });
    const put = await app.inject({ method: 'PUT', url: ticket.url, payload: bytes });
    if (put.statusCode !== 200) throw new Error(`PUT ${ticket.url}: ${put.statusCode} ${put.body}`);
    return (put.json() as { data: { id: number; url: string } }).data;
  };
  const insertUser = async (values: {
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber?: string | null;
    roleId: RoleId;
    organizationId: number | null;
    creator?: boolean;
    deletedAt?: Date | null;
  }) => {
    const [row] = await db
      .insert(users)
      .values({ ...values, passwordHash })
      .returning({ id: users.id });
    return row!.id;
  };

  // ----- general: the first admin (id 1), a second admin, general content and assets -----
  const adminEmail = 'admin@security.test';
  const adminId = await insertUser({
    email: adminEmail,
    firstName: 'Ada',
    lastName: 'Admin',
    roleId: Role.Admin,
    organizationId: null,
  });
  if (adminId !== 1) throw new Error(`the first admin got id ${adminId}`);
  const admin2Id = await insertUser({
    email: 'admin2@security.test',
    firstName: 'Alan',
    lastName: 'Archer',
    roleId: Role.Admin,
    organizationId: null,
  });
  const adminToken = await signIn(app, adminEmail);
  const generalInterview = await createContent(db, {
    name: 'General interview',
    roles: ['General role'],
    questions: [{ text: 'General question', role: 0 }],
  });
  const generalRatings = await createContent(db, {
    name: 'General ratings',
    contentTypeId: ContentType.RatingScale,
    questions: [{ text: 'General rating', options: ['1', '2', '3', '4', '5'] }],
  });
  const generalFeedback = await createContent(db, {
    name: 'General feedback',
    contentTypeId: ContentType.Feedback,
    questions: [{ text: 'General open', questionTypeId: QuestionType.Open }],
  });
  const generalAvatar = await createAsset(db, { name: 'General avatar' });
  const generalEnvironment = await createAsset(db, {
    name: 'General environment',
    assetTypeId: AssetType.Environment,
  });

  /** Kept current: tests mint the admin's token again when its version moves. */
  const general: GeneralWorld = {
    adminId,
    adminEmail,
    adminToken,
    admin2Id,
    interviewId: generalInterview.id,
    ratingsId: generalRatings.id,
    feedbackId: generalFeedback.id,
    avatarId: generalAvatar.id,
    environmentId: generalEnvironment.id,
  };

  async function buildOrg(key: OrgKey): Promise<OrgWorld> {
    const c = canaries[key];
    await restartSequences(db, idBases[key]);
    const org = await ok<{ id: number }>('POST', '/api/organizations', general.adminToken, {
      name: `Org ${c}`,
      address: `${c} Street 1`,
      contact: {
        firstName: `Cfirst ${c}`,
        lastName: `Clast ${c}`,
        email: `contact.${c}@${key}.test`,
        phoneNumber: `${c}00`,
      },
      userSeats: 10000,
      creatorSeats: 10,
    });
    const organizationId = org.id;
    const user = {} as Record<PersonKind, number>;
    const email = {} as Record<PersonKind, string>;
    const roles: Record<PersonKind, RoleId> = {
      manager: Role.Manager,
      instructor: Role.Instructor,
      creator: Role.Instructor,
      trainee: Role.Trainee,
      trainee2: Role.Trainee,
      instructor2: Role.Instructor,
      deactivated: Role.Trainee,
      deleted: Role.Trainee,
    };
    for (const [i, kind] of personKinds.entries()) {
      email[kind] = `${kind}.${c}@${key}.test`;
      user[kind] = await insertUser({
        email: email[kind],
        firstName: `${kind} ${c}`,
        lastName: `Last ${c}`,
        phoneNumber: `${c}0${i}`,
        roleId: roles[kind],
        organizationId,
        creator: kind === 'creator',
        deletedAt: kind === 'deleted' ? new Date() : null,
      });
    }
    const token = {
      // The manager signs in for real; the others' sessions are minted (an argon2 verification each saved).
      manager: await signIn(app, email.manager),
      instructor: await mint(user.instructor),
      creator: await mint(user.creator),
      trainee: await mint(user.trainee),
      deactivated: await mint(user.deactivated),
    };

    // Files: the organization's logo (manager) and the trainee's picture.
    const logo = await upload(token.manager, `${c}-logo.png`);
    await ok('PUT', `/api/organizations/${organizationId}`, general.adminToken, {
      name: `Org ${c}`,
      address: `${c} Street 1`,
      imageId: logo.id,
    });
    const picture = await upload(token.trainee, `${c}-me.png`);
    await ok('PUT', `/api/users/${user.trainee}`, token.trainee, {
      firstName: `trainee ${c}`,
      lastName: `Last ${c}`,
      phoneNumber: `${c}03`,
      imageId: picture.id,
    });

    // Groups.
    const group = await ok<{ id: number }>('POST', '/api/groups', token.manager, {
      name: `Group ${c}`,
      description: `Group description ${c}`,
      organizationId,
    });
    await ok('PUT', `/api/groups/${group.id}/add`, token.manager, {
      ids: [user.trainee, user.instructor, user.creator],
    });
    const group2 = await ok<{ id: number }>('POST', '/api/groups', token.manager, {
      name: `Group2 ${c}`,
      description: `Group2 description ${c}`,
      organizationId,
    });
    await ok('PUT', `/api/groups/${group2.id}/add`, token.manager, {
      ids: [user.trainee2, user.instructor2],
    });

    // Assets of the organization; general ones added to it.
    const avatar = await createAsset(db, { name: `Avatar ${c}`, organizationId });
    const environment = await createAsset(db, {
      name: `Environment ${c}`,
      assetTypeId: AssetType.Environment,
      organizationId,
    });
    await ok('PUT', `/api/assets/${generalAvatar.id}/add/${organizationId}`, general.adminToken);
    if (key === 'a')
      await ok(
        'PUT',
        `/api/assets/${generalEnvironment.id}/add/${organizationId}`,
        general.adminToken,
      );
    for (const id of [generalInterview.id, generalRatings.id, generalFeedback.id])
      await ok('PUT', `/api/contents/${id}/add/${organizationId}`, general.adminToken);

    // Content by the creator.
    const interview = await createContent(db, {
      name: `Interview ${c}`,
      organizationId,
      roles: [`Role ${c}`],
      questions: [{ text: `Interview question ${c}`, role: 0 }],
    });
    const ratings = await createContent(db, {
      name: `Ratings ${c}`,
      contentTypeId: ContentType.RatingScale,
      organizationId,
      questions: [
        { text: `Rating question ${c}`, options: [1, 2, 3, 4, 5].map((n) => `${n} ${c}`) },
      ],
    });
    const feedback = await createContent(db, {
      name: `Feedback ${c}`,
      contentTypeId: ContentType.Feedback,
      organizationId,
      questions: [
        { text: `Open question ${c}`, questionTypeId: QuestionType.Open },
        {
          text: `Single question ${c}`,
          questionTypeId: QuestionType.Single,
          options: [`Yes ${c}`, `No ${c}`],
        },
      ],
    });
    const draftInterview = await createContent(db, {
      name: `Draft interview ${c}`,
      organizationId,
      statusId: ContentStatus.Draft,
      roles: [`Draft role ${c}`],
      questions: [{ text: `Draft question ${c}`, role: 0 }],
    });
    const draftRatings = await createContent(db, {
      name: `Draft ratings ${c}`,
      contentTypeId: ContentType.RatingScale,
      organizationId,
      statusId: ContentStatus.Draft,
      questions: [{ text: `Draft rating ${c}`, options: [`Low ${c}`, `High ${c}`] }],
    });
    const contentIds = [interview.id, ratings.id, feedback.id, draftInterview.id, draftRatings.id];
    await db
      .update(contents)
      .set({ createdById: user.creator, updatedById: user.creator })
      .where(inArray(contents.id, contentIds));
    // decisions.md#console-flows §7: the Draft items were returned by a reviewer with a reason.
    await db
      .update(contents)
      .set({ returnReason: `Returned because ${c}` })
      .where(inArray(contents.id, [draftInterview.id, draftRatings.id]));
    await db
      .update(questions)
      .set({ description: sql`'Description ' || ${c}`, tags: [`tag-${c}`] })
      .where(inArray(questions.contentId, contentIds));
    const prompt = await upload(token.creator, `${c}-prompt.mp3`, media.mp3);
    await db.insert(questionAudios).values({
      questionId: interview.questionIds[0]!,
      audioId: prompt.id,
      avatarId: avatar.id,
      position: 0,
    });
    const feedbackOptions = await db
      .select({ id: questionOptions.id })
      .from(questionOptions)
      .where(eq(questionOptions.questionId, feedback.questionIds[1]!))
      .orderBy(questionOptions.position);

    // Assignments (the manager).
    const form = (name: string) => ({
      name,
      description: `Assignment description ${c}`,
      closeDate: '2099-12-31',
      organizationId,
      interviewId: interview.id,
      environmentId: environment.id,
      roles: [{ roleId: interview.roleIds[0], avatarId: avatar.id }],
      ratingsId: ratings.id,
      feedbackId: feedback.id,
    });
    const assignment = await ok<{ id: number }>(
      'POST',
      '/api/assignments/interview',
      token.manager,
      form(`Assignment ${c}`),
    );
    await ok('PUT', `/api/assignments/${assignment.id}/add`, token.manager, {
      ids: [user.trainee, user.trainee2, user.instructor, user.creator],
    });
    await ok(
      'PUT',
      `/api/assignments/${assignment.id}/status?statusId=${AssignmentStatus.Active}`,
      token.manager,
    );
    const draftAssignment = await ok<{ id: number }>(
      'POST',
      '/api/assignments/interview',
      token.manager,
      form(`Draft assignment ${c}`),
    );
    await ok('PUT', `/api/assignments/${draftAssignment.id}/add`, token.manager, {
      ids: [user.trainee],
    });

    // Answers: the trainee's (reviewed) and trainee2's (submitted).
    const token2 = await mint(user.trainee2);
    const answerIds: number[] = [];
    for (const t of [token.trainee, token2]) {
      await ok('POST', `/api/me/assignments/${assignment.id}/practice`, t);
      const video = await upload(t, `${c}-answer.mp4`, media.mp4);
      const mine = await ok<{ id: number }>(
        'PUT',
        `/api/me/assignments/${assignment.id}/answers`,
        t,
        {
          items: [
            {
              questionId: interview.questionIds[0],
              fileId: video.id,
              duration: 12,
              text: `Transcript ${c}`,
            },
          ],
        },
      );
      await ok('POST', `/api/me/assignments/${assignment.id}/submit`, t);
      answerIds.push(mine.id);
    }
    // decisions.md#review-loop: a time-coded comment the review below keeps, and reviewers' drafts in progress.
    await ok('POST', `/api/assignments/answers/${answerIds[0]}/comments`, token.instructor, {
      questionId: interview.questionIds[0],
      atMs: 1500,
      text: `Comment ${c}`,
    });
    await ok('POST', `/api/assignments/answers/${answerIds[1]}/comments`, token.manager, {
      questionId: interview.questionIds[0],
      atMs: 500,
      text: `Draft comment ${c}`,
    });
    await ok('PUT', `/api/assignments/answers/${answerIds[1]}/draft`, token.manager, {
      ratings: { [ratings.questionIds[0]!]: `3 ${c}` },
      feedback: { [feedback.questionIds[0]!]: `Draft feedback ${c}` },
    });
    await ok(
      'POST',
      `/api/assignments/interviews/answers/review/${answerIds[0]}`,
      token.instructor,
      {
        answers: {
          ratings: [{ questionId: ratings.questionIds[0], text: '4' }],
          feedback: [
            { questionId: feedback.questionIds[0], text: `Review feedback ${c}` },
            { questionId: feedback.questionIds[1], text: String(feedbackOptions[0]!.id) },
          ],
        },
      },
    );

    // Invites (the manager: a trainee into the group; the instructor: a trainee).
    const invite = await ok<{ id: number; token: string }>('POST', '/api/invites', token.manager, {
      organizationId,
      roleId: Role.Trainee,
      firstName: `Invitee ${c}`,
      lastName: `Last ${c}`,
      email: `invitee.${c}@${key}.test`,
      groupId: group.id,
    });
    const instructorInvite = await ok<{ id: number }>('POST', '/api/invites', token.instructor, {
      organizationId,
      roleId: Role.Trainee,
      firstName: `Invitee2 ${c}`,
      lastName: `Last ${c}`,
      email: `invitee2.${c}@${key}.test`,
    });

    // A pending email change and a password reset request (mails in the outbox).
    await ok('PUT', `/api/users/${user.trainee2}/update-email`, token.manager, {
      email: `new.${c}@${key}.test`,
    });
    await ok('PUT', `/api/auth/reset-password?email=${encodeURIComponent(email.trainee2)}`);

    // The deactivated trainee: signed in above, deactivated now.
    await ok('PUT', `/api/users/${user.deactivated}/deactivate`, token.manager);

    // The organization's integrations, written as their modules store them (their routes check a
    // provider or an address this world does not have): an API token, single sign-on settings, a
    // webhook endpoint with a delivery, and a directory id on the trainee and on the first group.
    await db.insert(apiTokens).values({
      organizationId,
      name: `Token ${c}`,
      scopes: ['users:read'],
      tokenHash: `world-${randomBytes(16).toString('hex')}`,
      prefix: 'pra_world',
      createdById: user.manager,
    });
    await db.insert(organizationSso).values({
      organizationId,
      issuer: `https://idp.${c}.test`,
      clientId: `client-${c}`,
      roleClaim: `role-${c}`,
      roleMap: [{ value: `coach-${c}`, roleId: Role.Instructor }],
      samlIdpEntityId: `https://idp.${c}.test/saml`,
      samlSsoUrl: `https://idp.${c}.test/saml/sso`,
      samlAttributes: { email: `mail-${c}`, firstName: `given-${c}`, lastName: `family-${c}` },
    });
    await db.insert(samlMessageIds).values({
      kind: 'request',
      organizationId,
      messageId: `_request-${c}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        organizationId,
        url: `https://hooks.${c}.test/practica`,
        events: ['answer.submitted'],
        secretEncrypted: 'world',
        createdById: user.manager,
      })
      .returning({ id: webhookEndpoints.id });
    await db.insert(webhookDeliveries).values({
      endpointId: endpoint!.id,
      event: 'answer.submitted',
      eventId: `world-${randomBytes(8).toString('hex')}`,
      payload: { answerId: answerIds[0] },
    });
    await db
      .update(users)
      .set({ scimExternalId: `directory-${c}` })
      .where(eq(users.id, user.trainee));
    await db
      .update(groups)
      .set({ scimExternalId: `directory-group-${c}` })
      .where(eq(groups.id, group.id));

    return {
      key,
      canary: c,
      organizationId,
      user,
      email,
      token,
      groupId: group.id,
      group2Id: group2.id,
      inviteId: invite.id,
      inviteToken: invite.token,
      instructorInviteId: instructorInvite.id,
      interviewId: interview.id,
      interviewRoleId: interview.roleIds[0]!,
      interviewQuestionId: interview.questionIds[0]!,
      ratingsId: ratings.id,
      ratingsQuestionId: ratings.questionIds[0]!,
      feedbackId: feedback.id,
      feedbackQuestionIds: [feedback.questionIds[0]!, feedback.questionIds[1]!],
      feedbackOptionIds: feedbackOptions.map((o) => o.id),
      draftInterviewId: draftInterview.id,
      draftQuestionId: draftInterview.questionIds[0]!,
      draftRatingsId: draftRatings.id,
      avatarId: avatar.id,
      environmentId: environment.id,
      assignmentId: assignment.id,
      draftAssignmentId: draftAssignment.id,
      answerId: answerIds[0]!,
      answer2Id: answerIds[1]!,
      imageFileId: logo.id,
      imageUrl: logo.url,
      storageKeys: [],
    };
  }

  const a = await buildOrg('a');
  const b = await buildOrg('b');
  await restartSequences(db, idBases.later);
  const keys = rowsOf<{ key: string; org: number | null }>(
    await db.execute(sql`select storage_key as key, organization_id as org from files`),
  );
  for (const o of [a, b])
    o.storageKeys = keys.filter((k) => k.org === o.organizationId).map((k) => k.key);
  const orgs = { a, b };

  const mintToken = mint;

  const fresh: FreshFactory = {
    email: (key) => `fresh.${unique()}.${canaries[key]}@${key}.test`,
    async user(key, { roleId = Role.Trainee, deleted = false, creator = false } = {}) {
      return insertUser({
        email: fresh.email(key),
        firstName: `Fresh ${canaries[key]}`,
        lastName: `Last ${canaries[key]}`,
        phoneNumber: `${canaries[key]}99`,
        roleId,
        organizationId: orgs[key].organizationId,
        creator,
        deletedAt: deleted ? new Date() : null,
      });
    },
    async group(key) {
      const g = await ok<{ id: number }>('POST', '/api/groups', general.adminToken, {
        name: `Fresh group ${canaries[key]}`,
        description: `Fresh description ${canaries[key]}`,
        organizationId: orgs[key].organizationId,
      });
      await ok('PUT', `/api/groups/${g.id}/add`, general.adminToken, {
        ids: [orgs[key].user.trainee2],
      });
      return g.id;
    },
    async invite(key, by = 'manager') {
      const o = orgs[key];
      const email = fresh.email(key);
      const [row] = await db
        .insert(invites)
        .values({
          firstName: `Fresh ${o.canary}`,
          lastName: `Last ${o.canary}`,
          email,
          roleId: Role.Trainee,
          organizationId: o.organizationId,
          createdById: o.user[by],
          expirationDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        })
        .returning({ id: invites.id });
      const { token, hash } = newEmailToken();
      await db.insert(inviteLinks).values({ inviteId: row!.id, tokenHash: hash });
      return { id: row!.id, token, email };
    },
    async content(key, { typeId = ContentType.Interview, statusId = ContentStatus.Draft } = {}) {
      const label = key ? canaries[key] : 'general';
      const created = await createContent(db, {
        name: `Fresh content ${label}`,
        contentTypeId: typeId,
        statusId,
        organizationId: key ? orgs[key].organizationId : null,
        ...(typeId === ContentType.Interview ? { roles: [`Fresh role ${label}`] } : {}),
        questions: [
          typeId === ContentType.Interview
            ? { text: `Fresh question ${label}`, role: 0 }
            : typeId === ContentType.RatingScale
              ? { text: `Fresh rating ${label}`, options: ['1', '2'] }
              : { text: `Fresh open ${label}`, questionTypeId: QuestionType.Open },
        ],
      });
      await db
        .update(contents)
        .set({ createdById: key ? orgs[key].user.creator : adminId })
        .where(eq(contents.id, created.id));
      return {
        id: created.id,
        questionId: created.questionIds[0]!,
        roleId: created.roleIds[0] ?? null,
      };
    },
    async asset(key, { typeId = AssetType.Avatar, addedTo = [] } = {}) {
      const created = await createAsset(db, {
        name: `Fresh asset ${key ? canaries[key] : 'general'}`,
        assetTypeId: typeId,
        organizationId: key ? orgs[key].organizationId : null,
        addedTo: addedTo.map((k) => orgs[k].organizationId),
      });
      return created.id;
    },
    async assignment(key) {
      const o = orgs[key];
      const created = await ok<{ id: number }>(
        'POST',
        '/api/assignments/interview',
        general.adminToken,
        assignmentForm(o, 'Fresh'),
      );
      await ok('PUT', `/api/assignments/${created.id}/add`, general.adminToken, {
        ids: [o.user.trainee2],
      });
      return created.id;
    },
    async userToken(userId, purpose) {
      const { token, hash } = newEmailToken();
      await db.insert(userTokens).values({
        userId,
        purpose: purpose === 'reset' ? TokenPurpose.PasswordReset : TokenPurpose.EmailChange,
        tokenHash: hash,
        newEmail: purpose === 'email' ? `changed.${unique()}@fresh.test` : null,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      return token;
    },
    async image(token, key) {
      return (await upload(token, `fresh-${canaries[key]}.png`)).id;
    },
    async organization() {
      const created = await ok<{ id: number }>('POST', '/api/organizations', general.adminToken, {
        name: `Fresh org ${unique()}`,
        address: 'Fresh street 1',
        contact: {
          firstName: 'Fresh',
          lastName: 'Contact',
          email: `contact.${unique()}@fresh.test`,
          phoneNumber: '0000000000',
        },
      });
      return created.id;
    },
  };

  const storageRoot = (app.files.storage as unknown as { root: string }).root;

  return {
    ...ctx,
    db,
    routes,
    storageRoot,
    general,
    orgs,
    call,
    ok,
    upload,
    fresh,
    mintToken,
  };
}

/** A token for `userId` whose expiry has passed (well signed, right version). */
export async function expiredToken(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return new SignJWT({ tv: row!.tv })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer('practica')
    .setAudience('practica-console')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(testSecret));
}

/** `token` with its subject changed to `userId` and the signature kept (so it no longer matches). */
export function tamperedToken(token: string, userId: number): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const edited = Buffer.from(JSON.stringify({ ...claims, sub: String(userId) })).toString(
    'base64url',
  );
  return [header, edited, signature].join('.');
}

/** A random string that is no token of anything. */
export const bogusToken = () => randomBytes(32).toString('base64url');
