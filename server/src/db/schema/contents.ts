/**
 * Content (001 §3): interviews (type 1), rating scales (2) and feedback forms (3) — the latter two
 * are evaluations, also called questionnaires. A questionnaire is the content row with its roles
 * and questions; its id is the content id. Status follows the state machine of 001 §4
 * (Draft 1, Review 2, Active 3, Inactive 4, Deleted 5). `organizationId` null = general content,
 * authored by admins, reaching an organization through `content_organizations`.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { assets } from './assets.js';
import { files } from './files.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** ContentType: Interview 1, Rating scales 2, Feedback 3. */
    contentTypeId: smallint('content_type_id').notNull(),
    /** ContentStatus: Draft 1, Review 2, Active 3, Inactive 4, Deleted 5. */
    statusId: smallint('status_id').notNull().default(1),
    organizationId: integer('organization_id').references(() => organizations.id),
    /** Always English (001 §9). */
    language: text('language').notNull().default('English'),
    /** Why a Manager or Admin returned it to Draft (optional; decisions.md#console-flows §7); cleared when sent to Review again. */
    returnReason: text('return_reason'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contents_org_type_status_idx').on(t.organizationId, t.contentTypeId, t.statusId, t.id),
    index('contents_type_status_idx').on(t.contentTypeId, t.statusId, t.id),
    index('contents_created_by_idx').on(t.createdById, t.contentTypeId),
    index('contents_name_idx').on(sql`lower(${t.name})`),
  ],
);

/** General content added to an organization by an admin (PUT /contents/{id}/add/{organizationId}). */
export const contentOrganizations = pgTable(
  'content_organizations',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.organizationId] }),
    index('content_organizations_org_idx').on(t.organizationId, t.contentId),
  ],
);

/** Interview roles (001 §3 'Interview role'): 1..4 per interview, each with a name and an avatar. */
export const interviewRoles = pgTable(
  'interview_roles',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatarId: integer('avatar_id').references(() => assets.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('interview_roles_content_idx').on(t.contentId, t.position)],
);

/** Questions of any content (001 §3 'Question'); interview questions belong to one role. */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    description: text('description').notNull().default(''),
    /** QuestionType: Open 1, Single 2, Multiple 3, Rating 4, Rank/Order 5. */
    questionTypeId: smallint('question_type_id').notNull(),
    interviewRoleId: integer('interview_role_id').references(() => interviewRoles.id, {
      onDelete: 'set null',
    }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('questions_content_idx').on(t.contentId, t.position, t.id)],
);

/** Answer options of single, multiple, rating and ranking questions ('Option {n}'; at most 10). */
export const questionOptions = pgTable(
  'question_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    correctAnswer: integer('correct_answer').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('question_options_question_idx').on(t.questionId, t.position)],
);

/** Audio prompts of a question (up to 4), each an mp3 file spoken by a distinct avatar. */
export const questionAudios = pgTable(
  'question_audios',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    audioId: integer('audio_id')
      .notNull()
      .references(() => files.id),
    avatarId: integer('avatar_id').references(() => assets.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('question_audios_question_idx').on(t.questionId, t.position),
    index('question_audios_audio_idx').on(t.audioId),
  ],
);
