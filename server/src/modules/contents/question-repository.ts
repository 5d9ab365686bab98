/**
 * Queries on a content's interview roles, questions, their options and audio rows (001 §3
 * 'Content', 'Question'): the reads the editors and the composition need, in a fixed number of
 * statements, and their writes. Split from repository.ts, which re-exports it.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AssetType } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  assets,
  files,
  interviewRoles,
  questionAudios,
  questionOptions,
  questions,
} from '../../db/schema/index.js';
import { availableTo } from '../assets/index.js';

type Handle = Db | Tx;

export interface RoleRow {
  id: number;
  contentId: number;
  name: string;
  avatarId: number | null;
  avatarName: string | null;
  avatarImageId: number | null;
  avatarImageKey: string | null;
  position: number;
}

export interface QuestionRow {
  id: number;
  contentId: number;
  text: string;
  description: string;
  questionTypeId: number;
  interviewRoleId: number | null;
  tags: string[];
  position: number;
}

export interface OptionRow {
  id: number;
  questionId: number;
  text: string;
  correctAnswer: number;
  position: number;
}

export interface AudioRow {
  id: number;
  questionId: number;
  audioId: number;
  audioKey: string;
  audioName: string;
  audioExtension: string;
  avatarId: number | null;
  position: number;
}

/** The roles of the contents, in order, with avatar name and image key. One statement. */
const roleColumns = {
  id: interviewRoles.id,
  contentId: interviewRoles.contentId,
  name: interviewRoles.name,
  avatarId: interviewRoles.avatarId,
  avatarName: assets.name,
  avatarImageId: assets.imageId,
  avatarImageKey: files.storageKey,
  position: interviewRoles.position,
};

export async function rolesOf(db: Handle, contentIds: readonly number[]): Promise<RoleRow[]> {
  if (contentIds.length === 0) return [];
  return db
    .select(roleColumns)
    .from(interviewRoles)
    .leftJoin(assets, eq(assets.id, interviewRoles.avatarId))
    .leftJoin(files, eq(files.id, assets.imageId))
    .where(inArray(interviewRoles.contentId, [...contentIds]))
    .orderBy(asc(interviewRoles.contentId), asc(interviewRoles.position), asc(interviewRoles.id));
}

const questionColumns = {
  id: questions.id,
  contentId: questions.contentId,
  text: questions.text,
  description: questions.description,
  questionTypeId: questions.questionTypeId,
  interviewRoleId: questions.interviewRoleId,
  tags: questions.tags,
  position: questions.position,
};

/** The questions of the contents (or the questions `questionIds`), in order. One statement. */
export async function questionsOf(
  db: Handle,
  by: { contentIds: readonly number[] } | { questionIds: readonly number[] },
): Promise<QuestionRow[]> {
  const ids = 'contentIds' in by ? by.contentIds : by.questionIds;
  if (ids.length === 0) return [];
  return db
    .select(questionColumns)
    .from(questions)
    .where(
      'contentIds' in by ? inArray(questions.contentId, [...ids]) : inArray(questions.id, [...ids]),
    )
    .orderBy(asc(questions.contentId), asc(questions.position), asc(questions.id));
}

/** The options of the questions, in order. One statement. */
const optionColumns = {
  id: questionOptions.id,
  questionId: questionOptions.questionId,
  text: questionOptions.text,
  correctAnswer: questionOptions.correctAnswer,
  position: questionOptions.position,
};

export async function optionsOf(db: Handle, questionIds: readonly number[]): Promise<OptionRow[]> {
  if (questionIds.length === 0) return [];
  return db
    .select(optionColumns)
    .from(questionOptions)
    .where(inArray(questionOptions.questionId, [...questionIds]))
    .orderBy(
      asc(questionOptions.questionId),
      asc(questionOptions.position),
      asc(questionOptions.id),
    );
}

/** The audio rows of the questions, in order, with the mp3's storage key, name and extension. One statement. */
export async function audiosOf(db: Handle, questionIds: readonly number[]): Promise<AudioRow[]> {
  if (questionIds.length === 0) return [];
  return db
    .select({
      id: questionAudios.id,
      questionId: questionAudios.questionId,
      audioId: questionAudios.audioId,
      audioKey: files.storageKey,
      audioName: files.name,
      audioExtension: files.extension,
      avatarId: questionAudios.avatarId,
      position: questionAudios.position,
    })
    .from(questionAudios)
    .innerJoin(files, eq(files.id, questionAudios.audioId))
    .where(inArray(questionAudios.questionId, [...questionIds]))
    .orderBy(asc(questionAudios.questionId), asc(questionAudios.position), asc(questionAudios.id));
}

/** The question with its content id, or undefined. One statement. */
export async function findQuestion(db: Handle, id: number): Promise<QuestionRow | undefined> {
  const [row] = await questionsOf(db, { questionIds: [id] });
  return row;
}

/** How many questions the content has. One statement. */
export async function countQuestions(db: Handle, contentId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(questions)
    .where(eq(questions.contentId, contentId));
  return row?.n ?? 0;
}

export interface RoleValues {
  /** An existing role of the content to keep and update; absent: a new role. */
  id?: number | undefined;
  name: string;
  avatarId: number | null;
}

/**
 * Makes the content's roles exactly `roles`, in order: roles with an id of the content are
 * updated, others inserted, and roles left out deleted — their questions lose the role first.
 */
export async function replaceRoles(tx: Tx, contentId: number, roles: RoleValues[]): Promise<void> {
  const existing = await tx
    .select({ id: interviewRoles.id })
    .from(interviewRoles)
    .where(eq(interviewRoles.contentId, contentId));
  const existingIds = new Set(existing.map((r) => r.id));
  const kept = new Set(
    roles.map((r) => r.id).filter((id): id is number => id !== undefined && existingIds.has(id)),
  );
  const removed = [...existingIds].filter((id) => !kept.has(id));
  if (removed.length > 0) {
    await tx
      .update(questions)
      .set({ interviewRoleId: null })
      .where(inArray(questions.interviewRoleId, removed));
    await tx.delete(interviewRoles).where(inArray(interviewRoles.id, removed));
  }
  for (const [position, role] of roles.entries()) {
    if (role.id !== undefined && kept.has(role.id)) {
      await tx
        .update(interviewRoles)
        .set({ name: role.name, avatarId: role.avatarId, position })
        .where(eq(interviewRoles.id, role.id));
    } else {
      await tx
        .insert(interviewRoles)
        .values({ contentId, name: role.name, avatarId: role.avatarId, position });
    }
  }
}

export interface QuestionValues {
  text: string;
  description: string;
  questionTypeId: number;
  interviewRoleId: number | null;
  tags: string[];
}

/** Inserts a question after the content's last one and answers its id. */
export async function insertQuestion(
  tx: Tx,
  contentId: number,
  values: QuestionValues,
): Promise<number> {
  const [row] = await tx
    .insert(questions)
    .values({
      ...values,
      contentId,
      position: sql`(select coalesce(max(${questions.position}), 0) + 1 from ${questions} where ${questions.contentId} = ${contentId})`,
    })
    .returning({ id: questions.id });
  return row!.id;
}

/** Sets the question's fields and `updatedAt` to now. */
export async function updateQuestion(tx: Tx, id: number, values: QuestionValues): Promise<void> {
  await tx
    .update(questions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(questions.id, id));
}

/** Deletes the question; its options and audio rows go with it (cascade). */
export async function deleteQuestion(db: Handle, id: number): Promise<void> {
  await db.delete(questions).where(eq(questions.id, id));
}

/**
 * Makes `rows` (ordered; each with the id of a row to keep, or none) the children of the question
 * in `table`: rows whose id belongs to the question are updated in place (ids stay stable, so
 * answers that name option ids keep their meaning), others inserted, the rest deleted.
 */
async function replaceChildren<V extends Record<string, unknown>>(
  tx: Tx,
  table: typeof questionOptions | typeof questionAudios,
  questionId: number,
  rows: (V & { id?: number | null | undefined })[],
): Promise<void> {
  const existing = await tx
    .select({ id: table.id })
    .from(table)
    .where(eq(table.questionId, questionId));
  const existingIds = new Set(existing.map((r) => r.id));
  const kept = new Set(
    rows
      .map((r) => r.id)
      .filter((id): id is number => typeof id === 'number' && existingIds.has(id)),
  );
  const removed = [...existingIds].filter((id) => !kept.has(id));
  if (removed.length > 0) await tx.delete(table).where(inArray(table.id, removed));
  for (const [position, { id, ...values }] of rows.entries()) {
    if (typeof id === 'number' && kept.has(id)) {
      await tx
        .update(table)
        .set({ ...values, position } as never)
        .where(eq(table.id, id));
    } else {
      await tx.insert(table).values({ ...values, questionId, position } as never);
    }
  }
}

/** Makes the question's options exactly `options`, in order (ids kept where given). */
export async function replaceOptions(
  tx: Tx,
  questionId: number,
  options: { id?: number | null | undefined; text: string; correctAnswer: number }[],
): Promise<void> {
  await replaceChildren(tx, questionOptions, questionId, options);
}

/** Makes the question's audio rows exactly `audios`, in order (ids kept where given). */
export async function replaceAudios(
  tx: Tx,
  questionId: number,
  audios: { id?: number | null | undefined; audioId: number; avatarId: number | null }[],
): Promise<void> {
  await replaceChildren(tx, questionAudios, questionId, audios);
}

/** The ids of the interview roles among `ids` that belong to the content. One statement. */
export async function roleIdsOfContent(
  db: Handle,
  contentId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: interviewRoles.id })
    .from(interviewRoles)
    .where(and(eq(interviewRoles.contentId, contentId), inArray(interviewRoles.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/**
 * The Avatar assets among `ids` that content of `organizationId` may use: for an organization, its
 * own avatars and the general ones added to it; for general content, the general avatars. One
 * statement.
 */
export async function usableAvatarIds(
  db: Handle,
  organizationId: number | null,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(
      and(
        inArray(assets.id, [...ids]),
        eq(assets.assetTypeId, AssetType.Avatar),
        organizationId === null ? isNull(assets.organizationId) : availableTo(organizationId),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
