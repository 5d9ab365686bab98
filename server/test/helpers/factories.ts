/**
 * Small factories that write content, assets and image files straight into the test database, so
 * route tests do not depend on the demo seed's content (001 §3 'Content', 'Asset').
 */
import { randomBytes } from 'node:crypto';
import {
  AssetType,
  ContentStatus,
  ContentType,
  MediaType,
  QuestionType,
  type AssetTypeId,
  type ContentStatusId,
  type ContentTypeId,
  type QuestionTypeId,
} from '@practica/contract';
import type { Db } from '../../src/db/client.js';
import {
  FileStatus,
  assetOrganizations,
  assets,
  contentOrganizations,
  contents,
  files,
  interviewRoles,
  questionOptions,
  questions,
} from '../../src/db/schema/index.js';

/** A Ready PNG file row (no bytes are stored: enough for URLs). Answers its id and storage key. */
export async function createImageFile(db: Db): Promise<{ id: number; storageKey: string }> {
  const storageKey = `test/${randomBytes(8).toString('hex')}.png`;
  const [row] = await db
    .insert(files)
    .values({
      storageKey,
      name: 'image.png',
      extension: 'png',
      fileTypeId: MediaType.Image,
      contentType: 'image/png',
      declaredSize: 67,
      size: 67,
      status: FileStatus.Ready,
    })
    .returning({ id: files.id });
  return { id: row!.id, storageKey };
}

export interface AssetInput {
  name: string;
  assetTypeId?: AssetTypeId;
  /** Owning organization; null/undefined = general. */
  organizationId?: number | null;
  /** Organizations a general asset was added to. */
  addedTo?: number[];
  /** Give it an image file (default true). */
  image?: boolean;
}

/** An avatar (default) or environment; answers its id and image storage key (if any). */
export async function createAsset(
  db: Db,
  input: AssetInput,
): Promise<{ id: number; storageKey: string | null }> {
  const image = input.image === false ? null : await createImageFile(db);
  const [row] = await db
    .insert(assets)
    .values({
      name: input.name,
      description: `${input.name} description`,
      assetTypeId: input.assetTypeId ?? AssetType.Avatar,
      imageId: image?.id ?? null,
      organizationId: input.organizationId ?? null,
    })
    .returning({ id: assets.id });
  for (const organizationId of input.addedTo ?? []) {
    await db.insert(assetOrganizations).values({ assetId: row!.id, organizationId });
  }
  return { id: row!.id, storageKey: image?.storageKey ?? null };
}

export interface QuestionInput {
  text: string;
  questionTypeId?: QuestionTypeId;
  /** Index into the content's roles (interviews). */
  role?: number;
  options?: string[];
}

export interface ContentInput {
  name: string;
  contentTypeId?: ContentTypeId;
  statusId?: ContentStatusId;
  organizationId?: number | null;
  addedTo?: number[];
  /** Interview role names, in order. */
  roles?: string[];
  questions?: QuestionInput[];
}

export interface CreatedContent {
  id: number;
  roleIds: number[];
  questionIds: number[];
}

/** Content (interview by default, Active) with roles, questions and options. */
export async function createContent(db: Db, input: ContentInput): Promise<CreatedContent> {
  const contentTypeId = input.contentTypeId ?? ContentType.Interview;
  const [row] = await db
    .insert(contents)
    .values({
      name: input.name,
      description: `${input.name} description`,
      contentTypeId,
      statusId: input.statusId ?? ContentStatus.Active,
      organizationId: input.organizationId ?? null,
    })
    .returning({ id: contents.id });
  const id = row!.id;
  for (const organizationId of input.addedTo ?? []) {
    await db.insert(contentOrganizations).values({ contentId: id, organizationId });
  }
  const roleIds: number[] = [];
  for (const [position, name] of (input.roles ?? []).entries()) {
    const [role] = await db
      .insert(interviewRoles)
      .values({ contentId: id, name, position })
      .returning({ id: interviewRoles.id });
    roleIds.push(role!.id);
  }
  const questionIds: number[] = [];
  for (const [position, q] of (input.questions ?? []).entries()) {
    const defaultType =
      contentTypeId === ContentType.RatingScale ? QuestionType.Rating : QuestionType.Open;
    const [question] = await db
      .insert(questions)
      .values({
        contentId: id,
        text: q.text,
        questionTypeId: q.questionTypeId ?? defaultType,
        interviewRoleId: q.role !== undefined ? (roleIds[q.role] ?? null) : null,
        position,
      })
      .returning({ id: questions.id });
    questionIds.push(question!.id);
    for (const [optionPosition, text] of (q.options ?? []).entries()) {
      await db
        .insert(questionOptions)
        .values({ questionId: question!.id, text, position: optionPosition });
    }
  }
  return { id, roleIds, questionIds };
}
