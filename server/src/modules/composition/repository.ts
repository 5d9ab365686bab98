/**
 * Reads of an assignment's composition (001 §3 'Assignment' `data`): its roles with the chosen
 * avatars, its interview, rating scale and feedback form with their roles, questions and options,
 * and its environment, with the image files. Each read is one Drizzle relational query (the
 * relations of db/relations.ts), so one JSON-aggregating statement, prepared once per database with
 * the id as its placeholder.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-queries.js';
import { FileStatus, JobStatus, MediaStatus, mediaJobs } from '../../db/schema/index.js';

/**
 * Why an item's video processing failed for good, as a code (`unreadable`, `too-long`,
 * `too-slow` …), or null: for an item whose media status is Failed, the `[code]` the media worker
 * puts at the start of its latest Failed job's `last_error`; null for any other item, or a failure
 * without a code (storage or database failures after their retries). `item`: the item's id and
 * media status columns (aliased as the query has them). The media_jobs part is written out (`mj`)
 * because a relational query's extras would alias its columns as the item's.
 */
export function mediaFailureCode(item: {
  id: PgColumn;
  mediaStatus: PgColumn;
}): SQL<string | null> {
  const failed = sql.raw(String(MediaStatus.Failed));
  const jobFailed = sql.raw(String(JobStatus.Failed));
  const code = sql.raw(String.raw`substring(mj.last_error from '^\[([a-z-]+)\]')`);
  return sql<
    string | null
  >`case when ${item.mediaStatus} = ${failed} then (select ${code} from ${mediaJobs} mj where mj.answer_item_id = ${item.id} and mj.status = ${jobFailed} order by mj.id desc limit 1) end`;
}

/** An asset with its image's storage key. */
const assetRead = {
  columns: { id: true, name: true, description: true, assetTypeId: true, imageId: true },
  with: { image: { columns: { storageKey: true } } },
} as const;

/** A content with its roles, and its questions with their options, in their authored order. */
const contentRead = {
  columns: {
    id: true,
    name: true,
    description: true,
    contentTypeId: true,
    statusId: true,
    organizationId: true,
    updatedAt: true,
  },
  with: {
    roles: {
      columns: { id: true, name: true, avatarId: true },
      orderBy: (r, { asc }) => [asc(r.position), asc(r.id)],
    },
    questions: {
      columns: {
        id: true,
        contentId: true,
        text: true,
        description: true,
        questionTypeId: true,
        interviewRoleId: true,
        tags: true,
      },
      orderBy: (q, { asc }) => [asc(q.position), asc(q.id)],
      with: {
        options: {
          columns: { id: true, text: true, correctAnswer: true },
          orderBy: (o, { asc }) => [asc(o.position), asc(o.id)],
        },
      },
    },
  },
} as const satisfies Parameters<Db['query']['contents']['findFirst']>[0];

/** `contentRead`, each question also with its audio prompts (mp3 key and status), in order. */
const interviewWithAudioRead = {
  ...contentRead,
  with: {
    ...contentRead.with,
    questions: {
      ...contentRead.with.questions,
      with: {
        ...contentRead.with.questions.with,
        audios: {
          columns: { audioId: true, avatarId: true },
          orderBy: (a, { asc }) => [asc(a.position), asc(a.id)],
          with: { audio: { columns: { storageKey: true, status: true } } },
        },
      },
    },
  },
} as const satisfies Parameters<Db['query']['contents']['findFirst']>[0];

/** The assignment's composition; `interview` decides what its interview carries. */
function compositionRead<I extends typeof contentRead | typeof interviewWithAudioRead>(
  interview: I,
) {
  return {
    columns: {
      id: true,
      interviewId: true,
      environmentId: true,
      ratingsId: true,
      feedbackId: true,
    },
    with: {
      roles: {
        columns: { interviewRoleId: true, avatarId: true },
        with: {
          interviewRole: { columns: { name: true, position: true } },
          avatar: assetRead,
        },
      },
      interview,
      ratings: contentRead,
      feedback: contentRead,
      environment: assetRead,
    },
  } as const;
}

const assignmentComposition = compositionRead(contentRead);
const practiceComposition = compositionRead(interviewWithAudioRead);

/** An answer item with its video file, MP4 and poster (key and status) and its media columns. */
const itemRead = {
  columns: {
    id: true,
    answerId: true,
    questionId: true,
    text: true,
    duration: true,
    fileId: true,
    mediaStatus: true,
    playbackFileId: true,
    posterFileId: true,
    videoDeletedAt: true,
  },
  extras: (item: { id: PgColumn; mediaStatus: PgColumn }) => ({
    mediaFailure: mediaFailureCode(item).as('media_failure'),
  }),
  with: {
    file: { columns: { storageKey: true, status: true } },
    playbackFile: { columns: { storageKey: true, status: true } },
    posterFile: { columns: { storageKey: true, status: true } },
  },
} as const;

/** A review form with its content's type and its reviewer's names. */
const formRead = {
  columns: {
    id: true,
    answerId: true,
    contentId: true,
    createdById: true,
    answers: true,
    score: true,
    createdAt: true,
  },
  with: {
    content: { columns: { contentTypeId: true } },
    reviewer: { columns: { firstName: true, lastName: true } },
  },
} as const;

/** The composition of one assignment (placeholder `id`), prepared once per database. */
function assignmentQuery(db: Db | Tx) {
  return preparedQuery(db, 'composition.assignment', (name) =>
    db.query.assignments
      .findFirst({
        ...assignmentComposition,
        where: (a, { eq }) => eq(a.id, sql.placeholder('id')),
      })
      .prepare(name),
  );
}

/**
 * One answer (placeholder `id`): its items, its latest ratings and feedback forms and its
 * assignment's composition, prepared once per database.
 */
function answerQuery(db: Db | Tx) {
  return preparedQuery(db, 'composition.answer', (name) =>
    db.query.answers
      .findFirst({
        columns: { id: true, reviewedAt: true },
        where: (a, { eq }) => eq(a.id, sql.placeholder('id')),
        with: {
          items: itemRead,
          ratingsAnswer: formRead,
          feedbackAnswer: formRead,
          assignment: assignmentComposition,
        },
      })
      .prepare(name),
  );
}

/**
 * One answer (placeholder `id`): its items, its latest ratings and feedback forms and its
 * assignment's composition with the interview's audio prompts, prepared once per database.
 */
function practiceQuery(db: Db | Tx) {
  return preparedQuery(db, 'composition.practice', (name) =>
    db.query.answers
      .findFirst({
        columns: { id: true, reviewedAt: true },
        where: (a, { eq }) => eq(a.id, sql.placeholder('id')),
        with: {
          items: itemRead,
          ratingsAnswer: formRead,
          feedbackAnswer: formRead,
          assignment: practiceComposition,
        },
      })
      .prepare(name),
  );
}

/** An assignment's composition as the relational query reads it (roles in no particular order). */
export type CompositionTree = NonNullable<
  Awaited<ReturnType<ReturnType<typeof assignmentQuery>['execute']>>
>;

/** An answer item (001 §3 'Answer item'): `fileKey` is the video's storage key while it is Ready. */
export interface AnswerItemRow {
  id: number;
  answerId: number;
  questionId: number;
  text: string | null;
  duration: number;
  fileId: number | null;
  /** Storage key of the video when it is Ready (null otherwise). */
  fileKey: string | null;
  /** MediaStatus of the video (db/schema/answers.ts). */
  mediaStatus: number;
  /** The H.264/AAC MP4 made from the video (the video itself when it already was one). */
  playbackFileId: number | null;
  /** Storage key of the MP4 when it is Ready (null otherwise). */
  playbackKey: string | null;
  posterFileId: number | null;
  /** Storage key of the poster when it is Ready (null otherwise). */
  posterKey: string | null;
  /** When VIDEO_RETENTION_DAYS removed the video; null while kept. */
  videoDeletedAt: Date | null;
  /** Why its processing failed for good, as a code (`mediaFailureCode`); null otherwise. */
  mediaFailure: string | null;
  /** When the item's answer was reviewed (the start of its retention); null before. */
  reviewedAt: Date | null;
}

/** A review form (001 §3 'ratingsAnswer'/'feedbackAnswer') with its reviewer's names. */
export interface ContentAnswerRow {
  id: number;
  answerId: number;
  contentId: number;
  contentTypeId: number;
  createdById: number | null;
  reviewerFirstName: string | null;
  reviewerLastName: string | null;
  answers: { questionId: number; text: string }[];
  score: number | null;
  createdAt: Date;
}

type ItemTree = NonNullable<
  Awaited<ReturnType<ReturnType<typeof practiceQuery>['execute']>>
>['items'][number];
type FormTree = NonNullable<
  NonNullable<Awaited<ReturnType<ReturnType<typeof answerQuery>['execute']>>>['ratingsAnswer']
>;

/** The storage key of a read file while it is Ready, else null. */
const readyKey = (file: { storageKey: string; status: number } | null) =>
  file?.status === FileStatus.Ready ? file.storageKey : null;

/**
 * Items in the order of the interview's questions (`questionIds`, as the composition reads them),
 * each with the keys of its Ready video, MP4 and poster, and its answer's `reviewedAt`.
 */
function itemRows(
  items: readonly ItemTree[],
  questionIds: readonly number[],
  reviewedAt: Date | null,
): AnswerItemRow[] {
  const order = new Map(questionIds.map((id, index) => [id, index]));
  const rank = (item: ItemTree) => order.get(item.questionId) ?? questionIds.length;
  return [...items]
    .sort((a, b) => rank(a) - rank(b) || a.questionId - b.questionId)
    .map(({ file, playbackFile, posterFile, ...item }) => ({
      ...item,
      fileKey: readyKey(file),
      playbackKey: readyKey(playbackFile),
      posterKey: readyKey(posterFile),
      reviewedAt,
    }));
}

/** The ids of an interview's questions in their order (none without an interview). */
const questionIdsOf = (interview: { questions: { id: number }[] } | null) =>
  interview?.questions.map((q) => q.id) ?? [];

/** A review form row with its content's type and its reviewer's names (null once erased). */
function formRow({ content, reviewer, ...form }: FormTree): ContentAnswerRow {
  return {
    ...form,
    contentTypeId: content.contentTypeId,
    reviewerFirstName: reviewer?.firstName ?? null,
    reviewerLastName: reviewer?.lastName ?? null,
  };
}

/** The composition of the assignment `id`, or undefined when it does not exist. One statement. */
export async function readComposition(
  db: Db | Tx,
  id: number,
): Promise<CompositionTree | undefined> {
  return assignmentQuery(db).execute({ id });
}

/** What the review screen reads of an answer besides the answer row itself. */
export interface AnswerComposition {
  /** The composition of the answer's assignment. */
  composition: CompositionTree;
  /** The answer's items in their questions' order. */
  items: AnswerItemRow[];
  /** The latest ratings and feedback forms the answer points at (those present). */
  forms: ContentAnswerRow[];
}

/**
 * The answer `id`'s items, its latest review forms and its assignment's composition, or undefined when the answer does not exist. One statement.
 */
export async function readAnswerComposition(
  db: Db | Tx,
  id: number,
): Promise<AnswerComposition | undefined> {
  const answer = await answerQuery(db).execute({ id });
  if (!answer) return undefined;
  return {
    composition: answer.assignment,
    items: itemRows(answer.items, questionIdsOf(answer.assignment.interview), answer.reviewedAt),
    forms: formRows(answer),
  };
}

/** A Ready audio prompt of an interview question. */
export interface AudioPromptRow {
  /** The mp3 file's id. */
  id: number;
  questionId: number;
  avatarId: number | null;
  storageKey: string;
}

/** What the practice screen reads of a trainee's answer besides the answer row itself. */
export interface PracticeComposition {
  /** The composition of the answer's assignment. */
  composition: CompositionTree;
  /** The Ready audio prompts of the interview's questions, by question, in order. */
  audios: AudioPromptRow[];
  /** The answer's items in their questions' order. */
  items: AnswerItemRow[];
  /** The latest ratings and feedback forms the answer points at (those present). */
  forms: ContentAnswerRow[];
}

/** The latest review forms of a read answer (those present). */
const formRows = (answer: { ratingsAnswer: FormTree | null; feedbackAnswer: FormTree | null }) =>
  [answer.ratingsAnswer, answer.feedbackAnswer]
    .filter((f): f is FormTree => f !== null)
    .map(formRow);

/**
 * The answer `id`'s items, its latest review forms and its assignment's composition with the
 * interview's Ready audio prompts, or undefined when the answer does not exist. One statement.
 */
export async function readPracticeComposition(
  db: Db | Tx,
  id: number,
): Promise<PracticeComposition | undefined> {
  const answer = await practiceQuery(db).execute({ id });
  if (!answer) return undefined;
  const { interview, ...rest } = answer.assignment;
  const audios = (interview?.questions ?? []).flatMap((q) =>
    q.audios
      .filter((a) => a.audio.status === FileStatus.Ready)
      .map((a) => ({
        id: a.audioId,
        questionId: q.id,
        avatarId: a.avatarId,
        storageKey: a.audio.storageKey,
      })),
  );
  return {
    composition: {
      ...rest,
      interview: interview
        ? { ...interview, questions: interview.questions.map(({ audios: _a, ...q }) => q) }
        : null,
    },
    audios,
    items: itemRows(answer.items, questionIdsOf(interview), answer.reviewedAt),
    forms: formRows(answer),
  };
}
