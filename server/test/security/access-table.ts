/**
 * The authorization matrix of decisions.md#reliability-and-security 'Access': one row per route (a few routes have a second
 * row for a second case) with the expected status for every actor and target.
 *
 * Actors (columns, in this order):
 *   anonymous · expired token · tampered token · deactivated user's old token |
 *   trainee · instructor · instructor with the creator flag · manager · admin
 * The first four are organization A's manager's token after its expiry, that token with the subject
 * edited to the admin (signature kept), and the token a trainee of A held before the manager
 * deactivated it. The last five are A's people and the admin (no organization).
 *
 * Targets (the keys of `expect`):
 *   own   — the actor's own resource (its user, its group, its invite, its answer …)
 *   same  — a resource of organization A that is not the actor's
 *   other — the same resource in organization B; every 404 there is compared with the answer for
 *           an id that does not exist (bodies minus request ids)
 *   none  — the route names no resource (lists of one's own, creates without an organization)
 * A '-' is a cell that does not apply (e.g. 'own' for a role that owns no such thing).
 *
 * Expected statuses follow 000 §6, 001 §6 and decisions.md through the contract's `can()`: 401
 * before anything without a valid session; 404 for another organization's resource, before any
 * role check; 403 when the role may not; 200 otherwise. Where a row differs from what the policy
 * alone says, its `note` says why.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  AssignmentStatus,
  ContentStatus,
  ContentType,
  QuestionType,
  Role,
  type ContentStatusId,
  type ContentTypeId,
  type RoleId,
} from '@practica/contract';
import {
  MediaStatus,
  answerItems,
  apiTokens,
  assets,
  assignments,
  reviewComments,
  users,
  webhookEndpoints,
} from '../../src/db/schema/index.js';
import type { FileUrls } from '../../src/modules/files/url.js';
import * as media from '../helpers/media-fixtures.js';
import {
  assignmentForm,
  bogusToken,
  expiredToken,
  missingId,
  tamperedToken,
  type OrgKey,
  type OrgWorld,
  type PersonKind,
  type World,
} from './world.js';

export const actorNames = [
  'anonymous',
  'expired',
  'tampered',
  'deactivated',
  'trainee',
  'instructor',
  'creator',
  'manager',
  'admin',
] as const;
export type ActorName = (typeof actorNames)[number];
/** The actors with a session that stands. */
export const realActors = ['trainee', 'instructor', 'creator', 'manager', 'admin'] as const;

export const targetNames = ['own', 'same', 'other', 'none'] as const;
export type TargetName = (typeof targetNames)[number];
/** `missing`: the 'other' request with every id replaced by one that does not exist. */
export type TargetKind = TargetName | 'missing';

export interface Request {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Send no Authorization header whatever the actor (e.g. a signed upload URL). */
  noAuth?: boolean;
}

/** Fresh rows in the target's organization, or missing ids for the 'missing' target. */
export interface Maker {
  user(options?: { roleId?: RoleId; deleted?: boolean }): Promise<number>;
  group(): Promise<number>;
  invite(byUserId?: number): Promise<{ id: number; token: string; email: string }>;
  content(options?: {
    typeId?: ContentTypeId;
    statusId?: ContentStatusId;
  }): Promise<{ id: number; questionId: number; roleId: number | null }>;
  /** General content (no organization) added to the target's organization only. */
  generalContent(options?: { typeId?: ContentTypeId }): Promise<number>;
  /** A general asset added to the target's organization only. */
  generalAsset(): Promise<number>;
  /** An avatar of the organization with its image. */
  asset(): Promise<{ id: number; imageId: number }>;
  assignment(): Promise<number>;
  /** An Active assignment of the organization with the actor's org trainee as a Pending member. */
  activeAssignmentWith(traineeId: number): Promise<number>;
  userToken(userId: number, purpose: 'reset' | 'email'): Promise<string>;
  email(): string;
  /** A Ready image uploaded by the admin. */
  image(): Promise<number>;
  /** A signed upload URL of the organization's manager (an image). */
  uploadUrl(): Promise<string>;
  /** A draft time-coded comment by `authorId` on the answer (decisions.md#review-loop §3). */
  draftComment(answerId: number, questionId: number, authorId: number): Promise<number>;
  /** An API token of the organization, made by its manager. */
  apiToken(): Promise<number>;
  /** A webhook endpoint of the organization, made by its manager. */
  webhookEndpoint(): Promise<number>;
}

export interface Scope {
  w: World;
  target: TargetKind;
  actor: ActorName;
  /** The actors' organization (A in the matrix). */
  home: OrgWorld;
  /** The organization of the target: home for own/same/none, the other one for other, all-missing ids for missing. */
  o: OrgWorld;
  /** The actor's user id (home's manager for the bad tokens, the admin's id for the admin). */
  me: number;
  /** The actor's person kind in `home` (undefined for the admin). */
  kind: PersonKind | undefined;
  /** The actor's current token (null for anonymous). */
  token: string | null;
  make: Maker;
}

export interface Row {
  /** 'METHOD /url' exactly as registered. */
  route: string;
  /** A second row for the same route says what it adds. */
  variant?: string;
  note?: string;
  request(s: Scope): Request | Promise<Request>;
  expect: Partial<Record<TargetName, string>>;
  /** Runs after every cell (undo, after a success, what would change other rows' expectations). */
  after?(s: Scope, res: LightMyRequestResponse): Promise<void>;
  /** The call may end sessions (token versions move): every token is minted again after each cell. */
  endsSessions?: boolean;
}

/** The cells `row` fills, in table order: each target with each actor and the status it expects. */
export function* expectedCells(
  row: Row,
): Generator<{ target: TargetName; actor: ActorName; want: number }> {
  for (const target of targetNames) {
    const text = row.expect[target];
    if (!text) continue;
    const expected = parseExpect(text);
    for (const [i, actor] of actorNames.entries()) {
      const want = expected[i];
      if (want !== null && want !== undefined) yield { target, actor, want };
    }
  }
}

/** The expected statuses of a row's target, by actor (null: the cell does not apply). */
export function parseExpect(text: string): (number | null)[] {
  const cells = text
    .split(/\s+/)
    .filter((t) => t !== '' && t !== '|')
    .map((t) => (t === '-' ? null : Number(t)));
  if (cells.length !== actorNames.length || cells.some((c) => c !== null && !Number.isInteger(c)))
    throw new Error(`bad expectation: ${text}`);
  return cells;
}

export function methodOf(row: Row): string {
  return row.route.split(' ')[0]!;
}

// ---------------------------------------------------------------------------
// Request helpers
// ---------------------------------------------------------------------------

const review = (o: OrgWorld) => ({
  answers: {
    ratings: [{ questionId: o.ratingsQuestionId, text: '4' }],
    feedback: [
      { questionId: o.feedbackQuestionIds[0], text: `Review ${o.canary}` },
      { questionId: o.feedbackQuestionIds[1], text: String(o.feedbackOptionIds[0] ?? missingId) },
    ],
  },
});

/** The answer of the answer calls: the trainee's own for 'own', trainee2's otherwise. */
const answerOf = (s: Scope) => (s.target === 'own' ? s.o.answerId : s.o.answer2Id);

/** A draft comment the actor wrote on `answerOf(s)` (decisions.md#review-loop §3), or a missing id for 'missing'. */
async function draftCommentOf(s: Scope): Promise<number> {
  if (s.target === 'missing') return missingId;
  return s.make.draftComment(answerOf(s), s.o.interviewQuestionId, s.me);
}

/** The actor's own user (the 'own' target of the user calls). */
const ownUser = (s: Scope) => s.me;

// ---------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------

//                                anon exp  tamp deac | trn  ins  cre  mgr  adm
const everyone200 = /*         */ '200 200  200  200  | 200  200  200  200  200';
const everyone302 = /*         */ '302 302  302  302  | 302  302  302  302  302';
const everyone401 = /*         */ '401 401  401  401  | 401  401  401  401  401';
/** Why every SCIM row is 401 for every actor of the matrix. */
const scimNote =
  "SCIM (decisions.md#scim) takes an API token with the scim:provision scope, never a session: 401 for every session; scim.test.ts and scim-groups.test.ts cover the token's cells.";
/** A SCIM User body (never read: every matrix actor is refused before the body). */
const scimUser = (s: Scope) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: `matrix-${s.o.canary}@scim.test`,
});

/** A SCIM Group body (never read either). */
const scimGroup = (s: Scope) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
  displayName: `Matrix ${s.o.canary}`,
});

/** The /scim/v2 rows (Users, Groups, discovery): 401 for every actor of the matrix (`scimNote`). */
function scimRows(): Row[] {
  const one = (s: Scope) => `/scim/v2/Users/${s.o.user.trainee}`;
  const patch = {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'replace', path: 'active', value: false }],
  };
  const group = (s: Scope) => `/scim/v2/Groups/${s.o.groupId}`;
  const groupPatch = (s: Scope) => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'remove', path: `members[value eq "${s.o.user.trainee}"]` }],
  });
  const requests: Record<string, (s: Scope) => Request> = {
    'GET /scim/v2/Users': () => ({ url: '/scim/v2/Users' }),
    'GET /scim/v2/Users/:id': (s) => ({ url: one(s) }),
    'POST /scim/v2/Users': (s) => ({ url: '/scim/v2/Users', payload: scimUser(s) }),
    'PUT /scim/v2/Users/:id': (s) => ({ url: one(s), payload: scimUser(s) }),
    'PATCH /scim/v2/Users/:id': (s) => ({ url: one(s), payload: patch }),
    'DELETE /scim/v2/Users/:id': (s) => ({ url: one(s) }),
    'GET /scim/v2/Groups': () => ({ url: '/scim/v2/Groups' }),
    'GET /scim/v2/Groups/:id': (s) => ({ url: group(s) }),
    'POST /scim/v2/Groups': (s) => ({ url: '/scim/v2/Groups', payload: scimGroup(s) }),
    'PUT /scim/v2/Groups/:id': (s) => ({ url: group(s), payload: scimGroup(s) }),
    'PATCH /scim/v2/Groups/:id': (s) => ({ url: group(s), payload: groupPatch(s) }),
    'DELETE /scim/v2/Groups/:id': (s) => ({ url: group(s) }),
    'GET /scim/v2/ServiceProviderConfig': () => ({ url: '/scim/v2/ServiceProviderConfig' }),
    'GET /scim/v2/Schemas': () => ({ url: '/scim/v2/Schemas' }),
    'GET /scim/v2/Schemas/:id': () => ({
      url: '/scim/v2/Schemas/urn:ietf:params:scim:schemas:core:2.0:Group',
    }),
    'GET /scim/v2/ResourceTypes': () => ({ url: '/scim/v2/ResourceTypes' }),
    'GET /scim/v2/ResourceTypes/:id': () => ({ url: '/scim/v2/ResourceTypes/Group' }),
  };
  return Object.entries(requests).map(([route, request]) => ({
    route,
    note: scimNote,
    request,
    expect: { none: everyone401 },
  }));
}

/** A webhook endpoint of the target organization (a missing id for the 'missing' target). */
async function matrixEndpoint(s: Scope): Promise<number> {
  return s.make.webhookEndpoint();
}

export const rows: Row[] = [
  // ----- probes, docs, files and the dev mailbox (outside the session) -----
  { route: 'GET /healthz', request: () => ({ url: '/healthz' }), expect: { none: everyone200 } },
  { route: 'GET /readyz', request: () => ({ url: '/readyz' }), expect: { none: everyone200 } },
  {
    route: 'GET /metrics',
    note: 'Outside the session: a loopback client outside production (these calls), or the bearer METRICS_TOKEN; metrics.test.ts checks who else is refused.',
    request: () => ({ url: '/metrics' }),
    expect: { none: everyone200 },
  },
  {
    route: 'GET /api/docs/',
    request: () => ({ url: '/api/docs/' }),
    expect: { none: everyone200 },
  },
  {
    route: 'HEAD /api/docs',
    note: 'Registered by @fastify/swagger-ui without its GET twin; the UI lives at /api/docs/ (static/index.html redirects there).',
    request: () => ({ url: '/api/docs' }),
    expect: { none: everyone200 },
  },
  {
    route: 'GET /api/docs/static/index.html',
    request: () => ({ url: '/api/docs/static/index.html' }),
    expect: { none: everyone302 },
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
    expect: { none: everyone200 },
  },
  {
    route: 'GET /api/docs/static/*',
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
    expect: { none: everyone200 },
  },
  {
    route: 'GET /api/docs/json',
    request: () => ({ url: '/api/docs/json' }),
    expect: { none: everyone200 },
  },
  {
    route: 'GET /api/docs/yaml',
    request: () => ({ url: '/api/docs/yaml' }),
    expect: { none: everyone200 },
  },
  {
    route: 'GET /files/*',
    note: 'The signed, expiring URL is the capability (server-made 128-bit key, HMAC of key and expiry, one hour; url.ts): anyone holding a live URL gets the bytes, as <img src> and <video src> cannot send a bearer token; unsigned, tampered or expired URLs are a 403 (files.test.ts). Only presenters of visible rows hand out URLs (canaries.test.ts).',
    request: (s) => ({
      url:
        s.target === 'missing'
          ? s.w.app.files.urls.sign('2026/01/' + '0'.repeat(32) + '.png')
          : s.o.imageUrl,
    }),
    //      anon exp  tamp deac | trn  ins  cre  mgr  adm
    expect: {
      same: '200 200  200  200  | 200  200  200  200  200',
      other: '200 200  200  200  | 200  200  200  200  200',
    },
  },
  {
    route: 'PUT /files/upload/*',
    note: 'The signed PUT URL is the capability (15 minutes, HMAC of the key and expiry): no session involved.',
    request: async (s) => ({ url: await s.make.uploadUrl(), payload: media.png, noAuth: true }),
    expect: { same: everyone200, other: everyone200 },
  },
  {
    route: 'GET /dev/mailbox',
    note: 'Outside production only (not registered when NODE_ENV=production: server/test/mail.test.ts). It shows every mail: canaries.test.ts exempts it.',
    request: () => ({ url: '/dev/mailbox?limit=1' }),
    expect: { none: everyone200 },
  },
  {
    route: 'GET /dev/mailbox.json',
    note: 'Outside production only.',
    request: () => ({ url: '/dev/mailbox.json?limit=1' }),
    expect: { none: everyone200 },
  },

  // ----- session (000 §7 'Session and users') -----
  { route: 'GET /api/info', request: () => ({ url: '/api/info' }), expect: { none: everyone200 } },
  {
    route: 'POST /api/auth',
    note: 'Sign-in ignores any Authorization header.',
    request: (s) => ({
      url: '/api/auth',
      payload: { email: s.o.email.instructor2, password: 'pass1234' },
    }),
    expect: { same: everyone200, other: everyone200 },
  },
  {
    route: 'GET /api/auth/session',
    request: () => ({ url: '/api/auth/session' }),
    //      anon exp  tamp deac | trn  ins  cre  mgr  adm
    expect: { none: '401 401  401  401  | 200  200  200  200  200' },
  },
  {
    route: 'PUT /api/auth/reset-password',
    note: 'Public; answers success whether or not the address exists (decisions.md).',
    request: async (s) => ({
      url: `/api/auth/reset-password?email=${encodeURIComponent(await freshEmailOfUser(s))}`,
    }),
    expect: { same: everyone200, other: everyone200 },
  },
  {
    route: 'PUT /api/users/validate-email/:token',
    note: 'Public: the emailed token is the capability.',
    request: async (s) => ({
      url: `/api/users/validate-email/${await s.make.userToken(await s.make.user(), 'email')}`,
    }),
    expect: { same: everyone200, other: everyone200 },
  },
  {
    route: 'PUT /api/users/reset-password/:token',
    note: 'Public: the emailed token is the capability.',
    request: async (s) => ({
      url: `/api/users/reset-password/${await s.make.userToken(await s.make.user(), 'reset')}`,
      payload: { newPassword: 'new12345' },
    }),
    expect: { same: everyone200, other: everyone200 },
  },

  // ----- users (000 §6, §7) -----
  {
    route: 'GET /api/users',
    request: (s) => ({
      url: s.target === 'same' ? '/api/users' : `/api/users?organizationId=${s.o.organizationId}`,
    }),
    //       anon exp  tamp deac | trn  ins  cre  mgr  adm
    expect: {
      same: '401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 403  404  404  404  200',
    },
  },
  {
    route: 'GET /api/users/:id',
    request: (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : s.o.user.trainee2}?includes=groups`,
    }),
    //       anon exp  tamp deac | trn  ins  cre  mgr  adm
    expect: {
      own: '  401 401  401  401  | 200  200  200  200  200',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/users',
    variant: 'deleted users',
    note: '000 §6: only admins see Deleted Users.',
    request: (s) => ({
      url:
        s.target === 'same'
          ? '/api/users?deleted=1'
          : `/api/users?deleted=1&organizationId=${s.o.organizationId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 403  403  403  403  200',
    },
  },
  {
    route: 'GET /api/users/:id',
    variant: 'soft-deleted user',
    note: 'A soft-deleted user is visible to admins only (Deleted Users).',
    request: (s) => ({ url: `/api/users/${s.o.user.deleted}` }),
    expect: {
      same: ' 401 401  401  401  | 404  404  404  404  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/users/:id/groups',
    request: (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : s.o.user.trainee2}/groups`,
    }),
    expect: {
      own: '  401 401  401  401  | 200  200  200  200  200',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/users/:id/groups',
    request: async (s) =>
      s.target === 'own'
        ? { url: `/api/users/${ownUser(s)}/groups`, payload: { ids: [] } }
        : { url: `/api/users/${await s.make.user()}/groups`, payload: { ids: [s.o.group2Id] } },
    //       anon exp  tamp deac | trn  ins  cre  mgr  adm
    expect: {
      own: '  401 401  401  401  | 403  403  403  200  200',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/users',
    note: "000 §2.9 'Add Admin': admins only.",
    request: (s) => ({
      url: `/api/users?roleId=${Role.Admin}`,
      payload: { firstName: 'New', lastName: 'Admin', email: s.make.email() },
    }),
    expect: { none: '401 401  401  401  | 403  403  403  403  200' },
  },
  {
    route: 'PUT /api/users/:id',
    request: async (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : await s.make.user()}`,
      payload: { firstName: `Edited ${s.o.canary}`, lastName: `Last ${s.o.canary}` },
    }),
    //       anon exp  tamp deac | trn  ins  cre  mgr  adm
    expect: {
      own: '  401 401  401  401  | 200  200  200  200  200',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/users/:id/update-email',
    request: async (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : await s.make.user()}/update-email`,
      payload: { email: s.make.email() },
    }),
    expect: {
      own: '  401 401  401  401  | 200  200  200  200  200',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/users/:id/update-password',
    note: 'Changing one’s own password ends one’s sessions and answers a fresh token.',
    request: async (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : await s.make.user()}/update-password`,
      payload: { password: 'pass1234' },
    }),
    expect: {
      own: '  401 401  401  401  | 200  200  200  200  200',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
    endsSessions: true,
  },
  {
    route: 'PUT /api/users/:id/activate',
    note: 'Never oneself (a locked-out self cannot undo it).',
    request: async (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : await s.make.user()}/activate`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  403  403  403  403',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/users/:id/deactivate',
    request: async (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : await s.make.user()}/deactivate`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  403  403  403  403',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/users/:id/enable-creator',
    note: 'Target: an instructor (never a trainee, 000 §4). A manager may flag itself (it manages its organization’s non-admin users); undone after the cell.',
    request: async (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : await s.make.user({ roleId: Role.Instructor })}/enable-creator`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  403  403  200  200',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
    after: restoreCreatorFlags,
  },
  {
    route: 'PUT /api/users/:id/disable-creator',
    request: async (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : await s.make.user({ roleId: Role.Instructor })}/disable-creator`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  403  403  200  200',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
    after: restoreCreatorFlags,
  },
  {
    route: 'PUT /api/users/:id/delete',
    note: 'Soft delete: admins only, never oneself.',
    request: async (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : await s.make.user()}/delete`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  403  403  403  403',
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/users/:id/restore',
    note: 'A soft-deleted user is visible to admins only (Deleted Users): 404 for anyone else.',
    request: async (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : await s.make.user({ deleted: true })}/restore`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  403  403  403  200',
      same: ' 401 401  401  401  | 404  404  404  404  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'DELETE /api/users/:id',
    note: 'Erase: admins only, a soft-deleted user (hidden from anyone else: 404), never oneself.',
    request: async (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : await s.make.user({ deleted: true })}`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  403  403  403  403',
      same: ' 401 401  401  401  | 404  404  404  404  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/users/:id/assignments',
    note: "User detail's assignments tab: staff of the organization manage assignment members (assignment:manageMembers).",
    request: async (s) =>
      s.target === 'own'
        ? {
            url: `/api/users/${ownUser(s)}/assignments`,
            payload: {
              ids: s.kind === 'instructor' || s.kind === 'creator' ? [s.o.assignmentId] : [],
            },
          }
        : {
            url: `/api/users/${await s.make.user()}/assignments`,
            payload: { ids: [s.o.assignmentId] },
          },
    expect: {
      own: '  401 401  401  401  | 403  200  200  200  200',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },

  // ----- organizations (000 §2.9, §6, §7) -----
  {
    route: 'GET /api/organizations',
    request: () => ({ url: '/api/organizations' }),
    expect: { none: '401 401  401  401  | 403  403  403  403  200' },
  },
  {
    route: 'GET /api/organizations/:id',
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/organizations',
    request: (s) => ({
      url: '/api/organizations',
      payload: {
        name: 'Matrix organization',
        address: 'Matrix street 1',
        contact: {
          firstName: 'Matrix',
          lastName: 'Contact',
          email: s.make.email(),
          phoneNumber: '0123456789',
        },
      },
    }),
    expect: { none: '401 401  401  401  | 403  403  403  403  200' },
  },
  {
    route: 'PUT /api/organizations/:id',
    request: (s) => ({
      url: `/api/organizations/${s.o.organizationId}`,
      payload: { name: `Org ${s.o.canary}`, address: `${s.o.canary} Street 1` },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/organizations/:id/seats',
    request: (s) => ({
      url: `/api/organizations/${s.o.organizationId}/seats`,
      payload: { userSeats: 10000, creatorSeats: 10 },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/organizations/:id/activate',
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}/activate` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/organizations/:id/deactivate',
    note: "Ends the members' sessions; the organization is activated again after the cell.",
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}/deactivate` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
    after: async (s, res) => {
      if (res.statusCode === 200)
        await s.w.ok(
          'PUT',
          `/api/organizations/${s.o.organizationId}/activate`,
          s.w.general.adminToken,
        );
    },
    endsSessions: true,
  },
  {
    route: 'GET /api/organizations/:id/users',
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}/users` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/organizations/:id/groups',
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}/groups?includes=users` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/organizations/:id/invites',
    note: 'Invites: admin and manager (000 §6).',
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}/invites` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/organizations/:id/assets',
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}/assets` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/organizations/:id/contents',
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}/contents` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/organizations/:id/api-tokens',
    note: 'API tokens (decisions.md#api-tokens §1): an Admin, or a Manager of the organization.',
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}/api-tokens` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/organizations/:id/api-tokens',
    note: 'API tokens (decisions.md#api-tokens §1): an Admin, or a Manager of the organization.',
    request: (s) => ({
      url: `/api/organizations/${s.o.organizationId}/api-tokens`,
      payload: { name: `Matrix ${s.o.canary}`, scopes: ['users:read'] },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'DELETE /api/organizations/:id/api-tokens/:tokenId',
    note: "Revokes a token of the target organization's manager, made before each cell.",
    request: async (s) => {
      const tokenId = await s.make.apiToken();
      return { url: `/api/organizations/${s.o.organizationId}/api-tokens/${tokenId}` };
    },
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },

  // ----- SCIM provisioning (decisions.md#scim): an API token with scim:provision, no session -----
  ...scimRows(),

  // ----- webhooks (decisions.md#webhooks §1): an Admin, or a Manager of the organization -----
  {
    route: 'GET /api/organizations/:id/webhooks',
    note: 'Webhooks (decisions.md#webhooks §1): an Admin, or a Manager of the organization.',
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}/webhooks` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/organizations/:id/webhooks',
    note: 'A public IP literal: the host check needs no DNS and creating sends nothing.',
    request: (s) => ({
      url: `/api/organizations/${s.o.organizationId}/webhooks`,
      payload: { url: `https://93.184.216.34/matrix/${s.o.canary}`, events: ['answer.submitted'] },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PATCH /api/organizations/:id/webhooks/:endpointId',
    note: 'Pauses an endpoint of the target organization, made before each cell.',
    request: async (s) => ({
      url: `/api/organizations/${s.o.organizationId}/webhooks/${await matrixEndpoint(s)}`,
      payload: { active: false },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'DELETE /api/organizations/:id/webhooks/:endpointId',
    note: 'Deletes an endpoint of the target organization, made before each cell.',
    request: async (s) => ({
      url: `/api/organizations/${s.o.organizationId}/webhooks/${await matrixEndpoint(s)}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/organizations/:id/webhooks/:endpointId/deliveries',
    request: async (s) => ({
      url: `/api/organizations/${s.o.organizationId}/webhooks/${await matrixEndpoint(s)}/deliveries`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/organizations/:id/webhooks/:endpointId/test',
    note: 'The endpoint points at 192.0.2.1 (TEST-NET, not public): the ping is refused at once, unsent.',
    request: async (s) => ({
      url: `/api/organizations/${s.o.organizationId}/webhooks/${await matrixEndpoint(s)}/test`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },

  // ----- single sign-on (decisions.md#single-sign-on §1) -----
  {
    route: 'GET /api/organizations/:id/sso',
    note: 'Single sign-on settings: an Admin, or a Manager of the organization.',
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}/sso` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/organizations/:id/sso',
    note: 'Single sign-on settings: an Admin, or a Manager of the organization (checked before the body).',
    request: (s) => ({
      url: `/api/organizations/${s.o.organizationId}/sso`,
      payload: { issuer: 'https://id.example.org', clientId: `matrix-${s.o.canary}` },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/organizations/:id/sso/test',
    note: 'Whoever may manage the settings reaches the discovery fetch, which fails here (nothing listens on port 9 of loopback): 400 with the reason instead of 200.',
    request: (s) => ({
      url: `/api/organizations/${s.o.organizationId}/sso/test`,
      payload: { issuer: 'http://127.0.0.1:9' },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  400  400',
      other: '401 401  401  401  | 404  404  404  404  400',
    },
  },
  {
    route: 'GET /api/auth/sso/start',
    note: 'Public and a redirect: to the provider, or to the sign-in page with an error code (here: no settings).',
    request: (s) => ({ url: `/api/auth/sso/start?organization=${s.o.organizationId}` }),
    expect: { same: everyone302, other: everyone302 },
  },
  {
    route: 'GET /api/auth/sso/callback',
    note: 'Public and a redirect: without the flow cookie the sign-in page shows the refusal.',
    request: () => ({ url: '/api/auth/sso/callback?code=x&state=y' }),
    expect: { none: everyone302 },
  },
  {
    route: 'POST /api/auth/sso/session',
    note: 'The finished sign-on is its httpOnly cookie, not the Authorization header: without it 401 for everyone.',
    request: () => ({ url: '/api/auth/sso/session' }),
    //      anon exp  tamp deac | trn  ins  cre  mgr  adm
    expect: { none: '401 401  401  401  | 401  401  401  401  401' },
  },
  {
    route: 'GET /api/auth/sso/saml/:id/metadata',
    note: 'Public: our SAML service provider’s metadata (our URLs only) for the organization’s identity provider.',
    request: (s) => ({ url: `/api/auth/sso/saml/${s.o.organizationId}/metadata` }),
    expect: { same: everyone200, other: everyone200 },
  },
  {
    route: 'POST /api/auth/sso/saml/:id/acs',
    note: 'Public and a redirect: the identity provider posts its answer here; without a valid one the sign-in page shows the refusal (here: no SAML settings).',
    request: (s) => ({
      url: `/api/auth/sso/saml/${s.o.organizationId}/acs`,
      payload: { SAMLResponse: 'PHNhbWw+' },
    }),
    expect: { same: everyone302, other: everyone302 },
  },

  // ----- invites (000 §2.7, §6, §7) -----
  {
    route: 'GET /api/invites/:id',
    note: 'With a session and a numeric id: the invite (admin, the manager, the instructor who sent it). Without a session the id is read as a link token: an id is no token, 404.',
    request: (s) => ({
      url: `/api/invites/${s.target === 'own' ? (s.kind === 'instructor' ? s.o.instructorInviteId : s.o.inviteId) : s.o.inviteId}`,
    }),
    //       anon exp  tamp deac | trn  ins  cre  mgr  adm
    expect: {
      own: '  -   401  401  401  | -    200  -    200  -  ',
      same: ' 404 401  401  401  | 403  403  403  200  200',
      other: '404 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/invites/:id',
    variant: 'link token',
    note: "The registration page: the link's token is the capability; any Authorization header is ignored.",
    request: (s) => ({ url: `/api/invites/${s.o.inviteToken}` }),
    expect: { same: everyone200, other: everyone200 },
  },
  {
    route: 'POST /api/invites/accept',
    note: 'Public: the token is the capability (single use: a fresh invite per cell).',
    request: async (s) => {
      const invite = await s.make.invite();
      return {
        url: '/api/invites/accept',
        payload: {
          firstName: `Joined ${s.o.canary}`,
          lastName: `Last ${s.o.canary}`,
          email: invite.email,
          token: invite.token,
          password: 'pass1234',
        },
      };
    },
    expect: { same: everyone200, other: everyone200 },
  },
  {
    route: 'POST /api/invites',
    note: 'A trainee invite: instructors may invite trainees of their organization (000 §6).',
    request: (s) => ({
      url: '/api/invites',
      payload: {
        organizationId: s.o.organizationId,
        roleId: Role.Trainee,
        firstName: `Invited ${s.o.canary}`,
        lastName: `Last ${s.o.canary}`,
        email: s.make.email(),
      },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/invites',
    variant: 'manager role',
    note: 'Instructors may invite trainees only (000 §2.7).',
    request: (s) => ({
      url: '/api/invites',
      payload: {
        organizationId: s.o.organizationId,
        roleId: Role.Manager,
        firstName: `Invited ${s.o.canary}`,
        lastName: `Last ${s.o.canary}`,
        email: s.make.email(),
      },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/invites/batch',
    note: 'The CSV import (decisions.md#insights-and-administration §2): admin and manager only (policy invite:import), authorized on the body’s organization before the body is validated.',
    request: (s) => ({
      url: '/api/invites/batch',
      payload: {
        organizationId: s.o.organizationId,
        rows: [
          {
            roleId: Role.Instructor,
            firstName: `Imported ${s.o.canary}`,
            lastName: `Last ${s.o.canary}`,
            email: s.make.email(),
          },
        ],
      },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'DELETE /api/invites/:id',
    note: "own: an invite the actor sent; same: the manager's.",
    request: async (s) => ({
      url: `/api/invites/${(await s.make.invite(s.target === 'own' ? s.me : s.o.user.manager)).id}`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  200  200  200  200',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/invites/:id/resend',
    request: async (s) => ({
      url: `/api/invites/${(await s.make.invite(s.target === 'own' ? s.me : s.o.user.manager)).id}/resend`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  200  200  200  200',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/invites/:id/link',
    request: async (s) => ({
      url: `/api/invites/${(await s.make.invite(s.target === 'own' ? s.me : s.o.user.manager)).id}/link`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  200  200  200  200',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },

  // ----- groups (000 §2.6, §6, §7) -----
  {
    route: 'GET /api/groups',
    note: 'Any signed user: instructors and trainees see the groups they belong to.',
    request: (s) => ({
      url:
        s.target === 'same'
          ? '/api/groups?includes=users'
          : `/api/groups?includes=users&organizationId=${s.o.organizationId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 200  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/groups/:id',
    note: "own: a group the actor belongs to. Trainees and instructors read only their own groups, the ones GET /api/groups lists them (000 §2.6 'the user's groups'; group detail is an admin's and a manager's, 000 §6).",
    request: (s) => ({
      url: `/api/groups/${s.target === 'own' ? s.o.groupId : s.o.group2Id}?includes=users`,
    }),
    expect: {
      own: '  401 401  401  401  | 200  200  200  -    -  ',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/groups/:id/users',
    note: 'As GET /api/groups/:id: trainees and instructors only of their own groups.',
    request: (s) => ({
      url: `/api/groups/${s.target === 'own' ? s.o.groupId : s.o.group2Id}/users`,
    }),
    expect: {
      own: '  401 401  401  401  | 200  200  200  -    -  ',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/groups',
    request: (s) => ({
      url: '/api/groups',
      payload: {
        name: `Matrix group ${s.o.canary}`,
        description: `Matrix description ${s.o.canary}`,
        organizationId: s.o.organizationId,
      },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/groups/:id',
    note: 'Instructors cannot edit groups (000 §6), not even their own.',
    request: (s) => ({
      url: `/api/groups/${s.target === 'own' ? s.o.groupId : s.o.group2Id}`,
      payload: {
        name: `Group${s.target === 'own' ? '' : '2'} ${s.o.canary}`,
        description: `Group${s.target === 'own' ? '' : '2'} description ${s.o.canary}`,
      },
    }),
    expect: {
      own: '  401 401  401  401  | 403  403  403  -    -  ',
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'DELETE /api/groups/:id',
    request: async (s) => ({ url: `/api/groups/${await s.make.group()}` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/groups/:id/add',
    request: (s) => ({
      url: `/api/groups/${s.o.group2Id}/add`,
      payload: { ids: [s.o.user.instructor2] },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/groups/:id/remove',
    note: 'Trainees and instructors cannot remove members (000 §6).',
    request: async (s) => ({
      url: `/api/groups/${await s.make.group()}/remove`,
      payload: { ids: [s.o.user.trainee2] },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },

  // ----- files (000 §7 'Files') -----
  {
    route: 'POST /api/files/upload',
    request: () => ({
      url: '/api/files/upload',
      payload: { name: 'matrix.png', extension: 'png', fileTypeId: 1, size: media.png.length },
    }),
    expect: { none: '401 401  401  401  | 200  200  200  200  200' },
  },
  {
    route: 'POST /api/files/:id/complete',
    note: 'Only the uploader finishes its upload: anyone else, the admin included, gets the 404 of an unknown id (the target is an image the admin uploaded).',
    request: async (s) => ({ url: `/api/files/${await s.make.image()}/complete` }),
    expect: { same: '401 401  401  401  | 404  404  404  404  200' },
  },
  {
    route: 'GET /api/files',
    note: "One's own uploads only.",
    request: () => ({ url: '/api/files' }),
    expect: { none: '401 401  401  401  | 200  200  200  200  200' },
  },

  // ----- interviews (001 §6, §7) -----
  {
    route: 'GET /api/interviews',
    request: (s) => ({
      url:
        s.target === 'same'
          ? '/api/interviews'
          : `/api/interviews?organizationId=${s.o.organizationId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 403  404  404  404  200',
    },
  },
  {
    route: 'GET /api/interviews/:id',
    request: (s) => ({ url: `/api/interviews/${s.o.interviewId}` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/interviews',
    note: "The creator flag is needed to author (001 §6), an admin's included; the interview goes to the author's organization.",
    request: (s) => ({
      url: '/api/interviews',
      payload: {
        name: `Matrix interview ${s.home.canary}`,
        description: `Matrix description ${s.home.canary}`,
        roles: [{ name: `Matrix role ${s.home.canary}` }],
      },
    }),
    expect: { none: '401 401  401  401  | 403  403  200  403  403' },
  },
  {
    route: 'PUT /api/interviews/:id',
    request: async (s) => {
      const c = await s.make.content();
      return {
        url: `/api/interviews/${c.id}`,
        payload: {
          name: `Edited interview ${s.o.canary}`,
          description: `Edited description ${s.o.canary}`,
          roles: [{ id: c.roleId ?? undefined, name: `Edited role ${s.o.canary}` }],
        },
      };
    },
    expect: {
      same: ' 401 401  401  401  | 403  403  200  403  403',
      other: '401 401  401  401  | 404  404  404  404  403',
    },
  },
  {
    route: 'PUT /api/interviews/:id',
    variant: 'general content',
    note: '001 §6: non-admins see general content read-only; authoring general content takes an admin with the creator flag (this admin has none). same: general content added to A; other: added to B only.',
    request: async (s) => ({
      url: `/api/interviews/${await s.make.generalContent()}`,
      payload: {
        name: 'Edited general',
        description: 'Edited general',
        roles: [{ name: 'General role' }],
      },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  403',
      other: '401 401  401  401  | 404  404  404  404  403',
    },
  },
  {
    route: 'DELETE /api/interviews/:id',
    request: async (s) => ({ url: `/api/interviews/${(await s.make.content()).id}` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  200  403  403',
      other: '401 401  401  401  | 404  404  404  404  403',
    },
  },

  // ----- questionnaires (rating scales and feedback forms) -----
  {
    route: 'GET /api/questionnaires',
    request: (s) => ({
      url:
        s.target === 'same'
          ? '/api/questionnaires'
          : `/api/questionnaires?organizationId=${s.o.organizationId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 403  404  404  404  200',
    },
  },
  {
    route: 'GET /api/questionnaires/:id',
    request: (s) => ({ url: `/api/questionnaires/${s.o.ratingsId}` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/questionnaires',
    request: (s) => ({
      url: `/api/questionnaires?contentTypeId=${ContentType.RatingScale}`,
      payload: {
        name: `Matrix ratings ${s.home.canary}`,
        description: `Matrix description ${s.home.canary}`,
      },
    }),
    expect: { none: '401 401  401  401  | 403  403  200  403  403' },
  },
  {
    route: 'PUT /api/questionnaires/:id',
    request: async (s) => ({
      url: `/api/questionnaires/${(await s.make.content({ typeId: ContentType.RatingScale })).id}`,
      payload: {
        name: `Edited ratings ${s.o.canary}`,
        description: `Edited description ${s.o.canary}`,
      },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  200  403  403',
      other: '401 401  401  401  | 404  404  404  404  403',
    },
  },
  {
    route: 'DELETE /api/questionnaires/:id',
    request: async (s) => ({
      url: `/api/questionnaires/${(await s.make.content({ typeId: ContentType.Feedback })).id}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  200  403  403',
      other: '401 401  401  401  | 404  404  404  404  403',
    },
  },

  // ----- questions -----
  {
    route: 'GET /api/questions/:id',
    request: (s) => ({ url: `/api/questions/${s.o.interviewQuestionId}` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/questions',
    request: async (s) => {
      const c = await s.make.content();
      return {
        url: `/api/questions?contentId=${c.id}`,
        payload: {
          text: `Matrix question ${s.o.canary}`,
          questionTypeId: QuestionType.Open,
          interviewRoleId: c.roleId,
        },
      };
    },
    expect: {
      same: ' 401 401  401  401  | 403  403  200  403  403',
      other: '401 401  401  401  | 404  404  404  404  403',
    },
  },
  {
    route: 'PUT /api/questions/:id',
    request: async (s) => {
      const c = await s.make.content();
      return {
        url: `/api/questions/${c.questionId}`,
        payload: {
          text: `Edited question ${s.o.canary}`,
          questionTypeId: QuestionType.Open,
          interviewRoleId: c.roleId,
        },
      };
    },
    expect: {
      same: ' 401 401  401  401  | 403  403  200  403  403',
      other: '401 401  401  401  | 404  404  404  404  403',
    },
  },
  {
    route: 'DELETE /api/questions/:id',
    request: async (s) => ({ url: `/api/questions/${(await s.make.content()).questionId}` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  200  403  403',
      other: '401 401  401  401  | 404  404  404  404  403',
    },
  },

  // ----- content status and general content (001 §4, decisions.md#content) -----
  {
    route: 'PUT /api/contents/:id/status',
    variant: 'Active → Inactive',
    note: 'Active ⇄ Inactive: an admin, or a manager or creator of the organization the item belongs to (001 §4, §6; decisions.md#hardening §10: an instructor without the creator flag is refused).',
    request: async (s) => ({
      url: `/api/contents/${(await s.make.content({ statusId: ContentStatus.Active })).id}/status?statusId=${ContentStatus.Inactive}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/contents/:id/status',
    variant: 'general Active → Inactive',
    note: '001 §4: toggling general content takes an admin (staff toggle only what belongs to their organization).',
    request: async (s) => ({
      url: `/api/contents/${await s.make.generalContent()}/status?statusId=${ContentStatus.Inactive}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/contents/:id/status',
    variant: 'Review → Active',
    note: "'Approve': admin or manager (001 §4).",
    request: async (s) => ({
      url: `/api/contents/${(await s.make.content({ statusId: ContentStatus.Review })).id}/status?statusId=${ContentStatus.Active}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/contents/:id/status',
    variant: 'Review → Draft with a reason',
    note: "'Return draft' (decisions.md#console-flows §7): a creator or a reviewer (admin, manager), checked before the body {reason}.",
    request: async (s) => ({
      url: `/api/contents/${(await s.make.content({ statusId: ContentStatus.Review })).id}/status?statusId=${ContentStatus.Draft}`,
      payload: { reason: 'Add a closing question' },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/contents/:id/status',
    variant: 'Draft → Review',
    note: "'Submit': a creator (admins need the flag too).",
    request: async (s) => ({
      url: `/api/contents/${(await s.make.content()).id}/status?statusId=${ContentStatus.Review}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  200  403  403',
      other: '401 401  401  401  | 404  404  404  404  403',
    },
  },
  {
    route: 'PUT /api/contents/:id/status',
    variant: 'Inactive → Deleted',
    note: 'The trash icon: admins only (001 §4).',
    request: async (s) => ({
      url: `/api/contents/${(await s.make.content({ statusId: ContentStatus.Inactive })).id}/status?statusId=${ContentStatus.Deleted}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/contents/:id/add/:organizationId',
    note: 'Admins add general content to an organization. same: general content already added to A (visible to its staff); other: general content added to B only.',
    request: async (s) => ({
      url: `/api/contents/${await s.make.generalContent()}/add/${s.o.organizationId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/contents/:id/remove/:organizationId',
    request: async (s) => ({
      url: `/api/contents/${await s.make.generalContent()}/remove/${s.o.organizationId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },

  // ----- assets (001 §2 'Avatars and environments', §6) -----
  {
    route: 'GET /api/assets',
    request: () => ({ url: '/api/assets' }),
    expect: { none: '401 401  401  401  | 403  200  200  200  200' },
  },
  {
    route: 'GET /api/assets/:id',
    request: (s) => ({ url: `/api/assets/${s.o.avatarId}` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/assets/:type',
    request: async (s) => ({
      url: '/api/assets/1',
      payload: {
        name: 'Matrix avatar',
        imageId: await s.make.image(),
      },
    }),
    expect: { none: '401 401  401  401  | 403  403  403  403  200' },
  },
  {
    route: 'PUT /api/assets/:id',
    request: async (s) => {
      const asset = await s.make.asset();
      return {
        url: `/api/assets/${asset.id}`,
        payload: {
          name: `Edited avatar ${s.o.canary}`,
          description: `Edited ${s.o.canary}`,
          imageId: asset.imageId,
        },
      };
    },
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'DELETE /api/assets/:id',
    request: async (s) => ({ url: `/api/assets/${(await s.make.asset()).id}` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/assets/:id/add/:organizationId',
    note: 'same: a general asset added to A; other: one added to B only.',
    request: async (s) => ({
      url: `/api/assets/${await s.make.generalAsset()}/add/${s.o.organizationId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/assets/:id/remove/:organizationId',
    request: async (s) => ({
      url: `/api/assets/${await s.make.generalAsset()}/remove/${s.o.organizationId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  403  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },

  // ----- assignments (001 §2, §4, §6, §7) -----
  {
    route: 'GET /api/assignments',
    request: (s) => ({
      url:
        s.target === 'same'
          ? '/api/assignments'
          : `/api/assignments?organizationId=${s.o.organizationId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 403  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/dashboard',
    request: (s) => ({
      url:
        s.target === 'same'
          ? '/api/assignments/dashboard'
          : `/api/assignments/dashboard?organizationId=${s.o.organizationId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 403  404  404  404  200',
    },
  },
  {
    route: 'POST /api/assignments/interview',
    request: (s) => ({ url: '/api/assignments/interview', payload: assignmentForm(s.o, 'Matrix') }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/assignments/interview/:id',
    request: async (s) => ({
      url: `/api/assignments/interview/${await s.make.assignment()}`,
      payload: assignmentForm(s.o, 'Matrix'),
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'DELETE /api/assignments/interview/:id',
    request: async (s) => ({ url: `/api/assignments/interview/${await s.make.assignment()}` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/:id',
    request: (s) => ({ url: `/api/assignments/${s.o.assignmentId}` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/:id/users',
    request: (s) => ({ url: `/api/assignments/${s.o.assignmentId}/users` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/:id/answers',
    request: (s) => ({ url: `/api/assignments/${s.o.assignmentId}/answers` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/assignments/:id/add',
    request: (s) => ({
      url: `/api/assignments/${s.o.assignmentId}/add`,
      payload: { ids: [s.o.user.trainee2] },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/assignments/:id/remove',
    request: async (s) => ({
      url: `/api/assignments/${await s.make.assignment()}/remove`,
      payload: { ids: [s.o.user.trainee2] },
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/assignments/:id/status',
    variant: 'Draft → Active',
    request: async (s) => ({
      url: `/api/assignments/${await s.make.assignment()}/status?statusId=${AssignmentStatus.Active}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/assignments/:id/status',
    variant: 'Closed → Active (reopen)',
    note: "decisions.md#console-flows §3: reopening takes 'assignment:reopen', an admin or the organization's manager; an instructor gets 403.",
    request: async (s) => {
      const assignmentId = await s.make.assignment();
      await s.w.db
        .update(assignments)
        .set({ statusId: AssignmentStatus.Closed })
        .where(eq(assignments.id, assignmentId));
      return { url: `/api/assignments/${assignmentId}/status?statusId=${AssignmentStatus.Active}` };
    },
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/:id/candidates',
    note: "decisions.md#console-flows §5, the assign dialog's people: staff who manage members (assignment:manageMembers).",
    request: (s) => ({ url: `/api/assignments/${s.o.assignmentId}/candidates` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/:id/candidates',
    variant: 'a group named by a filter',
    note: "The actor's organization's assignment with a group of the target's organization: another organization's group is the 404 of a missing one, for an admin too.",
    request: (s) => ({
      url: `/api/assignments/${s.home.assignmentId}/candidates?groupId=${s.o.groupId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 403  404  404  404  404',
    },
  },

  // ----- answers and reviews (001 §6, §7) -----
  {
    route: 'GET /api/assignments/answers',
    note: 'A trainee gets only its own answers (001 §6).',
    request: (s) => ({
      url:
        s.target === 'same'
          ? '/api/assignments/answers'
          : `/api/assignments/answers?organizationId=${s.o.organizationId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 200  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/answers',
    variant: 'report export',
    note: 'The report is built in the browser from this list with includes=answers (001 §9).',
    request: (s) => ({
      url: `/api/assignments/answers?assignmentId=${s.o.assignmentId}&includes=answers`,
    }),
    expect: {
      same: ' 401 401  401  401  | 200  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/answers/:id',
    note: "own: the trainee's own answer; same: another trainee's.",
    request: (s) => ({
      url: `/api/assignments/answers/${s.target === 'own' ? s.o.answerId : s.o.answer2Id}`,
    }),
    expect: {
      own: '  401 401  401  401  | 200  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/assignments/interviews/answers/review/:id',
    note: 'Staff of the organization review (001 §6); a trainee never reviews, not even its own answer.',
    request: (s) => ({
      url: `/api/assignments/interviews/answers/review/${s.target === 'own' ? s.o.answerId : s.o.answer2Id}`,
      payload: review(s.o),
    }),
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/assignments/answers/:id/claim',
    note: 'decisions.md#review-loop §4: the reviewers of the answer (the review call’s rule); each cell takes the claim over, so the previous cell’s holder does not make it a 409.',
    request: (s) => ({
      url: `/api/assignments/answers/${answerOf(s)}/claim`,
      payload: { takeOver: true },
    }),
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'DELETE /api/assignments/answers/:id/claim',
    note: 'decisions.md#review-loop §4: the reviewers of the answer release their own claim (another’s is left; still 200).',
    request: (s) => ({ url: `/api/assignments/answers/${answerOf(s)}/claim` }),
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/answers/:id/comments',
    note: 'decisions.md#review-loop §3: the reviewers of the answer (the review call’s rule); a trainee reads its review’s comments through /api/me.',
    request: (s) => ({ url: `/api/assignments/answers/${answerOf(s)}/comments` }),
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/assignments/answers/:id/comments',
    note: 'decisions.md#review-loop §3: a draft comment on an answer the actor may review (answer2 is Submitted or Reviewed, the assignment Active).',
    request: (s) => ({
      url: `/api/assignments/answers/${answerOf(s)}/comments`,
      payload: { questionId: s.o.interviewQuestionId, atMs: 1000, text: `Comment ${s.o.canary}` },
    }),
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PATCH /api/assignments/answers/:id/comments/:commentId',
    note: 'decisions.md#review-loop §3: each cell edits a draft the actor wrote on the target answer (made before the cell).',
    request: async (s) => ({
      url: `/api/assignments/answers/${answerOf(s)}/comments/${await draftCommentOf(s)}`,
      payload: { text: `Edited ${s.o.canary}` },
    }),
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'DELETE /api/assignments/answers/:id/comments/:commentId',
    note: 'decisions.md#review-loop §3: each cell deletes a draft the actor wrote on the target answer (made before the cell).',
    request: async (s) => ({
      url: `/api/assignments/answers/${answerOf(s)}/comments/${await draftCommentOf(s)}`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/reviews/inbox',
    note: 'decisions.md#review-loop §1: reviewers of the organization; an Admin names the organization (required).',
    request: (s) => ({ url: `/api/reviews/inbox?organizationId=${s.o.organizationId}` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/reviews/inbox',
    variant: 'an assignment named by a filter',
    note: "scopeFor, then requireInScope: the inbox of the actor's organization (an admin names it) with an assignment of the target's organization; another organization's is the 404 of a missing one, for an admin too.",
    request: (s) => ({
      url: `/api/reviews/inbox?organizationId=${s.home.organizationId}&assignmentId=${s.o.assignmentId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 403  404  404  404  404',
    },
  },
  {
    route: 'GET /api/reviews/inbox',
    variant: 'a group named by a filter',
    note: 'As the assignment filter, with a group of the target organization.',
    request: (s) => ({
      url: `/api/reviews/inbox?organizationId=${s.home.organizationId}&groupId=${s.o.groupId}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 403  404  404  404  404',
    },
  },
  {
    route: 'GET /api/reviews/inbox/neighbors',
    note: 'decisions.md#review-loop §1: an answer of the organization placed in its inbox.',
    request: (s) => ({
      url: `/api/reviews/inbox/neighbors?organizationId=${s.o.organizationId}&answerId=${s.o.answer2Id}`,
    }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },

  {
    route: 'GET /api/assignments/answers/:id/reviews',
    note: 'decisions.md#review-loop §5: the reviewers of the answer open its history (an instructor gets only the reviews it wrote); a trainee never, not even on its own answer.',
    request: (s) => ({ url: `/api/assignments/answers/${answerOf(s)}/reviews` }),
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/answers/:id/draft',
    note: 'decisions.md#review-loop §6: the caller’s own draft, for those who may review the answer (the review call’s rule).',
    request: (s) => ({ url: `/api/assignments/answers/${answerOf(s)}/draft` }),
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'PUT /api/assignments/answers/:id/draft',
    note: 'decisions.md#review-loop §6: checked before the body, as the review call.',
    request: (s) => ({
      url: `/api/assignments/answers/${answerOf(s)}/draft`,
      payload: { ratings: { [String(s.o.ratingsQuestionId)]: '4' }, feedback: {} },
    }),
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'DELETE /api/assignments/answers/:id/draft',
    note: 'decisions.md#review-loop §6: discards the caller’s own draft (none is fine).',
    request: (s) => ({ url: `/api/assignments/answers/${answerOf(s)}/draft` }),
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/:id/audit',
    note: 'decisions.md#review-loop §5: Managers of the organization and Admins only.',
    request: (s) => ({ url: `/api/assignments/${s.o.assignmentId}/audit` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/assignments/:id/insights',
    note: 'decisions.md#insights-and-administration §1: whoever reads the assignment (staff of the organization) reads its insights.',
    request: (s) => ({ url: `/api/assignments/${s.o.assignmentId}/insights` }),
    expect: {
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/users/:id/progress',
    note: 'decisions.md#insights-and-administration §1: a trainee’s progress, for the staff who read the user; a trainee not even its own; a user who is no trainee is a 404 (the staff’s own rows).',
    request: (s) => ({
      url: `/api/users/${s.target === 'own' ? ownUser(s) : s.o.user.trainee2}/progress`,
    }),
    expect: {
      own: '  401 401  401  401  | 403  404  404  404  404',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/users/:id/progress',
    variant: 'soft-deleted trainee',
    note: 'As the user detail: a soft-deleted trainee is visible to admins only.',
    request: (s) => ({ url: `/api/users/${s.o.user.deleted}/progress` }),
    expect: {
      same: ' 401 401  401  401  | 404  404  404  404  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'GET /api/organizations/:id/reviewer-consistency',
    note: 'decisions.md#insights-and-administration §1: an Admin, or a Manager of the organization.',
    request: (s) => ({ url: `/api/organizations/${s.o.organizationId}/reviewer-consistency` }),
    expect: {
      same: ' 401 401  401  401  | 403  403  403  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },
  {
    route: 'POST /api/answers/:answerId/items/:itemId/media/retry',
    note: 'Authorized as reviewing the answer; the items of both answers of the target organization have a failed video processing (set before each cell, unchanged by a refused one), so a reviewer re-queues one.',
    request: async (s) => {
      const failed = await s.w.db
        .update(answerItems)
        .set({ mediaStatus: MediaStatus.Failed })
        .where(inArray(answerItems.answerId, [s.o.answerId, s.o.answer2Id]))
        .returning({ id: answerItems.id, answerId: answerItems.answerId });
      const answerId = s.target === 'own' ? s.o.answerId : s.o.answer2Id;
      const item = failed.find((i) => i.answerId === answerId);
      return { url: `/api/answers/${answerId}/items/${item?.id ?? missingId}/media/retry` };
    },
    expect: {
      own: '  401 401  401  401  | 403  -    -    -    -  ',
      same: ' 401 401  401  401  | 403  200  200  200  200',
      other: '401 401  401  401  | 404  404  404  404  200',
    },
  },

  // ----- notification settings (decisions.md#console-flows §16): one's own, staff and trainees apart -----
  {
    route: 'GET /api/users/me/notifications',
    note: 'The console’s settings: staff only (a trainee’s are at /api/me/notifications).',
    request: () => ({ url: '/api/users/me/notifications' }),
    expect: { none: '401 401  401  401  | 403  200  200  200  200' },
  },
  {
    route: 'PUT /api/users/me/notifications',
    note: 'Who calls is checked before the body; an empty change saves nothing.',
    request: () => ({ url: '/api/users/me/notifications', payload: { settings: [] } }),
    expect: { none: '401 401  401  401  | 403  200  200  200  200' },
  },
  {
    route: 'GET /api/me/notifications',
    note: 'The practice app’s settings: trainees only.',
    request: () => ({ url: '/api/me/notifications' }),
    expect: { none: '401 401  401  401  | 200  403  403  403  403' },
  },
  {
    route: 'PUT /api/me/notifications',
    request: () => ({ url: '/api/me/notifications', payload: { settings: [] } }),
    expect: { none: '401 401  401  401  | 200  403  403  403  403' },
  },

  // ----- the trainees' mobile API (decisions.md#assignments-and-answers) -----
  {
    route: 'GET /api/me/assignments',
    request: () => ({ url: '/api/me/assignments' }),
    expect: { none: '401 401  401  401  | 200  403  403  403  403' },
  },
  {
    route: 'GET /api/me/assignments/:id',
    note: 'own: an assignment the trainee is on; same: one of A it is not on (404: it has no answer there). Staff have no mobile API (403).',
    request: async (s) => ({
      url: `/api/me/assignments/${s.target === 'same' ? await s.make.assignment() : s.o.assignmentId}`,
    }),
    expect: {
      own: '  401 401  401  401  | 200  403  403  403  403',
      same: ' 401 401  401  401  | 404  403  403  403  403',
      other: '401 401  401  401  | 404  403  403  403  403',
    },
  },
  {
    route: 'POST /api/me/assignments/:id/practice',
    request: async (s) => ({
      url: `/api/me/assignments/${await mobileTarget(s)}/practice`,
    }),
    expect: {
      own: '  401 401  401  401  | 200  403  403  403  403',
      same: ' 401 401  401  401  | 404  403  403  403  403',
      other: '401 401  401  401  | 404  403  403  403  403',
    },
  },
  {
    route: 'PUT /api/me/assignments/:id/answers',
    request: async (s) => {
      const own = s.target === 'own' && s.actor === 'trainee';
      const assignmentId = await mobileTarget(s);
      const fileId = own
        ? (await s.w.upload(s.token!, 'matrix.mp4', media.mp4)).id
        : s.o.imageFileId;
      return {
        url: `/api/me/assignments/${assignmentId}/answers`,
        payload: { items: [{ questionId: s.o.interviewQuestionId, fileId, duration: 3 }] },
      };
    },
    expect: {
      own: '  401 401  401  401  | 200  403  403  403  403',
      same: ' 401 401  401  401  | 404  403  403  403  403',
      other: '401 401  401  401  | 404  403  403  403  403',
    },
  },
  {
    route: 'POST /api/me/assignments/:id/submit',
    request: async (s) => {
      const assignmentId = await mobileTarget(s);
      if (s.target === 'own' && s.actor === 'trainee') {
        const video = await s.w.upload(s.token!, 'matrix.mp4', media.mp4);
        await s.w.ok('PUT', `/api/me/assignments/${assignmentId}/answers`, s.token, {
          items: [{ questionId: s.o.interviewQuestionId, fileId: video.id, duration: 3 }],
        });
      }
      return { url: `/api/me/assignments/${assignmentId}/submit` };
    },
    expect: {
      own: '  401 401  401  401  | 200  403  403  403  403',
      same: ' 401 401  401  401  | 404  403  403  403  403',
      other: '401 401  401  401  | 404  403  403  403  403',
    },
  },

  // ----- the trainees' resumable answer-video uploads (tus, me/uploads-routes.ts) -----
  {
    route: 'POST /api/me/uploads',
    note: 'Creates an upload bound to one question of my answer: the same targets as saving an item.',
    request: async (s) => ({
      url: '/api/me/uploads',
      headers: tusCreation(await mobileTarget(s), s.o.interviewQuestionId),
    }),
    expect: {
      own: '  401 401  401  401  | 201  403  403  403  403',
      same: ' 401 401  401  401  | 404  403  403  403  403',
      other: '401 401  401  401  | 404  403  403  403  403',
    },
  },
  {
    route: 'HEAD /api/me/uploads/*',
    note: "own: the trainee's upload; same: trainee2's; other: B's trainee's (404: an upload is bound to its creator).",
    request: async (s) => ({ url: await tusUploadOf(s), headers: tusResumable }),
    expect: {
      own: '  401 401  401  401  | 200  403  403  403  403',
      same: ' 401 401  401  401  | 404  403  403  403  403',
      other: '401 401  401  401  | 404  403  403  403  403',
    },
  },
  {
    route: 'PATCH /api/me/uploads/*',
    note: 'The whole video in one PATCH: 200 once stored and saved as the answer item.',
    request: async (s) => ({
      url: await tusUploadOf(s),
      payload: media.webm,
      headers: {
        ...tusResumable,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
    }),
    expect: {
      own: '  401 401  401  401  | 200  403  403  403  403',
      same: ' 401 401  401  401  | 404  403  403  403  403',
      other: '401 401  401  401  | 404  403  403  403  403',
    },
  },
  {
    route: 'DELETE /api/me/uploads/*',
    request: async (s) => ({ url: await tusUploadOf(s), headers: tusResumable }),
    expect: {
      own: '  401 401  401  401  | 204  403  403  403  403',
      same: ' 401 401  401  401  | 404  403  403  403  403',
      other: '401 401  401  401  | 404  403  403  403  403',
    },
  },
  ...(['/api/me/uploads', '/api/me/uploads/*'] as const).map((url): Row => ({
    route: `OPTIONS ${url}`,
    note: "The protocol's discovery (version, extensions, 100 MB limit): no session, nothing stored.",
    request: () => ({ url: url.replace('*', '0'.repeat(32)) }),
    expect: { none: '204 204  204  204  | 204  204  204  204  204' },
  })),
];

/** The header every tus request but OPTIONS carries. */
const tusResumable = { 'tus-resumable': '1.0.0' };

/** The headers of a tus creation: a tiny WebM answering `questionId` of `assignmentId`. */
function tusCreation(assignmentId: number, questionId: number): Record<string, string> {
  const b64 = (v: string | number) => Buffer.from(String(v)).toString('base64');
  return {
    ...tusResumable,
    'upload-length': String(media.webm.length),
    'upload-metadata': [
      `assignmentId ${b64(assignmentId)}`,
      `questionId ${b64(questionId)}`,
      `filetype ${b64('video/webm')}`,
      `duration ${b64(3)}`,
    ].join(','),
  };
}

/**
 * The URL of a tus upload of the target: own — the actor's (a trainee's, on a fresh Active
 * assignment); same — trainee2's of A; other — B's trainee's; a missing upload's URL for the
 * missing target and wherever none can be made (staff, cells without a session).
 */
async function tusUploadOf(s: Scope): Promise<string> {
  const missing = `/api/me/uploads/${'0'.repeat(32)}`;
  if (s.target === 'missing' || (s.target === 'own' && s.actor !== 'trainee')) return missing;
  const traineeId =
    s.target === 'own' ? s.me : s.target === 'same' ? s.o.user.trainee2 : s.o.user.trainee;
  const assignmentId = await s.make.activeAssignmentWith(traineeId);
  const res = await s.w.call(
    'POST',
    '/api/me/uploads',
    await s.w.mintToken(traineeId),
    undefined,
    tusCreation(assignmentId, s.o.interviewQuestionId),
  );
  return res.statusCode === 201 ? String(res.headers['location']) : missing;
}

/**
 * The assignment of a mobile write: own — for the trainee, a fresh Active assignment with it as a
 * Pending member (a write per cell); same — a Draft assignment of A it is not on; other — B's.
 */
async function mobileTarget(s: Scope): Promise<number> {
  if (s.target === 'own')
    return s.actor === 'trainee' ? s.make.activeAssignmentWith(s.me) : s.o.assignmentId;
  if (s.target === 'same') return s.make.assignment();
  return s.o.assignmentId;
}

/** After a creator-flag cell: the world's flags again (only the creator has one). */
async function restoreCreatorFlags(s: Scope, res: LightMyRequestResponse): Promise<void> {
  if (s.target !== 'own' || res.statusCode !== 200) return;
  await s.w.db
    .update(users)
    .set({ creator: s.kind === 'creator' })
    .where(eq(users.id, s.me));
}

/** The email of a fresh user of the target's organization (a reset request per cell: 5 per address per hour). */
async function freshEmailOfUser(s: Scope): Promise<string> {
  if (s.target === 'missing') return 'nobody@missing.test';
  const id = await s.make.user();
  const [row] = await s.w.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row!.email;
}

// ---------------------------------------------------------------------------
// Running cells
// ---------------------------------------------------------------------------

/**
 * The world's organization ids all replaced by `missingId` (the 'missing' target); its image URL
 * is one `urls` (the app's) signed for a key no file has.
 */
export function missingOrg(like: OrgWorld, urls: FileUrls): OrgWorld {
  const swap = (v: unknown): unknown => {
    if (typeof v === 'number') return missingId;
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
    return v;
  };
  return {
    ...(swap(like) as OrgWorld),
    key: like.key,
    canary: like.canary,
    inviteToken: bogusToken(),
    imageUrl: urls.sign(`2026/01/${'0'.repeat(32)}.png`),
  };
}

function missingMaker(): Maker {
  const id = async () => missingId;
  return {
    user: id,
    group: id,
    invite: async () => ({ id: missingId, token: bogusToken(), email: 'nobody@missing.test' }),
    content: async () => ({ id: missingId, questionId: missingId, roleId: missingId }),
    generalContent: id,
    generalAsset: id,
    asset: async () => ({ id: missingId, imageId: missingId }),
    assignment: id,
    activeAssignmentWith: id,
    userToken: async () => bogusToken(),
    image: id,
    email: () => 'nobody@missing.test',
    uploadUrl: async () => `/files/upload/2026/01/${'0'.repeat(32)}.png?expires=1&signature=x`,
    draftComment: id,
    apiToken: id,
    webhookEndpoint: id,
  };
}

function makerFor(w: World, key: OrgKey): Maker {
  const o = w.orgs[key];
  return {
    user: (options) => w.fresh.user(key, options),
    group: () => w.fresh.group(key),
    invite: async (byUserId) => {
      const invite = await w.fresh.invite(key);
      if (byUserId !== undefined)
        await w.db.execute(
          sql`update invites set created_by_id = ${byUserId} where id = ${invite.id}`,
        );
      return invite;
    },
    content: (options) => w.fresh.content(key, options),
    generalContent: async ({ typeId = ContentType.Interview } = {}) => {
      const c = await w.fresh.content(null, { typeId, statusId: ContentStatus.Active });
      await w.ok('PUT', `/api/contents/${c.id}/add/${o.organizationId}`, w.general.adminToken);
      return c.id;
    },
    generalAsset: () => w.fresh.asset(null, { addedTo: [key] }),
    asset: async () => {
      const id = await w.fresh.asset(key);
      const [row] = await w.db
        .select({ imageId: assets.imageId })
        .from(assets)
        .where(eq(assets.id, id));
      return { id, imageId: row!.imageId! };
    },
    assignment: () => w.fresh.assignment(key),
    activeAssignmentWith: async (traineeId) => {
      const id = await w.fresh.assignment(key);
      await w.ok('PUT', `/api/assignments/${id}/add`, w.general.adminToken, { ids: [traineeId] });
      await w.ok(
        'PUT',
        `/api/assignments/${id}/status?statusId=${AssignmentStatus.Active}`,
        w.general.adminToken,
      );
      return id;
    },
    userToken: (userId, purpose) => w.fresh.userToken(userId, purpose),
    image: () => w.fresh.image(w.general.adminToken, key),
    email: () => w.fresh.email(key),
    uploadUrl: async () => {
      const ticket = await w.ok<{ url: string }>('POST', '/api/files/upload', o.token.manager, {
        name: `upload-${o.canary}.png`,
        extension: 'png',
        fileTypeId: 1,
        size: media.png.length,
      });
      return ticket.url;
    },
    draftComment: async (answerId, questionId, authorId) => {
      const [row] = await w.db
        .insert(reviewComments)
        .values({ answerId, questionId, atMs: 0, text: 'Draft', createdById: authorId })
        .returning({ id: reviewComments.id });
      return row!.id;
    },
    apiToken: async () => {
      const [row] = await w.db
        .insert(apiTokens)
        .values({
          organizationId: o.organizationId,
          name: `Matrix ${o.canary}`,
          scopes: ['users:read'],
          tokenHash: `matrix-${randomUUID()}`,
          prefix: 'pra_matrix',
          createdById: o.user.manager,
        })
        .returning({ id: apiTokens.id });
      return row!.id;
    },
    webhookEndpoint: async () => {
      const [row] = await w.db
        .insert(webhookEndpoints)
        .values({
          organizationId: o.organizationId,
          url: `http://192.0.2.1/matrix/${o.canary}`,
          events: ['answer.submitted'],
          secretEncrypted: 'matrix',
          createdById: o.user.manager,
        })
        .returning({ id: webhookEndpoints.id });
      return row!.id;
    },
  };
}

/**
 * The actors of one organization (`home`). The bad tokens are made once; the people's and the
 * admin's are the world's, kept current as cells end sessions.
 */
export class Actors {
  private readonly bad = new Map<ActorName, string | null>();
  constructor(
    private readonly w: World,
    readonly home: OrgKey,
  ) {}

  /** Makes the expired and tampered tokens (from the manager's) and takes the deactivated one. */
  async init(): Promise<this> {
    const o = this.w.orgs[this.home];
    this.bad.set('anonymous', null);
    this.bad.set('expired', await expiredToken(this.w.db, o.user.manager));
    this.bad.set('tampered', tamperedToken(o.token.manager, this.w.general.adminId));
    this.bad.set('deactivated', o.token.deactivated);
    return this;
  }

  token(actor: ActorName): string | null {
    if (actor === 'admin') return this.w.general.adminToken;
    if (this.bad.has(actor)) return this.bad.get(actor) ?? null;
    return this.w.orgs[this.home].token[actor as 'trainee' | 'instructor' | 'creator' | 'manager'];
  }

  kind(actor: ActorName): PersonKind | undefined {
    if (actor === 'admin' || actor === 'anonymous' || actor === 'expired' || actor === 'tampered')
      return undefined;
    return actor;
  }

  userId(actor: ActorName): number {
    const o = this.w.orgs[this.home];
    const kind = this.kind(actor);
    if (actor === 'admin') return this.w.general.adminId;
    return kind ? o.user[kind] : o.user.manager;
  }

  /** Mints the people's and the admin's tokens again (after a cell that moved token versions). */
  async refresh(): Promise<void> {
    for (const key of ['a', 'b'] as const) {
      const o = this.w.orgs[key];
      for (const kind of ['trainee', 'instructor', 'creator', 'manager'] as const)
        o.token[kind] = await this.w.mintToken(o.user[kind]);
    }
    this.w.general.adminToken = await this.w.mintToken(this.w.general.adminId);
  }
}

export interface CellOutcome {
  row: Row;
  target: TargetKind;
  actor: ActorName;
  method: string;
  url: string;
  status: number;
  res: LightMyRequestResponse;
}

/**
 * Runs one cell: builds its request (fresh rows as needed), sends it as the actor, runs the row's
 * `after`. `unauthenticated`: the cell expects 401, so no fresh rows are made for it.
 * `beforeSend` runs once the request is built (its fresh rows made), right before it is sent;
 * `afterSend` right after the answer, before the row's `after`.
 */
export async function runCell(
  w: World,
  actors: Actors,
  row: Row,
  target: TargetKind,
  actor: ActorName,
  {
    unauthenticated = false,
    beforeSend,
    afterSend,
  }: {
    unauthenticated?: boolean;
    beforeSend?: () => Promise<void>;
    afterSend?: (res: LightMyRequestResponse) => Promise<void>;
  } = {},
): Promise<CellOutcome> {
  const home = w.orgs[actors.home];
  const away = w.orgs[actors.home === 'a' ? 'b' : 'a'];
  const o =
    target === 'other' ? away : target === 'missing' ? missingOrg(away, w.app.files.urls) : home;
  const scope: Scope = {
    w,
    target,
    actor,
    home,
    o,
    me: actors.userId(actor),
    kind: actors.kind(actor),
    token: actors.token(actor),
    // A cell refused for want of a session makes no fresh rows: the route must answer 401 before
    // it looks at any id, so missing ids serve as well (a route that looked first would answer 404).
    make: target === 'missing' || unauthenticated ? missingMaker() : makerFor(w, o.key),
  };
  const request = await row.request(scope);
  const method = methodOf(row);
  const token = request.noAuth ? null : scope.token;
  if (beforeSend) await beforeSend();
  const res = await w.call(method, request.url, token, request.payload, request.headers ?? {});
  if (afterSend) await afterSend(res);
  if (row.after) await row.after(scope, res);
  if (row.endsSessions) await actors.refresh();
  return { row, target, actor, method, url: request.url, status: res.statusCode, res };
}

/** 'METHOD url' keys of a registered route (a route may carry several methods). */
export function routeKeys(route: { method: string | string[]; url: string }): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((m) => `${m} ${route.url}`);
}

/** The body of an answer without what differs per request (request ids). */
export function comparableBody(res: LightMyRequestResponse): unknown {
  try {
    const body = res.json() as { error?: { requestId?: unknown } | null };
    if (body.error && typeof body.error === 'object') delete body.error.requestId;
    return body;
  } catch {
    return res.body;
  }
}
