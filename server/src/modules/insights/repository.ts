/**
 * Reads of the insights (decisions.md#insights-and-administration §1): each view is one statement that builds the whole answer as
 * JSON with CTEs and aggregates (counts, `avg`, `stddev_pop`, `jsonb_to_recordset` over the
 * ratings forms, `generate_series` for the timeline), plus the small lookup its access check needs.
 *
 * A criterion is a Rating question (QuestionType.Rating) of a rating scale, numbered 1, 2, … in the
 * scale's order (`position`, then id); a rating is the text '1'…'5' a ratings form
 * (`content_answers.answers`, `[{questionId, text}]`) gives one; other texts are not ratings.
 * Answers of soft-deleted trainees are left out everywhere (as `assignment_answer_counts` does).
 * Means have 2 decimals, shares 3; dates are ISO 8601 in UTC.
 *
 * This file reads the assignment insights and the lookups; people-repository.ts (re-exported
 * here) the trainee progress and reviewer consistency; view-sql.ts holds what they share.
 */
import { sql } from 'drizzle-orm';
import { AnswerStatus, AssignmentStatus, QuestionType } from '@practica/contract';
import type { Db } from '../../db/client.js';
import {
  answers,
  assignments,
  contentAnswers,
  groupMembers,
  groups,
  organizations,
  questions,
  users,
} from '../../db/schema/index.js';
import { executeRows } from '../../db/sql-helpers.js';
import {
  idParam,
  viewOf,
  iso,
  formRows,
  isRating,
  statsColumns,
  criteriaJson,
  type PersonRow,
  type CriterionStatsRow,
  type RatingRow,
} from './view-sql.js';
export interface AssignmentRef {
  id: number;
  organizationId: number;
}

/** The assignment `id` (organization only), or undefined. One statement. */
export async function findAssignmentRef(db: Db, id: number): Promise<AssignmentRef | undefined> {
  const [row] = await executeRows<{ id: number; organization_id: number }>(
    db,
    sql`select id, organization_id from ${assignments} where id = ${id}`,
  );
  return row && { id: row.id, organizationId: row.organization_id };
}

/** What the access check of a user needs. */
export interface UserRef {
  id: number;
  organizationId: number | null;
  roleId: number;
  deleted: boolean;
}

/** The user `id` (organization, role, soft-deleted), or undefined. One statement. */
export async function findUserRef(db: Db, id: number): Promise<UserRef | undefined> {
  const [row] = await executeRows<{
    id: number;
    organization_id: number | null;
    role_id: number;
    deleted: boolean;
  }>(
    db,
    sql`select id, organization_id, role_id, deleted_at is not null as deleted from ${users} where id = ${id}`,
  );
  return (
    row && {
      id: row.id,
      organizationId: row.organization_id,
      roleId: row.role_id,
      deleted: row.deleted,
    }
  );
}

/** The organization `id`, or undefined. One statement. */
export async function findOrganizationRef(db: Db, id: number): Promise<{ id: number } | undefined> {
  const [row] = await executeRows<{ id: number }>(
    db,
    sql`select id from ${organizations} where id = ${id}`,
  );
  return row;
}

/** The assignment insights as the statement builds them (persons still raw). */
export interface AssignmentInsightsRow {
  criteria: { questionId: number; text: string; position: number }[];
  overall: CriterionStatsRow[];
  byGroup: {
    group: { id: number; name: string };
    answers: number;
    criteria: CriterionStatsRow[];
  }[];
  byReviewer: { reviewer: PersonRow; reviews: number; criteria: CriterionStatsRow[] }[];
  trainees: {
    user: { id: number; firstName: string; lastName: string; email: string };
    answerId: number;
    score: number | null;
    reviewedAt: string | null;
    ratings: RatingRow[];
  }[];
  totals: { pending: number; submitted: number; reviewed: number };
  timeline: {
    bucket: 'day' | 'week';
    points: { date: string; pending: number; submitted: number; reviewed: number }[];
  };
}

/**
 * The insights of assignment `assignmentId` (see the module note and the contract's
 * `assignmentInsightsSchema`): over the latest review of each Reviewed answer (the answer's
 * `ratings_answer_id`, its author the reviewer), per criterion overall, per group of the
 * organization and per reviewer; the reviewed trainees best score first; the answers by status now
 * and at the end of each day (each week past 90 days; the last 120 points) from the first answer
 * to today, or to the assignment's last change once Closed. One prepared statement; undefined
 * when the assignment is gone.
 */
export async function readAssignmentInsights(
  db: Db,
  assignmentId: number,
): Promise<AssignmentInsightsRow | undefined> {
  return viewOf<AssignmentInsightsRow>(
    db,
    'insights.assignment',
    assignments,
    assignmentId,
    () => sql`
    with a as (
      select id, organization_id, ratings_id,
             case when status_id = ${AssignmentStatus.Closed}
                  then (updated_at at time zone 'UTC')::date
                  else (now() at time zone 'UTC')::date end as last_day
      from ${assignments} where id = ${idParam}
    ),
    crit as (
      select q.id as question_id, q.text,
             row_number() over (order by q.position, q.id)::int as position
      from a join ${questions} q on q.content_id = a.ratings_id
      where q.question_type_id = ${QuestionType.Rating}
    ),
    live as materialized (
      select an.id, an.user_id, an.status_id, an.score, an.reviewed_at, an.ratings_answer_id,
             (an.created_at at time zone 'UTC')::date as created_day,
             (an.submitted_at at time zone 'UTC')::date as submitted_day,
             (an.reviewed_at at time zone 'UTC')::date as reviewed_day
      from ${answers} an
      where an.assignment_id = (select id from a)
        and an.user_id not in (select id from ${users} where deleted_at is not null)
    ),
    rev as (
      select l.id as answer_id, l.user_id, l.score, l.reviewed_at,
             ca.created_by_id as reviewer_id, ca.answers
      from live l left join ${contentAnswers} ca on ca.id = l.ratings_answer_id
      where l.status_id = ${AnswerStatus.Reviewed}
    ),
    ratings as materialized (
      select r.answer_id, coalesce(r.reviewer_id, 0) as reviewer_key, c.question_id,
             e.text::int as stars
      from rev r
      cross join lateral ${formRows(sql`r.answers`, 'e')}
      join crit c on c.question_id::text = e."questionId"
      where ${isRating('e')}
    ),
    overall as materialized (
      select r.question_id, ${statsColumns(sql`r.stars`)}
      from ratings r group by r.question_id
    ),
    in_group as (
      select g.id as group_id, g.name, r.answer_id
      from rev r
      join ${groupMembers} gm on gm.user_id = r.user_id
      join ${groups} g on g.id = gm.group_id and g.organization_id = (select organization_id from a)
    ),
    by_group as (
      select ig.group_id, ig.name, count(distinct ig.answer_id)::int as answers
      from in_group ig group by ig.group_id, ig.name
    ),
    group_stats as materialized (
      select ig.group_id, r.question_id, ${statsColumns(sql`r.stars`)}
      from in_group ig join ratings r on r.answer_id = ig.answer_id
      group by ig.group_id, r.question_id
    ),
    group_json as materialized (
      select bg.group_id, ${criteriaJson(sql`s`)} as criteria
      from by_group bg
      cross join crit c
      left join group_stats s on s.group_id = bg.group_id and s.question_id = c.question_id
      group by bg.group_id
    ),
    by_reviewer as materialized (
      select coalesce(r.reviewer_id, 0) as reviewer_key, count(*)::int as reviews
      from rev r group by 1
    ),
    reviewer_stats as materialized (
      select r.reviewer_key, r.question_id, ${statsColumns(sql`r.stars`)}
      from ratings r group by r.reviewer_key, r.question_id
    ),
    reviewer_json as materialized (
      select br.reviewer_key, ${criteriaJson(sql`s`)} as criteria
      from by_reviewer br
      cross join crit c
      left join reviewer_stats s on s.reviewer_key = br.reviewer_key and s.question_id = c.question_id
      group by br.reviewer_key
    ),
    trainee_json as materialized (
      select rt.answer_id, json_agg(json_build_object(
               'questionId', rt.question_id, 'stars', rt.stars) order by c.position) as ratings
      from ratings rt join crit c on c.question_id = rt.question_id
      group by rt.answer_id
    ),
    totals as (
      select count(*) filter (where status_id = ${AnswerStatus.Pending})::int as pending,
             count(*) filter (where status_id = ${AnswerStatus.Submitted})::int as submitted,
             count(*) filter (where status_id = ${AnswerStatus.Reviewed})::int as reviewed,
             min(created_day) as first_day
      from live
    ),
    span as (
      select t.first_day, a.last_day,
             case when a.last_day - t.first_day > 90 then 7 else 1 end as step
      from totals t cross join a
      where t.first_day is not null and t.first_day <= a.last_day
    ),
    points as (
      select d::date as day, least(d::date + s.step - 1, s.last_day) as until
      from span s
      cross join generate_series(
        (s.first_day + s.step * greatest(0, (s.last_day - s.first_day) / s.step + 1 - 120))::timestamp,
        s.last_day::timestamp, make_interval(days => s.step)) d
    ),
    timeline as (
      select p.day,
             count(*) filter (where l.created_day <= p.until
               and not coalesce(l.submitted_day <= p.until, false))::int as pending,
             count(*) filter (where l.submitted_day <= p.until
               and not coalesce(l.reviewed_day <= p.until, false))::int as submitted,
             count(*) filter (where l.reviewed_day <= p.until)::int as reviewed
      from points p left join live l on true
      group by p.day
    )
    select json_build_object(
      'criteria', coalesce((select json_agg(json_build_object(
          'questionId', c.question_id, 'text', c.text, 'position', c.position) order by c.position)
        from crit c), '[]'::json),
      'overall', coalesce((select ${criteriaJson(sql`o`)}
        from crit c left join overall o on o.question_id = c.question_id), '[]'::json),
      'byGroup', coalesce((select json_agg(json_build_object(
          'group', json_build_object('id', bg.group_id, 'name', bg.name),
          'answers', bg.answers,
          'criteria', coalesce(gj.criteria, '[]'::json))
          order by lower(bg.name), bg.group_id)
        from by_group bg left join group_json gj on gj.group_id = bg.group_id), '[]'::json),
      'byReviewer', coalesce((select json_agg(json_build_object(
          'reviewer', json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name),
          'reviews', br.reviews,
          'criteria', coalesce(rj.criteria, '[]'::json))
          order by br.reviews desc, u.last_name, u.first_name, br.reviewer_key)
        from by_reviewer br
        left join reviewer_json rj on rj.reviewer_key = br.reviewer_key
        left join ${users} u on u.id = br.reviewer_key), '[]'::json),
      'trainees', coalesce((select json_agg(json_build_object(
          'user', json_build_object('id', u.id, 'firstName', u.first_name,
                                    'lastName', u.last_name, 'email', u.email),
          'answerId', r.answer_id,
          'score', r.score::float8,
          'reviewedAt', ${iso(sql`r.reviewed_at`)},
          'ratings', coalesce(tj.ratings, '[]'::json))
          order by r.score desc nulls last, u.last_name, u.first_name, u.id)
        from rev r
        join ${users} u on u.id = r.user_id
        left join trainee_json tj on tj.answer_id = r.answer_id), '[]'::json),
      'totals', (select json_build_object('pending', t.pending, 'submitted', t.submitted,
                                          'reviewed', t.reviewed) from totals t),
      'timeline', json_build_object(
        'bucket', coalesce((select case when s.step = 7 then 'week' else 'day' end from span s), 'day'),
        'points', coalesce((select json_agg(json_build_object(
            'date', to_char(tl.day, 'YYYY-MM-DD'), 'pending', tl.pending,
            'submitted', tl.submitted, 'reviewed', tl.reviewed) order by tl.day)
          from timeline tl), '[]'::json))
    )`,
  );
}

// The insights about people: people-repository.ts.
export * from './people-repository.js';
export type { CriterionStatsRow, PersonRow, RatingRow } from './view-sql.js';
