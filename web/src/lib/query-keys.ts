/**
 * Every TanStack Query key of the console, one factory per resource (the key-factory pattern of
 * TkDodo's "Effective React Query Keys"): each key is an array that starts with its resource's
 * `all` prefix, and narrower keys extend broader ones. Invalidation matches by prefix, so
 * `invalidateQueries({ queryKey: userKeys.lists() })` refreshes every users list and
 * `invalidateQueries({ queryKey: organizationKeys.detail(id) })` refreshes the organization with
 * everything filed under it (its members, groups, invites and group-member candidates).
 *
 * Features import keys from here only; a literal key array anywhere else is a bug. The list
 * factories take the feature's own filter object as it is sent to the API.
 */
import type { AssetTypeId, PageSize, RoleId } from '@practica/contract';

/** Paging of a list key. */
interface Paging {
  page: number;
  pageSize: PageSize;
}

/** GET /auth/session: the signed-in user (000 §3 'Logged-in user'). */
export const sessionKey = ['session'] as const;

/** GET /info: version and app links. */
export const infoKey = ['info'] as const;

/** Users (000 §7 'Session and users'); a user's groups sit under the user. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: <F extends object>(filters: F) => [...userKeys.lists(), filters] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number) => [...userKeys.details(), id] as const,
  groups: (userId: number) => [...userKeys.all, userId, 'groups'] as const,
  /** The emailed confirmation link of an address change (a one-time token). */
  emailUpdate: (token: string) => ['email-update', token] as const,
};

/**
 * Organizations (000 §7 'Organizations'). Everything about one organization sits under
 * `detail(id)`: its members, groups, invites and group-member candidates.
 */
export const organizationKeys = {
  all: ['organizations'] as const,
  lists: () => [...organizationKeys.all, 'list'] as const,
  list: (page: number, pageSize: PageSize) =>
    [...organizationKeys.lists(), { page, pageSize }] as const,
  detail: (id: number) => [...organizationKeys.all, id] as const,
  users: <F extends object>(id: number, query: F) =>
    [...organizationKeys.detail(id), 'users', query] as const,
  groups: (id: number, page: number, pageSize: PageSize) =>
    [...organizationKeys.detail(id), 'groups', { page, pageSize }] as const,
  /** Every group of the organization (the CSV import's group names). */
  allGroups: (id: number) => [...organizationKeys.detail(id), 'groups', 'all'] as const,
  invites: (id: number, page: number, pageSize: PageSize) =>
    [...organizationKeys.detail(id), 'invites', { page, pageSize }] as const,
  candidates: (id: number, roleId: RoleId, search: string | undefined) =>
    [...organizationKeys.detail(id), 'candidates', { roleId, search }] as const,
  /** The organization's API tokens (decisions.md#api-tokens). */
  apiTokens: (id: number) => [...organizationKeys.detail(id), 'api-tokens'] as const,
  /** The organization's webhook endpoints (decisions.md#webhooks). */
  webhooks: (id: number) => [...organizationKeys.detail(id), 'webhooks'] as const,
  /** One page of an endpoint's deliveries, newest first. */
  webhookDeliveries: (id: number, endpointId: number, page: number, pageSize: PageSize) =>
    [...organizationKeys.webhooks(id), endpointId, 'deliveries', { page, pageSize }] as const,
};

/** Groups (000 §7 'Groups'). Group changes also move organization counts: refresh both. */
export const groupKeys = {
  all: ['groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: <F extends object>(filter: F) => [...groupKeys.lists(), filter] as const,
  detail: (id: number) => [...groupKeys.all, id] as const,
  users: (id: number, roleId: RoleId, page: number, pageSize: PageSize) =>
    [...groupKeys.detail(id), 'users', { roleId, page, pageSize }] as const,
};

/** Invites (000 §7 'Invites'); an organization's invite list is `organizationKeys.invites`. */
export const inviteKeys = {
  all: ['invites'] as const,
  public: (token: string) => [...inviteKeys.all, 'public', token] as const,
};

/** Avatars and environments (001 §7 '/assets'), the organizations' asset lists included. */
export const assetKeys = {
  all: ['assets'] as const,
  list: (typeId: AssetTypeId, paging?: Paging) =>
    [...assetKeys.all, 'list', typeId, paging ?? 'all'] as const,
  detail: (id: number) => [...assetKeys.all, id] as const,
  ofOrganization: (organizationId: number, typeId: AssetTypeId) =>
    [...assetKeys.all, 'organization', organizationId, typeId] as const,
};

/** Interviews, rating scales, feedback forms and their questions (001 §7 content calls). */
export const contentKeys = {
  all: ['contents'] as const,
  interviews: <F extends object>(filter: F) => [...contentKeys.all, 'interviews', filter] as const,
  questionnaires: <F extends object>(filter: F) =>
    [...contentKeys.all, 'questionnaires', filter] as const,
  organization: <F extends object>(id: number, filter: F) =>
    [...contentKeys.all, 'organization', id, filter] as const,
  detail: (id: number) => [...contentKeys.all, 'detail', id] as const,
  question: (id: number) => [...contentKeys.all, 'question', id] as const,
  avatars: () => [...contentKeys.all, 'avatars'] as const,
};

/** Assignments (001 §7 '/assignments'), with the wizard's sources. */
export const assignmentKeys = {
  all: ['assignments'] as const,
  lists: () => [...assignmentKeys.all, 'list'] as const,
  list: <F extends object>(filter: F) => [...assignmentKeys.lists(), filter] as const,
  dashboard: () => [...assignmentKeys.all, 'dashboard'] as const,
  detail: (id: number) => [...assignmentKeys.all, 'detail', id] as const,
  users: (id: number, roles: number, status?: number) =>
    [...assignmentKeys.all, 'users', id, roles, status ?? 0] as const,
  /** The wizard's and the assign dialog's choices: `kind` names the list, `arg` its scope. */
  sources: (kind: string, arg?: unknown) => [...assignmentKeys.all, 'sources', kind, arg] as const,
  ofUser: (userId: number) => [...assignmentKeys.all, 'of-user', userId] as const,
  open: (organizationId: number) => [...assignmentKeys.all, 'open', organizationId] as const,
};

/** A trainee's answers and their reviews (001 §7 '/answers'). */
export const answerKeys = {
  all: ['answers'] as const,
  detail: (id: number) => [...answerKeys.all, id] as const,
};

/** The caller's review in progress on an answer, kept on the server (decisions.md#review-loop §6). */
export const reviewDraftKeys = {
  all: ['review-drafts'] as const,
  detail: (answerId: number) => [...reviewDraftKeys.all, answerId] as const,
};

/** An answer's completed reviews (decisions.md#review-loop §5); a submitted review adds one. */
export const reviewHistoryKeys = {
  all: ['review-history'] as const,
  answer: (answerId: number) => [...reviewHistoryKeys.all, answerId] as const,
};

/** An assignment's audit log (decisions.md#review-loop §5), by its filter and page. */
export const auditKeys = {
  all: ['audit'] as const,
  assignment: (assignmentId: number) => [...auditKeys.all, assignmentId] as const,
  list: <F extends object>(assignmentId: number, filter: F) =>
    [...auditKeys.assignment(assignmentId), filter] as const,
};

/**
 * Time-coded comments of an answer (decisions.md#review-loop §3), by the answer's latest review time: a submitted
 * review attaches the reviewer's drafts, and the detail it answers moves `reviewedAt`.
 */
export const reviewCommentKeys = {
  all: ['review-comments'] as const,
  answer: (answerId: number) => [...reviewCommentKeys.all, answerId] as const,
  list: (answerId: number, reviewedAt: string | null) =>
    [...reviewCommentKeys.answer(answerId), reviewedAt ?? ''] as const,
};

/**
 * The review inbox (decisions.md#review-loop §1): its pages and an answer's neighbors in it, by the filter object
 * sent. A review, a claim or a release moves both: refresh `reviewInboxKeys.all`.
 */
export const reviewInboxKeys = {
  all: ['review-inbox'] as const,
  list: <F extends object>(filter: F) => [...reviewInboxKeys.all, 'list', filter] as const,
  neighbors: <F extends object>(filter: F) =>
    [...reviewInboxKeys.all, 'neighbors', filter] as const,
  /** The filter selects' choices: an organization's assignments and groups. */
  options: (organizationId: number | undefined) =>
    [...reviewInboxKeys.all, 'options', organizationId ?? 0] as const,
};

/**
 * Insights (decisions.md#insights-and-administration §1): an assignment's, a trainee's progress and an organization's reviewer
 * consistency. A review changes all three: refresh `insightKeys.all`.
 */
export const insightKeys = {
  all: ['insights'] as const,
  assignment: (assignmentId: number) => [...insightKeys.all, 'assignment', assignmentId] as const,
  progress: (userId: number) => [...insightKeys.all, 'progress', userId] as const,
  consistency: (organizationId: number) =>
    [...insightKeys.all, 'consistency', organizationId] as const,
};
