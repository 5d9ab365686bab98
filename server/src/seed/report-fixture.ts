/**
 * The report-export fixture (001 §9 report export): one Active assignment of Demo Academy whose
 * rating scale and feedback form have `ratingQuestions` and `feedbackQuestions` questions, with
 * `answers` trainees whose answers are all Reviewed by instructor@demo.test (items with durations,
 * both review forms answered, the score). Written with a handful of set-based statements
 * (generate_series, INSERT … SELECT) in one transaction, so 2,000 answers take well under a second.
 * Test and benchmark data only: run by `server/src/cli/seed-report-fixture.ts`, never by a route.
 * Needs the demo seed (Demo Academy, instructor@demo.test, trainee@demo.test and a demo assignment
 * with an interview); each run adds a new assignment with its own trainees.
 */
import { sql } from 'drizzle-orm';
import {
  AnswerStatus,
  AssignmentStatus,
  ContentStatus,
  ContentType,
  QuestionType,
  Role,
} from '@practica/contract';
import type { Db, Tx } from '../db/client.js';
import {
  answerItems,
  answers,
  assignmentInstructors,
  assignmentRoles,
  assignments,
  contentAnswers,
  contents,
  organizations,
  questionOptions,
  questions,
  users,
} from '../db/schema/index.js';

/**
 * The shape of the fixture; the defaults (2,000 answers, 10 rating and 10 feedback questions) are
 * the size the report export must handle.
 */
export interface ReportFixtureOptions {
  answers?: number;
  ratingQuestions?: number;
  feedbackQuestions?: number;
}

/** What the fixture created. */
export interface ReportFixture {
  assignmentId: number;
  answers: number;
  ratingQuestions: number;
  feedbackQuestions: number;
}

const ratingOptions = ['Poor', 'Fair', 'Good', 'Excellent'];
const singleOptions = ['Yes', 'No'];
const multipleOptions = ['Preparation', 'Clarity', 'Confidence', 'Examples'];

/** Feedback question types in turn: open, single choice, multiple choice. */
const feedbackTypes = [QuestionType.Open, QuestionType.Single, QuestionType.Multiple] as const;

/** The first row of a statement's result. */
async function one<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T | undefined> {
  const result = await tx.execute(query);
  return (result as unknown as { rows: T[] }).rows[0];
}

/** A whole number written into the statement (ids and enum values: never user input). */
function n(value: number) {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a whole number: ${value}`);
  return sql.raw(String(value));
}

/** `VALUES` list of (text, position) for an option list. */
function optionValues(texts: readonly string[]) {
  return sql.join(
    texts.map((text, i) => sql`(${text}::text, ${n(i)})`),
    sql`, `,
  );
}

/** Seeds the fixture (see the module note) and answers what it created. */
export async function seedReportFixture(
  db: Db,
  options: ReportFixtureOptions = {},
): Promise<ReportFixture> {
  const answerCount = options.answers ?? 2_000;
  const ratingCount = options.ratingQuestions ?? 10;
  const feedbackCount = options.feedbackQuestions ?? 10;

  return db.transaction(async (tx) => {
    const base = await one<{
      organization_id: number;
      reviewer_id: number;
      password_hash: string;
      template_id: number;
      interview_id: number;
      environment_id: number | null;
    }>(
      tx,
      sql`select o.id as organization_id, r.id as reviewer_id, t.password_hash,
                 a.id as template_id, a.interview_id, a.environment_id
          from ${organizations} o
          join ${users} r on r.email = 'instructor@demo.test' and r.organization_id = o.id
          join ${users} t on t.email = 'trainee@demo.test'
          join ${assignments} a on a.organization_id = o.id and a.interview_id is not null
          where o.name = 'Demo Academy'
          order by a.id
          limit 1`,
    );
    if (!base) throw new Error('The report fixture needs the demo seed (SEED_DEMO).');

    const content = async (typeId: number, name: string) =>
      (await one<{ id: number }>(
        tx,
        sql`insert into ${contents} (name, description, content_type_id, status_id, organization_id,
                                  created_by_id, updated_by_id)
            values (${name}::text, 'Report export fixture', ${n(typeId)}, ${n(ContentStatus.Active)},
                    ${n(base.organization_id)}, ${n(base.reviewer_id)}, ${n(base.reviewer_id)})
            returning id`,
      ))!.id;
    const ratingsId = await content(ContentType.RatingScale, 'Report fixture rating scale');
    const feedbackId = await content(ContentType.Feedback, 'Report fixture feedback form');

    // Questions: Rating ones on the scale; open, single and multiple choice in turn on the form.
    await tx.execute(
      sql`insert into ${questions} (content_id, text, question_type_id, position)
          select ${n(ratingsId)}, 'Rating question ' || g, ${n(QuestionType.Rating)}, g
          from generate_series(1, ${n(ratingCount)}) g`,
    );
    await tx.execute(
      sql`insert into ${questions} (content_id, text, question_type_id, position)
          select ${n(feedbackId)}, 'Feedback question ' || g,
                 (array[${sql.join(
                   feedbackTypes.map((t) => n(t)),
                   sql`, `,
                 )}])[1 + (g - 1) % ${n(feedbackTypes.length)}], g
          from generate_series(1, ${n(feedbackCount)}) g`,
    );
    const addOptions = (contentId: number, typeId: number, texts: readonly string[]) =>
      tx.execute(
        sql`insert into ${questionOptions} (question_id, text, position)
            select q.id, o.text, o.position
            from ${questions} q cross join (values ${optionValues(texts)}) as o(text, position)
            where q.content_id = ${n(contentId)} and q.question_type_id = ${n(typeId)}`,
      );
    await addOptions(ratingsId, QuestionType.Rating, ratingOptions);
    await addOptions(feedbackId, QuestionType.Single, singleOptions);
    await addOptions(feedbackId, QuestionType.Multiple, multipleOptions);

    const assignmentId = (await one<{ id: number }>(
      tx,
      sql`insert into ${assignments} (name, description, status_id, start_date, organization_id,
                                   interview_id, environment_id, ratings_id, feedback_id,
                                   created_by_id)
          values (${`Report export: ${answerCount} reviewed answers`}, 'Report export fixture',
                  ${n(AssignmentStatus.Active)}, current_date - 30, ${n(base.organization_id)},
                  ${n(base.interview_id)}, ${base.environment_id}, ${n(ratingsId)}, ${n(feedbackId)},
                  ${n(base.reviewer_id)})
          returning id`,
    ))!.id;
    await tx.execute(
      sql`insert into ${assignmentRoles} (assignment_id, interview_role_id, avatar_id)
          select ${n(assignmentId)}, interview_role_id, avatar_id
          from ${assignmentRoles} where assignment_id = ${n(base.template_id)}`,
    );
    await tx.execute(
      sql`insert into ${assignmentInstructors} (assignment_id, user_id)
          values (${n(assignmentId)}, ${n(base.reviewer_id)})`,
    );

    // The trainees (sharing the demo trainee's password hash: no hashing per user) and their
    // answers, submitted over the last days and reviewed an hour later.
    await tx.execute(
      sql`insert into ${users} (email, first_name, last_name, password_hash, role_id, organization_id)
          select 'report${n(assignmentId)}.trainee' || g || '@demo.test', 'Trainee',
                 'Number ' || g, ${base.password_hash}::text, ${n(Role.Trainee)}, ${n(base.organization_id)}
          from generate_series(1, ${n(answerCount)}) g`,
    );
    await tx.execute(
      sql`insert into ${answers} (assignment_id, user_id, status_id, submitted_at, reviewed_at,
                               viewed, practice_counter)
          select ${n(assignmentId)}, u.id, ${n(AnswerStatus.Reviewed)},
                 now() - (u.id % 500) * interval '1 hour' - interval '1 hour',
                 now() - (u.id % 500) * interval '1 hour', true, 1 + u.id % 3
          from ${users} u
          where u.email like ${`report${assignmentId}.trainee%@demo.test`}`,
    );
    await tx.execute(
      sql`insert into ${answerItems} (answer_id, question_id, duration)
          select a.id, q.id, 15 + (a.id * 7 + q.position * 13) % 45
          from ${answers} a join ${questions} q on q.content_id = ${n(base.interview_id)}
          where a.assignment_id = ${n(assignmentId)}`,
    );

    // Both review forms of every answer: ratings 1..5, the first option of single choice
    // questions, the first two options of multiple choice ones, a sentence for open ones.
    await tx.execute(
      sql`insert into ${contentAnswers} (answer_id, content_id, created_by_id, answers, score,
                                       created_at)
          select a.id, ${n(ratingsId)}, ${n(base.reviewer_id)}, r.answers, r.score, a.reviewed_at
          from ${answers} a
          cross join lateral (
            select jsonb_agg(jsonb_build_object('questionId', q.id,
                                                'text', (1 + (a.id + q.position) % 5)::text)
                             order by q.position) as answers,
                   round(avg(1 + (a.id + q.position) % 5), 2) as score
            from ${questions} q where q.content_id = ${n(ratingsId)}) r
          where a.assignment_id = ${n(assignmentId)}`,
    );
    await tx.execute(
      sql`insert into ${contentAnswers} (answer_id, content_id, created_by_id, answers, created_at)
          select a.id, ${n(feedbackId)}, ${n(base.reviewer_id)}, f.answers, a.reviewed_at
          from ${answers} a
          cross join (
            select jsonb_agg(jsonb_build_object('questionId', q.id, 'text',
                     case q.question_type_id
                       when ${n(QuestionType.Open)} then 'Clear, well structured answers.'
                       else (select string_agg(o.id::text, ',' order by o.position)
                             from ${questionOptions} o
                             where o.question_id = q.id
                               and o.position < case q.question_type_id
                                                  when ${n(QuestionType.Single)} then 1 else 2 end)
                     end) order by q.position) as answers
            from ${questions} q where q.content_id = ${n(feedbackId)}) f
          where a.assignment_id = ${n(assignmentId)}`,
    );
    await tx.execute(
      sql`update ${answers} a
          set ratings_answer_id = r.id, feedback_answer_id = f.id, score = r.score
          from ${contentAnswers} r, ${contentAnswers} f
          where a.assignment_id = ${n(assignmentId)}
            and r.answer_id = a.id and r.content_id = ${n(ratingsId)}
            and f.answer_id = a.id and f.content_id = ${n(feedbackId)}`,
    );

    return {
      assignmentId,
      answers: answerCount,
      ratingQuestions: ratingCount,
      feedbackQuestions: feedbackCount,
    };
  });
}
