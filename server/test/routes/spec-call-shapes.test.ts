/**
 * decisions.md#hardening 'The spec's own call shapes' (items 14, 16–20): a client written from the call tables of
 * 000 §7 and 001 §7 works unchanged, next to what the console sends. Each call is driven as such a
 * client sends it: words for enumerations (`authoring=authored`, `typeId=avatar`), repeated
 * `includes`, the questionnaires' JSON `filter`, the interview form with `roles[].avatar` as `{id}`,
 * empty JSON bodies, and the review call per form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AnswerStatus,
  AssignmentStatus,
  ContentStatus,
  ContentType,
  messages,
} from '@practica/contract';
import { answers, contentAnswers } from '../../src/db/schema/index.js';
import {
  buildAnswersScenario,
  validReview,
  type AnswerActor,
  type AnswersScenario,
} from '../helpers/answers.js';
import { bearer } from '../helpers/build.js';
import { createAsset, createContent } from '../helpers/factories.js';
import { mailsTo, tokenFromMail } from '../helpers/users.js';

let s: AnswersScenario;
const answerId = { tessa: 0, trainee: 0 };

beforeAll(async () => {
  s = await buildAnswersScenario();
  answerId.tessa = await s.answerAll('tessa');
  answerId.trainee = await s.answerAll('trainee');
});
afterAll(() => s.close());

type Res = Awaited<ReturnType<AnswersScenario['call']>>;
const ok = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const idsOf = (res: Res) => (ok(res).list as { id: number }[]).map((r) => r.id);

describe('authoring as words (item 16)', () => {
  it('GET /organizations/{id}/contents takes assigned, authored and all as 2, 1 and 0', async () => {
    for (const [word, id] of [
      ['all', 0],
      ['authored', 1],
      ['assigned', 2],
      ['Assigned', 2],
    ] as const) {
      for (const who of ['admin', 'manager'] as const) {
        const url = `/api/organizations/${s.org.demo}/contents?authoring=`;
        expect(idsOf(await s.call('GET', url + word, who))).toEqual(
          idsOf(await s.call('GET', url + id, who)),
        );
      }
    }
    const bad = await s.call(
      'GET',
      `/api/organizations/${s.org.demo}/contents?authoring=mine`,
      'manager',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.validationFailed);
  });

  it('GET /interviews takes the same words', async () => {
    for (const [word, id] of [
      ['all', 0],
      ['authored', 1],
      ['assigned', 2],
    ] as const) {
      for (const who of ['admin', 'instructor'] as const) {
        expect(idsOf(await s.call('GET', `/api/interviews?authoring=${word}`, who))).toEqual(
          idsOf(await s.call('GET', `/api/interviews?authoring=${id}`, who)),
        );
      }
    }
    expect(
      idsOf(await s.call('GET', '/api/interviews?authoring=authored', 'instructor')),
    ).toContain(s.interview.id);
    expect((await s.call('GET', '/api/interviews?authoring=3', 'instructor')).statusCode).toBe(400);
  });
});

describe('GET /questionnaires?filter=<json> (item 17)', () => {
  const withFilter = (filter: object | string) =>
    `/api/questionnaires?filter=${encodeURIComponent(typeof filter === 'string' ? filter : JSON.stringify(filter))}`;

  it('honours organizationId, contentTypeId, status and search', async () => {
    for (const contentTypeId of [ContentType.RatingScale, ContentType.Feedback]) {
      const res = await s.call(
        'GET',
        withFilter({ organizationId: s.org.demo, contentTypeId, status: ContentStatus.Active }),
        'instructor',
      );
      const list = ok(res).list as {
        contentTypeId: number;
        statusId: number;
        organizationId: number | null;
      }[];
      expect(list.length).toBeGreaterThan(0);
      for (const row of list) {
        expect(row.contentTypeId).toBe(contentTypeId);
        expect(row.statusId).toBe(ContentStatus.Active);
      }
      expect(idsOf(res)).toEqual(
        idsOf(
          await s.call(
            'GET',
            `/api/questionnaires?organizationId=${s.org.demo}&contentTypeId=${contentTypeId}&status=${ContentStatus.Active}`,
            'instructor',
          ),
        ),
      );
    }
    const search = ok(
      await s.call(
        'GET',
        withFilter({ contentTypeId: ContentType.Feedback, search: 'Answers feedback' }),
        'instructor',
      ),
    );
    expect(search.list.map((r: { id: number }) => r.id)).toEqual([s.feedback.id]);
    // Statuses as a list, as the organization's status chips send them.
    const several = ok(await s.call('GET', withFilter({ status: [1, 2] }), 'instructor'));
    for (const row of several.list) expect([1, 2]).toContain(row.statusId);
  });

  it('answers 400 with a human message for bad JSON or a bad value in the filter', async () => {
    for (const filter of ['{"contentTypeId":', 'not json', '[1,2]', '"text"']) {
      const res = await s.call('GET', withFilter(filter), 'instructor');
      expect(res.statusCode, filter).toBe(400);
      expect(res.json().message).toBe(messages.filterInvalid);
    }
    const res = await s.call('GET', withFilter({ contentTypeId: 1 }), 'instructor');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.validationFailed);
    expect((await s.call('GET', withFilter({ search: 'ab' }), 'instructor')).json().message).toBe(
      messages.searchTooShort,
    );
  });
});

describe('the interview form of 001 §3 (item 18)', () => {
  it('takes roles[].avatar as {id}, roleName, contentStatusId and languageId', async () => {
    const [avatarA, avatarB] = s.avatars;
    const created = ok(
      await s.call('POST', '/api/interviews', 'instructor', {
        name: 'Spec-shaped interview',
        description: 'Sent as the spec writes it',
        roleName: '',
        contentStatusId: ContentStatus.Draft,
        languageId: 1,
        roles: [
          { id: 0, name: 'Interviewer', avatar: { id: avatarA } },
          { name: 'Panelist', avatar: null },
        ],
      }),
    );
    expect(
      created.roles.map((r: { name: string; avatarId: number | null }) => [r.name, r.avatarId]),
    ).toEqual([
      ['Interviewer', avatarA],
      ['Panelist', null],
    ]);
    const roleId = created.roles[0].id as number;
    const updated = ok(
      await s.call(
        'PUT',
        `/api/interviews/${created.content.id ?? created.contentId}`,
        'instructor',
        {
          name: 'Spec-shaped interview',
          description: 'Sent as the spec writes it',
          contentStatusId: ContentStatus.Draft,
          languageId: 1,
          roles: [{ id: roleId, name: 'Interviewer', avatar: { id: avatarB } }],
        },
      ),
    );
    expect(
      updated.roles.map((r: { id: number; avatarId: number | null }) => [r.id, r.avatarId]),
    ).toEqual([[roleId, avatarB]]);
    // `avatarId` (what the console sends) still works and wins when both are given.
    const both = ok(
      await s.call(
        'PUT',
        `/api/interviews/${created.content.id ?? created.contentId}`,
        'instructor',
        {
          name: 'Spec-shaped interview',
          description: 'Sent as the spec writes it',
          roles: [{ id: roleId, name: 'Interviewer', avatarId: avatarA, avatar: { id: avatarB } }],
        },
      ),
    );
    expect(both.roles[0].avatarId).toBe(avatarA);
  });

  it('takes roleName alone as the one role, and refuses a bad avatar or status', async () => {
    const created = ok(
      await s.call('POST', '/api/interviews', 'instructor', {
        name: 'Role by name',
        description: 'One role from roleName',
        roleName: 'Recruiter',
      }),
    );
    expect(created.roles.map((r: { name: string }) => r.name)).toEqual(['Recruiter']);
    const noRole = await s.call('POST', '/api/interviews', 'instructor', {
      name: 'No role',
      description: 'Neither roles nor roleName',
      roleName: '  ',
    });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().message).toBe(messages.roleRequired);
    for (const role of [
      { name: 'R', avatar: { id: 'x' } },
      { name: 'R', avatar: 5 },
    ]) {
      const res = await s.call('POST', '/api/interviews', 'instructor', {
        name: 'Bad avatar',
        description: 'Refused',
        roles: [role],
      });
      expect(res.statusCode, JSON.stringify(role)).toBe(400);
    }
    const badStatus = await s.call('POST', '/api/interviews', 'instructor', {
      name: 'Bad status',
      description: 'Refused',
      contentStatusId: 9,
      roles: [{ name: 'R' }],
    });
    expect(badStatus.statusCode).toBe(400);
  });
});

describe('empty JSON bodies (item 19)', () => {
  const empty = (method: 'PUT' | 'DELETE' | 'GET', url: string, who?: AnswerActor) =>
    s.app.inject({
      method,
      url,
      headers: { ...(who ? bearer(s.tokens[who]) : {}), 'content-type': 'application/json' },
      payload: '',
    });

  it('every call whose body is empty takes Content-Type: application/json with no body', async () => {
    const expectOk = async (res: Promise<Res>, what: string) => {
      const r = await res;
      expect(r.statusCode, `${what}: ${r.body}`).toBe(200);
      expect(r.json().success).toBe(true);
    };
    await expectOk(empty('PUT', '/api/auth/reset-password?email=trainee%40demo.test'), 'reset');
    const user = s.ids.instructor2;
    await expectOk(empty('PUT', `/api/users/${user}/deactivate`, 'admin'), 'deactivate');
    await expectOk(empty('PUT', `/api/users/${user}/activate`, 'admin'), 'activate');
    await expectOk(empty('PUT', `/api/users/${s.ids.instructor}/disable-creator`, 'admin'), 'off');
    await expectOk(empty('PUT', `/api/users/${s.ids.instructor}/enable-creator`, 'admin'), 'on');
    await expectOk(empty('PUT', `/api/users/${s.ids.sofia}/restore`, 'admin'), 'restore');
    await expectOk(empty('PUT', `/api/users/${s.ids.sofia}/delete`, 'admin'), 'soft delete');
    const validate = await empty('PUT', '/api/users/validate-email/not-a-token');
    expect(validate.statusCode).toBe(400);
    expect(validate.json().message).toBe(messages.tokenInvalidOrExpired);
    ok(
      await s.call('PUT', `/api/users/${s.ids.omar}/update-email`, 'manager', {
        email: 'omar.spec@demo.test',
      }),
    );
    const [mail] = await mailsTo(s.db, 'omar.spec@demo.test');
    const token = tokenFromMail(mail!.textBody, '/email-update');
    await expectOk(empty('PUT', `/api/users/validate-email/${token}`), 'validate-email');
    // Adding general content and assets to an organization and removing them.
    const general = await createContent(s.db, { name: 'General for the empty bodies' });
    const generalAsset = await createAsset(s.db, { name: 'General avatar' });
    for (const action of ['add', 'remove']) {
      await expectOk(
        empty('PUT', `/api/contents/${general.id}/${action}/${s.org.northwind}`, 'admin'),
        `content ${action}`,
      );
      await expectOk(
        empty('PUT', `/api/assets/${generalAsset.id}/${action}/${s.org.northwind}`, 'admin'),
        `asset ${action}`,
      );
    }
    // A delete.
    const draft = ok(
      await s.call(
        'POST',
        `/api/questionnaires?contentTypeId=${ContentType.Feedback}`,
        'instructor',
        {
          name: 'Deleted with an empty body',
          description: 'Draft',
        },
      ),
    );
    await expectOk(
      empty('DELETE', `/api/questionnaires/${draft.content.id}`, 'instructor'),
      'delete',
    );
    // Status changes: a Draft rating scale to Review and back, the draft assignment to Active.
    await expectOk(
      empty(
        'PUT',
        `/api/contents/${s.ratings.id}/status?statusId=${ContentStatus.Inactive}`,
        'admin',
      ),
      'content status',
    );
    await expectOk(
      empty(
        'PUT',
        `/api/contents/${s.ratings.id}/status?statusId=${ContentStatus.Active}`,
        'admin',
      ),
      'content status back',
    );
    await expectOk(
      empty(
        'PUT',
        `/api/assignments/${s.draft}/status?statusId=${AssignmentStatus.Active}`,
        'manager',
      ),
      'assignment status',
    );
    await expectOk(
      empty(
        'PUT',
        `/api/assignments/${s.draft}/status?statusId=${AssignmentStatus.Draft}`,
        'manager',
      ),
      'assignment status back',
    );
    await expectOk(empty('GET', '/api/info'), 'a GET');
  });

  it('still refuses a body that is not JSON, and JSON with a prototype key', async () => {
    const bad = await s.app.inject({
      method: 'PUT',
      url: `/api/users/${s.ids.instructor2}/activate`,
      headers: { ...bearer(s.tokens.admin), 'content-type': 'application/json' },
      payload: '{"oops"',
    });
    expect(bad.statusCode).toBe(400);
    const proto = await s.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: { ...bearer(s.tokens.manager), 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true},"name":"x","description":"y"}',
    });
    expect(proto.statusCode).toBe(400);
  });
});

describe('asset kinds as words (item 20)', () => {
  it('GET /assets?typeId= and GET /organizations/{id}/assets?type= take avatar and environment', async () => {
    for (const [word, id] of [
      ['avatar', 1],
      ['environment', 2],
      ['Environment', 2],
    ] as const) {
      expect(idsOf(await s.call('GET', `/api/assets?typeId=${word}`, 'admin'))).toEqual(
        idsOf(await s.call('GET', `/api/assets?typeId=${id}`, 'admin')),
      );
      const orgUrl = `/api/organizations/${s.org.demo}/assets?type=`;
      expect(idsOf(await s.call('GET', orgUrl + word, 'manager'))).toEqual(
        idsOf(await s.call('GET', orgUrl + id, 'manager')),
      );
    }
    expect((await s.call('GET', '/api/assets?typeId=hat', 'admin')).statusCode).toBe(400);
    expect((await s.call('GET', '/api/assets?typeId=0x1', 'admin')).statusCode).toBe(400);
  });

  it('POST /assets/{type} takes avatar and environment', async () => {
    const avatar = await s.call('POST', '/api/assets/avatar', 'admin', { name: '' });
    expect(avatar.statusCode).toBe(400);
    expect(avatar.json().message).toBe(messages.avatarNameRequired);
    const environment = await s.call('POST', '/api/assets/environment', 'admin', { name: '' });
    expect(environment.statusCode).toBe(400);
    expect(environment.json().message).toBe(messages.environmentTitleRequired);
  });
});

describe('includes repeated as well as comma-joined (item 20)', () => {
  it('on the groups, users, organizations, assignments and answers calls', async () => {
    const membersOf = (res: Res) =>
      (ok(res).list as { users?: unknown[] }[]).map((g) => g.users?.length ?? -1);
    const groups = membersOf(await s.call('GET', '/api/groups?includes=users', 'manager'));
    expect(groups.every((n) => n >= 0)).toBe(true);
    expect(
      membersOf(await s.call('GET', '/api/groups?includes=users&includes=other', 'manager')),
    ).toEqual(groups);
    expect(membersOf(await s.call('GET', '/api/groups?includes=other,users', 'manager'))).toEqual(
      groups,
    );

    const orgGroups = `/api/organizations/${s.org.demo}/groups`;
    expect(
      membersOf(await s.call('GET', `${orgGroups}?includes=x&includes=users`, 'manager')),
    ).toEqual(membersOf(await s.call('GET', `${orgGroups}?includes=users`, 'manager')));

    const user = ok(
      await s.call('GET', `/api/users/${s.ids.trainee}?includes=users&includes=groups`, 'manager'),
    );
    expect(Array.isArray(user.groups)).toBe(true);
    const userGroups = ok(
      await s.call(
        'GET',
        `/api/users/${s.ids.trainee}/groups?includes=x&includes=users`,
        'manager',
      ),
    );
    expect(userGroups.list.every((g: { users?: unknown[] }) => Array.isArray(g.users))).toBe(true);
    const group = ok(
      await s.call(
        'GET',
        `/api/groups/${userGroups.list[0].id}?includes=x&includes=users`,
        'manager',
      ),
    );
    expect(Array.isArray(group.users)).toBe(true);

    ok(await s.call('GET', '/api/assignments?includes=assets&includes=contents', 'manager'));
    ok(
      await s.call(
        'GET',
        `/api/assignments/${s.assignment}?includes=assets&includes=contents`,
        'manager',
      ),
    );
    const rows = ok(
      await s.call('GET', '/api/assignments/answers?includes=users&includes=answers', 'manager'),
    ).list as { data?: unknown }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.data !== undefined)).toBe(true);
    ok(
      await s.call(
        'GET',
        `/api/assignments/answers/${answerId.tessa}?includes=answers&includes=assets`,
        'manager',
      ),
    );
  });
});

// ---------------------------------------------------------------------------
// Item 14: the review call per form
// ---------------------------------------------------------------------------

const reviewUrl = (id: number, query = '') =>
  `/api/assignments/interviews/answers/review/${id}${query}`;
const ratingsCall = (over: Record<string, unknown> = {}) => ({
  traineeId: undefined as number | undefined,
  questionnaireID: s.ratings.id,
  answers: validReview(s).answers.ratings,
  score: 4.5,
  ...over,
});
const feedbackCall = (over: Record<string, unknown> = {}) => ({
  questionnaireID: s.feedback.id,
  answers: validReview(s).answers.feedback,
  ...over,
});
const answerRow = async (id: number) =>
  (await s.db.select().from(answers).where(eq(answers.id, id)))[0]!;
const formsOf = async (id: number) =>
  s.db.select().from(contentAnswers).where(eq(contentAnswers.answerId, id));

describe('the review call per form (item 14)', () => {
  it('checks who may call before the body: 401, 403 a trainee, 404 another organization', async () => {
    const url = reviewUrl(answerId.tessa);
    for (const body of [ratingsCall(), { answers: 'nonsense' }, { answers: [{}] }, {}]) {
      expect((await s.call('POST', url, undefined, body)).statusCode).toBe(401);
      expect((await s.call('POST', url, 'trainee', body)).statusCode).toBe(403);
      expect((await s.call('POST', url, 'tessa', body)).statusCode).toBe(403);
      expect((await s.call('POST', url, 'manager2', body)).statusCode).toBe(404);
      expect((await s.call('POST', reviewUrl(999999), 'manager', body)).statusCode).toBe(404);
    }
    // A bad id is still a 400 (there is nothing to authorize against).
    expect((await s.call('POST', reviewUrl(0), 'manager', ratingsCall())).statusCode).toBe(400);
    expect(await formsOf(answerId.tessa)).toEqual([]);
  });

  it('refuses a form that is not named, not the assignment’s, or not fully answered', async () => {
    const url = reviewUrl(answerId.tessa);
    const noForm = await s.call(
      'POST',
      url,
      'instructor',
      ratingsCall({ questionnaireID: undefined }),
    );
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json().message).toBe(messages.questionnaireRequired);
    const other = await s.call(
      'POST',
      url,
      'instructor',
      ratingsCall({ questionnaireID: s.interview.id }),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(messages.questionnaireMismatch);
    const partial = await s.call(
      'POST',
      url,
      'instructor',
      ratingsCall({ answers: validReview(s).answers.ratings.slice(0, 1) }),
    );
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe(messages.allQuestionsMustBeAnswered);
    // Answers of the other form under this form's id.
    const crossed = await s.call(
      'POST',
      url,
      'instructor',
      ratingsCall({ answers: validReview(s).answers.feedback }),
    );
    expect(crossed.statusCode).toBe(400);
    const badRating = await s.call(
      'POST',
      url,
      'instructor',
      ratingsCall({
        answers: [
          { questionId: s.ratings.questionIds[0], text: '7' },
          { questionId: s.ratings.questionIds[1], text: '5' },
        ],
      }),
    );
    expect(badRating.statusCode).toBe(400);
    expect(badRating.json().message).toBe(messages.ratingOutOfRange);
    expect(await formsOf(answerId.tessa)).toEqual([]);
  });

  it('sets Reviewed once the same reviewer has sent both forms of the round, in either order', async () => {
    const url = reviewUrl(answerId.tessa, `?userId=${s.ids.tessa}`);
    // The instructor sends feedback first; the manager sends ratings: two reviewers, no pair yet.
    const first = ok(
      await s.call('POST', url, 'instructor', feedbackCall({ traineeId: s.ids.tessa })),
    );
    expect(first.statusId).toBe(AnswerStatus.Submitted);
    expect(first.data.feedbackAnswer).toBeNull();
    const second = ok(await s.call('POST', url, 'manager', ratingsCall({ score: 1 })));
    expect(second.statusId).toBe(AnswerStatus.Submitted);
    expect(second.score).toBeNull();
    let row = await answerRow(answerId.tessa);
    expect([row.statusId, row.ratingsAnswerId, row.feedbackAnswerId]).toEqual([
      AnswerStatus.Submitted,
      null,
      null,
    ]);
    // The instructor's ratings complete the instructor's pair: Reviewed, the score computed.
    const done = ok(await s.call('POST', url, 'instructor', ratingsCall({ score: 1 })));
    expect(done.statusId).toBe(AnswerStatus.Reviewed);
    expect(done.score).toBe(4.5);
    expect(done.data.ratingsAnswer.contentAnswer.createdBy.id).toBe(s.ids.instructor);
    expect(done.data.feedbackAnswer.contentAnswer.createdBy.id).toBe(s.ids.instructor);
    expect(done.data.feedbackAnswer.answers[0].text).toBe('Good structure.');
    row = await answerRow(answerId.tessa);
    expect(row.statusId).toBe(AnswerStatus.Reviewed);
    expect(row.reviewedAt).not.toBeNull();
    // The manager's lone ratings form belonged to the finished round: its feedback now starts a
    // new round and does not pair with it.
    const next = ok(await s.call('POST', url, 'manager', feedbackCall()));
    expect(next.statusId).toBe(AnswerStatus.Reviewed);
    expect(next.data.feedbackAnswer.contentAnswer.createdBy.id).toBe(s.ids.instructor);
    const last = ok(
      await s.call(
        'POST',
        url,
        'manager',
        ratingsCall({
          answers: [
            { questionId: s.ratings.questionIds[0], text: '2' },
            { questionId: s.ratings.questionIds[1], text: '3' },
          ],
        }),
      ),
    );
    expect(last.statusId).toBe(AnswerStatus.Reviewed);
    expect(last.score).toBe(2.5);
    expect(last.data.ratingsAnswer.contentAnswer.createdBy.id).toBe(s.ids.manager);
    expect(last.data.feedbackAnswer.contentAnswer.createdBy.id).toBe(s.ids.manager);
    // Every form sent is kept in the history (decisions.md).
    expect(await formsOf(answerId.tessa)).toHaveLength(5);
  });

  it('keeps the console’s one call with both forms working next to it', async () => {
    const res = ok(await s.call('POST', reviewUrl(answerId.trainee), 'instructor', validReview(s)));
    expect(res.statusId).toBe(AnswerStatus.Reviewed);
    expect(res.score).toBe(4.5);
    const both = await s.call(
      'POST',
      reviewUrl(answerId.trainee),
      'instructor',
      validReview(s, { answers: { ratings: validReview(s).answers.ratings } }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(messages.allQuestionsMustBeAnswered);
  });
});
