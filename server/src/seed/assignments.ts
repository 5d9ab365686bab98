/**
 * Demo assignments (001 §2 'Assignments list'): in Demo Academy, one Draft, one Active and
 * one Closed interview assignment, each with trainees (Pending answers) and instructor@demo.test as
 * instructor, composed of the seeded Active interview, rating scale and feedback form assignable to
 * Demo Academy and of avatars and an environment available to it. Runs last in the demo seed.
 * Idempotent: a Demo Academy that already has assignments keeps them; when the content or assets
 * are not there (yet), nothing is seeded.
 */
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { AnswerStatus, AssetType, AssignmentStatus, ContentType } from '@practica/contract';
import type { Db } from '../db/client.js';
import {
  answers,
  assets,
  assignmentInstructors,
  assignmentRoles,
  assignments,
  contents,
  interviewRoles,
  organizations,
  users,
} from '../db/schema/index.js';
import { availableTo } from '../modules/assets/index.js';
import { assignableTo } from '../modules/contents/index.js';

const demoOrganizationName = 'Demo Academy';
const dayMs = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of today plus `days` (local time). */
function isoDay(days: number): string {
  const d = new Date(Date.now() + days * dayMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

interface SeedAssignment {
  name: string;
  description: string;
  statusId: number;
  /** Days from today of the start date and of the due date (null: none). */
  startInDays: number;
  closeInDays: number | null;
  trainees: string[];
}

/** The three demo assignments of Demo Academy. */
export const demoAssignments: readonly SeedAssignment[] = [
  {
    name: 'Mock interview: customer support (draft)',
    description: 'A first practice round for the support desk; still being prepared.',
    statusId: AssignmentStatus.Draft,
    startInDays: 0,
    closeInDays: null,
    trainees: ['tessa@demo.test'],
  },
  {
    name: 'Behavioural interview practice',
    description: 'Answer each question on camera; your instructor reviews every answer.',
    statusId: AssignmentStatus.Active,
    startInDays: -7,
    closeInDays: 21,
    trainees: ['trainee@demo.test', 'tessa@demo.test', 'omar@demo.test', 'priya@demo.test'],
  },
  {
    name: 'Spring onboarding interview',
    description: 'The onboarding round of the spring cohort.',
    statusId: AssignmentStatus.Closed,
    startInDays: -60,
    closeInDays: -30,
    trainees: ['trainee@demo.test', 'omar@demo.test'],
  },
];

/** The first content of the type assignable to the organization, or undefined. */
async function firstContent(db: Db, organizationId: number, contentTypeId: number, extra?: SQL) {
  const [row] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.contentTypeId, contentTypeId), assignableTo(organizationId), extra))
    .orderBy(asc(contents.id))
    .limit(1);
  return row?.id;
}

/** Assets of the type available to the organization (its own, or general and added to it), by id. */
async function availableAssets(db: Db, organizationId: number, assetTypeId: number) {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.assetTypeId, assetTypeId), availableTo(organizationId)))
    .orderBy(asc(assets.id));
  return rows.map((r) => r.id);
}

/**
 * Seeds the demo assignments unless Demo Academy has some or the content and assets they need
 * are missing. Returns true when it seeded.
 */
export async function seedAssignments(db: Db): Promise<boolean> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, demoOrganizationName))
    .limit(1);
  if (!org) return false;
  const [existing] = await db
    .select({ n: count() })
    .from(assignments)
    .where(eq(assignments.organizationId, org.id));
  if ((existing?.n ?? 0) > 0) return false;

  const interviewId = await firstContent(
    db,
    org.id,
    ContentType.Interview,
    sql`exists (select 1 from ${interviewRoles} where ${interviewRoles.contentId} = ${contents.id})`,
  );
  const ratingsId = await firstContent(db, org.id, ContentType.RatingScale);
  const feedbackId = await firstContent(db, org.id, ContentType.Feedback);
  const avatarIds = await availableAssets(db, org.id, AssetType.Avatar);
  const [environmentId] = await availableAssets(db, org.id, AssetType.Environment);
  if (!interviewId || !ratingsId || !feedbackId || avatarIds.length === 0 || !environmentId)
    return false;
  const roles = await db
    .select({ id: interviewRoles.id })
    .from(interviewRoles)
    .where(eq(interviewRoles.contentId, interviewId))
    .orderBy(asc(interviewRoles.position), asc(interviewRoles.id));

  const emails = [
    'instructor@demo.test',
    'manager@demo.test',
    ...new Set(demoAssignments.flatMap((a) => a.trainees)),
  ];
  const people = await db
    .select({ id: users.id, email: users.email, organizationId: users.organizationId })
    .from(users)
    .where(and(inArray(users.email, emails), isNull(users.deletedAt)));
  const person = new Map(
    people.filter((p) => p.organizationId === org.id).map((p) => [p.email, p.id]),
  );
  const instructorId = person.get('instructor@demo.test');
  const authorId = person.get('manager@demo.test') ?? instructorId ?? null;

  await db.transaction(async (tx) => {
    for (const a of demoAssignments) {
      const [created] = await tx
        .insert(assignments)
        .values({
          name: a.name,
          description: a.description,
          statusId: a.statusId,
          startDate: isoDay(a.startInDays),
          closeDate: a.closeInDays === null ? null : isoDay(a.closeInDays),
          organizationId: org.id,
          interviewId,
          environmentId,
          ratingsId,
          feedbackId,
          createdById: authorId,
        })
        .returning({ id: assignments.id });
      const assignmentId = created!.id;
      if (roles.length > 0) {
        await tx.insert(assignmentRoles).values(
          roles.map((r, i) => ({
            assignmentId,
            interviewRoleId: r.id,
            avatarId: avatarIds[i % avatarIds.length]!,
          })),
        );
      }
      const trainees = a.trainees
        .map((email) => person.get(email))
        .filter((id): id is number => id !== undefined);
      if (trainees.length > 0) {
        await tx
          .insert(answers)
          .values(
            trainees.map((userId) => ({ assignmentId, userId, statusId: AnswerStatus.Pending })),
          )
          .onConflictDoNothing();
      }
      if (instructorId !== undefined) {
        await tx
          .insert(assignmentInstructors)
          .values({ assignmentId, userId: instructorId })
          .onConflictDoNothing();
      }
    }
  });
  return true;
}
