/**
 * An assignment's composition (001 §5, decisions.md#content): checked against the organization on
 * create, on every Draft save and on publishing (service.ts); compared with the stored one when a
 * Planned or Active assignment is saved (the composition is frozen after Draft).
 */
import {
  AssetType,
  ContentType,
  messages,
  type ErrorDetail,
  type InterviewAssignmentRoleInput,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { ValidationError } from '../../errors.js';
import {
  assetFacts,
  contentFacts,
  rolePairsOfAssignment,
  roleIdsOfInterview,
  type AssignmentRow,
} from './repository.js';

/** What an assignment is made of (001 §5): its interview, avatars per role, environment and forms. */
export interface Composition {
  interviewId: number;
  environmentId: number;
  ratingsId: number;
  feedbackId: number;
  roles: readonly InterviewAssignmentRoleInput[];
}

/**
 * Checks a composition against the organization (001 §5, decisions.md#content): the interview
 * is an Active interview assignable to it (messages.selectInterviewToContinue); the environment an
 * Environment available to it (messages.selectEnvironmentToContinue); the roles are exactly the
 * interview's (messages.missingRoles for none or a foreign role, 'Select an
 * Avatar to continue' for a role left without one) each with an Avatar available to it; the
 * rating scale and feedback form are Active and assignable ('Select a Rating Scale/Feedback Form
 * to continue') of the right type (messages.invalidRatingsSelection, messages.invalidFeedbackSelection).
 * Throws one 400 with every problem as details; the message is the first one's.
 */
export async function checkComposition(
  db: Db | Tx,
  organizationId: number,
  form: Composition,
): Promise<void> {
  const details: ErrorDetail[] = [];
  const contentIds = [form.interviewId, form.ratingsId, form.feedbackId];
  const assetIds = [form.environmentId, ...form.roles.map((r) => r.avatarId)];
  const [contentRows, assetRows] = await Promise.all([
    contentFacts(db, contentIds, organizationId),
    assetFacts(db, assetIds, organizationId),
  ]);
  const content = new Map(contentRows.map((c) => [c.id, c]));
  const asset = new Map(assetRows.map((a) => [a.id, a]));
  const usable = (id: number, typeId: number) => {
    const c = content.get(id);
    return c?.contentTypeId === typeId && c.assignable;
  };
  const available = (id: number, typeId: number) => {
    const a = asset.get(id);
    return a?.assetTypeId === typeId && a.available;
  };

  const interviewOk = usable(form.interviewId, ContentType.Interview);
  if (!interviewOk)
    details.push({ path: 'interviewId', message: messages.selectInterviewToContinue });
  if (!available(form.environmentId, AssetType.Environment))
    details.push({ path: 'environmentId', message: messages.selectEnvironmentToContinue });

  if (interviewOk) {
    const roleIds = await roleIdsOfInterview(db, form.interviewId);
    if (roleIds.length === 0) details.push({ path: 'roles', message: messages.missingRoles });
    form.roles.forEach((r, i) => {
      if (!roleIds.includes(r.roleId))
        details.push({ path: `roles.${i}.roleId`, message: messages.missingRoles });
    });
    const given = new Set(form.roles.map((r) => r.roleId));
    if (roleIds.some((roleId) => !given.has(roleId)))
      details.push({ path: 'roles', message: messages.selectAvatarToContinue });
  }
  form.roles.forEach((r, i) => {
    if (!available(r.avatarId, AssetType.Avatar))
      details.push({ path: `roles.${i}.avatarId`, message: messages.selectAvatarToContinue });
  });

  const evaluation = (
    path: 'ratingsId' | 'feedbackId',
    id: number,
    typeId: number,
    invalid: string,
    missing: string,
  ) => {
    const c = content.get(id);
    if (c && c.contentTypeId !== typeId) details.push({ path, message: invalid });
    else if (!usable(id, typeId)) details.push({ path, message: missing });
  };
  evaluation(
    'ratingsId',
    form.ratingsId,
    ContentType.RatingScale,
    messages.invalidRatingsSelection,
    messages.selectRatingScaleToContinue,
  );
  evaluation(
    'feedbackId',
    form.feedbackId,
    ContentType.Feedback,
    messages.invalidFeedbackSelection,
    messages.selectFeedbackFormToContinue,
  );

  if (details.length > 0) throw new ValidationError(details[0]!.message, details);
}

/** The stored composition of an assignment (null references become 0: never found, so refused). */
export async function storedComposition(db: Db | Tx, row: AssignmentRow): Promise<Composition> {
  const roles = await rolePairsOfAssignment(db, row.id);
  return {
    interviewId: row.interviewId ?? 0,
    environmentId: row.environmentId ?? 0,
    ratingsId: row.ratingsId ?? 0,
    feedbackId: row.feedbackId ?? 0,
    roles: roles.map((r) => ({ roleId: r.roleId, avatarId: r.avatarId ?? 0 })),
  };
}

/** Whether two compositions are the same (roles compared as sets of pairs). */
export function sameComposition(a: Composition, b: Composition): boolean {
  const pairs = (c: Composition) =>
    c.roles
      .map((r) => `${r.roleId}:${r.avatarId}`)
      .sort()
      .join(',');
  return (
    a.interviewId === b.interviewId &&
    a.environmentId === b.environmentId &&
    a.ratingsId === b.ratingsId &&
    a.feedbackId === b.feedbackId &&
    pairs(a) === pairs(b)
  );
}
