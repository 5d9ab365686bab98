/**
 * Content (001 §2, §4, §5, §6, §7; decisions.md#content): who sees what, the interview and
 * evaluation forms, the lists, the state machine of 001 §4 and the organizations general content
 * is added to. Rules on role and organization come from the contract's policy (`can`); the state
 * rules live here. Every write runs in one transaction with the content row locked, after every
 * check, so a refused write changes nothing.
 */
import {
  ContentStatus,
  ContentType,
  Ownership,
  Role,
  can,
  contentStatusIds,
  findContentTransition,
  format,
  messages,
  type Action,
  type Actor,
  type ContentListItem,
  type ContentListQuery,
  type ContentTypeId,
  type EvaluationForm,
  type InterviewForm,
  type InterviewListItem,
  type ItemStatusId,
  type ListData,
  type Questionnaire,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { loadAuthorized, requireAllowed } from '../../lib/load-authorized.js';
import { scopeFor } from '../../lib/scope-for.js';
import type { FileUrlDeps } from '../files/index.js';
import { tellContentStatusChanged, type NotifyDeps } from '../notifications/index.js';
import { findOrganization } from '../organizations/index.js';
import {
  presentContentListItem,
  presentParts,
  presentQuestionnaire,
  type QuestionnaireParts,
} from './presenter.js';
import {
  addContentToOrganization,
  audiosOf,
  deleteContent,
  findContent,
  insertContent,
  isContentReferenced,
  isUsedByActiveAssignment,
  listContents,
  lockContent,
  optionsOf,
  questionsOf,
  removeContentFromOrganization,
  replaceRoles,
  rolesOf,
  touchContent,
  usableAvatarIds,
  type ContentListFilter,
  type ContentRow,
  type ContentWithAccess,
} from './repository.js';

/** The interview type, and the evaluation (questionnaire) types. */
export const interviewTypes: readonly ContentTypeId[] = [ContentType.Interview];
export const evaluationTypes: readonly ContentTypeId[] = [
  ContentType.RatingScale,
  ContentType.Feedback,
];

const allContentTypes: readonly ContentTypeId[] = [...interviewTypes, ...evaluationTypes];

const isAdmin = (actor: Actor) => actor.roleId === Role.Admin;

/** The policy target of a content row: its organization and author. */
export function targetOf(row: Pick<ContentRow, 'organizationId' | 'createdById'>) {
  return {
    organizationId: row.organizationId,
    ...(row.createdById !== null ? { createdById: row.createdById } : {}),
  };
}

/** Throws the 403 unless the policy allows `action` on the content. */
export function authorizeContent(
  actor: Actor,
  action: Action,
  row: Pick<ContentRow, 'organizationId' | 'createdById'>,
): void {
  requireAllowed(actor, action, targetOf(row));
}

/**
 * Loads content for reading (`loadAuthorized`, 001 §6, decisions.md#content): 404 when missing,
 * not of `types`, of another organization, or general content not added to the actor's
 * organization (an admin sees everything); 403 unless the actor may read content (staff).
 */
export async function loadContentFor(
  db: Db | Tx,
  actor: Actor,
  id: number,
  types?: readonly ContentTypeId[],
): Promise<ContentWithAccess> {
  const row = await findContent(db, id, actor.organizationId);
  const ofType = row && (!types || types.includes(row.contentTypeId as ContentTypeId));
  return loadAuthorized(actor, 'content:read', ofType ? row : undefined, (found) => ({
    ...targetOf(found),
    availableToActor: found.addedToViewer,
  }));
}

/** The roles, questions, options and audio rows of the contents: four statements in all. */
export async function loadParts(
  db: Db | Tx,
  contentIds: readonly number[],
): Promise<QuestionnaireParts> {
  const [roles, questions] = await Promise.all([
    rolesOf(db, contentIds),
    questionsOf(db, { contentIds }),
  ]);
  const questionIds = questions.map((q) => q.id);
  const [options, audios] = await Promise.all([
    optionsOf(db, questionIds),
    audiosOf(db, questionIds),
  ]);
  return { roles, questions, options, audios };
}

/** The questionnaire of 001 §3 for a content id (roles and questions in order). */
export async function questionnaireOf(
  { db, urls }: FileUrlDeps,
  id: number,
): Promise<Questionnaire> {
  const row = await findContent(db, id);
  if (!row) throw new NotFoundError();
  return presentQuestionnaire(urls, row, await loadParts(db, [id]));
}

/** GET /interviews/{id}, GET /questionnaires/{id}: the questionnaire as `actor` may see it. */
export async function getQuestionnaireFor(
  { db, urls }: FileUrlDeps,
  actor: Actor,
  id: number,
  types?: readonly ContentTypeId[],
): Promise<Questionnaire> {
  const row = await loadContentFor(db, actor, id, types);
  return presentQuestionnaire(urls, row, await loadParts(db, [id]));
}

// ---------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------

/**
 * Resolves the organization whose view a list shows: an admin's `organizationId` (or none: general
 * content); anyone else's own organization — asking for another one is a 404 (000 §6). 403 for a
 * role that may not read content.
 */
function listOrganizationOf(actor: Actor, requested: number | undefined): number | null {
  // A staff member without an organization sees nothing but what is added to "no organization".
  return scopeFor(actor, 'content:read', { organizationId: requested }) ?? null;
}

/**
 * A content list by the filters of 001 §7 (`ContentListQuery`), as `actor` may see it: an admin
 * sees every general item in the Assigned view; others only the general items added to their
 * organization.
 */
export async function listContentsFor(
  db: Db,
  actor: Actor,
  query: ContentListQuery & { contentId?: number | undefined },
  contentTypeIds: readonly ContentTypeId[],
  organizationId: number | null = listOrganizationOf(actor, query.organizationId),
): Promise<ListData<ContentListItem>> {
  const filter: ContentListFilter = {
    contentTypeIds,
    organizationId,
    allGeneral: isAdmin(actor),
    authoring: query.authoring ?? Ownership.All,
    scope: query.scope,
    statuses: query.status,
    authoredBy: query.authoredBy,
    search: query.search,
    contentId: query.contentId,
    page: query.page,
    pageSize: query.pageSize,
  };
  const { rows, count } = await listContents(db, filter);
  return { list: rows.map(presentContentListItem), count };
}

/**
 * GET /interviews: the list of 001 §7; with `contentId`, that interview (when visible under the
 * filters) with its roles and questions.
 */
export async function listInterviewsFor(
  { db, urls }: FileUrlDeps,
  actor: Actor,
  query: ContentListQuery & { contentId?: number | undefined },
): Promise<ListData<InterviewListItem>> {
  const data = await listContentsFor(db, actor, query, interviewTypes);
  if (query.contentId === undefined || data.list.length === 0) return data;
  const parts = presentParts(
    urls,
    await loadParts(
      db,
      data.list.map((c) => c.id),
    ),
  );
  return {
    list: data.list.map((item) => ({
      ...item,
      roles: parts.get(item.id)?.roles ?? [],
      questions: parts.get(item.id)?.questions ?? [],
    })),
    count: data.count,
  };
}

/** GET /organizations/{id}/contents (001 §2 organization content views), after the organization check. */
export async function listOrganizationContentsFor(
  db: Db,
  actor: Actor,
  organizationId: number,
  query: ContentListQuery & { contentTypeId?: ContentTypeId | undefined },
): Promise<ListData<ContentListItem>> {
  const types = query.contentTypeId !== undefined ? [query.contentTypeId] : allContentTypes;
  return listContentsFor(db, actor, query, types, organizationId);
}

// ---------------------------------------------------------------------------
// Interview and evaluation forms
// ---------------------------------------------------------------------------

/**
 * Checks the avatars of roles (or audio rows) given for content of `organizationId`: Avatar assets
 * available to it (decisions.md#content). 400 messages.selectAvatarToContinue naming the field.
 */
export async function assertAvatars(
  db: Db | Tx,
  organizationId: number | null,
  avatars: { path: string; avatarId: number | null | undefined }[],
): Promise<void> {
  const ids = [
    ...new Set(avatars.map((a) => a.avatarId).filter((id): id is number => typeof id === 'number')),
  ];
  const usable = await usableAvatarIds(db, organizationId, ids);
  const bad = avatars.filter((a) => typeof a.avatarId === 'number' && !usable.has(a.avatarId));
  if (bad.length > 0) {
    throw new ValidationError(
      messages.selectAvatarToContinue,
      bad.map((a) => ({ path: a.path, message: messages.selectAvatarToContinue })),
    );
  }
}

/** The organization new content of `actor` belongs to: its own, or none (general) for an admin. */
function authoringOrganizationOf(actor: Actor): number | null {
  return isAdmin(actor) ? null : actor.organizationId;
}

function roleValues(body: InterviewForm) {
  return body.roles.map((r) => ({
    id: r.id !== null && r.id !== undefined && r.id > 0 ? r.id : undefined,
    name: r.name,
    avatarId: r.avatarId ?? null,
  }));
}

/**
 * POST /interviews (001 §2 'New Interview', §5): a Draft interview with its roles, in the
 * creator's organization, or general when an admin authors. 403 without the creator flag; 400 for
 * an avatar not available to the organization.
 */
export async function createInterview(
  deps: FileUrlDeps,
  actor: Actor,
  body: InterviewForm,
): Promise<Questionnaire> {
  const { db } = deps;
  const organizationId = authoringOrganizationOf(actor);
  requireAllowed(actor, 'content:author', { organizationId });
  const roles = roleValues(body);
  await assertAvatars(
    db,
    organizationId,
    roles.map((r, i) => ({ path: `roles.${i}.avatarId`, avatarId: r.avatarId })),
  );
  const id = await db.transaction(async (tx) => {
    const created = await insertContent(tx, {
      name: body.name,
      description: body.description,
      contentTypeId: ContentType.Interview,
      organizationId,
      createdById: actor.id,
    });
    await replaceRoles(
      tx,
      created,
      roles.map((r) => ({ ...r, id: undefined })),
    );
    return created;
  });
  return questionnaireOf(deps, id);
}

/** Locks the content and refuses anything but Draft: 400 'Only Draft content can be edited.'. */
export async function lockDraft(tx: Tx, id: number) {
  const locked = await lockContent(tx, id);
  if (!locked) throw new NotFoundError();
  if (locked.statusId !== ContentStatus.Draft)
    throw new ValidationError(messages.contentNotEditable);
  return locked;
}

/**
 * PUT /interviews/{id}: title, description and roles of a Draft interview (decisions.md: an Active
 * item is never edited in place). The roles replace the interview's roles; a deleted role's
 * questions lose their role. 404/403 as for reading and authoring; 400 unless Draft.
 */
export async function updateInterview(
  deps: FileUrlDeps,
  actor: Actor,
  id: number,
  body: InterviewForm,
): Promise<Questionnaire> {
  const { db } = deps;
  const row = await loadContentFor(db, actor, id, interviewTypes);
  authorizeContent(actor, 'content:author', row);
  const roles = roleValues(body);
  await db.transaction(async (tx) => {
    await lockDraft(tx, id);
    // A kept role may keep its avatar even if that avatar is no longer offered to the organization.
    const current = new Map((await rolesOf(tx, [id])).map((r) => [r.id, r.avatarId]));
    await assertAvatars(
      tx,
      row.organizationId,
      roles
        .map((r, i) => ({ path: `roles.${i}.avatarId`, avatarId: r.avatarId, id: r.id }))
        .filter((r) => r.id === undefined || current.get(r.id) !== r.avatarId),
    );
    await touchContent(tx, id, actor.id, { name: body.name, description: body.description });
    await replaceRoles(tx, id, roles);
  });
  return questionnaireOf(deps, id);
}

/**
 * POST /questionnaires?contentTypeId= (001 §5 'Evaluation'): a Draft rating scale or feedback form
 * in the creator's organization, or general when an admin authors. 403 without the creator flag.
 */
export async function createEvaluation(
  deps: FileUrlDeps,
  actor: Actor,
  contentTypeId: ContentTypeId,
  body: EvaluationForm,
): Promise<Questionnaire> {
  const { db } = deps;
  const organizationId = authoringOrganizationOf(actor);
  requireAllowed(actor, 'content:author', { organizationId });
  const id = await insertContent(db, {
    name: body.name,
    description: body.description,
    contentTypeId,
    organizationId,
    createdById: actor.id,
  });
  return questionnaireOf(deps, id);
}

/** PUT /questionnaires/{id}: title and description of a Draft evaluation. 400 unless Draft. */
export async function updateEvaluation(
  deps: FileUrlDeps,
  actor: Actor,
  id: number,
  body: EvaluationForm,
): Promise<Questionnaire> {
  const { db } = deps;
  const row = await loadContentFor(db, actor, id, evaluationTypes);
  authorizeContent(actor, 'content:author', row);
  await db.transaction(async (tx) => {
    await lockDraft(tx, id);
    await touchContent(tx, id, actor.id, { name: body.name, description: body.description });
  });
  return questionnaireOf(deps, id);
}

/**
 * DELETE /interviews/{id}, DELETE /questionnaires/{id} (001 §4: deletion only while Draft): the
 * content with its roles, questions, options and audio rows. 400 unless Draft; 409 when an
 * assignment or a review refers to it (an item returned to Draft).
 */
export async function deleteDraftContent(
  db: Db,
  actor: Actor,
  id: number,
  types: readonly ContentTypeId[],
): Promise<void> {
  const row = await loadContentFor(db, actor, id, types);
  authorizeContent(actor, 'content:deleteDraft', row);
  await db.transaction(async (tx) => {
    await lockDraft(tx, id);
    if (await isContentReferenced(tx, id)) throw new ConflictError(messages.conflict);
    await deleteContent(tx, id);
  });
}

// ---------------------------------------------------------------------------
// The state machine (001 §4)
// ---------------------------------------------------------------------------

/**
 * 001 §5 'Submit interview for review', in order: at least one question ('Cannot submit
 * interview'), roles (messages.missingRoles), every question with a role
 * (messages.questionsWithoutRole and their ids), each role one of the interview's
 * ('Question {id} has an invalid roleID'). Evaluations need at least one question.
 */
async function assertSubmittable(tx: Tx, row: Pick<ContentRow, 'id' | 'contentTypeId'>) {
  const [roles, questions] = await Promise.all([
    rolesOf(tx, [row.id]),
    questionsOf(tx, { contentIds: [row.id] }),
  ]);
  if (row.contentTypeId !== ContentType.Interview) {
    if (questions.length === 0) throw new ValidationError(messages.statusTransitionNotAllowed);
    return;
  }
  if (questions.length === 0) throw new ValidationError(messages.cannotSubmitInterview);
  if (roles.length === 0) throw new ValidationError(messages.missingRoles);
  const withoutRole = questions.filter((q) => q.interviewRoleId === null).map((q) => q.id);
  if (withoutRole.length > 0) throw new ValidationError(format.questionsWithoutRole(withoutRole));
  const roleIds = new Set(roles.map((r) => r.id));
  const invalid = questions.find((q) => !roleIds.has(q.interviewRoleId!));
  if (invalid) throw new ValidationError(format.questionInvalidRoleId(invalid.id));
}

/**
 * Who may make the status change of PUT /contents/{id}/status?statusId= (001 §4, see
 * `contentTransitions` of the contract), checked before the body is read: 404 for content the actor
 * may not see; 400 'This status change is not allowed.' for a pair not in the machine; 403 when no
 * action of the transition is allowed (e.g. Approve by an instructor, Active ⇄ Inactive of general
 * content by a manager or by an instructor without the creator flag, Deleted by anyone but an
 * admin). Answers the content row as loaded.
 */
export async function authorizeStatusChange(
  db: Db,
  actor: Actor,
  id: number,
  statusId: ItemStatusId,
): Promise<ContentRow> {
  const row = await loadContentFor(db, actor, id);
  const transition = findContentTransition(row.statusId, statusId);
  if (!transition) throw new ValidationError(messages.statusTransitionNotAllowed);
  if (!transition.actions.some((action) => can(actor, action, targetOf(row)))) {
    throw new ForbiddenError();
  }
  return row;
}

/**
 * PUT /contents/{id}/status?statusId= — the state machine of 001 §4, enforced here: first
 * `authorizeStatusChange` (404, 400, 403; skipped when the route's hook passes the row it
 * authorized), then the checks of Submit (001 §5) and, for Active → Draft, 400 'An active
 * assignment uses this content.' while an Active assignment uses it. `reason` (decisions.md#console-flows §7) is
 * kept on Review → Draft ('Return draft'; null: none) and cleared on Draft → Review; other changes
 * leave it. Answers the content.
 */
export async function changeContentStatus(
  { db, publicUrl }: NotifyDeps,
  actor: Actor,
  idOrRow: number | ContentRow,
  statusId: ItemStatusId,
  reason: string | null = null,
): Promise<ContentRow> {
  const row =
    typeof idOrRow === 'number'
      ? await authorizeStatusChange(db, actor, idOrRow, statusId)
      : idOrRow;
  const id = row.id;
  const transition = findContentTransition(row.statusId, statusId)!;
  const returned =
    transition.from === ContentStatus.Review && transition.to === ContentStatus.Draft;
  await db.transaction(async (tx) => {
    const locked = await lockContent(tx, id);
    if (!locked) throw new NotFoundError();
    // Changed meanwhile: the transition decided above no longer applies.
    if (locked.statusId !== row.statusId) {
      throw new ValidationError(messages.statusTransitionNotAllowed);
    }
    if (transition.from === ContentStatus.Draft && transition.to === ContentStatus.Review) {
      await assertSubmittable(tx, row);
    }
    if (transition.from === ContentStatus.Active && transition.to === ContentStatus.Draft) {
      if (await isUsedByActiveAssignment(tx, id)) {
        throw new ValidationError(messages.assignmentInUse);
      }
    }
    await touchContent(tx, id, actor.id, {
      statusId,
      ...(returned ? { returnReason: reason } : {}),
      ...(transition.to === ContentStatus.Review ? { returnReason: null } : {}),
    });
    // Notifications (decisions.md#console-flows §16, helper h6): the mail to the creator when a reviewer returns the
    // item (`returned`, with `reason`) or approves it (Review → Active), and to the managers when it
    // is sent to Review, are queued here, in this transaction, through the mail outbox.
    await tellContentStatusChanged(tx, publicUrl, {
      contentId: id,
      from: transition.from,
      to: transition.to,
      actorId: actor.id,
    });
  });
  return (await findContent(db, id))!;
}

// ---------------------------------------------------------------------------
// General content and organizations (decisions.md#content)
// ---------------------------------------------------------------------------

/** The content as a row of the admin's general list (with every organization it was added to). */
async function generalListItemOf(db: Db, id: number): Promise<ContentListItem> {
  const { rows } = await listContents(db, {
    contentTypeIds: [ContentType.Interview, ContentType.RatingScale, ContentType.Feedback],
    organizationId: null,
    allGeneral: true,
    authoring: Ownership.All,
    statuses: contentStatusIds,
    contentId: id,
    page: 1,
    pageSize: 25,
  });
  if (!rows[0]) throw new NotFoundError();
  return presentContentListItem(rows[0]);
}

/**
 * PUT /contents/{id}/add/{organizationId} and /remove/{organizationId} (admin): general content
 * reaches an organization when added; only general Active content can be added (400 'Failed to
 * add interview!' for an interview, 'This change conflicts with the current data.' otherwise);
 * removing works in any status. Both are idempotent. 404 for a missing organization.
 */
export async function setContentOrganization(
  db: Db,
  actor: Actor,
  id: number,
  organizationId: number,
  add: boolean,
): Promise<ContentListItem> {
  const row = await loadContentFor(db, actor, id);
  authorizeContent(actor, 'content:addToOrganization', row);
  if (!(await findOrganization(db, organizationId))) throw new NotFoundError();
  const refused = add
    ? row.organizationId !== null || row.statusId !== ContentStatus.Active
    : row.organizationId !== null;
  if (refused) {
    const isInterview = row.contentTypeId === ContentType.Interview;
    const message = add ? messages.failedToAddInterview : messages.failedToRemoveInterview;
    throw new ValidationError(isInterview ? message : messages.conflict);
  }
  if (add) await addContentToOrganization(db, id, organizationId);
  else await removeContentFromOrganization(db, id, organizationId);
  return generalListItemOf(db, id);
}
