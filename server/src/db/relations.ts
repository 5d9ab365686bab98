/**
 * Drizzle relations between the tables an assignment's composition and an answer's detail read
 * (001 §3 'Assignment', 'Answer', 'Answer item', 'ratingsAnswer'/'feedbackAnswer'). They let
 * `db.query.<table>.findFirst({ with })` read a whole tree in one JSON-aggregating statement
 * (modules/composition). Relations are not constraints: they change no migration.
 */
import { relations } from 'drizzle-orm';
import { answerItems, answers, contentAnswers } from './schema/answers.js';
import { assets } from './schema/assets.js';
import { assignmentRoles, assignments } from './schema/assignments.js';
import {
  contents,
  interviewRoles,
  questionAudios,
  questionOptions,
  questions,
} from './schema/contents.js';
import { files } from './schema/files.js';
import { users } from './schema/users.js';

/** An assignment: its interview, rating scale, feedback form, environment and chosen avatars. */
export const assignmentsRelations = relations(assignments, ({ one, many }) => ({
  interview: one(contents, { fields: [assignments.interviewId], references: [contents.id] }),
  ratings: one(contents, { fields: [assignments.ratingsId], references: [contents.id] }),
  feedback: one(contents, { fields: [assignments.feedbackId], references: [contents.id] }),
  environment: one(assets, { fields: [assignments.environmentId], references: [assets.id] }),
  roles: many(assignmentRoles),
}));

/** The avatar an assignment chose for one role of its interview. */
export const assignmentRolesRelations = relations(assignmentRoles, ({ one }) => ({
  assignment: one(assignments, {
    fields: [assignmentRoles.assignmentId],
    references: [assignments.id],
  }),
  interviewRole: one(interviewRoles, {
    fields: [assignmentRoles.interviewRoleId],
    references: [interviewRoles.id],
  }),
  avatar: one(assets, { fields: [assignmentRoles.avatarId], references: [assets.id] }),
}));

/** An asset (avatar or environment) and its image file. */
export const assetsRelations = relations(assets, ({ one }) => ({
  image: one(files, { fields: [assets.imageId], references: [files.id] }),
}));

/** A content (interview, rating scale, feedback form): its roles and questions. */
export const contentsRelations = relations(contents, ({ many }) => ({
  roles: many(interviewRoles),
  questions: many(questions),
}));

/** An interview role: its content and default avatar. */
export const interviewRolesRelations = relations(interviewRoles, ({ one }) => ({
  content: one(contents, { fields: [interviewRoles.contentId], references: [contents.id] }),
  avatar: one(assets, { fields: [interviewRoles.avatarId], references: [assets.id] }),
}));

/** A question: its content, options and audio prompts. */
export const questionsRelations = relations(questions, ({ one, many }) => ({
  content: one(contents, { fields: [questions.contentId], references: [contents.id] }),
  options: many(questionOptions),
  audios: many(questionAudios),
}));

/** An option of a question. */
export const questionOptionsRelations = relations(questionOptions, ({ one }) => ({
  question: one(questions, { fields: [questionOptions.questionId], references: [questions.id] }),
}));

/** An audio prompt of a question: its mp3 file. */
export const questionAudiosRelations = relations(questionAudios, ({ one }) => ({
  question: one(questions, { fields: [questionAudios.questionId], references: [questions.id] }),
  audio: one(files, { fields: [questionAudios.audioId], references: [files.id] }),
}));

/** An answer: its assignment, its items, and the latest ratings and feedback forms it points at. */
export const answersRelations = relations(answers, ({ one, many }) => ({
  assignment: one(assignments, { fields: [answers.assignmentId], references: [assignments.id] }),
  items: many(answerItems),
  ratingsAnswer: one(contentAnswers, {
    fields: [answers.ratingsAnswerId],
    references: [contentAnswers.id],
  }),
  feedbackAnswer: one(contentAnswers, {
    fields: [answers.feedbackAnswerId],
    references: [contentAnswers.id],
  }),
}));

/** An answer item: its answer, question, video file, and the MP4 and poster made from it. */
export const answerItemsRelations = relations(answerItems, ({ one }) => ({
  answer: one(answers, { fields: [answerItems.answerId], references: [answers.id] }),
  question: one(questions, { fields: [answerItems.questionId], references: [questions.id] }),
  file: one(files, { fields: [answerItems.fileId], references: [files.id] }),
  playbackFile: one(files, { fields: [answerItems.playbackFileId], references: [files.id] }),
  posterFile: one(files, { fields: [answerItems.posterFileId], references: [files.id] }),
}));

/** A review form (content answer): its answer, its content and its reviewer. */
export const contentAnswersRelations = relations(contentAnswers, ({ one }) => ({
  answer: one(answers, { fields: [contentAnswers.answerId], references: [answers.id] }),
  content: one(contents, { fields: [contentAnswers.contentId], references: [contents.id] }),
  reviewer: one(users, { fields: [contentAnswers.createdById], references: [users.id] }),
}));
