/**
 * Assignments (001 §3 'Assignment', §4): one Active interview with an avatar per role, one
 * environment, one Active rating scale and one Active feedback form, assigned to trainees (each
 * gets a Pending answer) and instructors. Status: Draft 1, Planned 2, Active 3, Closed 5.
 */
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { assets } from './assets.js';
import { contents, interviewRoles } from './contents.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** AssignmentStatus: Draft 1, Planned 2, Active 3, Pending 4, Closed 5, Inactive 6. */
    statusId: smallint('status_id').notNull().default(1),
    /** Set to today on every save (001 §5). */
    startDate: date('start_date', { mode: 'string' }),
    /** The due date (date only). */
    closeDate: date('close_date', { mode: 'string' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    interviewId: integer('interview_id').references(() => contents.id),
    environmentId: integer('environment_id').references(() => assets.id),
    ratingsId: integer('ratings_id').references(() => contents.id),
    feedbackId: integer('feedback_id').references(() => contents.id),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assignments_org_status_idx').on(t.organizationId, t.statusId, t.id),
    index('assignments_status_idx').on(t.statusId, t.id),
    index('assignments_interview_idx').on(t.interviewId),
    index('assignments_ratings_idx').on(t.ratingsId),
    index('assignments_feedback_idx').on(t.feedbackId),
  ],
);

/** The avatar chosen for each role of the assignment's interview. */
export const assignmentRoles = pgTable(
  'assignment_roles',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    interviewRoleId: integer('interview_role_id')
      .notNull()
      .references(() => interviewRoles.id, { onDelete: 'cascade' }),
    avatarId: integer('avatar_id').references(() => assets.id),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.interviewRoleId] })],
);

/** Instructors assigned to an assignment (the detail's Instructors tab). */
export const assignmentInstructors = pgTable(
  'assignment_instructors',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('assignment_instructors_user_idx').on(t.userId, t.assignmentId),
  ],
);
