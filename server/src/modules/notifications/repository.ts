/**
 * The statements of notification mails (decisions.md#console-flows §16). Set-based: each reads every recipient of
 * a change or of a scheduler round in one statement, and writes the composed mails in one more
 * (`sendOnce` or `sendEach`), never one statement per row. Tables are named by their Drizzle objects,
 * so a rename fails the type check; the outbox rows are the mail module's (`outboxInsertSelect`). Opt-outs (`notification_opt_outs`) are
 * honoured in both: a recipient who turned the kind off is not read, and not written should the
 * opt-out land in between.
 */
import { sql, type SQL } from 'drizzle-orm';
import { AnswerStatus, AssignmentStatus, Role } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { outboxInsertSelect, type OutgoingMail } from '../mail/index.js';
import { executeRows } from '../../db/sql-helpers.js';
import {
  answers,
  assignments,
  contents,
  notificationOptOuts,
  notificationsSent,
  users,
} from '../../db/schema/index.js';

type Conn = Db | Tx;

/** JSON text for a `jsonb` parameter. */
const json = (value: unknown) => JSON.stringify(value);

/** SQL: the user `userId` did not turn `kind` off. */
function notOptedOut(userId: SQL, kind: string | SQL): SQL {
  return sql`not exists (select 1 from ${notificationOptOuts} o where o.user_id = ${userId} and o.kind = ${kind})`;
}

/** SQL: no `kind` mail was sent to `userId` for `subjectKey` yet. */
function notSent(kind: string, userId: SQL, subjectKey: SQL): SQL {
  return sql`not exists (select 1 from ${notificationsSent} s where s.kind = ${kind} and s.user_id = ${userId} and s.subject_key = ${subjectKey})`;
}

// ---------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------

/** The kinds `userId` turned off. One statement. */
export async function optOutsOf(db: Conn, userId: number): Promise<string[]> {
  const rows = await executeRows<{ kind: string }>(
    db,
    sql`select kind from ${notificationOptOuts} where user_id = ${userId} order by kind`,
  );
  return rows.map((r) => r.kind);
}

/**
 * Turns `on` kinds back on (their opt-outs deleted) and `off` kinds off (opt-outs inserted, kept
 * when present) for `userId`. One statement (a data-modifying CTE).
 */
export async function saveOptOuts(
  db: Conn,
  userId: number,
  { on, off }: { on: readonly string[]; off: readonly string[] },
): Promise<void> {
  await db.execute(sql`
    with turned_on as (
      delete from ${notificationOptOuts}
      where user_id = ${userId}
        and kind in (select value from jsonb_array_elements_text(${json(on)}::jsonb))
    )
    insert into ${notificationOptOuts} (user_id, kind)
    select ${userId}, value from jsonb_array_elements_text(${json(off)}::jsonb)
    on conflict do nothing
  `);
}

// ---------------------------------------------------------------------------
// Writing mails
// ---------------------------------------------------------------------------

/** A mail for a recipient, with what makes it once-only. */
export interface NotificationMail {
  /** The notification kind (also the outbox row's kind). */
  kind: string;
  userId: number;
  /** What the mail is about, unique per kind and user: 'assignment:42', '2026-11-26' … */
  subjectKey: string;
  mail: OutgoingMail;
}

function inputRows(mails: readonly NotificationMail[]) {
  return mails.map((m) => ({
    kind: m.kind,
    user_id: m.userId,
    subject_key: m.subjectKey,
    to_address: m.mail.to,
    subject: m.mail.subject,
    text_body: m.mail.text,
    html_body: m.mail.html ?? null,
  }));
}

const inputColumns = sql.raw(
  'x(kind text, user_id integer, subject_key text, to_address text, subject text, text_body text, html_body text)',
);

/**
 * Writes each mail once per (kind, user, subject): one statement that inserts the rows of
 * `notifications_sent` (ON CONFLICT DO NOTHING, opted-out users skipped) and, as its main insert,
 * the outbox rows of exactly the sent rows it inserted. Two server copies writing the same mail
 * at once: the second waits on the first's key and inserts nothing. Answers how many mails were
 * written. `now` is the sent time.
 */
export async function sendOnce(
  db: Conn,
  mails: readonly NotificationMail[],
  now: Date,
): Promise<number> {
  if (mails.length === 0) return 0;
  const rows = await executeRows<{ id: number }>(
    db,
    sql`
      with input as (
        select * from jsonb_to_recordset(${json(inputRows(mails))}::jsonb) as ${inputColumns}
      ),
      sent as (
        insert into ${notificationsSent} (kind, user_id, subject_key, sent_at)
        select i.kind, i.user_id, i.subject_key, ${now.toISOString()}::timestamptz from input i
        where ${notOptedOut(sql`i.user_id`, sql`i.kind`)}
        on conflict do nothing
        returning kind, user_id, subject_key
      )
      ${outboxInsertSelect(sql`
        select i.kind, i.to_address, i.subject, i.text_body, i.html_body
        from input i
        join sent s on s.kind = i.kind and s.user_id = i.user_id and s.subject_key = i.subject_key
      `)}
    `,
  );
  return rows.length;
}

/**
 * Writes each mail (no once-only key: every change is news), skipping users who turned the kind
 * off. One statement. Answers how many mails were written.
 */
export async function sendEach(db: Conn, mails: readonly NotificationMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const rows = await executeRows<{ id: number }>(
    db,
    outboxInsertSelect(sql`
      select x.kind, x.to_address, x.subject, x.text_body, x.html_body
      from jsonb_to_recordset(${json(inputRows(mails))}::jsonb) as ${inputColumns}
      where ${notOptedOut(sql`x.user_id`, sql`x.kind`)}
    `),
  );
  return rows.length;
}

// ---------------------------------------------------------------------------
// Recipients
// ---------------------------------------------------------------------------

/** A trainee on an assignment, as its mails need them. */
export interface TraineeOnAssignment {
  userId: number;
  email: string;
  firstName: string;
  assignmentId: number;
  assignmentName: string;
  /** YYYY-MM-DD or null. */
  closeDate: string | null;
}

const traineeColumns = sql`u.id as "userId", u.email, u.first_name as "firstName",
  a.id as "assignmentId", a.name as "assignmentName", a.close_date::text as "closeDate"`;

/** SQL: the trainee `u` may receive mail (active, not soft-deleted). */
const reachable = (alias: string) => sql.raw(`${alias}.active and ${alias}.deleted_at is null`);

/**
 * The trainees of the Active assignments `assignmentIds` (only `userIds` when given) who have an
 * answer there, have not been told about it yet ('assignment-added', subject 'assignment:{id}')
 * and did not turn that kind off. One statement.
 */
export async function traineesToTellAdded(
  db: Conn,
  assignmentIds: readonly number[],
  userIds: readonly number[] | undefined,
): Promise<TraineeOnAssignment[]> {
  if (assignmentIds.length === 0 || userIds?.length === 0) return [];
  return executeRows<TraineeOnAssignment>(
    db,
    sql`
      select ${traineeColumns}
      from ${answers} an
      join ${assignments} a on a.id = an.assignment_id
      join ${users} u on u.id = an.user_id
      where an.assignment_id in (select value::int from jsonb_array_elements_text(${json(assignmentIds)}::jsonb))
        ${userIds ? sql`and an.user_id in (select value::int from jsonb_array_elements_text(${json(userIds)}::jsonb))` : sql``}
        and a.status_id = ${AssignmentStatus.Active}
        and ${reachable('u')}
        and ${notOptedOut(sql`u.id`, 'assignment-added')}
        and ${notSent('assignment-added', sql`u.id`, sql`'assignment:' || a.id`)}
      order by a.id, u.id
    `,
  );
}

/**
 * At most `limit` trainees whose answer is still Pending on an Active assignment due between
 * `today` and `today + days` (dates, YYYY-MM-DD) who have not been reminded of it
 * ('due-reminder', subject 'assignment:{id}') and did not turn reminders off. One statement.
 */
export async function traineesToRemind(
  db: Conn,
  { today, days, limit }: { today: string; days: number; limit: number },
): Promise<TraineeOnAssignment[]> {
  return executeRows<TraineeOnAssignment>(
    db,
    sql`
      select ${traineeColumns}
      from ${assignments} a
      join ${answers} an on an.assignment_id = a.id and an.status_id = ${AnswerStatus.Pending}
      join ${users} u on u.id = an.user_id
      where a.status_id = ${AssignmentStatus.Active}
        and a.close_date between ${today}::date and ${today}::date + ${days}::int
        and u.role_id = ${Role.Trainee}
        and ${reachable('u')}
        and ${notOptedOut(sql`u.id`, 'due-reminder')}
        and ${notSent('due-reminder', sql`u.id`, sql`'assignment:' || a.id`)}
      order by a.close_date, a.id, u.id
      limit ${limit}
    `,
  );
}

/** A reviewer's digest as read: the new answers' count and the first ones. */
export interface DigestRow {
  userId: number;
  email: string;
  firstName: string;
  total: number;
  answers: { traineeName: string; assignmentName: string }[];
}

/**
 * At most `limit` reviewers with the answers to put in their digest of `day` (YYYY-MM-DD): the
 * Managers and Instructors of an organization (active, not soft-deleted, digest not turned off,
 * no digest for `day` yet) and, for each, the answers the Reviews inbox shows them (Submitted, of
 * their organization's assignments, trainee not soft-deleted) submitted after their last digest
 * (or in the 24 hours before `now` when they never had one) and not after `now`; reviewers with
 * none are left out. The first `listed` answers come in submission order. One statement.
 */
export async function digestsDue(
  db: Conn,
  { day, now, limit, listed }: { day: string; now: Date; limit: number; listed: number },
): Promise<DigestRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await executeRows<DigestRow & { total: number | string }>(
    db,
    sql`
      with reviewers as (
        select u.id, u.email, u.first_name, u.organization_id,
          coalesce(
            (select max(s.sent_at) from ${notificationsSent} s
             where s.kind = 'review-digest' and s.user_id = u.id),
            ${at} - interval '24 hours'
          ) as since
        from ${users} u
        where u.role_id in (${Role.Instructor}, ${Role.Manager})
          and u.organization_id is not null
          and ${reachable('u')}
          and ${notOptedOut(sql`u.id`, 'review-digest')}
          and ${notSent('review-digest', sql`u.id`, sql`${day}`)}
      )
      select r.id as "userId", r.email, r.first_name as "firstName", count(*) as total,
        to_jsonb((array_agg(
          jsonb_build_object(
            'traineeName', t.first_name || ' ' || t.last_name,
            'assignmentName', a.name
          ) order by an.submitted_at, an.id
        ))[1:${listed}::int]) as answers
      from reviewers r
      join ${assignments} a on a.organization_id = r.organization_id
      join ${answers} an on an.assignment_id = a.id
        and an.status_id = ${AnswerStatus.Submitted}
        and an.submitted_at > r.since and an.submitted_at <= ${at}
      join ${users} t on t.id = an.user_id and t.deleted_at is null
      group by r.id, r.email, r.first_name
      order by r.id
      limit ${limit}
    `,
  );
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

/** A recipient of a content mail, with the content and who changed it. */
export interface ContentRecipient {
  userId: number;
  email: string;
  firstName: string;
  roleId: number;
  contentId: number;
  contentName: string;
  contentTypeId: number;
  returnReason: string | null;
  actorName: string | null;
}

/**
 * Who hears of content `contentId` changing status: `to: 'approvers'` — when it was sent for
 * approval, the Managers of its organization or, for general content, the Admins; `to: 'creator'`
 * — its creator. Active, not soft-deleted users other than `actorId` who did not turn `kind` off.
 * One statement.
 */
export async function contentRecipients(
  db: Conn,
  {
    contentId,
    actorId,
    to,
    kind,
  }: { contentId: number; actorId: number; to: 'approvers' | 'creator'; kind: string },
): Promise<ContentRecipient[]> {
  const who =
    to === 'creator'
      ? sql`u.id = c.created_by_id`
      : sql`((c.organization_id is not null and u.organization_id = c.organization_id and u.role_id = ${Role.Manager})
            or (c.organization_id is null and u.role_id = ${Role.Admin}))`;
  return executeRows<ContentRecipient>(
    db,
    sql`
      select u.id as "userId", u.email, u.first_name as "firstName", u.role_id as "roleId",
        c.id as "contentId", c.name as "contentName", c.content_type_id as "contentTypeId",
        c.return_reason as "returnReason",
        (select actor.first_name || ' ' || actor.last_name from ${users} actor where actor.id = ${actorId}) as "actorName"
      from ${contents} c
      join ${users} u on ${who}
      where c.id = ${contentId}
        and u.id <> ${actorId}
        and ${reachable('u')}
        and ${notOptedOut(sql`u.id`, kind)}
      order by u.id
    `,
  );
}
