// The benchmark's dataset, loaded with set-based SQL (generate_series, INSERT … SELECT): no API
// calls, no row-by-row inserts. `scale` 1 is the large dataset of bench/README.md; 0.1 is the 10×
// smaller copy.
//
// Shape (scale 1): 200 organizations; 100,000 users (one admin; per organization a manager,
// instructors and trainees); 5,000 groups (about 20 trainees each, every trainee in one group of
// its organization, instructors in three); per organization 10 interviews (2 roles, 5 questions),
// two rating scales (4 Rating questions with 4 options) and two feedback forms (Open, Single,
// Multiple, Open); 50 assignments per organization (10,000: 10% Draft, 10% Planned, 50% Active,
// 30% Closed), each with 2 instructors and 100 trainees (1,000,000 answers); on Active and Closed
// assignments 3/8 of the answers are Reviewed (300,000, each with its ratings and feedback forms)
// and 2/8 Submitted; every Submitted or Reviewed answer has 5 answer items (videos) and its review
// in the history (`reviews`), one in ten of organization 1's a second, earlier one by an
// instructor (reviewer consistency); 20 invites per organization. Users are inserted in random order (as people join over time), so an
// organization's rows are spread over the table as in a real database.
//
// Organization 1 is the customer the benchmark acts for: its manager (manager.1@bench.test) has
// 5,000 trainees, 50 instructors and 250 groups. It is the same at every scale: the 10× smaller
// dataset shrinks the rest of the database around it (20 organizations, 10,000 users, 500 groups,
// 1,000 assignments, 100,000 answers), so the growth of a list call's latency measures what the
// size of the database costs a customer whose own data did not change.
//
// Foreign keys are not checked during the load (session_replication_role = replica): the rows are
// generated consistent. Triggers do not fire either, so the counts they keep (migrations 0007 and
// 0008) are then filled by the migrations' own backfill statements. The load ends with VACUUM
// ANALYZE, as autovacuum would after a while.

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * Migrations whose triggers keep counts, with the table they keep them in; each migration's last
 * statement fills that table from the others.
 */
const keptCountMigrations = [
  { file: '0007_organization_trainee_counts.sql', table: 'organization_trainee_counts' },
  { file: '0008_assignment_answer_counts.sql', table: 'assignment_answer_counts' },
];

/** The last statement of a migration of server/drizzle (its backfill, for `keptCountMigrations`). */
function backfillOf(file) {
  const text = readFileSync(new URL(`../../server/drizzle/${file}`, import.meta.url), 'utf8');
  return text.split('--> statement-breakpoint').at(-1);
}

/** Row counts of the dataset at `scale`. */
export function datasetSize(scale) {
  const n = (v) => Math.round(v * scale);
  return {
    organizations: n(200),
    users: n(100_000),
    groups: n(5_000),
    interviews: n(2_000),
    assignments: n(10_000),
    answers: n(1_000_000),
    reviewed: n(300_000),
    bigTrainees: 5_000,
    bigInstructors: 50,
    bigGroups: 250,
  };
}

const firstNames =
  `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara
Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty
Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle
Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah Ronald Stephanie Edward
Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley
Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott Nicole Brandon Helen Benjamin Samantha
Samuel Katherine Gregory Christine Alexander Debra Frank Rachel Patrick Carolyn Raymond Janet Jack
Maria Dennis Heather Jerry Diane`.split(/\s+/);

const lastNames =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez
Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris
Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores
Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner
Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz
Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez
Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross
Foster Jimenez Powell`.split(/\s+/);

const sqlArray = (words) => `ARRAY[${words.map((w) => `'${w}'`).join(',')}]`;

/** Splits `total` into `parts` whole numbers that differ by at most one. */
function spread(total, parts) {
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * Loads the dataset at `scale` into the (migrated, empty) database of `client` (a connected
 * `pg.Client`). `passwordHash` is the one argon2id hash every account shares. Answers the sizes
 * and the seconds each step took.
 */
export async function loadDataset(client, { scale, passwordHash, log = () => {} }) {
  const size = datasetSize(scale);
  const orgs = size.organizations;
  // Users per organization: organization 1 is the big one; the admin is outside every organization.
  const bigUsers = 1 + size.bigInstructors + size.bigTrainees;
  const orgUsers = [bigUsers, ...spread(size.users - 1 - bigUsers, orgs - 1)];
  const orgInstructors = orgUsers.map((_, i) => (i === 0 ? size.bigInstructors : 10));
  const orgGroups = [size.bigGroups, ...spread(size.groups - size.bigGroups, orgs - 1)];
  const assignmentsPerOrg = size.assignments / orgs; // 50
  const answersPerAssignment = size.answers / size.assignments; // 100
  const interviewsPerOrg = size.interviews / orgs; // 10
  const contentsPerOrg = interviewsPerOrg + 4;
  const videoFiles = 5_000;

  const steps = [];
  const q = async (label, text, values) => {
    const started = performance.now();
    const result = await client.query(text, values);
    const seconds = (performance.now() - started) / 1000;
    steps.push({ label, seconds, rows: result.rowCount });
    log(
      `  ${label.padEnd(28)} ${String(result.rowCount ?? '').padStart(9)} rows  ${seconds.toFixed(1)} s`,
    );
    return result;
  };

  await client.query(`set session_replication_role = replica`);
  await client.query(`set work_mem = '256MB'`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`select setseed(0.42)`);

  await q(
    'contacts',
    `insert into contacts (id, first_name, last_name, email, phone_number)
     select o, 'Contact', 'Person ' || o, 'contact.' || o || '@bench.test', '555' || lpad(o::text, 7, '0')
     from generate_series(1, $1::int) o`,
    [orgs],
  );
  await q(
    'organizations',
    `insert into organizations (id, name, address, contact_id, user_seats, creator_seats, active, created_at, updated_at)
     select o,
            (${sqlArray(lastNames)})[1 + (o * 7) % ${lastNames.length}] || ' ' ||
              (array['Academy','Training','Institute','Learning','College','Partners'])[1 + o % 6] || ' ' || o,
            o || ' Main Street', o, u.n * 2 + 10000, 100, o = 1 or o % 50 <> 0,
            now() - (o || ' days')::interval, now() - (o || ' days')::interval
     from unnest($1::int[]) with ordinality as u(n, o)`,
    [orgUsers],
  );
  // Users: rank g within the organization decides the role (1 manager, then instructors, then
  // trainees); ids follow a random order so an organization's rows are spread over the table.
  await q(
    'users',
    `with slots as (
       select 1 as org, 0 as g, 0 as instructors
       union all
       select o.o, g, o.instructors
       from unnest($1::int[], $2::int[]) with ordinality as o(n, instructors, o)
       cross join lateral generate_series(1, o.n) g
     ), numbered as (
       select row_number() over (order by g = 0 desc, random()) as id, org, g, instructors
       from slots
     ), people as (
       select id,
              case when g = 0 then null else org end as org,
              case when g = 0 then 4 when g = 1 then 3 when g <= 1 + instructors then 2 else 1 end as role,
              g,
              (${sqlArray(firstNames)})[1 + (id * 7919) % ${firstNames.length}] as fn,
              (${sqlArray(lastNames)})[1 + (id * 104729) % ${lastNames.length}] as ln
       from numbered
     )
     insert into users (id, email, first_name, last_name, phone_number, password_hash, role_id,
                        organization_id, creator, active, deleted_at, created_at, updated_at)
     select id,
            case when role = 4 then 'admin@bench.test'
                 when role = 3 then 'manager.' || org || '@bench.test'
                 else lower(fn) || '.' || lower(ln) || '.' || id || '@bench.test' end,
            fn, ln, '555' || lpad(id::text, 7, '0'), $3, role, org,
            role = 2 and g = 2,
            not (role = 1 and id % 89 = 0),
            case when role = 1 and id % 97 = 0 then now() - interval '3 days' end,
            now() - ((id % 365) || ' days')::interval, now() - ((id % 30) || ' days')::interval
     from people
     order by id`,
    [orgUsers.map((n) => n), orgInstructors, passwordHash],
  );
  // Per-organization ranks of instructors and trainees, used to place them below.
  await client.query(`drop table if exists bench_members`);
  await q(
    'member ranks',
    `create temp table bench_members as
     select id, organization_id as org, role_id as role,
            row_number() over (partition by organization_id, role_id order by id) as rank
     from users where role_id in (1, 2)`,
  );
  await client.query(`create index on bench_members (org, role, rank)`);
  await client.query(`analyze bench_members`);
  await client.query(`drop table if exists bench_org_counts`);
  await client.query(
    `create temp table bench_org_counts as
     select org, count(*) filter (where role = 1) as trainees, count(*) filter (where role = 2) as instructors
     from bench_members group by org`,
  );

  // Groups: ids are consecutive per organization.
  await client.query(`drop table if exists bench_org_groups`);
  await client.query(
    `create temp table bench_org_groups as
     select o as org, n as groups, coalesce(sum(n) over (order by o rows between unbounded preceding and 1 preceding), 0)::int as first_id
     from unnest($1::int[]) with ordinality as u(n, o)`,
    [orgGroups],
  );
  await q(
    'groups',
    `insert into groups (id, name, description, organization_id, created_by_id, created_at, updated_at)
     select g.first_id + k, 'Cohort ' || lpad(k::text, 3, '0') || ' ' ||
              (array['Spring','Summer','Autumn','Winter'])[1 + k % 4],
            'Trainees who started together.', g.org,
            (select id from users where organization_id = g.org and role_id = 3 limit 1),
            now() - ((k % 300) || ' days')::interval, now() - ((k % 30) || ' days')::interval
     from bench_org_groups g cross join lateral generate_series(1, g.groups) k`,
  );
  await q(
    'group members',
    `insert into group_members (group_id, user_id)
     select g.first_id + 1 + (m.rank - 1) % g.groups, m.id
     from bench_members m join bench_org_groups g on g.org = m.org where m.role = 1
     union all
     select g.first_id + 1 + ((m.rank - 1) * 3 + s) % g.groups, m.id
     from bench_members m join bench_org_groups g on g.org = m.org
     cross join generate_series(0, 2) s where m.role = 2`,
  );

  // Files: avatar and environment images (1..9) and a pool of answer videos.
  await q(
    'files',
    `insert into files (id, storage_key, name, extension, file_type_id, content_type, declared_size, size, status, created_by_id, completed_at)
     select i, 'bench/image-' || i || '.png', 'image-' || i || '.png', 'png', 1, 'image/png', 20000, 20000, 1, 1, now()
     from generate_series(1, 9) i
     union all
     select 9 + i, 'bench/video-' || i || '.mp4', 'answer-' || i || '.mp4', 'mp4', 3, 'video/mp4', 50000, 50000, 1, null, now()
     from generate_series(1, $1::int) i`,
    [videoFiles],
  );
  await q(
    'assets',
    `insert into assets (id, name, description, asset_type_id, image_id, organization_id, created_by_id)
     select i, case when i <= 6 then 'Avatar ' || i else 'Office ' || (i - 6) end, '',
            case when i <= 6 then 1 else 2 end, i, null, 1
     from generate_series(1, 9) i`,
  );

  // Content: per organization `interviewsPerOrg` interviews (the last two Draft and Deleted), then
  // an Active and a Draft rating scale, an Active and a Draft feedback form. Ids are computed.
  await q(
    'contents',
    `insert into contents (id, name, description, content_type_id, status_id, organization_id, created_by_id, updated_by_id, created_at, updated_at)
     select (o - 1) * $2 + k,
            case when k <= $3 then 'Interview ' || k || ' of organization ' || o
                 when k <= $3 + 2 then 'Rating scale ' || (k - $3) else 'Feedback form ' || (k - $3 - 2) end,
            'Benchmark content.',
            case when k <= $3 then 1 when k <= $3 + 2 then 2 else 3 end,
            case when k = $3 - 1 then 1 when k = $3 then 5 when k > $3 and (k - $3) % 2 = 0 then 1 else 3 end,
            o, m.id, m.id, now() - interval '200 days', now() - interval '100 days'
     from generate_series(1, $1::int) o
     cross join generate_series(1, $2::int) k
     join bench_members m on m.org = o and m.role = 2 and m.rank = 1`,
    [orgs, contentsPerOrg, interviewsPerOrg],
  );
  await q(
    'interview roles',
    `insert into interview_roles (id, content_id, name, avatar_id, position)
     select (c.id - 1) * 2 + r, c.id, (array['Interviewer','Observer'])[r], 1 + (c.id + r) % 6, r - 1
     from contents c cross join generate_series(1, 2) r where c.content_type_id = 1`,
  );
  await q(
    'questions',
    `insert into questions (id, content_id, text, question_type_id, interview_role_id, position)
     select (c.id - 1) * 5 + n, c.id,
            case c.content_type_id
              when 1 then (array['Tell me about yourself.','Why do you want to work here?',
                'Describe a time you solved a difficult problem.','How do you handle feedback?',
                'Where do you see yourself in five years?'])[n]
              when 2 then (array['Clarity of answers','Confidence','Structure of answers','Eye contact'])[n]
              else (array['What did the trainee do well?','Would you recommend the trainee?',
                'Which areas need more practice?','Any other comments?'])[n] end,
            case c.content_type_id when 1 then 1 when 2 then 4 else (array[1, 2, 3, 1])[n] end,
            case when c.content_type_id = 1 then (c.id - 1) * 2 + 1 + (n - 1) % 2 end,
            n - 1
     from contents c cross join generate_series(1, 5) n
     where n <= case when c.content_type_id = 1 then 5 else 4 end`,
  );
  await q(
    'question options',
    `insert into question_options (id, question_id, text, position)
     select (qu.id - 1) * 4 + p, qu.id,
            case qu.question_type_id when 4 then (array['Poor','Fair','Good','Excellent'])[p]
                 when 2 then (array['Yes','No'])[p]
                 else (array['Preparation','Clarity','Confidence','Examples'])[p] end,
            p - 1
     from questions qu cross join generate_series(1, 4) p
     where qu.question_type_id in (2, 3, 4) and (qu.question_type_id <> 2 or p <= 2)`,
  );

  // Assignments: index j within the organization decides the status (j % 10: 0 Draft, 1 Planned,
  // 2..6 Active, 7..9 Closed); the interview is one of the organization's Active ones.
  await q(
    'assignments',
    `insert into assignments (id, name, description, status_id, start_date, close_date, organization_id,
                              interview_id, environment_id, ratings_id, feedback_id, created_by_id, created_at, updated_at)
     select (o - 1) * $2 + j + 1,
            (array['Customer support','Sales floor','Team lead','Onboarding','Behavioural'])[1 + j % 5]
              || ' practice ' || (j + 1),
            'Answer each question on camera.',
            case when j % 10 = 0 then 1 when j % 10 = 1 then 2 when j % 10 <= 6 then 3 else 5 end,
            current_date - (j * 3), current_date + 30 - (j * 3) + case when j % 10 >= 7 then -60 else 0 end,
            o, (o - 1) * $3 + 1 + j % ($4 - 2), 7 + j % 3,
            (o - 1) * $3 + $4 + 1, (o - 1) * $3 + $4 + 3, m.id,
            now() - ((j * 3) || ' days')::interval, now() - ((j * 2) || ' days')::interval
     from generate_series(1, $1::int) o cross join generate_series(0, $2 - 1) j
     join users m on m.organization_id = o and m.role_id = 3`,
    [orgs, assignmentsPerOrg, contentsPerOrg, interviewsPerOrg],
  );
  await q(
    'assignment roles',
    `insert into assignment_roles (assignment_id, interview_role_id, avatar_id)
     select a.id, r.id, 1 + (a.id + r.position) % 6
     from assignments a join interview_roles r on r.content_id = a.interview_id`,
  );
  await q(
    'assignment instructors',
    `insert into assignment_instructors (assignment_id, user_id)
     select a.id, m.id
     from assignments a cross join generate_series(0, 1) s
     join bench_org_counts c on c.org = a.organization_id
     join bench_members m on m.org = a.organization_id and m.role = 2
       and m.rank = 1 + ((a.id + s) % c.instructors)`,
  );
  // Answers: assignment a takes 100 consecutive trainees of its organization (wrapping around);
  // the answer's place mod 8 decides its status on Active and Closed assignments (0..2 Reviewed,
  // 3..4 Submitted: exactly 3/8 and 2/8 of them).
  await client.query(`drop table if exists bench_answers`);
  await q(
    'answer plan',
    `create temp table bench_answers as
     select (a.id - 1) * $1 + k + 1 as id, a.id as assignment_id, m.id as user_id, a.interview_id,
            a.ratings_id, a.feedback_id,
            case when a.status_id in (3, 5) and (a.id * $1 + k) % 8 <= 2 then 3
                 when a.status_id in (3, 5) and (a.id * $1 + k) % 8 <= 4 then 2 else 1 end as status,
            now() - (((a.id * 7 + k * 13) % 2000) || ' hours')::interval as submitted
     from assignments a
     cross join generate_series(0, $1 - 1) k
     join bench_org_counts c on c.org = a.organization_id
     join bench_members m on m.org = a.organization_id and m.role = 1
       and m.rank = 1 + ((((a.id - 1) % $2) * $1 + k) % c.trainees)`,
    [answersPerAssignment, assignmentsPerOrg],
  );
  await q(
    'answers',
    `insert into answers (id, assignment_id, user_id, status_id, score, submitted_at, reviewed_at, viewed,
                          practice_counter, ratings_answer_id, feedback_answer_id, created_at, updated_at)
     select id, assignment_id, user_id, status,
            case when status = 3 then round((((id % 5) + 1) + (((id + 1) % 5) + 1) + (((id + 2) % 5) + 1) + (((id + 3) % 5) + 1))::numeric / 4, 2) end,
            case when status >= 2 then submitted end,
            case when status = 3 then submitted + interval '20 hours' end,
            status = 3 or (status = 2 and id % 2 = 0),
            case when status >= 2 then 1 + id % 3 else id % 2 end,
            case when status = 3 then id * 2 - 1 end,
            case when status = 3 then id * 2 end,
            submitted - interval '5 days',
            case when status = 3 then submitted + interval '20 hours' when status = 2 then submitted else submitted - interval '5 days' end
     from bench_answers order by id`,
  );
  await q(
    'review forms',
    `insert into content_answers (id, answer_id, content_id, created_by_id, answers, score, created_at)
     select b.id * 2 - 1, b.id, b.ratings_id, a.created_by_id,
            (select jsonb_agg(jsonb_build_object('questionId', (b.ratings_id - 1) * 5 + n, 'text', (((b.id + n - 1) % 5) + 1)::text) order by n)
             from generate_series(1, 4) n),
            round((((b.id % 5) + 1) + (((b.id + 1) % 5) + 1) + (((b.id + 2) % 5) + 1) + (((b.id + 3) % 5) + 1))::numeric / 4, 2),
            b.submitted + interval '20 hours'
     from bench_answers b join assignments a on a.id = b.assignment_id where b.status = 3
     union all
     select b.id * 2, b.id, b.feedback_id, a.created_by_id,
            jsonb_build_array(
              jsonb_build_object('questionId', (b.feedback_id - 1) * 5 + 1, 'text', 'Clear, well structured answers.'),
              jsonb_build_object('questionId', (b.feedback_id - 1) * 5 + 2, 'text', (((b.feedback_id - 1) * 5 + 2 - 1) * 4 + 1)::text),
              jsonb_build_object('questionId', (b.feedback_id - 1) * 5 + 3, 'text', (((b.feedback_id - 1) * 5 + 3 - 1) * 4 + 1) || ',' || (((b.feedback_id - 1) * 5 + 3 - 1) * 4 + 2)),
              jsonb_build_object('questionId', (b.feedback_id - 1) * 5 + 4, 'text', 'Keep practising.')),
            null, b.submitted + interval '20 hours'
     from bench_answers b join assignments a on a.id = b.assignment_id where b.status = 3`,
  );
  // Second opinions (decisions.md#insights-and-administration §1, reviewer consistency): one in ten of organization 1's Reviewed
  // answers was first reviewed by the assignment's first instructor, a few hours before the
  // manager's review that stands; criterion by criterion its stars are the manager's, one more
  // or one fewer (in turn, within 1–5).
  await q(
    'second review forms',
    `insert into content_answers (id, answer_id, content_id, created_by_id, answers, score, created_at)
     select $1::int + b.id, b.id, b.ratings_id, i.user_id, s.answers, s.score,
            b.submitted + interval '12 hours'
     from bench_answers b
     join assignments a on a.id = b.assignment_id and a.organization_id = 1
     join lateral (select min(ai.user_id) as user_id from assignment_instructors ai
                   where ai.assignment_id = a.id) i on true
     cross join lateral (
       select jsonb_agg(jsonb_build_object('questionId', (b.ratings_id - 1) * 5 + n, 'text', st::text) order by n) as answers,
              round(avg(st), 2) as score
       from generate_series(1, 4) n
       cross join lateral (select case (b.id + n) % 3 when 0 then ((b.id + n - 1) % 5) + 1
                                   when 1 then least(((b.id + n - 1) % 5) + 2, 5)
                                   else greatest(((b.id + n - 1) % 5), 1) end as st) x) s
     where b.status = 3 and b.id % 10 = 0`,
    [size.answers * 2],
  );
  // The review history: every Reviewed answer's standing review (the manager's ratings and
  // feedback forms) and, before it, the second opinions above.
  await q(
    'reviews',
    `insert into reviews (answer_id, reviewer_id, ratings_answer_id, feedback_answer_id, score, version, created_at)
     select r.answer_id, r.created_by_id, r.id, f.id, r.score,
            case when r.id = an.ratings_answer_id and exists (
                   select 1 from content_answers o where o.answer_id = r.answer_id and o.id > $1)
                 then 2 else 1 end,
            r.created_at
     from content_answers r
     join answers an on an.id = r.answer_id
     left join content_answers f on f.id = an.feedback_answer_id and r.id = an.ratings_answer_id
     where r.id % 2 = 1 and r.id <= $1 or r.id > $1
     order by r.created_at, r.answer_id`,
    [size.answers * 2],
  );
  await q(
    'answer items',
    `insert into answer_items (id, answer_id, question_id, file_id, duration, created_at, updated_at)
     select (b.id - 1) * 5 + n, b.id, (b.interview_id - 1) * 5 + n, 10 + ((b.id * 5 + n) % $1),
            30 + (b.id + n) % 60, b.submitted - interval '1 hour', b.submitted - interval '1 hour'
     from bench_answers b cross join generate_series(1, 5) n where b.status >= 2`,
    [videoFiles],
  );
  await q(
    'invites',
    `insert into invites (id, first_name, last_name, email, role_id, organization_id, group_id, created_by_id, expiration_date, created_at)
     select (o - 1) * 20 + k, 'Invited', 'Person ' || k, 'invitee.' || o || '.' || k || '@bench.test',
            case when k % 4 = 0 then 2 else 1 end, o, null, m.id,
            case when k <= 15 then now() + interval '5 days' else now() - interval '2 days' end,
            now() - interval '2 days'
     from generate_series(1, $1::int) o cross join generate_series(1, 20) k
     join users m on m.organization_id = o and m.role_id = 3`,
    [orgs],
  );
  await q(
    'invite links',
    `insert into invite_links (invite_id, token_hash) select id, md5('bench-invite-' || id) from invites`,
  );

  await client.query(`set session_replication_role = origin`);
  for (const { file, table } of keptCountMigrations) {
    await client.query(`truncate ${table}`);
    await q(`kept counts of ${file.slice(0, 4)}`, backfillOf(file));
  }
  // Serial columns continue after the explicit ids.
  const serials = [
    'contacts',
    'organizations',
    'users',
    'groups',
    'files',
    'assets',
    'contents',
    'interview_roles',
    'questions',
    'question_options',
    'assignments',
    'answers',
    'content_answers',
    'reviews',
    'answer_items',
    'invites',
    'invite_links',
  ];
  for (const table of serials) {
    await client.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
    );
  }
  await client.query(`drop table bench_members, bench_org_counts, bench_org_groups, bench_answers`);
  await q('vacuum analyze', `vacuum (analyze)`);
  return { size, steps, seconds: steps.reduce((s, x) => s + x.seconds, 0) };
}
