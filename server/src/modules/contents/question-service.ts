/**
 * Questions (001 §2 'New question', §3 'Question', §5 'Question', §7 '/questions'; decisions.md
 * 'Content'): text, type by content, options, audio rows and the interview role. A question is
 * written only while its content is Draft, by a creator who may author the content.
 */
import {
  ContentType,
  MediaType,
  format,
  isQuestionTypeAllowed,
  maxQuestionsPerInterview,
  messages,
  type Actor,
  type ContentTypeId,
  type Question,
  type QuestionForm,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import {
  requireUsableFile,
  type FileUrlDeps,
  type FileUseDeps,
  type FilesDeps,
} from '../files/index.js';
import { presentQuestion } from './presenter.js';
import {
  audiosOf,
  countQuestions,
  deleteQuestion,
  findQuestion,
  insertQuestion,
  optionsOf,
  replaceAudios,
  replaceOptions,
  roleIdsOfContent,
  touchContent,
  updateQuestion,
  type QuestionRow,
} from './repository.js';
import { assertAvatars, authorizeContent, loadContentFor, lockDraft } from './service.js';

/** The question as the API answers it (options and audio rows in order). */
export async function questionOf({ db, urls }: FileUrlDeps, id: number): Promise<Question> {
  const row = await findQuestion(db, id);
  if (!row) throw new NotFoundError();
  const [options, audios] = await Promise.all([optionsOf(db, [id]), audiosOf(db, [id])]);
  return presentQuestion(urls, row, options, audios);
}

/** Loads a question and its content as `actor` may see them (404 as for the content, then 403). */
async function loadQuestionFor(db: Db, actor: Actor, id: number, contentId?: number) {
  const question = await findQuestion(db, id);
  if (!question) throw new NotFoundError();
  if (contentId !== undefined && contentId !== question.contentId) throw new NotFoundError();
  const content = await loadContentFor(db, actor, question.contentId);
  return { question, content };
}

/** GET /questions/{id}: the question, when its content is visible to `actor`. */
export async function getQuestionFor(
  deps: FileUrlDeps,
  actor: Actor,
  id: number,
): Promise<Question> {
  await loadQuestionFor(deps.db, actor, id);
  return questionOf(deps, id);
}

/**
 * 001 §5: audio rows as stored — a duplicate audio id is kept once (the first row), and an avatar
 * chosen for one row is removed from the later rows (the console does the same).
 */
export function normalizeAudios(audios: QuestionForm['audios']) {
  const seenAudio = new Set<number>();
  const seenAvatar = new Set<number>();
  const result: { id: number | undefined; audioId: number; avatarId: number | null }[] = [];
  for (const a of audios) {
    if (seenAudio.has(a.audioId)) continue;
    seenAudio.add(a.audioId);
    let avatarId = a.avatarId ?? null;
    if (avatarId !== null && seenAvatar.has(avatarId)) avatarId = null;
    if (avatarId !== null) seenAvatar.add(avatarId);
    result.push({ id: a.id ? a.id : undefined, audioId: a.audioId, avatarId });
  }
  return result;
}

interface Checked {
  interviewRoleId: number | null;
  audios: ReturnType<typeof normalizeAudios>;
}

/**
 * The checks of 001 §5 that need the content, before any write: the question type by content
 * ('This question type is not allowed for this content.'); for an interview, its role ('Role is
 * required!' when none, 'Question {id} has an invalid roleID' when not one of the interview's; a
 * new question is id 0) and its audio rows — each a Ready mp3 the actor may use ('Audio file
 * missing'; rows already on the question are kept as they are) with an avatar available to the
 * organization. Evaluations carry neither role nor audio rows.
 */
async function checkQuestion(
  { db, directUploads }: FileUseDeps,
  actor: Actor,
  content: { id: number; contentTypeId: number; organizationId: number | null },
  body: QuestionForm,
  existing?: QuestionRow,
): Promise<Checked> {
  if (!isQuestionTypeAllowed(content.contentTypeId as ContentTypeId, body.questionTypeId)) {
    throw new ValidationError(messages.questionTypeNotAllowed, [
      { path: 'questionTypeId', message: messages.questionTypeNotAllowed },
    ]);
  }
  if (content.contentTypeId !== ContentType.Interview) return { interviewRoleId: null, audios: [] };

  const interviewRoleId =
    body.interviewRoleId === undefined && existing
      ? existing.interviewRoleId
      : (body.interviewRoleId ?? null);
  if (interviewRoleId === null) {
    throw new ValidationError(messages.roleRequired, [
      { path: 'interviewRoleId', message: messages.roleRequired },
    ]);
  }
  const roles = await roleIdsOfContent(db, content.id, [interviewRoleId]);
  if (!roles.has(interviewRoleId)) {
    const message = format.questionInvalidRoleId(existing?.id ?? 0);
    throw new ValidationError(message, [{ path: 'interviewRoleId', message }]);
  }

  const audios = normalizeAudios(body.audios);
  const attached = new Set(
    existing ? (await audiosOf(db, [existing.id])).map((a) => a.audioId) : [],
  );
  for (const [i, a] of audios.entries()) {
    if (attached.has(a.audioId)) continue;
    try {
      await requireUsableFile(
        { db, directUploads },
        actor,
        a.audioId,
        MediaType.Audio,
        messages.audioFileMissing,
      );
    } catch {
      throw new ValidationError(messages.audioFileMissing, [
        { path: `audios.${i}.audioId`, message: messages.audioFileMissing },
      ]);
    }
  }
  await assertAvatars(
    db,
    content.organizationId,
    audios.map((a, i) => ({ path: `audios.${i}.avatarId`, avatarId: a.avatarId })),
  );
  return { interviewRoleId, audios };
}

function valuesOf(body: QuestionForm, checked: Checked) {
  return {
    text: body.text,
    description: body.description,
    questionTypeId: body.questionTypeId,
    interviewRoleId: checked.interviewRoleId,
    tags: body.tags,
  };
}

/**
 * POST /questions?contentId= (001 §7): adds a question at the end of a Draft content. 404/403 as
 * for the content and authoring; 400 for the checks of 001 §5, for content not in Draft, and past
 * 20 questions per interview ('This interview already has the maximum number of questions.').
 */
export async function createQuestion(
  { db, directUploads, urls }: Pick<FilesDeps, 'db' | 'directUploads' | 'urls'>,
  actor: Actor,
  contentId: number,
  body: QuestionForm,
): Promise<Question> {
  const content = await loadContentFor(db, actor, contentId);
  authorizeContent(actor, 'content:author', content);
  const id = await db.transaction(async (tx) => {
    await lockDraft(tx, contentId);
    // Checked under the content's lock: a concurrent edit of the roles waits for this write.
    const checked = await checkQuestion({ db: tx, directUploads }, actor, content, body);
    if (
      content.contentTypeId === ContentType.Interview &&
      (await countQuestions(tx, contentId)) >= maxQuestionsPerInterview
    ) {
      throw new ValidationError(messages.tooManyQuestions);
    }
    const created = await insertQuestion(tx, contentId, valuesOf(body, checked));
    await replaceOptions(
      tx,
      created,
      body.options.map((o) => ({ ...o, id: undefined })),
    );
    await replaceAudios(
      tx,
      created,
      checked.audios.map((a) => ({ ...a, id: undefined })),
    );
    await touchContent(tx, contentId, actor.id);
    return created;
  });
  return questionOf({ db, urls }, id);
}

/**
 * PUT /questions/{id}?contentId=: replaces the question's fields, options and audio rows (rows
 * keep their ids when the body names them). `interviewRoleId` left out keeps the current role.
 * 404 when `contentId` is not the question's content; otherwise as for creating.
 */
export async function updateQuestionFor(
  { db, directUploads, urls }: Pick<FilesDeps, 'db' | 'directUploads' | 'urls'>,
  actor: Actor,
  id: number,
  contentId: number | undefined,
  body: QuestionForm,
): Promise<Question> {
  const { question, content } = await loadQuestionFor(db, actor, id, contentId);
  authorizeContent(actor, 'content:author', content);
  await db.transaction(async (tx) => {
    await lockDraft(tx, question.contentId);
    const checked = await checkQuestion({ db: tx, directUploads }, actor, content, body, question);
    await updateQuestion(tx, id, valuesOf(body, checked));
    await replaceOptions(
      tx,
      id,
      body.options.map((o) => ({ ...o, id: o.id ? o.id : undefined })),
    );
    await replaceAudios(tx, id, checked.audios);
    await touchContent(tx, question.contentId, actor.id);
  });
  return questionOf({ db, urls }, id);
}

/** DELETE /questions/{id}: removes a question of a Draft content with its options and audio rows. */
export async function deleteQuestionFor(db: Db, actor: Actor, id: number): Promise<void> {
  const { question, content } = await loadQuestionFor(db, actor, id);
  authorizeContent(actor, 'content:author', content);
  await db.transaction(async (tx) => {
    await lockDraft(tx, question.contentId);
    await deleteQuestion(tx, id);
    await touchContent(tx, question.contentId, actor.id);
  });
}
