/**
 * The insights about people (decisions.md#insights-and-administration §1): a trainee's progress
 * and the consistency of an organization's reviewers, each one statement building the view's JSON.
 * Split from repository.ts, which re-exports it.
 */
import { sql } from 'drizzle-orm';
import { AnswerStatus, AssignmentStatus, QuestionType } from '@practica/contract';
import type { Db } from '../../db/client.js';
import {
  answers,
  assignments,
  contentAnswers,
  organizations,
  questions,
  reviews,
  users,
} from '../../db/schema/index.js';
import {
  idParam,
  viewOf,
  iso,
  formRows,
  isRating,
  type PersonRow,
  type RatingRow,
} from './view-sql.js';

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
