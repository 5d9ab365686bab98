/**
 * GET /assignments/{id}/audit (decisions.md#review-loop §5): the assignment's audit log, newest first, with an
 * action filter and pages, for Managers and Admins (instructor and trainee 403, another
 * organization 404), and the events the changes record in their transactions: publishing and
 * closing an assignment ('assignment.status'), a trainee's submission ('answer.status'), and a
 * review ('review.submitted', recorded by the review call). No call writes the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AnswerStatus,
  AssignmentStatus,
  messages,
  type AuditEvent,
  type AuditList,
} from '@practica/contract';
import { auditEvents } from '../../src/db/schema/index.js';
import { sqlCountHeader } from '../../src/db/statement-counter.js';
import { recordAudit } from '../../src/modules/audit/index.js';
import { buildAnswersScenario, validReview, type AnswersScenario } from '../helpers/answers.js';

let s: AnswersScenario;
const answerId = { tessa: 0, trainee: 0 };
const auditUrl = (id: number, query = '') => `/api/assignments/${id}/audit${query}`;
const statusUrl = (id: number, statusId: number) =>
  `/api/assignments/${id}/status?statusId=${statusId}`;

beforeAll(async () => {
  process.env['BENCH_SQL_COUNT'] = '1';
  s = await buildAnswersScenario();
  delete process.env['BENCH_SQL_COUNT'];
  // Tessa then Tom submit on the Active assignment; the manager closes it; the instructor
  // publishes the Draft one.
  answerId.tessa = await s.answerAll('tessa');
  answerId.trainee = await s.answerAll('trainee');
  const closed = await s.call('PUT', statusUrl(s.assignment, AssignmentStatus.Closed), 'manager');
  expect(closed.statusCode).toBe(200);
  const published = await s.call('PUT', statusUrl(s.draft, AssignmentStatus.Active), 'instructor');
  expect(published.statusCode, published.body).toBe(200);
});
afterAll(() => s.close());

const log = async (id: number, query = '', who: 'manager' | 'admin' = 'manager') => {
  const res = await s.call('GET', auditUrl(id, query), who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AuditList;
};

describe('GET /api/assignments/:id/audit', () => {
  it('answers 401, 403 an instructor or a trainee, 404 another organization or a missing assignment, 400 a bad filter or page', async () => {
    expect((await s.call('GET', auditUrl(s.assignment))).statusCode).toBe(401);
    expect((await s.call('GET', auditUrl(s.assignment), 'instructor')).statusCode).toBe(403);
    expect((await s.call('GET', auditUrl(s.assignment), 'tessa')).statusCode).toBe(403);
    expect((await s.call('GET', auditUrl(s.assignment), 'manager2')).statusCode).toBe(404);
    expect((await s.call('GET', auditUrl(999999), 'admin')).statusCode).toBe(404);
    const bad = await s.call('GET', auditUrl(s.assignment, '?action=user.deleted'), 'manager');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain(messages.auditActionInvalid);
    for (const query of ['?page=0', '?pageSize=30', '?pageSize=abc'])
      expect((await s.call('GET', auditUrl(s.assignment, query), 'manager')).statusCode).toBe(400);
  });

  it('records the submissions and the close, newest first, with who, the trainee and before/after', async () => {
    const { list, count } = await log(s.assignment);
    // The scenario published the assignment before the trainees answered.
    expect(count).toBe(4);
    expect(list.map((e) => e.action)).toEqual([
      'assignment.status',
      'answer.status',
      'answer.status',
      'assignment.status',
    ]);
    const [close, tom, tessa, publish] = list as [AuditEvent, AuditEvent, AuditEvent, AuditEvent];
    expect(close).toMatchObject({
      actor: { id: s.ids.manager, firstName: 'Maya', lastName: 'Manning' },
      actorName: 'Maya Manning',
      answerId: null,
      trainee: null,
      before: { statusId: AssignmentStatus.Active },
      after: { statusId: AssignmentStatus.Closed },
    });
    expect(tom).toMatchObject({
      actor: { id: s.ids.trainee },
      actorName: 'Tom Trainee',
      answerId: answerId.trainee,
      trainee: { id: s.ids.trainee, firstName: 'Tom', lastName: 'Trainee' },
      before: { statusId: AnswerStatus.Pending },
      after: { statusId: AnswerStatus.Submitted },
    });
    expect(tessa).toMatchObject({ answerId: answerId.tessa, trainee: { id: s.ids.tessa } });
    expect(publish).toMatchObject({
      before: { statusId: AssignmentStatus.Draft },
      after: { statusId: AssignmentStatus.Active },
    });
    expect(new Date(close.createdAt) >= new Date(tessa.createdAt)).toBe(true);
    // The admin reads it too; the Draft assignment's publish is in its own log only.
    expect((await log(s.assignment, '', 'admin')).count).toBe(4);
    const draft = await log(s.draft);
    expect(draft.list).toEqual([
      expect.objectContaining({
        action: 'assignment.status',
        actorName: 'Ian Instructor',
        before: { statusId: AssignmentStatus.Draft },
        after: { statusId: AssignmentStatus.Active },
      }),
    ]);
  });

  it('records nothing for a refused or a same-status change', async () => {
    // Closed → Draft is not allowed, nor an instructor's reopen (decisions.md#console-flows §3: the Manager's or an
    // Admin's); Closed → Closed is a no-op.
    expect(
      (await s.call('PUT', statusUrl(s.assignment, AssignmentStatus.Draft), 'manager')).statusCode,
    ).toBe(400);
    expect(
      (await s.call('PUT', statusUrl(s.assignment, AssignmentStatus.Active), 'instructor'))
        .statusCode,
    ).toBe(403);
    expect(
      (await s.call('PUT', statusUrl(s.assignment, AssignmentStatus.Closed), 'manager')).statusCode,
    ).toBe(200);
    expect((await log(s.assignment)).count).toBe(4);
  });

  it('filters by action and pages 25 / 50 / 100 a page, newest first', async () => {
    const answers = await log(s.assignment, '?action=answer.status');
    expect(answers.count).toBe(2);
    expect(answers.list.map((e) => e.answerId)).toEqual([answerId.trainee, answerId.tessa]);
    expect((await log(s.assignment, '?action=claim.takenOver')).list).toEqual([]);
    // 30 more events on the Draft assignment's log: 31 in all.
    await recordAudit(
      s.db,
      Array.from({ length: 30 }, (_, i) => ({
        organizationId: s.org.demo,
        assignmentId: s.draft,
        actorId: s.ids.manager,
        action: 'answer.status' as const,
        before: { n: i },
      })),
    );
    const first = await log(s.draft);
    expect(first.count).toBe(31);
    expect(first.list).toHaveLength(25);
    expect(first.list[0]!.before).toEqual({ n: 29 });
    const second = await log(s.draft, '?page=2&pageSize=25');
    expect(second.list).toHaveLength(6);
    expect(second.list.at(-1)!.action).toBe('assignment.status');
    expect((await log(s.draft, '?pageSize=50')).list).toHaveLength(31);
    expect(await log(s.draft, '?page=3')).toEqual({ list: [], count: 31 });
    const filtered = await log(s.draft, '?action=assignment.status&pageSize=100');
    expect(filtered.count).toBe(1);
  });

  it('shows an erased actor as Deleted user', async () => {
    const [row] = await s.db
      .insert(auditEvents)
      .values({
        organizationId: s.org.demo,
        assignmentId: s.assignment,
        actorId: null,
        action: 'assignment.status',
        before: { statusId: 3 },
        after: { statusId: 5 },
      })
      .returning({ id: auditEvents.id });
    const { list } = await log(s.assignment);
    expect(list[0]).toMatchObject({ id: row!.id, actor: null, actorName: messages.deletedUser });
    await s.db.delete(auditEvents).where(eq(auditEvents.id, row!.id));
  });

  it('has no call that writes, changes or deletes the log', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await s.call(method, auditUrl(s.assignment), 'admin', {});
      expect([404, 405], method).toContain(res.statusCode);
    }
    expect((await log(s.assignment)).count).toBe(4);
  });

  it('records a review (the review call: review.submitted with its score, and the answer Submitted → Reviewed)', async () => {
    // A Submitted answer still takes its first review once the assignment is Closed.
    const res = await s.call(
      'POST',
      `/api/assignments/interviews/answers/review/${answerId.tessa}`,
      'instructor',
      validReview(s),
    );
    expect(res.statusCode, res.body).toBe(200);
    const reviewsLog = await log(s.assignment, '?action=review.submitted');
    expect(reviewsLog.list).toEqual([
      expect.objectContaining({
        actorName: 'Ian Instructor',
        answerId: answerId.tessa,
        trainee: expect.objectContaining({ id: s.ids.tessa }),
        after: expect.objectContaining({ score: 4.5, version: 1 }),
      }),
    ]);
    const [latest] = (await log(s.assignment, '?action=answer.status')).list;
    expect(latest).toMatchObject({
      answerId: answerId.tessa,
      before: { statusId: AnswerStatus.Submitted },
      after: { statusId: AnswerStatus.Reviewed },
    });
  });

  it('reads a page in three statements besides the session check', async () => {
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${auditUrl(s.assignment)}`, {
      headers: { authorization: `Bearer ${s.tokens.manager}` },
    });
    expect(res.status).toBe(200);
    // The session, the assignment, the page and the count.
    expect(Number(res.headers.get(sqlCountHeader))).toBeLessThanOrEqual(4);
  });
});
