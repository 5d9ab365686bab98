/**
 * The only path from content rows to the wire (001 §3 'Content', 'Questionnaire', 'Question',
 * 'Interview role'). URLs of images and audio are root-relative, signed with the app's `urls` (see
 * files/url.ts).
 */
import type {
  Content,
  ContentListItem,
  ContentTypeId,
  InterviewRole,
  ItemStatusId,
  Question,
  QuestionTypeId,
  Questionnaire,
} from '@practica/contract';
import type { FileUrls } from '../files/index.js';
import type {
  AudioRow,
  ContentListRow,
  ContentRow,
  OptionRow,
  QuestionRow,
  RoleRow,
} from './repository.js';

/** Maps a content row (with its author's names) to 001 §3 'Content'. */
export function presentContent(row: ContentRow): Content {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    statusId: row.statusId as ItemStatusId,
    contentTypeId: row.contentTypeId as ContentTypeId,
    organizationId: row.organizationId,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy:
      row.createdById !== null && row.createdByFirstName !== null
        ? {
            id: row.createdById,
            firstName: row.createdByFirstName,
            lastName: row.createdByLastName ?? '',
          }
        : null,
    returnReason: row.returnReason,
  };
}

/** Maps a list row to a row of the content lists (counts, origin, organizations added to). */
export function presentContentListItem(row: ContentListRow): ContentListItem {
  return {
    ...presentContent(row),
    questionsCount: row.questionsCount,
    organization:
      row.organizationId !== null
        ? { id: row.organizationId, name: row.organizationName ?? '' }
        : null,
    organizationIds: row.organizationIds,
  };
}

/** Maps a role row to 001 §3 'Interview role' with its avatar `{id, name, image}` or null. */
export function presentRole(urls: FileUrls, row: RoleRow): InterviewRole {
  return {
    id: row.id,
    name: row.name,
    avatarId: row.avatarId,
    avatar:
      row.avatarId !== null && row.avatarName !== null
        ? {
            id: row.avatarId,
            name: row.avatarName,
            image:
              row.avatarImageId !== null && row.avatarImageKey
                ? { id: row.avatarImageId, url: urls.sign(row.avatarImageKey) }
                : null,
          }
        : null,
  };
}

/** Maps a question row with its options and audio rows (already in order) to 001 §3 'Question'. */
export function presentQuestion(
  urls: FileUrls,
  row: QuestionRow,
  options: OptionRow[],
  audios: AudioRow[],
): Question {
  return {
    id: row.id,
    text: row.text,
    description: row.description,
    questionTypeId: row.questionTypeId as QuestionTypeId,
    interviewRoleId: row.interviewRoleId,
    contentId: row.contentId,
    tags: row.tags,
    options: options.map((o) => ({ id: o.id, text: o.text, correctAnswer: o.correctAnswer })),
    audios: audios.map((a) => ({
      id: a.id,
      questionId: a.questionId,
      audioId: a.audioId,
      audio: {
        id: a.audioId,
        url: urls.sign(a.audioKey),
        name: a.audioName,
        extension: a.audioExtension,
      },
      avatarId: a.avatarId,
    })),
  };
}

/** Groups rows by a numeric key, keeping their order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/** The loaded parts of some contents: roles, questions, options and audio rows. */
export interface QuestionnaireParts {
  roles: RoleRow[];
  questions: QuestionRow[];
  options: OptionRow[];
  audios: AudioRow[];
}

/** For each content id, its presented roles and questions (in order); URLs signed with `urls`. */
export function presentParts(
  urls: FileUrls,
  parts: QuestionnaireParts,
): Map<number, { roles: InterviewRole[]; questions: Question[] }> {
  const optionsByQuestion = groupBy(parts.options, (o) => o.questionId);
  const audiosByQuestion = groupBy(parts.audios, (a) => a.questionId);
  const result = new Map<number, { roles: InterviewRole[]; questions: Question[] }>();
  const entry = (contentId: number) => {
    let e = result.get(contentId);
    if (!e) {
      e = { roles: [], questions: [] };
      result.set(contentId, e);
    }
    return e;
  };
  for (const role of parts.roles) entry(role.contentId).roles.push(presentRole(urls, role));
  for (const q of parts.questions) {
    entry(q.contentId).questions.push(
      presentQuestion(urls, q, optionsByQuestion.get(q.id) ?? [], audiosByQuestion.get(q.id) ?? []),
    );
  }
  return result;
}

/** Maps a content row and its parts to 001 §3 'Questionnaire' (`id` = `contentId` = the content id). */
export function presentQuestionnaire(
  urls: FileUrls,
  row: ContentRow,
  parts: QuestionnaireParts,
): Questionnaire {
  const mine = presentParts(urls, parts).get(row.id) ?? { roles: [], questions: [] };
  return {
    id: row.id,
    contentId: row.id,
    content: presentContent(row),
    questions: mine.questions,
    roles: mine.roles,
  };
}
