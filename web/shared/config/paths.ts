/**
 * Every route of the console (000 §2.1, §2.2 and 001 §2) and its href builder, named as in the
 * spec (login, dashboard, systemAdminDashboard, orgManagerDashboard, appRedirect, review(answerId),
 * assignmentDetail(assignmentId), ...). `patterns` are the router's path patterns; `paths` builds
 * links. Query parameter names (000 §2.2) are in `queryParams`.
 */

type Id = number | string;

/** 000 §2.2: query parameter names used across routes. */
export const queryParams = {
  id: 'id',
  roleType: 'roleType',
  orgName: 'orgName',
  orgId: 'orgId',
  contentTypeId: 'contentTypeId',
  statusId: 'statusId',
  token: 'token',
} as const;
export type QueryParam = (typeof queryParams)[keyof typeof queryParams];

/** The guarded prefix (000 §2.2). */
export const guardedPrefix = '/dbl';

/** Router path patterns. */
export const patterns = {
  // 000 §2.1 public routes
  home: '/',
  login: '/login',
  inviteRegistration: '/invite-registration/:id',
  emailUpdate: '/email-update',
  passwordReset: '/password-reset',
  appRedirect: '/app',

  // 000 §2.2 guarded routes
  dashboard: '/dbl/dashboard',
  assignments: '/dbl/assignments',
  assignmentCreate: '/dbl/assignments/create',
  assignmentEdit: '/dbl/assignments/:id/edit',
  assignmentDetail: '/dbl/assignments/:id',
  reviewInbox: '/dbl/reviews',
  review: '/dbl/reviews/:id',
  /** decisions.md#console-flows §15: the printable scorecard of a reviewed answer (outside the shell). */
  scorecard: '/dbl/reviews/:id/scorecard',
  interviews: '/dbl/interviews',
  interviewCreate: '/dbl/interviews/create',
  interviewEdit: '/dbl/interviews/:id/edit',
  questionCreate: '/dbl/:contentId/questions/create',
  questionEdit: '/dbl/:contentId/questions/:id/edit',
  evaluations: '/dbl/:contentTypeId/evaluations',
  evaluationCreate: '/dbl/:contentTypeId/evaluations/create',
  evaluationEdit: '/dbl/:contentTypeId/evaluations/:id/edit',
  groups: '/dbl/groups',
  groupCreate: '/dbl/groups/create',
  groupDetail: '/dbl/groups/:id',
  userDetail: '/dbl/user-detail/:id',
  invites: '/dbl/invites',
  settings: '/dbl/settings',
  creatorDashboard: '/dbl/creator/dashboard',
  systemAdminDashboard: '/dbl/system-admin/dashboard',
  systemAdminUsers: '/dbl/system-admin/users',
  orgManagerDashboard: '/dbl/org-manager/dashboard/org',
  organizationCreate: '/dbl/organizations/create',
  organizationDetail: '/dbl/organizations/:id',
  /** decisions.md#webhooks: an organization's single sign-on, API tokens and webhooks. */
  organizationIntegrations: '/dbl/organizations/:id/integrations',
  avatars: '/dbl/avatars',
  avatarCreate: '/dbl/avatars/create',
  avatarEdit: '/dbl/avatars/:id/edit',
  environments: '/dbl/environments',
  environmentCreate: '/dbl/environments/create',
  environmentEdit: '/dbl/environments/:id/edit',
  organizationContents: '/dbl/organization/:id/contents',
  organizationDetails: '/dbl/organization/:id/details',
  /** decisions.md#insights-and-administration §1: reviewer consistency (a Manager's organization, an Admin's by `organizationId`). */
  reviewerConsistency: '/dbl/insights/reviewers',
} as const;
export type RouteName = keyof typeof patterns;

function withQuery(
  path: string,
  query: Partial<Record<QueryParam, Id | null | undefined>>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const seg = (id: Id) => encodeURIComponent(String(id));

/** Href builders, named as in the spec (000 §2.2). */
export const paths = {
  home: () => patterns.home,
  login: () => patterns.login,
  inviteRegistration: (inviteId: Id) => `/invite-registration/${seg(inviteId)}`,
  emailUpdate: (token?: string) => withQuery(patterns.emailUpdate, { token }),
  passwordReset: (token?: string) => withQuery(patterns.passwordReset, { token }),
  appRedirect: () => patterns.appRedirect,
  /** The trainees' practice app: its own bundle, so it is opened with a full page load. */
  practiceApp: () => '/practice/',

  dashboard: () => patterns.dashboard,
  assignments: (statusId?: Id) => withQuery(patterns.assignments, { statusId }),
  assignmentCreate: () => patterns.assignmentCreate,
  assignmentEdit: (assignmentId: Id) => `/dbl/assignments/${seg(assignmentId)}/edit`,
  assignmentDetail: (assignmentId: Id) => `/dbl/assignments/${seg(assignmentId)}`,
  /** The review screen; `search` (without '?') carries the inbox's filters (decisions.md#review-loop §1). */
  review: (answerId: Id, search = '') =>
    `/dbl/reviews/${seg(answerId)}${search ? `?${search}` : ''}`,
  /**
   * The printable scorecard of answer `answerId` (decisions.md#console-flows §15); `search` as the review screen's
   * (kept for its way back); `print` opens the print dialog once it is shown.
   */
  scorecard: (answerId: Id, search = '', print = false) => {
    const query = new URLSearchParams(search);
    if (print) query.set('print', '1');
    const text = query.toString();
    return `/dbl/reviews/${seg(answerId)}/scorecard${text ? `?${text}` : ''}`;
  },
  /** The review inbox (decisions.md#review-loop §1); `search` (without '?') holds its filters. */
  reviewInbox: (search = '') =>
    search ? `${patterns.reviewInbox}?${search}` : patterns.reviewInbox,
  interviews: () => patterns.interviews,
  interviewCreate: () => patterns.interviewCreate,
  interviewEdit: (interviewId: Id) => `/dbl/interviews/${seg(interviewId)}/edit`,
  questionCreate: (contentId: Id, contentTypeId?: Id) =>
    withQuery(`/dbl/${seg(contentId)}/questions/create`, { contentTypeId }),
  questionEdit: (contentId: Id, questionId: Id, contentTypeId?: Id) =>
    withQuery(`/dbl/${seg(contentId)}/questions/${seg(questionId)}/edit`, { contentTypeId }),
  evaluations: (contentTypeId: Id) => `/dbl/${seg(contentTypeId)}/evaluations`,
  evaluationCreate: (contentTypeId: Id) => `/dbl/${seg(contentTypeId)}/evaluations/create`,
  evaluationEdit: (contentTypeId: Id, evaluationId: Id) =>
    `/dbl/${seg(contentTypeId)}/evaluations/${seg(evaluationId)}/edit`,
  groups: () => patterns.groups,
  groupCreate: (orgId?: Id) => withQuery(patterns.groupCreate, { orgId }),
  groupDetail: (groupId: Id, orgId?: Id) => withQuery(`/dbl/groups/${seg(groupId)}`, { orgId }),
  userDetail: (userId: Id) => `/dbl/user-detail/${seg(userId)}`,
  invites: (query: { orgId?: Id; roleType?: Id; orgName?: string } = {}) =>
    withQuery(patterns.invites, query),
  settings: () => patterns.settings,
  creatorDashboard: () => patterns.creatorDashboard,
  systemAdminDashboard: () => patterns.systemAdminDashboard,
  systemAdminUsers: () => patterns.systemAdminUsers,
  orgManagerDashboard: () => patterns.orgManagerDashboard,
  organizationCreate: () => patterns.organizationCreate,
  organizationDetail: (organizationId: Id) => `/dbl/organizations/${seg(organizationId)}`,
  organizationIntegrations: (organizationId: Id) =>
    `/dbl/organizations/${seg(organizationId)}/integrations`,
  avatars: () => patterns.avatars,
  avatarCreate: () => patterns.avatarCreate,
  avatarEdit: (avatarId: Id) => `/dbl/avatars/${seg(avatarId)}/edit`,
  environments: () => patterns.environments,
  environmentCreate: () => patterns.environmentCreate,
  environmentEdit: (environmentId: Id) => `/dbl/environments/${seg(environmentId)}/edit`,
  organizationContents: (organizationId: Id) => `/dbl/organization/${seg(organizationId)}/contents`,
  organizationDetails: (organizationId: Id) => `/dbl/organization/${seg(organizationId)}/details`,
  /** Reviewer consistency (decisions.md#insights-and-administration §1); an Admin names the organization. */
  reviewerConsistency: (organizationId?: Id) =>
    organizationId === undefined
      ? patterns.reviewerConsistency
      : `${patterns.reviewerConsistency}?organizationId=${seg(organizationId)}`,
} as const;

/** The bundled marketing page shown on `/` when no MARKETING_URL is configured (decisions.md). */
export const bundledMarketingPage = '/marketing.html';
