/**
 * The trainees' mobile API under /api/me/… (decisions.md#assignments-and-answers, decisions.md#answers-and-review): my
 * assignments, one for practice, practice counter, saving video answers, submitting; videos served
 * with Range. Each call climbs the ladder 401 → 403 staff → 404 not mine → 400 → success; a trainee
 * never reads or changes another's answer, cannot submit twice or after the due date or close, and
 * a denied write changes nothing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AnswerStatus,
  AssetType,
  AssignmentStatus,
  MediaType,
  format,
  messages,
} from '@practica/contract';
import { answerItems, answers, assignments, files } from '../../src/db/schema/index.js';
import { todayIsoDate } from '../../src/modules/assignments/service.js';
import { demoVideoDir } from '../../src/seed/answers.js';
import {
  buildAnswersScenario,
  type AnswerActor,
  type AnswersScenario,
} from '../helpers/answers.js';
import * as media from '../helpers/media-fixtures.js';

let s: AnswersScenario;
beforeAll(async () => {
  s = await buildAnswersScenario();
});
afterAll(() => s.close());

const base = () => `/api/me/assignments/${s.assignment}`;
const answerRow = async (who: AnswerActor) => {
  const [row] = await s.db
    .select()
    .from(answers)
    .where(and(eq(answers.assignmentId, s.assignment), eq(answers.userId, s.ids[who])));
  return row!;
};
const itemsOf = async (who: AnswerActor) =>
  s.db
    .select()
    .from(answerItems)
    .where(eq(answerItems.answerId, (await answerRow(who)).id));
const setAssignment = (values: Partial<typeof assignments.$inferInsert>) =>
  s.db.update(assignments).set(values).where(eq(assignments.id, s.assignment));
const dayOffset = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return todayIsoDate(d);
};

describe('GET /api/me/assignments', () => {
  it('answers 401 without a session and 403 for staff', async () => {
    expect((await s.call('GET', '/api/me/assignments')).statusCode).toBe(401);
    for (const who of ['admin', 'manager', 'instructor'] as const)
      expect((await s.call('GET', '/api/me/assignments', who)).statusCode, who).toBe(403);
  });

  it('lists my Active assignments not past the due date, with my answer; 400 for bad paging', async () => {
    expect((await s.call('GET', '/api/me/assignments?pageSize=7', 'trainee')).statusCode).toBe(400);
    const res = await s.call('GET', '/api/me/assignments', 'trainee');
    expect(res.statusCode).toBe(200);
    const { list, count } = res.json().data;
    expect(count).toBe(1);
    expect(list).toEqual([
      {
        id: s.assignment,
        name: 'Answers practice',
        description: 'Answers practice description',
        startDate: expect.any(String),
        closeDate: '2099-12-31',
        questionsCount: 3,
        answeredCount: 0,
        answer: {
          id: expect.any(Number),
          statusId: AnswerStatus.Pending,
          practiceCounter: 0,
          submittedAt: null,
          reviewedAt: null,
          score: null,
        },
        canAnswer: true,
      },
    ]);
    // Not a member: nothing; another organization's trainee: nothing.
    expect((await s.call('GET', '/api/me/assignments', 'priya')).json().data).toEqual({
      list: [],
      count: 0,
    });
    expect((await s.call('GET', '/api/me/assignments', 'nina')).json().data.count).toBe(0);
  });

  it('leaves out assignments past their due date (the due date itself included)', async () => {
    await setAssignment({ closeDate: todayIsoDate() });
    expect((await s.call('GET', '/api/me/assignments', 'trainee')).json().data.count).toBe(1);
    await setAssignment({ closeDate: dayOffset(-1) });
    expect((await s.call('GET', '/api/me/assignments', 'trainee')).json().data.count).toBe(0);
    await setAssignment({ closeDate: '2099-12-31' });
  });
});

describe('GET /api/me/assignments/:id', () => {
  it('climbs the ladder: 401, 403 staff, 404 not mine, Draft, missing or another organization, 400 bad id', async () => {
    expect((await s.call('GET', base())).statusCode).toBe(401);
    expect((await s.call('GET', base(), 'instructor')).statusCode).toBe(403);
    expect((await s.call('GET', base(), 'priya')).statusCode).toBe(404);
    expect((await s.call('GET', base(), 'nina')).statusCode).toBe(404);
    expect((await s.call('GET', `/api/me/assignments/${s.draft}`, 'trainee')).statusCode).toBe(404);
    expect((await s.call('GET', '/api/me/assignments/999999', 'trainee')).statusCode).toBe(404);
    expect((await s.call('GET', '/api/me/assignments/abc', 'trainee')).statusCode).toBe(400);
  });

  it('answers the interview for practice: questions in order with role, avatar, audio prompts; the environment', async () => {
    const res = await s.call('GET', base(), 'trainee');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: s.assignment,
      name: 'Answers practice',
      statusId: AssignmentStatus.Active,
      closeDate: '2099-12-31',
      interview: { id: s.interview.id, name: 'Answers interview' },
      roles: [
        { id: s.interview.roleIds[0], name: 'Interviewer', avatar: { id: s.avatars[0] } },
        { id: s.interview.roleIds[1], name: 'Panelist', avatar: { id: s.avatars[1] } },
      ],
      environment: {
        id: s.environment,
        name: 'Studio',
        assetTypeId: AssetType.Environment,
        image: { url: expect.stringMatching(/^\/files\//) },
      },
      answer: { statusId: AnswerStatus.Pending, practiceCounter: 0, items: [] },
      canAnswer: true,
    });
    expect(
      data.questions.map((q: { number: number; text: string; roleName: string }) => [
        q.number,
        q.text,
        q.roleName,
      ]),
    ).toEqual([
      [1, 'Tell us about yourself', 'Interviewer'],
      [2, 'Why this job', 'Panelist'],
      [3, 'Any questions', 'Interviewer'],
    ]);
    const [q1, q2] = data.questions;
    expect(q1.avatar).toMatchObject({
      id: s.avatars[0],
      image: { url: expect.stringMatching(/^\/files\//) },
    });
    expect(q1.audios).toHaveLength(2);
    // The prompt spoken by the avatar chosen for the role, not merely the first.
    expect(q1.audio).toEqual({
      id: s.promptFileId,
      url: expect.stringMatching(
        /^\/files\/test\/prompt-q1\.mp3\?expires=\d+&signature=[\w-]{43}$/,
      ),
      avatarId: s.avatars[0],
    });
    expect(q2.audio).toBeNull();
    expect(q2.avatar.id).toBe(s.avatars[1]);
  });
});

describe('POST /api/me/assignments/:id/practice', () => {
  it('climbs the ladder and counts practices; a denied call changes nothing', async () => {
    const url = `${base()}/practice`;
    expect((await s.call('POST', url)).statusCode).toBe(401);
    expect((await s.call('POST', url, 'manager')).statusCode).toBe(403);
    expect((await s.call('POST', url, 'priya')).statusCode).toBe(404);
    expect(
      (await s.call('POST', `/api/me/assignments/${s.draft}/practice`, 'trainee')).statusCode,
    ).toBe(404);
    expect((await answerRow('trainee')).practiceCounter).toBe(0);
    const first = await s.call('POST', url, 'trainee');
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(messages.practiceStarted);
    expect(first.json().data).toMatchObject({
      statusId: AnswerStatus.Pending,
      practiceCounter: 1,
      items: [],
    });
    expect((await s.call('POST', url, 'trainee')).json().data.practiceCounter).toBe(2);
    expect((await answerRow('trainee')).practiceCounter).toBe(2);
    expect((await answerRow('tessa')).practiceCounter).toBe(0);
  });
});

describe('PUT /api/me/assignments/:id/answers', () => {
  it('climbs the ladder; bad items are 400 with details; nothing is saved when denied', async () => {
    const url = `${base()}/answers`;
    const mine = await s.upload('trainee');
    const tessas = await s.upload('tessa');
    const [q1, q2] = s.interview.questionIds;
    const item = (over: Record<string, unknown> = {}) => ({
      questionId: q1,
      fileId: mine,
      duration: 10,
      ...over,
    });
    expect((await s.call('PUT', url, undefined, { items: [item()] })).statusCode).toBe(401);
    expect((await s.call('PUT', url, 'instructor', { items: [item()] })).statusCode).toBe(403);
    expect((await s.call('PUT', url, 'priya', { items: [item()] })).statusCode).toBe(404);
    expect(
      (
        await s.call('PUT', `/api/me/assignments/${s.draft}/answers`, 'trainee', {
          items: [item()],
        })
      ).statusCode,
    ).toBe(404);

    const image = await s.upload('trainee', media.png, 'still.png').catch(() => null);
    expect(image).toBeNull(); // an image is refused as a video at the upload already
    const pendingUpload = (
      await s.call('POST', '/api/files/upload', 'trainee', {
        name: 'late.mp4',
        extension: 'mp4',
        fileTypeId: MediaType.Video,
        size: 100,
      })
    ).json().data.id as number;
    const cases: [object, string][] = [
      [{ items: [] }, messages.validationFailed],
      [
        { items: [item({ questionId: s.ratings.questionIds[0] })] },
        messages.questionNotInInterview,
      ],
      [{ items: [item({ fileId: tessas })] }, messages.videoRequired],
      [{ items: [item({ fileId: pendingUpload })] }, messages.videoRequired],
      [{ items: [item({ fileId: s.promptFileId })] }, messages.videoRequired],
      [{ items: [item({ fileId: 999999 })] }, messages.videoRequired],
      [
        { items: [item(), item({ fileId: await s.upload('trainee') })] },
        messages.duplicateQuestion,
      ],
      [{ items: [item({ duration: -1 })] }, messages.durationInvalid],
      [{ items: [item({ duration: 'long' })] }, messages.durationInvalid],
      [{ items: [item({ fileId: null })] }, messages.videoRequired],
    ];
    for (const [body, message] of cases) {
      const res = await s.call('PUT', url, 'trainee', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const both = await s.call('PUT', url, 'trainee', {
      items: [
        item({ questionId: s.ratings.questionIds[0] }),
        item({ questionId: q2, fileId: tessas }),
      ],
    });
    expect(both.json().error.details).toEqual([
      { path: 'items.0.questionId', message: messages.questionNotInInterview },
      { path: 'items.1.fileId', message: messages.videoRequired },
    ]);
    expect(await itemsOf('trainee')).toEqual([]);
  });

  it('saves items, replaces the item of a question saved again and keeps the others', async () => {
    const url = `${base()}/answers`;
    const [q1, q2] = s.interview.questionIds;
    const first = await s.upload('trainee');
    const second = await s.upload('trainee');
    const res = await s.call('PUT', url, 'trainee', {
      items: [
        { questionId: q2, fileId: second, duration: 7.25, text: '  Because I like people  ' },
        { questionId: q1, fileId: first, duration: 12 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.answersSaved);
    const items = res.json().data.items;
    expect(items.map((i: { questionId: number }) => i.questionId)).toEqual([q1, q2]); // question order
    expect(items[1]).toMatchObject({
      questionId: q2,
      fileId: second,
      duration: 7.25,
      text: 'Because I like people',
      file: {
        id: second,
        url: expect.stringMatching(
          /^\/files\/\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4\?expires=\d+&signature=[\w-]{43}$/,
        ),
      },
    });
    const replacement = await s.upload('trainee');
    const again = await s.call('PUT', url, 'trainee', {
      items: [{ questionId: q1, fileId: replacement, duration: 3 }],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.items.map((i: { fileId: number }) => i.fileId)).toEqual([
      replacement,
      second,
    ]);
    expect(await itemsOf('trainee')).toHaveLength(2);
    const listed = (await s.call('GET', '/api/me/assignments', 'trainee')).json().data.list[0];
    expect(listed.answeredCount).toBe(2);
  });
});

describe('replacing an answer video (decisions.md#hardening §6)', () => {
  const fileRow = async (id: number) =>
    (await s.db.select().from(files).where(eq(files.id, id)))[0];

  it('deletes the replaced video, row and bytes, and keeps one another item still uses', async () => {
    const url = `${base()}/answers`;
    const [q1, q2, q3] = s.interview.questionIds;
    const old = await s.upload('tessa');
    const shared = await s.upload('tessa');
    const saved = await s.call('PUT', url, 'tessa', {
      items: [
        { questionId: q1, fileId: old, duration: 5 },
        { questionId: q2, fileId: shared, duration: 5 },
        { questionId: q3, fileId: shared, duration: 5 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const oldUrl = (saved.json().data.items as { fileId: number; file: { url: string } }[]).find(
      (i) => i.fileId === old,
    )!.file.url;
    const oldKey = (await fileRow(old))!.storageKey;
    const sharedKey = (await fileRow(shared))!.storageKey;
    expect((await s.app.inject({ url: oldUrl })).statusCode).toBe(200);

    const replacement = await s.upload('tessa');
    const again = await s.call('PUT', url, 'tessa', {
      items: [
        { questionId: q1, fileId: replacement, duration: 3 },
        { questionId: q2, fileId: replacement, duration: 3 },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await fileRow(old)).toBeUndefined();
    expect(await s.app.files.storage.stat(oldKey)).toBeNull();
    expect((await s.app.inject({ url: oldUrl })).statusCode).toBe(404);
    // Still the video of question 3: kept.
    expect(await fileRow(shared)).toBeDefined();
    expect(await s.app.files.storage.stat(sharedKey)).not.toBeNull();
    // Saving the same video again deletes nothing.
    const same = await s.call('PUT', url, 'tessa', {
      items: [{ questionId: q1, fileId: replacement, duration: 4 }],
    });
    expect(same.statusCode).toBe(200);
    expect(await fileRow(replacement)).toBeDefined();
  });

  it('deletes nothing when the save is refused', async () => {
    const url = `${base()}/answers`;
    const [q1] = s.interview.questionIds;
    const current = (await itemsOf('tessa')).find((i) => i.questionId === q1)!.fileId!;
    const replacement = await s.upload('tessa');
    const refused = await s.call('PUT', url, 'tessa', {
      items: [
        { questionId: q1, fileId: replacement, duration: 3 },
        { questionId: 999_999, fileId: replacement, duration: 3 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    const row = await fileRow(current);
    expect(row).toBeDefined();
    expect(await s.app.files.storage.stat(row!.storageKey)).not.toBeNull();
  });
});

describe('POST /api/me/assignments/:id/submit', () => {
  it('climbs the ladder; names the questions without a video; then Submitted once', async () => {
    const url = `${base()}/submit`;
    expect((await s.call('POST', url)).statusCode).toBe(401);
    expect((await s.call('POST', url, 'admin')).statusCode).toBe(403);
    expect((await s.call('POST', url, 'priya')).statusCode).toBe(404);
    const missing = await s.call('POST', url, 'trainee');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(format.missingAnswers([format.questionShortLabel(3)]));
    expect(missing.json().error.details).toEqual([
      { path: 'questions.2', message: format.missingAnswer(3, 'Any questions') },
    ]);
    expect((await answerRow('trainee')).statusId).toBe(AnswerStatus.Pending);

    const q3 = s.interview.questionIds[2];
    await s.call('PUT', `${base()}/answers`, 'trainee', {
      items: [{ questionId: q3, fileId: await s.upload('trainee'), duration: 4 }],
    });
    const res = await s.call('POST', url, 'trainee');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.answersSubmitted);
    expect(res.json().data).toMatchObject({
      statusId: AnswerStatus.Submitted,
      submittedAt: expect.any(String),
    });
    expect(res.json().data.items).toHaveLength(3);
    const row = await answerRow('trainee');
    expect(row.statusId).toBe(AnswerStatus.Submitted);
    expect(row.submittedAt).toBeInstanceOf(Date);

    // A second submit, and any change after submitting, is refused and changes nothing.
    const twice = await s.call('POST', url, 'trainee');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(messages.alreadySubmitted);
    expect((await s.call('POST', `${base()}/practice`, 'trainee')).json().message).toBe(
      messages.alreadySubmitted,
    );
    const save = await s.call('PUT', `${base()}/answers`, 'trainee', {
      items: [{ questionId: q3, fileId: await s.upload('trainee'), duration: 1 }],
    });
    expect(save.json().message).toBe(messages.alreadySubmitted);
    expect((await answerRow('trainee')).submittedAt).toEqual(row.submittedAt);
    expect((await answerRow('trainee')).practiceCounter).toBe(row.practiceCounter);
    const listed = (await s.call('GET', '/api/me/assignments', 'trainee')).json().data.list[0];
    expect(listed).toMatchObject({
      canAnswer: false,
      answer: { statusId: AnswerStatus.Submitted },
    });
  });

  it('accepts exactly one of two concurrent submits', async () => {
    await s.answerAll('tessa', { submit: false });
    const [a, b] = await Promise.all([
      s.call('POST', `${base()}/submit`, 'tessa'),
      s.call('POST', `${base()}/submit`, 'tessa'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((await answerRow('tessa')).statusId).toBe(AnswerStatus.Submitted);
  });

  it('refuses every write after the due date and once the assignment is Closed', async () => {
    await s.call('POST', `${base()}/practice`, 'omar');
    const before = await answerRow('omar');
    await setAssignment({ closeDate: dayOffset(-1) });
    for (const [method, url, body] of [
      ['POST', `${base()}/practice`, undefined],
      [
        'PUT',
        `${base()}/answers`,
        {
          items: [
            { questionId: s.interview.questionIds[0], fileId: await s.upload('omar'), duration: 2 },
          ],
        },
      ],
      ['POST', `${base()}/submit`, undefined],
    ] as const) {
      const res = await s.call(method, url, 'omar', body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(messages.pastDueDate);
    }
    const detail = (await s.call('GET', base(), 'omar')).json().data;
    expect(detail.canAnswer).toBe(false);

    await setAssignment({ closeDate: '2099-12-31', statusId: AssignmentStatus.Closed });
    const closed = await s.call('POST', `${base()}/submit`, 'omar');
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe(messages.assignmentClosed);
    expect((await s.call('GET', base(), 'omar')).statusCode).toBe(404);
    expect((await s.call('GET', '/api/me/assignments', 'omar')).json().data.count).toBe(0);
    await setAssignment({ statusId: AssignmentStatus.Active });

    const after = await answerRow('omar');
    expect(after.practiceCounter).toBe(before.practiceCounter);
    expect(after.statusId).toBe(AnswerStatus.Pending);
    expect(await itemsOf('omar')).toEqual([]);
  });
});

describe('trainees never reach another trainee’s answer', () => {
  it('through the staff calls: 403 on the detail, the review and another user id in the list', async () => {
    const toms = await s.answerIdOf('trainee');
    expect((await s.call('GET', `/api/assignments/answers/${toms}`, 'tessa')).statusCode).toBe(403);
    expect((await s.call('GET', `/api/assignments/answers/${toms}`, 'trainee')).statusCode).toBe(
      200,
    );
    expect(
      (
        await s.call('POST', `/api/assignments/interviews/answers/review/${toms}`, 'tessa', {
          answers: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await s.call('GET', `/api/assignments/answers?userId=${s.ids.trainee}`, 'tessa')).statusCode,
    ).toBe(403);
    const own = (await s.call('GET', '/api/assignments/answers', 'tessa')).json().data;
    expect(own.list.map((r: { userId: number }) => r.userId)).toEqual([s.ids.tessa]);
    expect((await s.call('GET', `/api/assignments/answers/${toms}`, 'nina')).statusCode).toBe(404);
  });
  it('through the mobile calls: a trainee of another organization or not on the assignment gets 404 on every write; nothing changes', async () => {
    const before = await answerRow('omar');
    const itemsBefore = await itemsOf('omar');
    for (const who of ['nina', 'priya'] as const) {
      const fileId = await s.upload(who);
      for (const [method, url, body] of [
        ['GET', base(), undefined],
        ['POST', `${base()}/practice`, undefined],
        [
          'PUT',
          `${base()}/answers`,
          { items: [{ questionId: s.interview.questionIds[0], fileId, duration: 2 }] },
        ],
        ['POST', `${base()}/submit`, undefined],
      ] as const) {
        const res = await s.call(method, url, who, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(404);
      }
    }
    const after = await answerRow('omar');
    expect(after.practiceCounter).toBe(before.practiceCounter);
    expect(after.statusId).toBe(before.statusId);
    expect(await itemsOf('omar')).toEqual(itemsBefore);
  });
});

describe('answer videos are served with Range', () => {
  it('answers 206 with exactly the requested bytes of an uploaded answer video', async () => {
    const bytes = await readFile(path.join(demoVideoDir, 'answer-q1.mp4'));
    const fileId = await s.upload('omar', bytes, 'answer-q1.mp4');
    await s.call('PUT', `${base()}/answers`, 'omar', {
      items: [{ questionId: s.interview.questionIds[0], fileId, duration: 8.9 }],
    });
    const url = (await s.call('GET', base(), 'omar')).json().data.answer.items[0].file
      .url as string;
    const whole = await s.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const start = 1000;
    const end = 5999;
    const part = await s.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${start}-${end}` },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(part.headers['content-length']).toBe(String(end - start + 1));
    expect(part.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    const tail = await s.app.inject({ method: 'GET', url, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);
    const beyond = await s.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('serves a webm answer as video/webm with Range', async () => {
    const bytes = media.padTo(media.webm, 4096);
    const fileId = await s.upload('omar', bytes, 'answer.webm');
    await s.call('PUT', `${base()}/answers`, 'omar', {
      items: [{ questionId: s.interview.questionIds[1], fileId, duration: 3 }],
    });
    const items = (await s.call('GET', base(), 'omar')).json().data.answer.items as {
      fileId: number;
      file: { url: string };
    }[];
    const url = items.find((i) => i.fileId === fileId)!.file.url;
    expect(url).toMatch(/\.webm\?expires=\d+&signature=[\w-]{43}$/);
    const part = await s.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/webm');
    expect(part.rawPayload.equals(bytes.subarray(0, 4))).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents the mobile calls under the mobile tag', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [p, method] of [
      ['/api/me/assignments', 'get'],
      ['/api/me/assignments/{id}', 'get'],
      ['/api/me/assignments/{id}/practice', 'post'],
      ['/api/me/assignments/{id}/answers', 'put'],
      ['/api/me/assignments/{id}/submit', 'post'],
    ] as const) {
      expect(doc.paths[p]?.[method]?.tags, p).toEqual(['mobile']);
    }
  });
});
