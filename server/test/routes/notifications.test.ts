/**
 * Notification mails (decisions.md#console-flows §16), read in the dev mailbox: a trainee added to an Active
 * assignment (or on one that is published), the due-date reminder, the reviewers' daily digest,
 * content sent for approval, returned (with the reason) or approved — each with its deep link,
 * each honouring the user's opt-out, the scheduled ones written once even when two scheduler
 * rounds run together. And the settings calls: GET|PUT /users/me/notifications (staff) and
 * /me/notifications (trainees), climbing 401 → 403 → 400 → success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AnswerStatus,
  AssignmentStatus,
  ContentStatus,
  messages,
  type NotificationSettings,
} from '@practica/contract';
import { answers, assignments, contents, notificationsSent } from '../../src/db/schema/index.js';
import { buildAnswersScenario, type AnswersScenario } from '../helpers/answers.js';
import { createContent } from '../helpers/factories.js';

const publicUrl = 'https://practica.example';
let s: AnswersScenario;

interface MailboxEntry {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
}

/** The mails of `kind` to `who`@demo.test in the dev mailbox, oldest first. */
async function mailbox(who: string, kind: string): Promise<MailboxEntry[]> {
  const res = await s.app.inject({
    url: `/dev/mailbox.json?to=${encodeURIComponent(`${who}@demo.test`)}&limit=500`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = (res.json() as { data: { list: MailboxEntry[] } }).data.list;
  return list.filter((m) => m.kind === kind).reverse();
}

type Who = Parameters<AnswersScenario['call']>[2];

/** PUT my settings (`staff`: /users/me, else /me) and expect 200; answers the settings. */
async function turn(who: Who, kind: string, enabled: boolean, staff = true) {
  const res = await s.call('PUT', `/api/${staff ? 'users/me' : 'me'}/notifications`, who, {
    settings: [{ kind, enabled }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: NotificationSettings }).data;
}

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  s = await buildAnswersScenario({ PUBLIC_URL: publicUrl, NOTIFY_DIGEST_HOUR: '6' });
});
afterAll(() => s.close());

describe('settings', () => {
  it('refuses calls without a session (401)', async () => {
    for (const url of ['/api/users/me/notifications', '/api/me/notifications']) {
      expect((await s.app.inject({ url })).statusCode).toBe(401);
      const put = await s.app.inject({ method: 'PUT', url, payload: { settings: [] } });
      expect(put.statusCode).toBe(401);
    }
  });

  it('serves staff on /users/me and trainees on /me (the other: 403, before the body)', async () => {
    expect((await s.call('GET', '/api/users/me/notifications', 'trainee')).statusCode).toBe(403);
    expect((await s.call('GET', '/api/me/notifications', 'manager')).statusCode).toBe(403);
    // Who calls is checked before the body: a bad body from the wrong audience is still a 403.
    const wrong = await s.call('PUT', '/api/me/notifications', 'instructor', { settings: 'x' });
    expect(wrong.statusCode).toBe(403);
    const unchanged = await s.call('GET', '/api/users/me/notifications', 'instructor');
    expect(unchanged.json().data.settings.every((x: { enabled: boolean }) => x.enabled)).toBe(true);
  });

  it('lists the kinds of each role, all on until turned off', async () => {
    const get = async (who: Who, staff: boolean) =>
      (await s.call('GET', `/api/${staff ? 'users/me' : 'me'}/notifications`, who)).json().data;
    expect(await get('trainee', false)).toEqual({
      settings: [
        { kind: 'assignment-added', enabled: true },
        { kind: 'due-reminder', enabled: true },
        { kind: 'review-ready', enabled: true },
      ],
    });
    expect((await get('manager', true)).settings.map((x: { kind: string }) => x.kind)).toEqual([
      'review-digest',
      'content-review',
      'content-decision',
    ]);
    expect((await get('instructor', true)).settings.map((x: { kind: string }) => x.kind)).toEqual([
      'review-digest',
      'content-decision',
    ]);
    expect((await get('admin', true)).settings.map((x: { kind: string }) => x.kind)).toEqual([
      'content-review',
      'content-decision',
    ]);
  });

  it('refuses unknown kinds and kinds of another role (400, nothing saved)', async () => {
    const unknown = await s.call('PUT', '/api/me/notifications', 'trainee', {
      settings: [{ kind: 'newsletter', enabled: false }],
    });
    expect(unknown.statusCode).toBe(400);
    const notMine = await s.call('PUT', '/api/me/notifications', 'trainee', {
      settings: [
        { kind: 'due-reminder', enabled: false },
        { kind: 'review-digest', enabled: false },
      ],
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().error.message).toBe(messages.notificationKindInvalid);
    const after = (await s.call('GET', '/api/me/notifications', 'trainee')).json().data;
    expect(after.settings.every((x: { enabled: boolean }) => x.enabled)).toBe(true);
  });

  it('saves a change, keeps the other kinds, and turns a kind back on', async () => {
    const off = await turn('manager', 'content-review', false);
    expect(off.settings).toEqual([
      { kind: 'review-digest', enabled: true },
      { kind: 'content-review', enabled: false },
      { kind: 'content-decision', enabled: true },
    ]);
    // Saved: read again, and idempotent.
    expect((await turn('manager', 'content-review', false)).settings).toEqual(off.settings);
    const read = await s.call('GET', '/api/users/me/notifications', 'manager');
    expect(read.json().data).toEqual(off);
    const on = await turn('manager', 'content-review', true);
    expect(on.settings.every((x) => x.enabled)).toBe(true);
  });
});

describe('assignment-added', () => {
  it('tells each trainee once when the assignment is published, with the practice link', async () => {
    for (const who of ['trainee', 'tessa', 'omar']) {
      const mails = await mailbox(who, 'assignment-added');
      expect(mails, who).toHaveLength(1);
      expect(mails[0]!.subject).toBe('New assignment: Answers practice');
      expect(mails[0]!.links).toContain(`${publicUrl}/practice/assignments/${s.assignment}`);
      expect(mails[0]!.links).toContain(`${publicUrl}/practice/settings`);
      expect(mails[0]!.text).toContain('12.31.2099');
      expect(mails[0]!.html).toContain('Start practising');
      expect(mails[0]!.html).toContain(`<a href="${publicUrl}/practice/settings">`);
    }
    // The instructor on it is not a trainee; the Draft assignment Tom is on sent nothing.
    expect(await mailbox('instructor', 'assignment-added')).toHaveLength(0);
    expect((await mailbox('trainee', 'assignment-added')).map((m) => m.links[0])).not.toContain(
      `${publicUrl}/practice/assignments/${s.draft}`,
    );
  });

  it('tells a trainee added to an Active assignment, once', async () => {
    const add = await s.call('PUT', `/api/assignments/${s.assignment}/add`, 'manager', {
      ids: [s.ids.priya, s.ids.trainee],
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(await mailbox('priya', 'assignment-added')).toHaveLength(1);
    // Tom was on it already: no second mail; adding Priya again sends none either.
    expect(await mailbox('trainee', 'assignment-added')).toHaveLength(1);
    await s.call('PUT', `/api/assignments/${s.assignment}/add`, 'manager', { ids: [s.ids.priya] });
    expect(await mailbox('priya', 'assignment-added')).toHaveLength(1);
  });

  it('says nothing while the assignment is a Draft, tells its trainees when it is published, unless turned off', async () => {
    await turn('omar', 'assignment-added', false, false);
    const add = await s.call('PUT', `/api/assignments/${s.draft}/add`, 'manager', {
      ids: [s.ids.tessa, s.ids.omar],
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(await mailbox('trainee', 'assignment-added')).toHaveLength(1);
    expect(await mailbox('tessa', 'assignment-added')).toHaveLength(1);
    const publish = await s.call(
      'PUT',
      `/api/assignments/${s.draft}/status?statusId=${AssignmentStatus.Active}`,
      'manager',
    );
    expect(publish.statusCode, publish.body).toBe(200);
    for (const who of ['trainee', 'tessa']) {
      const mails = await mailbox(who, 'assignment-added');
      expect(mails, who).toHaveLength(2);
      expect(mails[1]!.subject).toBe('New assignment: Answers draft');
      expect(mails[1]!.links).toContain(`${publicUrl}/practice/assignments/${s.draft}`);
    }
    expect(await mailbox('omar', 'assignment-added')).toHaveLength(1);
  });
});

describe('due-reminder', () => {
  beforeAll(async () => {
    // Both assignments due on 01.12.2030; Tessa has submitted hers.
    await s.db.update(assignments).set({ closeDate: '2030-01-12' });
    await s.db
      .update(answers)
      .set({ statusId: AnswerStatus.Submitted, submittedAt: at('2030-01-08T10:00:00Z') })
      .where(eq(answers.userId, s.ids.tessa));
    await turn('omar', 'due-reminder', false, false);
  });

  it('waits until two days before the due date', async () => {
    await s.app.notifications.runDue(at('2030-01-09T12:00:00Z'));
    expect(await mailbox('trainee', 'due-reminder')).toHaveLength(0);
  });

  it('reminds each Pending trainee once, even when two rounds run together', async () => {
    const now = at('2030-01-10T12:00:00Z');
    const [a, b] = await Promise.all([
      s.app.notifications.runDue(now),
      s.app.notifications.runDue(now),
    ]);
    // Tom on both assignments, Priya on the first.
    expect(a.reminders + b.reminders).toBe(3);
    const tom = await mailbox('trainee', 'due-reminder');
    expect(tom).toHaveLength(2);
    expect(tom[0]!.subject).toMatch(/is due 01\.12\.2030$/);
    expect(tom.flatMap((m) => m.links)).toEqual(
      expect.arrayContaining([
        `${publicUrl}/practice/assignments/${s.assignment}`,
        `${publicUrl}/practice/assignments/${s.draft}`,
      ]),
    );
    expect(await mailbox('priya', 'due-reminder')).toHaveLength(1);
    // Submitted (Tessa) or turned off (Omar): no reminder.
    expect(await mailbox('tessa', 'due-reminder')).toHaveLength(0);
    expect(await mailbox('omar', 'due-reminder')).toHaveLength(0);
    // Later rounds send nothing again.
    await s.app.notifications.runDue(at('2030-01-11T12:00:00Z'));
    expect(await mailbox('trainee', 'due-reminder')).toHaveLength(2);
    const sent = await s.db
      .select()
      .from(notificationsSent)
      .where(eq(notificationsSent.kind, 'due-reminder'));
    expect(sent).toHaveLength(3);
  });
});

describe('review-digest', () => {
  beforeAll(async () => {
    await turn('instructor2', 'review-digest', false);
    // Tessa submitted on 01.08 (above); Priya and Omar on 01.20 at 05:00 and 05:10.
    for (const [who, time] of [
      ['priya', '2030-01-20T05:00:00Z'],
      ['omar', '2030-01-20T05:10:00Z'],
    ] as const) {
      await s.db
        .update(answers)
        .set({ statusId: AnswerStatus.Submitted, submittedAt: at(time) })
        .where(eq(answers.id, await s.answerIdOf(who)));
    }
  });

  it('waits for the digest hour', async () => {
    const round = await s.app.notifications.runDue(at('2030-01-20T05:30:00Z'));
    expect(round.digests).toBe(0);
    expect(await mailbox('manager', 'review-digest')).toHaveLength(0);
  });

  it('sends each reviewer one digest a day of the answers submitted since, with the inbox link', async () => {
    const now = at('2030-01-20T08:00:00Z');
    await Promise.all([s.app.notifications.runDue(now), s.app.notifications.runDue(now)]);
    for (const who of ['manager', 'instructor']) {
      const mails = await mailbox(who, 'review-digest');
      expect(mails, who).toHaveLength(1);
      expect(mails[0]!.subject).toBe('2 new answers to review');
      expect(mails[0]!.text).toContain('Priya');
      expect(mails[0]!.text).toContain('Omar');
      // Tessa's was submitted 12 days before: not new for a first digest (24 hours).
      expect(mails[0]!.text).not.toContain('Tessa');
      expect(mails[0]!.links).toContain(`${publicUrl}/dbl/reviews`);
      expect(mails[0]!.links).toContain(`${publicUrl}/dbl/settings`);
    }
    // Turned off; another organization's manager has nothing to review.
    expect(await mailbox('instructor2', 'review-digest')).toHaveLength(0);
    expect(await mailbox('manager2', 'review-digest')).toHaveLength(0);
    // The same day again: nothing.
    await s.app.notifications.runDue(at('2030-01-20T20:00:00Z'));
    expect(await mailbox('manager', 'review-digest')).toHaveLength(1);
  });

  it('sends the next digest only with answers submitted since the last one, still waiting', async () => {
    // Nothing new the next day.
    await s.app.notifications.runDue(at('2030-01-21T08:00:00Z'));
    expect(await mailbox('manager', 'review-digest')).toHaveLength(1);
    // Tom submits on both, one is reviewed at once: only the other is in the next digest.
    await s.db
      .update(answers)
      .set({ statusId: AnswerStatus.Submitted, submittedAt: at('2030-01-21T10:00:00Z') })
      .where(eq(answers.id, await s.answerIdOf('trainee', s.draft)));
    await s.db
      .update(answers)
      .set({ statusId: AnswerStatus.Reviewed, submittedAt: at('2030-01-21T10:05:00Z') })
      .where(eq(answers.id, await s.answerIdOf('trainee')));
    await s.app.notifications.runDue(at('2030-01-22T07:00:00Z'));
    const mails = await mailbox('manager', 'review-digest');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('1 new answer to review');
    expect(mails[1]!.text).toContain(': Answers draft');
    expect(mails[1]!.text).not.toContain('Answers practice');
  });
});

describe('content mails', () => {
  let contentId = 0;
  const setStatus = (who: Who, statusId: number, body?: object) =>
    s.call('PUT', `/api/contents/${contentId}/status?statusId=${statusId}`, who, body);

  beforeAll(async () => {
    const created = await createContent(s.db, {
      name: 'Sales pitch',
      statusId: ContentStatus.Draft,
      organizationId: s.org.demo,
      roles: ['Buyer'],
      questions: [{ text: 'Why buy?', role: 0 }],
    });
    contentId = created.id;
    await s.db
      .update(contents)
      .set({ createdById: s.ids.instructor })
      .where(eq(contents.id, contentId));
  });

  it('tells the managers of the organization when content is sent for approval', async () => {
    const res = await setStatus('instructor', ContentStatus.Review);
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailbox('manager', 'content-review');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Interview awaiting approval: Sales pitch');
    expect(mails[0]!.links).toContain(`${publicUrl}/dbl/interviews/${contentId}/edit`);
    // Not the other organization's manager, nor the admin (organization content), nor the author.
    expect(await mailbox('manager2', 'content-review')).toHaveLength(0);
    expect(await mailbox('admin', 'content-review')).toHaveLength(0);
    expect(await mailbox('instructor', 'content-review')).toHaveLength(0);
  });

  it('tells the creator when it is returned to Draft, with the reason', async () => {
    const res = await setStatus('manager', ContentStatus.Draft, {
      reason: 'Add a closing question.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailbox('instructor', 'content-decision');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Returned to Draft: Sales pitch');
    expect(mails[0]!.text).toContain('Reason: Add a closing question.');
    expect(mails[0]!.links).toContain(`${publicUrl}/dbl/interviews/${contentId}/edit`);
  });

  it('tells the creator when it is approved, unless turned off', async () => {
    await turn('manager', 'content-review', false);
    expect((await setStatus('instructor', ContentStatus.Review)).statusCode).toBe(200);
    // The manager turned approval requests off: still one.
    expect(await mailbox('manager', 'content-review')).toHaveLength(1);
    expect((await setStatus('manager', ContentStatus.Active)).statusCode).toBe(200);
    const mails = await mailbox('instructor', 'content-decision');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Approved: Sales pitch');
    expect(mails[1]!.text).not.toContain('Reason:');

    await turn('instructor', 'content-decision', false);
    expect((await setStatus('instructor', ContentStatus.Draft)).statusCode).toBe(200);
    expect((await setStatus('instructor', ContentStatus.Review)).statusCode).toBe(200);
    expect((await setStatus('manager', ContentStatus.Active)).statusCode).toBe(200);
    expect(await mailbox('instructor', 'content-decision')).toHaveLength(2);
  });
});
