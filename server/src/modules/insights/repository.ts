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
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { AnswerStatus, AssignmentStatus, QuestionType } from '@practica/contract';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-queries.js';
import {
  answers,
  assignments,
  contentAnswers,
  groupMembers,
  groups,
  organizations,
  questions,
  reviews,
  users,
} from '../../db/schema/index.js';
import { executeRows } from '../../db/sql-helpers.js';

/** The placeholder of the id a view is read for, in its prepared statement. */
const idParam = sql.placeholder('id');

/**
 * The JSON a view's statement builds (`body()`, a statement answering one `json` value, reading
 * the id as `idParam`) for the row `id` of `table`, or undefined when that row is gone. The
 * statement is prepared once per database (db/prepared-queries.ts) under `key`: a view's text is
 * long and planned anew on every call otherwise. node-postgres and PGlite both parse `json`.
 */
async function viewOf<T>(
  db: Db,
  key: string,
  table: typeof assignments | typeof users | typeof organizations,
  id: number,
  body: () => SQL,
): Promise<T | undefined> {
  const query = preparedQuery(db, key, (name) =>
    db
      .select({ data: sql<T | string>`(${body()})` })
      .from(table)
      .where(eq(table.id, idParam))
      .prepare(name),
  );
  const [row] = await query.execute({ id });
  if (!row) return undefined;
  return (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as T;
}

/** SQL: `ts` (timestamptz) as ISO 8601 in UTC with milliseconds, as `Date.toISOString()` writes it. */
const iso = (ts: SQL) => sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * SQL: the elements of the ratings form `answers` (jsonb `[{questionId, text}]`, as the review call
 * stores it) as the rows `alias("questionId" text, text text)`, one pass over the array (cheaper
 * than `jsonb_array_elements` and `->>` per field); a missing form has none.
 */
const formRows = (answers: SQL, alias: string) =>
  sql`jsonb_to_recordset(coalesce(${answers}, '[]'::jsonb)) as ${sql.raw(alias)}("questionId" text, text text)`;

/** SQL: the form row `alias` is a rating (its text one of '1'…'5'). */
const isRating = (alias: string) => sql`${sql.raw(alias)}.text in ('1', '2', '3', '4', '5')`;

/** SQL: the stats of one criterion over rows with a `stars` column (count, mean, distribution). */
const statsColumns = (stars: SQL) => sql`count(${stars})::int as count,
  round(avg(${stars}), 2)::float8 as mean,
  array[count(*) filter (where ${stars} = 1), count(*) filter (where ${stars} = 2),
        count(*) filter (where ${stars} = 3), count(*) filter (where ${stars} = 4),
        count(*) filter (where ${stars} = 5)]::int[] as distribution`;

/**
 * SQL: the JSON array of the stats of every criterion (`crit c`, in order) from the stats rows
 * `alias` (left joined: a criterion without ratings counts 0, mean null).
 */
const criteriaJson = (alias: SQL) => sql`json_agg(json_build_object(
  'questionId', c.question_id, 'count', coalesce(${alias}.count, 0), 'mean', ${alias}.mean,
  'distribution', coalesce(${alias}.distribution, array[0, 0, 0, 0, 0]::int[]))
  order by c.position)`;

/** What the access check of an assignment needs. */
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

/** A person as the statements name them (id null: erased; the presenter names them). */
export interface PersonRow {
  id: number | null;
  firstName: string | null;
  lastName: string | null;
}

/** The stats of one criterion. */
export interface CriterionStatsRow {
  questionId: number;
  count: number;
  mean: number | null;
  distribution: number[];
}

/** One rating of a review. */
export interface RatingRow {
  questionId: number;
  stars: number;
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

/** A trainee's progress as the statement builds it. */
export interface TraineeProgressRow {
  criteria: { questionId: number; text: string; position: number; ratingsId: number }[];
  reviews: {
    answerId: number;
    assignment: { id: number; title: string };
    reviewedAt: string;
    score: number | null;
    practiceCounter: number;
    ratings: RatingRow[];
  }[];
  practice: {
    assignments: number;
    pending: number;
    submitted: number;
    reviewed: number;
    sessions: number;
  };
}

/**
 * The progress of trainee `userId` (the contract's `traineeProgressSchema`): over its answers of
 * assignments that are not Draft, the Reviewed ones oldest review first with the stars of their
 * latest review, the criteria of the rating scales those reviews used, and the answers' counts by
 * status with the sum of their practice counters. One prepared statement; undefined when the
 * user is gone.
 */
export async function readTraineeProgress(
  db: Db,
  userId: number,
): Promise<TraineeProgressRow | undefined> {
  return viewOf<TraineeProgressRow>(
    db,
    'insights.progress',
    users,
    userId,
    () => sql`
    with mine as (
      select an.id, an.status_id, an.score, an.practice_counter, an.reviewed_at, an.updated_at,
             an.ratings_answer_id, a.id as assignment_id, a.name
      from ${answers} an join ${assignments} a on a.id = an.assignment_id
      where an.user_id = ${idParam} and a.status_id <> ${AssignmentStatus.Draft}
    ),
    rev as (
      select m.*, ca.content_id as ratings_id, ca.answers,
             coalesce(m.reviewed_at, ca.created_at, m.updated_at) as at
      from mine m left join ${contentAnswers} ca on ca.id = m.ratings_answer_id
      where m.status_id = ${AnswerStatus.Reviewed}
    ),
    crit as (
      select q.id as question_id, q.text, q.content_id as ratings_id,
             row_number() over (partition by q.content_id order by q.position, q.id)::int as position
      from ${questions} q
      where q.content_id = any(array(select distinct ratings_id from rev))
        and q.question_type_id = ${QuestionType.Rating}
    ),
    ratings as (
      select r.id as answer_id, c.question_id, c.ratings_id, c.position, e.text::int as stars
      from rev r
      cross join lateral ${formRows(sql`r.answers`, 'e')}
      join crit c on c.ratings_id = r.ratings_id and c.question_id::text = e."questionId"
      where ${isRating('e')}
    ),
    review_json as (
      select rt.answer_id, json_agg(json_build_object(
               'questionId', rt.question_id, 'stars', rt.stars) order by rt.position) as ratings
      from ratings rt group by rt.answer_id
    )
    select json_build_object(
      'criteria', coalesce((select json_agg(json_build_object(
          'questionId', c.question_id, 'text', c.text, 'position', c.position,
          'ratingsId', c.ratings_id) order by c.ratings_id, c.position)
        from crit c), '[]'::json),
      'reviews', coalesce((select json_agg(json_build_object(
          'answerId', r.id,
          'assignment', json_build_object('id', r.assignment_id, 'title', r.name),
          'reviewedAt', ${iso(sql`r.at`)},
          'score', r.score::float8,
          'practiceCounter', r.practice_counter,
          'ratings', coalesce(rj.ratings, '[]'::json))
          order by r.at, r.id)
        from rev r left join review_json rj on rj.answer_id = r.id), '[]'::json),
      'practice', (select json_build_object(
          'assignments', count(*),
          'pending', count(*) filter (where m.status_id = ${AnswerStatus.Pending}),
          'submitted', count(*) filter (where m.status_id = ${AnswerStatus.Submitted}),
          'reviewed', count(*) filter (where m.status_id = ${AnswerStatus.Reviewed}),
          'sessions', coalesce(sum(m.practice_counter), 0))
        from mine m)
    )`,
  );
}

/** The reviewer consistency of an organization as the statement builds it (persons still raw). */
export interface ReviewerConsistencyRow {
  criteria: {
    questionId: number;
    text: string;
    position: number;
    ratingsId: number;
    count: number;
    mean: number | null;
  }[];
  reviewers: {
    reviewer: PersonRow;
    reviews: number;
    meanScore: number | null;
    criteria: {
      questionId: number;
      count: number;
      mean: number | null;
      stddev: number | null;
      delta: number | null;
    }[];
  }[];
  agreement: {
    overall: {
      pairs: number;
      answers: number;
      ratings: number;
      exact: number | null;
      withinOne: number | null;
    };
    pairs: {
      a: PersonRow;
      b: PersonRow;
      answers: number;
      ratings: number;
      exact: number | null;
      withinOne: number | null;
    }[];
  };
}

/**
 * The reviewer consistency of organization `organizationId` (the contract's
 * `reviewerConsistencySchema`), over every review the history (`reviews`) keeps of the
 * organization's answers (trainees not soft-deleted): the criteria rated with the organization's
 * count and mean; per reviewer its reviews, mean score and per criterion count, mean, population
 * standard deviation (null under 2 ratings) and delta to the organization's mean; per pair of
 * reviewers of the same answers (each one's latest review of each) the shared answers and ratings
 * and the shares equal and at most one star apart, most shared ratings first. A reviewer erased
 * since (null id) counts in the criteria and as one 'Deleted user', not in the pairs. Reviews are
 * looked up from the Reviewed answers only (answers_assignment_status_idx, then reviews_answer_idx):
 * an answer is reviewed once Reviewed and never leaves that status. One prepared statement;
 * undefined when the organization is gone.
 */
export async function readReviewerConsistency(
  db: Db,
  organizationId: number,
): Promise<ReviewerConsistencyRow | undefined> {
  return viewOf<ReviewerConsistencyRow>(
    db,
    'insights.consistency',
    organizations,
    organizationId,
    () => sql`
    with rv as materialized (
      select r.id, r.answer_id, r.reviewer_id, r.score, ca.content_id as ratings_id, ca.answers
      from ${assignments} a
      join ${answers} an on an.assignment_id = a.id
      join ${reviews} r on r.answer_id = an.id
      left join ${contentAnswers} ca on ca.id = r.ratings_answer_id
      where a.organization_id = ${idParam} and an.status_id = ${AnswerStatus.Reviewed}
        and an.user_id not in (select id from ${users} where deleted_at is not null)
    ),
    crit as (
      select q.id as question_id, q.text, q.content_id as ratings_id,
             row_number() over (partition by q.content_id order by q.position, q.id)::int as position
      from ${questions} q
      where q.content_id = any(array(select distinct ratings_id from rv))
        and q.question_type_id = ${QuestionType.Rating}
    ),
    crit_keys as materialized (
      select array(select question_id::text from crit) as keys
    ),
    rt as (
      select coalesce(r.reviewer_id, 0) as reviewer_key, e."questionId" as question_key,
             e.text::int as stars
      from rv r
      cross join crit_keys k
      cross join lateral ${formRows(sql`r.answers`, 'e')}
      where ${isRating('e')} and e."questionId" = any(k.keys)
    ),
    stats as materialized (
      select grouping(rt.reviewer_key) as whole, rt.reviewer_key, rt.question_key,
             count(*)::int as count, avg(rt.stars) as mean, stddev_pop(rt.stars) as sd
      from rt group by grouping sets ((rt.question_key), (rt.reviewer_key, rt.question_key))
    ),
    org as materialized (
      select question_key, count, mean from stats where whole = 1
    ),
    reviewer as materialized (
      select coalesce(reviewer_id, 0) as reviewer_key, count(*)::int as reviews,
             round(avg(score), 2)::float8 as mean_score
      from rv group by 1
    ),
    reviewer_crit as (
      select reviewer_key, question_key, count, mean,
             case when count >= 2 then round(sd, 2)::float8 end as stddev
      from stats where whole = 0
    ),
    reviewer_json as materialized (
      select rc.reviewer_key, json_agg(json_build_object(
               'questionId', c.question_id, 'count', rc.count,
               'mean', round(rc.mean, 2)::float8, 'stddev', rc.stddev,
               'delta', round(rc.mean - o.mean, 2)::float8) order by c.ratings_id, c.position) as criteria
      from reviewer_crit rc
      join org o on o.question_key = rc.question_key
      join crit c on c.question_id::text = rc.question_key
      group by rc.reviewer_key
    ),
    latest as (
      select distinct on (answer_id, reviewer_id) answer_id, reviewer_id, answers
      from rv where reviewer_id is not null
      order by answer_id, reviewer_id, id desc
    ),
    pair as materialized (
      select x.reviewer_id as a_id, y.reviewer_id as b_id, x.answer_id, x.answers as a_answers,
             y.answers as b_answers
      from latest x join latest y on y.answer_id = x.answer_id and y.reviewer_id > x.reviewer_id
    ),
    pair_ratings as (
      select p.a_id, p.b_id, abs(ea.text::int - eb.text::int) as diff
      from pair p
      cross join crit_keys k
      cross join lateral ${formRows(sql`p.a_answers`, 'ea')}
      cross join lateral ${formRows(sql`p.b_answers`, 'eb')}
      where ${isRating('ea')} and ${isRating('eb')} and ea."questionId" = any(k.keys)
        and eb."questionId" = ea."questionId"
    ),
    pairs as (
      select p.a_id, p.b_id, p.answers, coalesce(s.ratings, 0) as ratings,
             coalesce(s.exact, 0) as exact, coalesce(s.within_one, 0) as within_one
      from (select a_id, b_id, count(*)::int as answers from pair group by a_id, b_id) p
      left join (
        select a_id, b_id, count(*)::int as ratings,
               count(*) filter (where diff = 0)::int as exact,
               count(*) filter (where diff <= 1)::int as within_one
        from pair_ratings group by a_id, b_id
      ) s on s.a_id = p.a_id and s.b_id = p.b_id
    )
    select json_build_object(
      'criteria', coalesce((select json_agg(json_build_object(
          'questionId', c.question_id, 'text', c.text, 'position', c.position,
          'ratingsId', c.ratings_id, 'count', o.count, 'mean', round(o.mean, 2)::float8)
          order by c.ratings_id, c.position)
        from crit c join org o on o.question_key = c.question_id::text), '[]'::json),
      'reviewers', coalesce((select json_agg(json_build_object(
          'reviewer', json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name),
          'reviews', r.reviews,
          'meanScore', r.mean_score,
          'criteria', coalesce(rj.criteria, '[]'::json))
          order by r.reviews desc, u.last_name, u.first_name, r.reviewer_key)
        from reviewer r
        left join reviewer_json rj on rj.reviewer_key = r.reviewer_key
        left join ${users} u on u.id = r.reviewer_key), '[]'::json),
      'agreement', json_build_object(
        'overall', (select json_build_object(
            'pairs', count(*), 'answers', coalesce(sum(p.answers), 0),
            'ratings', coalesce(sum(p.ratings), 0),
            'exact', round(sum(p.exact)::numeric / nullif(sum(p.ratings), 0), 3)::float8,
            'withinOne', round(sum(p.within_one)::numeric / nullif(sum(p.ratings), 0), 3)::float8)
          from pairs p),
        'pairs', coalesce((select json_agg(json_build_object(
            'a', json_build_object('id', ua.id, 'firstName', ua.first_name, 'lastName', ua.last_name),
            'b', json_build_object('id', ub.id, 'firstName', ub.first_name, 'lastName', ub.last_name),
            'answers', p.answers, 'ratings', p.ratings,
            'exact', round(p.exact::numeric / nullif(p.ratings, 0), 3)::float8,
            'withinOne', round(p.within_one::numeric / nullif(p.ratings, 0), 3)::float8)
            order by p.ratings desc, p.answers desc, p.a_id, p.b_id)
          from pairs p join ${users} ua on ua.id = p.a_id join ${users} ub on ub.id = p.b_id),
          '[]'::json))
    )`,
  );
}
