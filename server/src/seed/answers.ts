/**
 * Demo answers (001 §2 'Review screen', §4), through the trainees' own path
 * (modules/me/trainee-session.ts, in process: the same service calls as the mobile API and the
 * files module's upload with its magic-byte check), so that Demo Academy opens with Pending,
 * Submitted and Reviewed answers that play:
 * - the Active demo assignment: tessa@demo.test has Submitted ('To review'), omar@demo.test has
 *   Submitted and was Reviewed by instructor@demo.test (through the review service),
 *   priya@demo.test has practised and recorded two answers (Pending), and trainee@demo.test is left
 *   Pending for the trainee simulator (`npm run simulate:trainee -- --email trainee@demo.test
 *   --assignment <id>`);
 * - the Closed demo assignment (a past round): trainee@demo.test was Reviewed and omar@demo.test
 *   Submitted (still to review: closing does not strand submitted work), so its Print Report has
 *   rows. Trainees only answer Active assignments before their due date, so the seed reopens it
 *   (Active, no due date) for the round, closes it again with its own due date, and dates the
 *   submissions and the review inside the round (days before the due date).
 *
 * The videos in `fixtures/video/` (one per question number, H.264 + AAC mp4 of 30–60 KB with a
 * spoken answer) are made by `fixtures/video/generate.sh` with ffmpeg and espeak-ng; their
 * durations are in `videos.json`. They are stored through the storage driver as Ready video files
 * owned by each trainee.
 *
 * Runs last in the demo seed, after the assignments. Idempotent: nothing is seeded when any answer
 * of Demo Academy has left Pending, been practised or has items; nor without a storage driver
 * (tests, unless they pass the app's), the content or the Active assignment.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  AnswerStatus,
  AssignmentStatus,
  QuestionType,
  type Actor,
  type AssignmentContent,
  type ReviewAnswer,
  type RoleId,
} from '@practica/contract';
import { loadConfig } from '../config.js';
import type { Db } from '../db/client.js';
import {
  answerItems,
  answers,
  assignments,
  contentAnswers,
  organizations,
  users,
} from '../db/schema/index.js';
import { serverRoot } from '../lib/paths.js';
import { reviewStatementWrites } from '../review-statement-writes.js';
import { createStorage, type StorageDriver } from '../lib/storage/index.js';
import { getAnswerFor, submitReview } from '../modules/answers/index.js';
import {
  createFileUrls,
  defaultFileUrlLifetimeMs,
  type FilesDeps,
} from '../modules/files/index.js';
import type { MediaDeps } from '../modules/media/index.js';
import { inProcessTraineeApi } from '../modules/me/index.js';
import { answerAssignment, type SessionVideo } from '../modules/me/index.js';
import { demoAssignments } from './assignments.js';

/** Folder of the committed answer videos (read from the source tree, also by the bundled server). */
export const demoVideoDir = path.join(serverRoot, 'src', 'seed', 'fixtures', 'video');

const demoOrganizationName = 'Demo Academy';
const reviewerEmail = 'instructor@demo.test';

/** The fixture videos, in question order, with their bytes and durations (`videos.json`). */
export async function loadDemoVideos(): Promise<SessionVideo[]> {
  const manifest = JSON.parse(await readFile(path.join(demoVideoDir, 'videos.json'), 'utf8')) as {
    file: string;
    duration: number;
  }[];
  return Promise.all(
    manifest.map(async (v) => ({
      name: v.file,
      duration: v.duration,
      bytes: await readFile(path.join(demoVideoDir, v.file)),
    })),
  );
}

/** What one demo trainee does on a demo assignment. */
interface DemoTrainee {
  email: string;
  submit: boolean;
  /** Reviewed by instructor@demo.test after submitting. */
  review: boolean;
  /** Answers only the first `n` questions (default: all). */
  questions?: number;
  /** Closed round only: days before the due date of the submission (the review: 2 days later). */
  submittedDaysBeforeClose?: number;
}

/** The demo rounds: the assignment (by its seeded status) and what each of its trainees does. */
const demoRounds: readonly {
  statusId: typeof AssignmentStatus.Active | typeof AssignmentStatus.Closed;
  trainees: readonly DemoTrainee[];
}[] = [
  {
    statusId: AssignmentStatus.Active,
    trainees: [
      { email: 'tessa@demo.test', submit: true, review: false },
      { email: 'omar@demo.test', submit: true, review: true },
      { email: 'priya@demo.test', submit: false, review: false, questions: 2 },
    ],
  },
  {
    statusId: AssignmentStatus.Closed,
    trainees: [
      { email: 'trainee@demo.test', submit: true, review: true, submittedDaysBeforeClose: 9 },
      { email: 'omar@demo.test', submit: true, review: false, submittedDaysBeforeClose: 5 },
    ],
  },
];

/** Days from a Closed round's submission to its review. */
const reviewAfterDays = 2;
const dayMs = 24 * 60 * 60 * 1000;

/** As in seed/assets.ts: the configured storage, none in tests or in memory. */
function configuredStorage(): StorageDriver | null {
  if (process.env['NODE_ENV'] === 'test') return null;
  const { dataDir, storage } = loadConfig();
  return dataDir === 'memory://' ? null : createStorage(storage, dataDir);
}

/** The policy actor of a demo account, or undefined. */
async function actorOf(db: Db, email: string): Promise<Actor | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      roleId: users.roleId,
      organizationId: users.organizationId,
      creator: users.creator,
    })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row ? { ...row, roleId: row.roleId as RoleId } : undefined;
}

/** Feedback sentences of the demo review's open questions, in turn. */
const openTexts = [
  'Clear, well structured answers with concrete examples.',
  'Keep more eye contact with the camera and slow down a little.',
];

/**
 * A plausible review of one form: ratings 3..5, the first option of single choice questions, the
 * first two options of multiple choice ones, a sentence for open ones.
 */
export function demoReviewAnswers(form: AssignmentContent | null): ReviewAnswer[] {
  return (form?.questions ?? []).map((q, i) => {
    const ids = q.options.map((o) => o.id);
    switch (q.questionTypeId) {
      case QuestionType.Rating:
        return { questionId: q.id, text: String([4, 5, 3, 4][i % 4]) };
      case QuestionType.Single:
        return { questionId: q.id, text: String(ids[0]) };
      case QuestionType.Multiple:
      case QuestionType.Rank:
        return { questionId: q.id, text: ids.slice(0, 2).join(',') };
      default:
        return { questionId: q.id, text: openTexts[i % openTexts.length]! };
    }
  });
}

/** Demo Academy's seeded assignment of a round: id, status and due date; undefined when missing. */
async function roundAssignment(db: Db, organizationId: number, statusId: number) {
  const name = demoAssignments.find((a) => a.statusId === statusId)?.name;
  if (!name) return undefined;
  const [row] = await db
    .select({ id: assignments.id, closeDate: assignments.closeDate })
    .from(assignments)
    .where(
      and(
        eq(assignments.organizationId, organizationId),
        eq(assignments.statusId, statusId),
        eq(assignments.name, name),
      ),
    )
    .limit(1);
  return row;
}

/**
 * What the demo answers take besides the database and the storage: the media switch and the read
 * URL signer the trainees' and the reviewer's calls present files with (the seed runs before any
 * app exists, so it has no `app.files.urls`).
 */
export interface SeedAnswersDeps extends MediaDeps {
  urls: FilesDeps['urls'];
}

/**
 * Seeds the demo answers unless present (see the module note). `storage` receives the videos
 * (default: the configured storage; nothing is seeded when there is none); the videos queue their
 * media jobs when `mediaProcessing` (main.ts: ffmpeg was found; default off); the calls sign the
 * URLs they answer with `urls` (main.ts: the configured one, `createFileUrls(config)`; by default
 * one with a key of its own: the seed keeps ids, never a URL). Returns true when it seeded.
 */
export async function seedAnswers(
  db: Db,
  storage?: StorageDriver,
  {
    mediaProcessing = false,
    urls = createFileUrls({
      jwtSecret: randomBytes(32).toString('hex'),
      fileUrlLifetimeMs: defaultFileUrlLifetimeMs,
    }),
  }: Partial<SeedAnswersDeps> = {},
): Promise<boolean> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, demoOrganizationName))
    .limit(1);
  if (!org) return false;
  const active = await roundAssignment(db, org.id, AssignmentStatus.Active);
  if (!active) return false;
  const [started] = await db
    .select({ id: answers.id })
    .from(answers)
    .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
    .where(
      and(
        eq(assignments.organizationId, org.id),
        or(
          ne(answers.statusId, AnswerStatus.Pending),
          gt(answers.practiceCounter, 0),
          sql`exists (select 1 from ${answerItems} where ${answerItems.answerId} = ${answers.id})`,
        ),
      ),
    )
    .limit(1);
  if (started) return false;
  const driver = storage ?? configuredStorage();
  if (!driver) return false;
  try {
    const videos = await loadDemoVideos();
    let seeded = false;
    for (const round of demoRounds) {
      const assignment =
        round.statusId === AssignmentStatus.Active
          ? active
          : await roundAssignment(db, org.id, round.statusId);
      if (!assignment) continue;
      const deps = { db, storage: driver, videos, mediaProcessing, urls };
      const done =
        round.statusId === AssignmentStatus.Closed
          ? await seedClosedRound(deps, assignment, round.trainees)
          : await seedRound(deps, assignment.id, round.trainees);
      seeded ||= done.length > 0;
    }
    return seeded;
  } finally {
    if (!storage) await driver.close?.();
  }
}

/**
 * What a round needs: the database, the storage the videos go to, the videos, the media switch and
 * the read URL signer.
 */
interface RoundDeps extends SeedAnswersDeps {
  db: Db;
  storage: StorageDriver;
  videos: SessionVideo[];
}

/**
 * Plays `trainees` on the assignment through the mobile path, reviewing as instructor@demo.test
 * those marked so. Answers the answers made, with their trainee.
 */
async function seedRound(
  { db, storage, videos, mediaProcessing, urls }: RoundDeps,
  assignmentId: number,
  trainees: readonly DemoTrainee[],
): Promise<{ answerId: number; trainee: DemoTrainee }[]> {
  const reviewer = await actorOf(db, reviewerEmail);
  const members = await db
    .select({ email: users.email })
    .from(answers)
    .innerJoin(users, eq(users.id, answers.userId))
    .where(
      and(
        eq(answers.assignmentId, assignmentId),
        inArray(
          users.email,
          trainees.map((t) => t.email),
        ),
      ),
    );
  const onAssignment = new Set(members.map((m) => m.email));
  const done: { answerId: number; trainee: DemoTrainee }[] = [];
  for (const trainee of trainees) {
    if (!onAssignment.has(trainee.email)) continue;
    const actor = await actorOf(db, trainee.email);
    if (!actor) continue;
    const { answer } = await answerAssignment(
      inProcessTraineeApi({ db, storage, urls, mediaProcessing }, actor),
      assignmentId,
      videos,
      { submit: trainee.submit, ...(trainee.questions ? { questions: trainee.questions } : {}) },
    );
    done.push({ answerId: answer.id, trainee });
    if (!trainee.review || !reviewer) continue;
    const opened = await getAnswerFor({ db, urls }, reviewer, answer.id);
    await submitReview(
      { db, urls, reviewWrites: reviewStatementWrites },
      reviewer,
      answer.id,
      actor.id,
      {
        traineeId: actor.id,
        answers: {
          ratings: demoReviewAnswers(opened.assignment.data.ratings),
          feedback: demoReviewAnswers(opened.assignment.data.feedback),
        },
      },
    );
  }
  return done;
}

/**
 * A Closed round: reopens the assignment (Active, no due date) so that the trainees' own path
 * accepts the answers, plays the round, closes it again with its due date (also when the round
 * fails), then dates each submission and review inside the round.
 */
async function seedClosedRound(
  deps: RoundDeps,
  assignment: { id: number; closeDate: string | null },
  trainees: readonly DemoTrainee[],
): Promise<{ answerId: number; trainee: DemoTrainee }[]> {
  const { db } = deps;
  const reopen = (statusId: number, closeDate: string | null) =>
    db.update(assignments).set({ statusId, closeDate }).where(eq(assignments.id, assignment.id));
  await reopen(AssignmentStatus.Active, null);
  let done: { answerId: number; trainee: DemoTrainee }[];
  try {
    done = await seedRound(deps, assignment.id, trainees);
  } finally {
    await reopen(AssignmentStatus.Closed, assignment.closeDate);
  }
  const closedAt = assignment.closeDate
    ? new Date(`${assignment.closeDate}T16:30:00`).getTime()
    : Date.now();
  for (const { answerId, trainee } of done) {
    if (!trainee.submit) continue;
    const submittedAt = new Date(closedAt - (trainee.submittedDaysBeforeClose ?? 1) * dayMs);
    const reviewedAt = trainee.review
      ? new Date(submittedAt.getTime() + reviewAfterDays * dayMs)
      : null;
    await db.transaction(async (tx) => {
      await tx
        .update(answerItems)
        .set({ createdAt: submittedAt, updatedAt: submittedAt })
        .where(eq(answerItems.answerId, answerId));
      await tx
        .update(answers)
        .set({ submittedAt, reviewedAt, updatedAt: reviewedAt ?? submittedAt })
        .where(eq(answers.id, answerId));
      if (reviewedAt)
        await tx
          .update(contentAnswers)
          .set({ createdAt: reviewedAt })
          .where(eq(contentAnswers.answerId, answerId));
    });
  }
  return done;
}
