/**
 * The composition module: an assignment's composition (001 §3 'Assignment' `data`: roles with the
 * chosen avatars, interview, rating scale and feedback form with their questions and options,
 * environment), read in one statement and presented once. Used by the assignment detail
 * (`assignmentDataOf`), the answer detail (`answerDetailDataOf`) and the trainees' practice screen
 * (`practiceDataOf`). Each read is one statement; each throws `NotFoundError` when its row is gone.
 * Each takes the app's read URL signer (`urls`, `app.files.urls`) for the images it presents.
 */
import type { AssignmentData } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import type { FileUrls } from '../files/index.js';
import { presentAssignmentData } from './presenter.js';
import {
  readAnswerComposition,
  readComposition,
  readPracticeComposition,
  type AnswerItemRow,
  type AudioPromptRow,
  type ContentAnswerRow,
} from './repository.js';

export type { AnswerItemRow, AudioPromptRow, ContentAnswerRow } from './repository.js';
export { mediaFailureCode } from './repository.js';

/** What each read takes: the database (or the caller's transaction) and the app's `FileUrls`. */
interface ReadDeps {
  db: Db | Tx;
  urls: FileUrls;
}

/** The `data` of the assignment `assignmentId`. One statement; 404 when it does not exist. */
export async function assignmentDataOf(
  { db, urls }: ReadDeps,
  { assignmentId }: { assignmentId: number },
): Promise<AssignmentData> {
  const composition = await readComposition(db, assignmentId);
  if (!composition) throw new NotFoundError();
  return presentAssignmentData(urls, composition);
}

/** What the answer detail shows besides the answer row (see `answerDetailDataOf`). */
export interface AnswerDetailData {
  /** The `data` of the answer's assignment. */
  assignmentData: AssignmentData;
  /** The answer's items in their questions' order. */
  items: AnswerItemRow[];
  /** The latest ratings and feedback forms the answer points at (those present). */
  forms: ContentAnswerRow[];
}

/**
 * The answer `answerId`'s assignment `data`, items and latest review forms (001 §2 'Review
 * screen'). One statement; 404 when the answer does not exist.
 */
export async function answerDetailDataOf(
  { db, urls }: ReadDeps,
  answerId: number,
): Promise<AnswerDetailData> {
  const read = await readAnswerComposition(db, answerId);
  if (!read) throw new NotFoundError();
  return {
    assignmentData: presentAssignmentData(urls, read.composition),
    items: read.items,
    forms: read.forms,
  };
}

/** What the practice screen shows besides the answer row (see `practiceDataOf`). */
export interface PracticeData {
  /** The `data` of the answer's assignment. */
  data: AssignmentData;
  /** The Ready audio prompts of the interview's questions. */
  audios: AudioPromptRow[];
  /** The answer's items in their questions' order. */
  items: AnswerItemRow[];
  /** The latest ratings and feedback forms the answer points at (those present). */
  forms: ContentAnswerRow[];
}

/**
 * The trainee's answer `answerId`: its assignment `data`, the interview's Ready audio prompts, the
 * answer's items and its latest review forms (GET /me/assignments/{id}). One statement; 404 when
 * the answer does not exist.
 */
export async function practiceDataOf(
  { db, urls }: ReadDeps,
  answerId: number,
): Promise<PracticeData> {
  const read = await readPracticeComposition(db, answerId);
  if (!read) throw new NotFoundError();
  return {
    data: presentAssignmentData(urls, read.composition),
    audios: read.audios,
    items: read.items,
    forms: read.forms,
  };
}
