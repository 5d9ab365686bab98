/**
 * decisions.md#reliability-and-security 'Access': mass assignment. Every create and update call is sent, by a caller allowed to
 * make it, with the fields it may not set (role, organization, creator flag, status, id, author,
 * score, activity, token version …) added to a valid body; the call succeeds or is refused, and
 * the stored row proves the extra fields were ignored. Then references to the other
 * organization's rows in bodies and filters: refused, and nothing stored.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnswerStatus,
  AssetType,
  AssignmentStatus,
  ContentStatus,
  ContentType,
  MediaType,
  QuestionType,
  messages,
  Role,
} from '@practica/contract';
import {
  answers,
  assets,
  assignments,
  contacts,
  contents,
  files,
  groupMembers,
  groups,
  invites,
  organizations,
  questions,
  users,
} from '../../src/db/schema/index.js';
import * as media from '../helpers/media-fixtures.js';
import { buildWorld, snapshot, type OrgWorld, type World } from './world.js';

let w: World;
let A: OrgWorld;
let B: OrgWorld;

beforeAll(async () => {
  w = await buildWorld();
  A = w.orgs.a;
  B = w.orgs.b;
}, 240_000);

afterAll(async () => {
  await w?.close();
});

/** Fields no caller may set through a body, with values that would matter if they were taken. */
const forbidden = () => ({
  id: 999_999,
  roleId: Role.Admin,
  role: 'Admin',
  organizationId: B.organizationId,
  creator: true,
  active: false,
  statusId: 3,
  status: 3,
  createdById: B.user.manager,
  createdBy: { id: B.user.manager, firstName: 'Mallory', lastName: 'M' },
  updatedById: B.user.manager,
  score: 5,
  deletedAt: '2020-01-01T00:00:00.000Z',
  tokenVersion: 99,
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$forged',
  password_hash: 'forged',
  email: 'mallory@evil.test',
  acceptedAt: '2020-01-01T00:00:00.000Z',
  expirationDate: '2100-01-01T00:00:00.000Z',
  createdAt: '2000-01-01T00:00:00.000Z',
});

const userRow = async (id: number) => (await w.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('users', () => {
  it('POST /users?roleId=4 makes an admin of the given names only', async () => {
    const email = `added.${Date.now()}@security.test`;
    const res = await w.call('POST', `/api/users?roleId=${Role.Admin}`, w.general.adminToken, {
      ...forbidden(),
      firstName: 'Added',
      lastName: 'Admin',
      email,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await w.db.select().from(users).where(eq(users.email, email)))[0]!;
    expect(row).toMatchObject({
      roleId: Role.Admin,
      organizationId: null,
      creator: false,
      active: true,
      tokenVersion: 0,
      deletedAt: null,
    });
    expect(row.id).not.toBe(999_999);
    expect(row.passwordHash.startsWith('!')).toBe(true); // no usable password until the emailed link
  });

  it('PUT /users/{id} by a trainee on itself changes names only (no role, organization, creator, email)', async () => {
    const before = await userRow(A.user.trainee);
    const res = await w.call('PUT', `/api/users/${A.user.trainee}`, A.token.trainee, {
      ...forbidden(),
      firstName: `trainee ${A.canary}`,
      lastName: `Last ${A.canary}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await userRow(A.user.trainee);
    expect(after).toMatchObject({
      roleId: Role.Trainee,
      organizationId: A.organizationId,
      creator: false,
      active: true,
      email: before.email,
      passwordHash: before.passwordHash,
      tokenVersion: before.tokenVersion,
      deletedAt: null,
    });
    expect(after.createdAt.toISOString()).toBe(before.createdAt.toISOString());
  });

  it("PUT /users/{id} with another user's id in the body changes the path's user only", async () => {
    const other = await userRow(A.user.trainee2);
    const target = await w.fresh.user('a');
    const res = await w.call('PUT', `/api/users/${target}`, A.token.manager, {
      id: A.user.trainee2,
      firstName: 'Renamed',
      lastName: 'Fresh',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(target)).firstName).toBe('Renamed');
    const untouched = await userRow(A.user.trainee2);
    expect(untouched.firstName).toBe(other.firstName);
    expect(untouched.updatedAt.toISOString()).toBe(other.updatedAt.toISOString());
  });

  it('PUT /users/{id}/update-email and /update-password take only their field', async () => {
    const before = await userRow(A.user.instructor2);
    const email = await w.call(
      'PUT',
      `/api/users/${A.user.instructor2}/update-email`,
      A.token.manager,
      { ...forbidden(), email: `pending.${Date.now()}@a.test` },
    );
    expect(email.statusCode, email.body).toBe(200);
    const password = await w.call(
      'PUT',
      `/api/users/${A.user.instructor2}/update-password`,
      A.token.manager,
      { ...forbidden(), password: 'pass1234' },
    );
    expect(password.statusCode, password.body).toBe(200);
    const after = await userRow(A.user.instructor2);
    expect(after).toMatchObject({
      email: before.email, // changes only when the emailed link is followed
      roleId: Role.Instructor,
      organizationId: A.organizationId,
      creator: false,
      active: true,
      tokenVersion: before.tokenVersion + 1, // the password change ended its sessions, no more
    });
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('POST /invites/accept creates the user with the invite’s role and organization, whatever the body says', async () => {
    const invite = await w.fresh.invite('a');
    const res = await w.call('POST', '/api/invites/accept', null, {
      ...forbidden(),
      firstName: 'Joined',
      lastName: 'Trainee',
      email: invite.email,
      token: invite.token,
      password: 'pass1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await w.db.select().from(users).where(eq(users.email, invite.email)))[0]!;
    expect(row).toMatchObject({
      roleId: Role.Trainee,
      organizationId: A.organizationId,
      creator: false,
      active: true,
      tokenVersion: 0,
      deletedAt: null,
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.id).not.toBe(999_999);
  });
});

describe('invites, organizations, groups', () => {
  it('POST /invites stores the caller as sender, a 7-day expiry and no acceptance', async () => {
    const email = w.fresh.email('a');
    const res = await w.call('POST', '/api/invites', A.token.instructor, {
      ...forbidden(),
      organizationId: A.organizationId,
      roleId: Role.Trainee,
      firstName: 'Invited',
      lastName: 'Person',
      email,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await w.db.select().from(invites).where(eq(invites.email, email)))[0]!;
    expect(row).toMatchObject({
      organizationId: A.organizationId,
      roleId: Role.Trainee,
      createdById: A.user.instructor,
      acceptedAt: null,
      acceptedUserId: null,
    });
    const days = (row.expirationDate.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
  });

  it('POST /organizations ignores id, active, createdAt', async () => {
    const res = await w.call('POST', '/api/organizations', w.general.adminToken, {
      ...forbidden(),
      name: 'Mass assignment org',
      address: 'Somewhere 1',
      contact: {
        id: A.organizationId,
        firstName: 'Con',
        lastName: 'Tact',
        email: 'contact.mass@security.test',
        phoneNumber: '0123456789',
      },
      userSeats: 5,
      creatorSeats: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { data: { id: number } }).data.id;
    const row = (await w.db.select().from(organizations).where(eq(organizations.id, id)))[0]!;
    expect(row).toMatchObject({ active: true, userSeats: 5, creatorSeats: 1 });
    expect(row.id).not.toBe(999_999);
    expect(row.createdAt.getFullYear()).toBeGreaterThan(2020);
    // The contact is a new row; A's organization's contact is untouched.
    expect(row.contactId).not.toBeNull();
    const orgA = (
      await w.db.select().from(organizations).where(eq(organizations.id, A.organizationId))
    )[0]!;
    expect(row.contactId).not.toBe(orgA.contactId);
  });

  it('PUT /organizations/{id} changes name and address only (contact id, seats and the active flag stay)', async () => {
    const before = (
      await w.db.select().from(organizations).where(eq(organizations.id, A.organizationId))
    )[0]!;
    const contactBefore = (
      await w.db.select().from(contacts).where(eq(contacts.id, before.contactId!))
    )[0]!;
    const res = await w.call(
      'PUT',
      `/api/organizations/${A.organizationId}`,
      w.general.adminToken,
      {
        ...forbidden(),
        name: `Org ${A.canary}`,
        address: `${A.canary} Street 1`,
        contactId: 1,
        userSeats: 0,
        creatorSeats: 0,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = (
      await w.db.select().from(organizations).where(eq(organizations.id, A.organizationId))
    )[0]!;
    expect(after).toMatchObject({
      contactId: before.contactId,
      userSeats: before.userSeats,
      creatorSeats: before.creatorSeats,
      active: true,
    });
    expect(
      (await w.db.select().from(contacts).where(eq(contacts.id, before.contactId!)))[0],
    ).toEqual(contactBefore);
  });

  it('PUT /organizations/{id} with a changed contact is refused whole: 400, nothing written', async () => {
    const before = (
      await w.db.select().from(organizations).where(eq(organizations.id, A.organizationId))
    )[0]!;
    const contactBefore = (
      await w.db.select().from(contacts).where(eq(contacts.id, before.contactId!))
    )[0]!;
    const res = await w.call(
      'PUT',
      `/api/organizations/${A.organizationId}`,
      w.general.adminToken,
      {
        ...forbidden(),
        name: `Renamed ${A.canary}`,
        address: `${A.canary} Street 2`,
        contact: { firstName: 'Changed', lastName: 'Contact', email: 'x@y.test' },
      },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(messages.contactSetAtCreation);
    expect(
      (await w.db.select().from(organizations).where(eq(organizations.id, A.organizationId)))[0],
    ).toEqual(before);
    expect(
      (await w.db.select().from(contacts).where(eq(contacts.id, before.contactId!)))[0],
    ).toEqual(contactBefore);
  });

  it('PUT /organizations/{id}/seats changes the seats only', async () => {
    const res = await w.call(
      'PUT',
      `/api/organizations/${A.organizationId}/seats`,
      w.general.adminToken,
      { ...forbidden(), name: 'Renamed by seats', userSeats: 10000, creatorSeats: 10 },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = (
      await w.db.select().from(organizations).where(eq(organizations.id, A.organizationId))
    )[0]!;
    expect(after.name).toBe(`Org ${A.canary}`);
    expect(after.active).toBe(true);
  });

  it('POST /groups stores the caller as author; PUT /groups/{id} never moves a group to another organization', async () => {
    const created = await w.call('POST', '/api/groups', A.token.manager, {
      ...forbidden(),
      name: 'Mass group',
      description: 'Mass description',
      organizationId: A.organizationId,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { data: { id: number } }).data.id;
    const row = (await w.db.select().from(groups).where(eq(groups.id, id)))[0]!;
    expect(row).toMatchObject({ organizationId: A.organizationId, createdById: A.user.manager });
    expect(id).not.toBe(999_999);

    const updated = await w.call('PUT', `/api/groups/${id}`, A.token.manager, {
      ...forbidden(),
      name: 'Mass group 2',
      description: 'Mass description 2',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = (await w.db.select().from(groups).where(eq(groups.id, id)))[0]!;
    expect(after).toMatchObject({
      name: 'Mass group 2',
      organizationId: A.organizationId,
      createdById: A.user.manager,
    });
  });
});

describe('content', () => {
  const contentRow = async (id: number) =>
    (await w.db.select().from(contents).where(eq(contents.id, id)))[0]!;

  it('POST /interviews makes a Draft of the author’s organization, authored by the caller', async () => {
    const res = await w.call('POST', '/api/interviews', A.token.creator, {
      ...forbidden(),
      name: 'Mass interview',
      description: 'Mass description',
      roles: [{ name: 'Mass role', id: B.interviewRoleId }],
      contentTypeId: ContentType.Feedback,
      language: 'French',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { data: { contentId?: number; id: number } }).data;
    const contentId = id.contentId ?? id.id;
    const row = await contentRow(contentId);
    expect(row).toMatchObject({
      statusId: ContentStatus.Draft,
      contentTypeId: ContentType.Interview,
      organizationId: A.organizationId,
      createdById: A.user.creator,
      language: 'English',
    });
    // B's role was not taken over.
    const [bRole] = await w.db
      .select({ contentId: questions.contentId })
      .from(questions)
      .where(eq(questions.interviewRoleId, B.interviewRoleId));
    expect(bRole?.contentId).toBe(B.interviewId);
  });

  it('PUT /interviews/{id} keeps the status, organization and author', async () => {
    const draft = await w.fresh.content('a');
    const res = await w.call('PUT', `/api/interviews/${draft.id}`, A.token.creator, {
      ...forbidden(),
      name: 'Mass edited',
      description: 'Mass edited',
      roles: [{ id: draft.roleId, name: 'Role' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await contentRow(draft.id)).toMatchObject({
      name: 'Mass edited',
      statusId: ContentStatus.Draft,
      organizationId: A.organizationId,
      createdById: A.user.creator,
    });
  });

  it('POST /questionnaires takes its type from the query; PUT keeps status and organization', async () => {
    const res = await w.call(
      'POST',
      `/api/questionnaires?contentTypeId=${ContentType.RatingScale}`,
      A.token.creator,
      {
        ...forbidden(),
        name: 'Mass ratings',
        description: 'Mass',
        contentTypeId: ContentType.Feedback,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: { contentId?: number; id: number } }).data;
    const id = data.contentId ?? data.id;
    expect(await contentRow(id)).toMatchObject({
      contentTypeId: ContentType.RatingScale,
      statusId: ContentStatus.Draft,
      organizationId: A.organizationId,
      createdById: A.user.creator,
    });
    const updated = await w.call('PUT', `/api/questionnaires/${id}`, A.token.creator, {
      ...forbidden(),
      name: 'Mass ratings 2',
      description: 'Mass 2',
      contentTypeId: ContentType.Feedback,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await contentRow(id)).toMatchObject({
      contentTypeId: ContentType.RatingScale,
      statusId: ContentStatus.Draft,
      organizationId: A.organizationId,
    });
  });

  it('POST and PUT /questions keep the question in the content of the query and path', async () => {
    const draft = await w.fresh.content('a');
    const created = await w.call('POST', `/api/questions?contentId=${draft.id}`, A.token.creator, {
      ...forbidden(),
      contentId: B.draftInterviewId,
      text: 'Mass question',
      questionTypeId: QuestionType.Open,
      interviewRoleId: draft.roleId,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { data: { id: number } }).data.id;
    const row = (await w.db.select().from(questions).where(eq(questions.id, id)))[0]!;
    expect(row.contentId).toBe(draft.id);
    expect(id).not.toBe(999_999);

    const updated = await w.call('PUT', `/api/questions/${id}`, A.token.creator, {
      ...forbidden(),
      contentId: B.draftInterviewId,
      text: 'Mass question 2',
      questionTypeId: QuestionType.Open,
      interviewRoleId: draft.roleId,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await w.db.select().from(questions).where(eq(questions.id, id)))[0]!.contentId).toBe(
      draft.id,
    );
    const bQuestions = await w.db
      .select()
      .from(questions)
      .where(eq(questions.contentId, B.draftInterviewId));
    expect(bQuestions.map((q) => q.text)).toEqual([`Draft question ${B.canary}`]);
  });

  it('POST /assets/{type} makes a general asset of the path’s kind, authored by the admin; PUT keeps kind and owner', async () => {
    const image = await w.fresh.image(w.general.adminToken, 'a');
    const res = await w.call('POST', `/api/assets/${AssetType.Avatar}`, w.general.adminToken, {
      ...forbidden(),
      organizationId: A.organizationId,
      assetTypeId: AssetType.Environment,
      name: 'Mass avatar',
      imageId: image,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { data: { id: number } }).data.id;
    const row = (await w.db.select().from(assets).where(eq(assets.id, id)))[0]!;
    expect(row).toMatchObject({
      assetTypeId: AssetType.Avatar,
      organizationId: null,
      createdById: w.general.adminId,
    });
    const updated = await w.call('PUT', `/api/assets/${A.avatarId}`, w.general.adminToken, {
      ...forbidden(),
      organizationId: B.organizationId,
      assetTypeId: AssetType.Environment,
      name: `Avatar ${A.canary}`,
      imageId: (await w.db.select().from(assets).where(eq(assets.id, A.avatarId)))[0]!.imageId,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await w.db.select().from(assets).where(eq(assets.id, A.avatarId)))[0]).toMatchObject({
      assetTypeId: AssetType.Avatar,
      organizationId: A.organizationId,
    });
  });
});

describe('assignments, answers, files', () => {
  const form = () => ({
    name: 'Mass assignment',
    description: 'Mass description',
    closeDate: '2099-12-31',
    organizationId: A.organizationId,
    interviewId: A.interviewId,
    environmentId: A.environmentId,
    roles: [{ roleId: A.interviewRoleId, avatarId: A.avatarId }],
    ratingsId: A.ratingsId,
    feedbackId: A.feedbackId,
  });

  it('POST /assignments/interview makes a Draft authored by the caller, started today', async () => {
    const res = await w.call('POST', '/api/assignments/interview', A.token.instructor, {
      ...forbidden(),
      ...form(),
      statusId: AssignmentStatus.Active,
      startDate: '2000-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { data: { id: number } }).data.id;
    const row = (await w.db.select().from(assignments).where(eq(assignments.id, id)))[0]!;
    expect(row).toMatchObject({
      statusId: AssignmentStatus.Draft,
      organizationId: A.organizationId,
      createdById: A.user.instructor,
    });
    expect(row.startDate).not.toBe('2000-01-01');
  });

  it('PUT /assignments/interview/{id} keeps status, organization and author', async () => {
    const id = await w.fresh.assignment('a');
    const before = (await w.db.select().from(assignments).where(eq(assignments.id, id)))[0]!;
    const res = await w.call('PUT', `/api/assignments/interview/${id}`, A.token.instructor, {
      ...forbidden(),
      ...form(),
      statusId: AssignmentStatus.Closed,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await w.db.select().from(assignments).where(eq(assignments.id, id)))[0]).toMatchObject({
      statusId: AssignmentStatus.Draft,
      organizationId: A.organizationId,
      createdById: before.createdById,
    });
    const moved = await w.call('PUT', `/api/assignments/interview/${id}`, A.token.instructor, {
      ...form(),
      organizationId: B.organizationId,
    });
    expect(moved.statusCode).toBeGreaterThanOrEqual(400);
    expect(
      (await w.db.select().from(assignments).where(eq(assignments.id, id)))[0]!.organizationId,
    ).toBe(A.organizationId);
  });

  it('a review stores the computed score, not the one sent', async () => {
    const res = await w.call(
      'POST',
      `/api/assignments/interviews/answers/review/${A.answer2Id}`,
      A.token.instructor,
      {
        ...forbidden(),
        score: 5,
        answers: {
          ratings: [{ questionId: A.ratingsQuestionId, text: '1' }],
          feedback: [
            { questionId: A.feedbackQuestionIds[0], text: 'Fine' },
            { questionId: A.feedbackQuestionIds[1], text: String(A.feedbackOptionIds[1]) },
          ],
        },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = (await w.db.select().from(answers).where(eq(answers.id, A.answer2Id)))[0]!;
    expect(row.score).toBe(1);
    expect(row.statusId).toBe(AnswerStatus.Reviewed);
  });

  it('PUT /me/assignments/{id}/answers takes items only: the answer stays Pending and the trainee’s', async () => {
    const trainee = await w.fresh.user('a');
    const token = await w.mintToken(trainee);
    const id = await w.fresh.assignment('a');
    await w.ok('PUT', `/api/assignments/${id}/add`, w.general.adminToken, { ids: [trainee] });
    await w.ok('PUT', `/api/assignments/${id}/status?statusId=3`, w.general.adminToken);
    const video = await w.upload(token, 'mass.mp4', media.mp4);
    const res = await w.call('PUT', `/api/me/assignments/${id}/answers`, token, {
      ...forbidden(),
      userId: A.user.trainee,
      answerId: A.answerId,
      items: [
        {
          questionId: A.interviewQuestionId,
          fileId: video.id,
          duration: 3,
          answerId: A.answerId,
          statusId: AnswerStatus.Reviewed,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mine] = await w.db
      .select()
      .from(answers)
      .where(and(eq(answers.assignmentId, id), eq(answers.userId, trainee)));
    expect(mine).toMatchObject({ statusId: AnswerStatus.Pending, score: null });
    const theirs = (await w.db.select().from(answers).where(eq(answers.id, A.answerId)))[0]!;
    expect(theirs.userId).toBe(A.user.trainee);
  });

  it('POST /files/upload stores a Pending file of the caller under a server-made key', async () => {
    const res = await w.call('POST', '/api/files/upload', A.token.trainee, {
      ...forbidden(),
      id: 123,
      status: 1,
      storageKey: '../../etc/passwd',
      organizationId: B.organizationId,
      name: '../../evil.png',
      extension: 'png',
      fileTypeId: MediaType.Image,
      size: media.png.length,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { data: { id: number } }).data.id;
    const row = (await w.db.select().from(files).where(eq(files.id, id)))[0]!;
    expect(row).toMatchObject({
      status: 0,
      createdById: A.user.trainee,
      organizationId: A.organizationId,
      name: 'evil.png',
    });
    expect(row.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
  });
});

describe('prototype poisoning', () => {
  it('refuses bodies with __proto__ or constructor.prototype keys and stores nothing', async () => {
    for (const raw of [
      '{"firstName":"P","lastName":"Q","__proto__":{"roleId":4}}',
      '{"firstName":"P","lastName":"Q","constructor":{"prototype":{"roleId":4}}}',
    ]) {
      const before = await snapshot(w.db);
      const res = await w.app.inject({
        method: 'PUT',
        url: `/api/users/${A.user.trainee}`,
        headers: { authorization: `Bearer ${A.token.trainee}`, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
      expect(await snapshot(w.db)).toEqual(before);
    }
    expect((await userRow(A.user.trainee)).roleId).toBe(Role.Trainee);
    expect(({} as Record<string, unknown>)['roleId']).toBeUndefined();
  });
});

describe("references to the other organization's rows are refused and store nothing", () => {
  /** Sends the call and expects a refusal (400 or 404) that changes no table. */
  async function refused(
    method: string,
    url: string,
    token: string,
    payload?: unknown,
  ): Promise<number> {
    const before = await snapshot(w.db);
    const res = await w.call(method, url, token, payload);
    expect([400, 404], `${method} ${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    const after = await snapshot(w.db);
    expect(Object.keys(after).filter((t) => after[t] !== before[t])).toEqual([]);
    return res.statusCode;
  }

  it('group members, a user’s groups and assignments, an invite’s group', async () => {
    await refused('PUT', `/api/groups/${A.group2Id}/add`, A.token.manager, {
      ids: [B.user.trainee],
    });
    await refused('PUT', `/api/groups/${A.group2Id}/add`, w.general.adminToken, {
      ids: [B.user.trainee],
    });
    await refused('PUT', `/api/users/${A.user.trainee2}/groups`, A.token.manager, {
      ids: [B.groupId],
    });
    await refused('PUT', `/api/users/${A.user.trainee2}/assignments`, A.token.manager, {
      ids: [B.assignmentId],
    });
    await refused('POST', '/api/invites', A.token.manager, {
      organizationId: A.organizationId,
      roleId: Role.Trainee,
      firstName: 'Cross',
      lastName: 'Group',
      email: w.fresh.email('a'),
      groupId: B.groupId,
    });
    const members = await w.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.userId, B.user.trainee));
    expect(members.map((m) => m.groupId)).toEqual([B.groupId]);
  });

  it('assignment members and composition', async () => {
    const id = await w.fresh.assignment('a');
    await refused('PUT', `/api/assignments/${id}/add`, A.token.manager, {
      ids: [B.user.trainee],
    });
    await refused('PUT', `/api/assignments/${id}/add`, A.token.manager, {
      ids: [],
      groupIds: [B.groupId],
    });
    const base = {
      name: 'Cross',
      description: 'Cross',
      organizationId: A.organizationId,
      interviewId: A.interviewId,
      environmentId: A.environmentId,
      roles: [{ roleId: A.interviewRoleId, avatarId: A.avatarId }],
      ratingsId: A.ratingsId,
      feedbackId: A.feedbackId,
    };
    for (const swap of [
      { interviewId: B.interviewId, roles: [{ roleId: B.interviewRoleId, avatarId: A.avatarId }] },
      { environmentId: B.environmentId },
      { roles: [{ roleId: A.interviewRoleId, avatarId: B.avatarId }] },
      { ratingsId: B.ratingsId },
      { feedbackId: B.feedbackId },
    ]) {
      await refused('POST', '/api/assignments/interview', A.token.manager, { ...base, ...swap });
      await refused('PUT', `/api/assignments/interview/${id}`, A.token.manager, {
        ...base,
        ...swap,
      });
    }
  });

  it("files, avatars and audio of B in A's profile, interviews, questions and answers", async () => {
    const bImage = B.imageFileId;
    await refused('PUT', `/api/users/${A.user.trainee}`, A.token.trainee, {
      firstName: 'X',
      lastName: 'Y',
      imageId: bImage,
    });
    await refused('PUT', `/api/users/${A.user.trainee2}`, A.token.manager, {
      firstName: 'X',
      lastName: 'Y',
      imageId: bImage,
    });
    await refused('POST', '/api/interviews', A.token.creator, {
      name: 'Cross',
      description: 'Cross',
      roles: [{ name: 'Role', avatarId: B.avatarId }],
    });
    const draft = await w.fresh.content('a');
    const [bAudio] = await w.db
      .select({ id: files.id })
      .from(files)
      .where(
        and(eq(files.organizationId, B.organizationId), eq(files.fileTypeId, MediaType.Audio)),
      );
    await refused('POST', `/api/questions?contentId=${draft.id}`, A.token.creator, {
      text: 'Cross',
      questionTypeId: QuestionType.Open,
      interviewRoleId: draft.roleId,
      audios: [{ audioId: bAudio!.id, avatarId: A.avatarId }],
    });
    await refused('POST', `/api/questions?contentId=${draft.id}`, A.token.creator, {
      text: 'Cross',
      questionTypeId: QuestionType.Open,
      interviewRoleId: B.interviewRoleId,
    });

    const trainee = await w.fresh.user('a');
    const token = await w.mintToken(trainee);
    const id = await w.fresh.assignment('a');
    await w.ok('PUT', `/api/assignments/${id}/add`, w.general.adminToken, { ids: [trainee] });
    await w.ok('PUT', `/api/assignments/${id}/status?statusId=3`, w.general.adminToken);
    const [bVideo] = await w.db
      .select({ id: files.id })
      .from(files)
      .where(
        and(eq(files.organizationId, B.organizationId), eq(files.fileTypeId, MediaType.Video)),
      );
    await refused('PUT', `/api/me/assignments/${id}/answers`, token, {
      items: [{ questionId: A.interviewQuestionId, fileId: bVideo!.id, duration: 1 }],
    });
    const video = await w.upload(token, 'cross.mp4', media.mp4);
    await refused('PUT', `/api/me/assignments/${id}/answers`, token, {
      items: [{ questionId: B.interviewQuestionId, fileId: video.id, duration: 1 }],
    });
  });

  it("a review naming B's questions or trainee", async () => {
    const valid = {
      answers: {
        ratings: [{ questionId: A.ratingsQuestionId, text: '4' }],
        feedback: [
          { questionId: A.feedbackQuestionIds[0], text: 'Fine' },
          { questionId: A.feedbackQuestionIds[1], text: String(A.feedbackOptionIds[0]) },
        ],
      },
    };
    const url = `/api/assignments/interviews/answers/review/${A.answer2Id}`;
    await refused('POST', `${url}?userId=${B.user.trainee}`, A.token.instructor, valid);
    await refused('POST', url, A.token.instructor, { ...valid, traineeId: B.user.trainee });
    await refused('POST', url, A.token.instructor, { ...valid, questionnaireID: B.ratingsId });
    await refused('POST', url, A.token.instructor, {
      answers: {
        ratings: [{ questionId: B.ratingsQuestionId, text: '4' }],
        feedback: valid.answers.feedback,
      },
    });
  });

  it("list filters naming B's rows answer nothing of B", async () => {
    for (const url of [
      `/api/groups?userId=${B.user.trainee}`,
      `/api/assignments?userId=${B.user.trainee}`,
      `/api/assignments/answers?userId=${B.user.trainee}`,
      `/api/assignments/answers?assignmentId=${B.assignmentId}`,
      `/api/interviews?contentId=${B.interviewId}`,
      `/api/interviews?authoredBy=${B.user.creator}`,
      `/api/questionnaires?authoredBy=${B.user.creator}`,
    ]) {
      for (const token of [A.token.manager, A.token.instructor]) {
        const res = await w.call('GET', url, token);
        expect([200, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
        expect(res.body.toLowerCase(), url).not.toContain(B.canary);
        if (res.statusCode === 200)
          expect((res.json() as { data: { count: number } }).data.count, url).toBe(0);
      }
    }
  });
});
