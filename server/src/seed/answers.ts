/**
 * Demo answers (issue 8; 001 §2 'Review screen', §4): on Demo Academy's Active demo assignment,
 * through the trainees' own path (modules/me/trainee-session.ts, in process: the same service calls
 * as the mobile API and the files module's upload with its magic-byte check) — tessa@demo.test has
 * Submitted ('To review'), omar@demo.test has Submitted and was Reviewed by instructor@demo.test
 * (through the review service), priya@demo.test has practised and recorded two answers (Pending),
 * and trainee@demo.test is left Pending for the trainee simulator
 * (`npm run simulate:trainee -- --email trainee@demo.test --assignment <id>`).
 *
 * The videos in `fixtures/video/` (one per question number, H.264 + AAC mp4 of 30–60 KB with a
 * spoken answer) are made by `fixtures/video/generate.sh` with ffmpeg and espeak-ng; their
 * durations are in `videos.json`. They are stored through the storage driver as Ready video files
 * owned by each trainee.
 *
 * Runs last in the demo seed, after the assignments. Idempotent: nothing is seeded when any answer
 * of Demo Academy has left Pending, been practised or has items; nor without a storage driver
 * (tests, unless they pass the app's), the content or the assignment.
 */
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
import { answerItems, answers, assignments, organizations, users } from '../db/schema/index.js';
import { serverRoot } from '../lib/paths.js';
import { createLocalStorage, type StorageDriver } from '../lib/storage/index.js';
import { getAnswerFor, submitReview } from '../modules/answers/service.js';
import { inProcessTraineeApi } from '../modules/me/in-process-api.js';
import { answerAssignment, type SessionVideo } from '../modules/me/trainee-session.js';
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

/** What each demo trainee does on the Active demo assignment. */
const demoTrainees = [
  { email: 'tessa@demo.test', submit: true, review: false, questions: undefined },
  { email: 'omar@demo.test', submit: true, review: true, questions: undefined },
  { email: 'priya@demo.test', submit: false, review: false, questions: 2 },
] as const;

/** As in seed/assets.ts: the configured DATA_DIR's disk, none in tests or in memory. */
function configuredStorage(): StorageDriver | null {
  if (process.env['NODE_ENV'] === 'test') return null;
  const { dataDir } = loadConfig();
  return dataDir === 'memory://' ? null : createLocalStorage(dataDir);
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

/**
 * Seeds the demo answers unless present (see the module note). `storage` receives the videos
 * (default: the configured DATA_DIR's local disk; nothing is seeded when there is none). Returns
 * true when it seeded.
 */
export async function seedAnswers(db: Db, storage?: StorageDriver): Promise<boolean> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, demoOrganizationName))
    .limit(1);
  if (!org) return false;
  const activeName = demoAssignments.find((a) => a.statusId === AssignmentStatus.Active)?.name;
  const [assignment] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.organizationId, org.id),
        eq(assignments.statusId, AssignmentStatus.Active),
        eq(assignments.name, activeName ?? ''),
      ),
    )
    .limit(1);
  if (!assignment) return false;
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
    return await seedWith(db, driver, assignment.id);
  } finally {
    if (!storage) await driver.close?.();
  }
}

async function seedWith(db: Db, storage: StorageDriver, assignmentId: number): Promise<boolean> {
  const videos = await loadDemoVideos();
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
          demoTrainees.map((t) => t.email),
        ),
      ),
    );
  const onAssignment = new Set(members.map((m) => m.email));
  let seeded = false;
  for (const trainee of demoTrainees) {
    if (!onAssignment.has(trainee.email)) continue;
    const actor = await actorOf(db, trainee.email);
    if (!actor) continue;
    const { answer } = await answerAssignment(
      inProcessTraineeApi({ db, storage }, actor),
      assignmentId,
      videos,
      { submit: trainee.submit, ...(trainee.questions ? { questions: trainee.questions } : {}) },
    );
    seeded = true;
    if (!trainee.review || !reviewer) continue;
    const opened = await getAnswerFor(db, reviewer, answer.id);
    await submitReview(db, reviewer, answer.id, actor.id, {
      traineeId: actor.id,
      answers: {
        ratings: demoReviewAnswers(opened.assignment.data.ratings),
        feedback: demoReviewAnswers(opened.assignment.data.feedback),
      },
    });
  }
  return seeded;
}
