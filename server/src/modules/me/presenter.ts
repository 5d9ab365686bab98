/**
 * The only path from rows to the mobile API's wire shapes (DECISIONS.md 'Assignments and
 * answers'): my assignments, one assignment for practice (questions in order with role, avatar,
 * audio prompts; the environment) and my answer with its items. URLs are the files module's.
 */
import type {
  AssignmentData,
  MeAnswer,
  MeAssignmentDetail,
  MeAssignmentListItem,
  MeQuestion,
} from '@practica/contract';
import { reviewedScore, presentItem } from '../answers/index.js';
import type { AnswerFullRow, AnswerItemRow } from '../answers/index.js';
import { publicFileUrl } from '../files/index.js';
import type { AudioPromptRow } from '../composition/index.js';
import type { MyAssignmentRow } from './repository.js';

type AnswerStatusId = MeAnswer['statusId'];
type AssignmentStatusId = MeAssignmentDetail['statusId'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** My answer with its items (001 §3 'Answer', 'Answer item'); the score only when Reviewed. */
export function presentMyAnswer(row: AnswerFullRow, items: readonly AnswerItemRow[]): MeAnswer {
  return {
    id: row.id,
    assignmentId: row.assignmentId,
    statusId: row.statusId as AnswerStatusId,
    practiceCounter: row.practiceCounter,
    submittedAt: iso(row.submittedAt),
    reviewedAt: iso(row.reviewedAt),
    score: reviewedScore(row.statusId, row.score),
    updatedAt: row.updatedAt.toISOString(),
    items: items.map(presentItem),
  };
}

/** A row of GET /me/assignments; `canAnswer` while my answer is Pending. */
export function presentMyAssignment(
  row: MyAssignmentRow,
  canAnswer: boolean,
): MeAssignmentListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startDate: row.startDate,
    closeDate: row.closeDate,
    questionsCount: row.questionsCount,
    answeredCount: row.answeredCount,
    answer: {
      id: row.answerId,
      statusId: row.answerStatusId as AnswerStatusId,
      practiceCounter: row.practiceCounter,
      submittedAt: iso(row.submittedAt),
      reviewedAt: iso(row.reviewedAt),
      score: reviewedScore(row.answerStatusId, row.score),
    },
    canAnswer,
  };
}

/**
 * The interview's questions in order for practice: role, the avatar chosen for it, every audio
 * prompt and `audio`, the prompt spoken by that avatar (else the first).
 */
export function presentMyQuestions(
  data: AssignmentData,
  audios: readonly AudioPromptRow[],
): MeQuestion[] {
  const roleOf = new Map(data.roles.map((r) => [r.roleId, r]));
  return (data.interview?.questions ?? []).map((q, index) => {
    const role = q.interviewRoleId !== null ? roleOf.get(q.interviewRoleId) : undefined;
    const prompts = audios
      .filter((a) => a.questionId === q.id)
      .map((a) => ({ id: a.id, url: publicFileUrl(a.storageKey), avatarId: a.avatarId }));
    const spoken = prompts.find((p) => role?.avatarId != null && p.avatarId === role.avatarId);
    return {
      id: q.id,
      number: index + 1,
      text: q.text,
      description: q.description,
      roleId: q.interviewRoleId,
      roleName:
        role?.name ?? data.interview?.roles.find((r) => r.id === q.interviewRoleId)?.name ?? null,
      avatar: role?.avatar ?? null,
      audio: spoken ?? prompts[0] ?? null,
      audios: prompts,
    };
  });
}

/** GET /me/assignments/{id}: the assignment for practice with my answer. */
export function presentMyAssignmentDetail(
  row: AnswerFullRow,
  parts: {
    data: AssignmentData;
    audios: readonly AudioPromptRow[];
    items: readonly AnswerItemRow[];
    canAnswer: boolean;
  },
): MeAssignmentDetail {
  const interview = parts.data.interview;
  return {
    id: row.assignmentId,
    name: row.assignmentName,
    description: row.assignmentDescription,
    statusId: row.assignmentStatusId as AssignmentStatusId,
    startDate: row.startDate,
    closeDate: row.closeDate,
    interview: interview
      ? { id: interview.id, name: interview.name, description: interview.description }
      : null,
    roles: parts.data.roles.map((r) => ({ id: r.roleId, name: r.name, avatar: r.avatar })),
    environment: parts.data.environment,
    questions: presentMyQuestions(parts.data, parts.audios),
    answer: presentMyAnswer(row, parts.items),
    canAnswer: parts.canAnswer,
  };
}
