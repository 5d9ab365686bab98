/**
 * Every guarded route of 000 §2.2 and 001 §2 with its page action (the policy decides who may
 * open it) and its default title. Routes without a page of their own yet show the coming-soon
 * page; later issues replace `page` with their screen.
 */
import { messages, type PageAction } from '@practica/contract';
import type { ComponentType } from 'react';
import { patterns, type RouteName } from '@shared/config/paths';
import { insightsText } from '../config/insights-text';
import { integrationsText } from '../config/integrations-text';
import { reviewInboxText } from '../config/review-inbox-text';
import { routeText } from './route-text';

type PageModule = () => Promise<{ default: ComponentType }>;

export interface GuardedRoute {
  name: RouteName;
  path: string;
  action: PageAction;
  title: string;
  /** The screen; the coming-soon page when absent. */
  page?: PageModule;
}

const instructorDashboard: PageModule = () => import('./routes/dashboards/instructor-dashboard');
const creatorDashboard: PageModule = () => import('./routes/dashboards/creator-dashboard');
const systemAdminDashboard: PageModule = () => import('./routes/dashboards/system-admin-dashboard');
const orgManagerDashboard: PageModule = () => import('./routes/dashboards/org-manager-dashboard');

const route = (
  name: RouteName,
  action: PageAction,
  title: string,
  page?: PageModule,
): GuardedRoute => ({
  name,
  path: patterns[name],
  action,
  title,
  ...(page ? { page } : {}),
});

/** 000 §2.2 and 001 §2, in the spec's order. */
export const guardedRoutes: GuardedRoute[] = [
  route('dashboard', 'page:instructorDashboard', messages.dashboard, instructorDashboard),
  route(
    'assignments',
    'page:assignments',
    messages.assignments,
    () => import('./routes/assignments'),
  ),
  route(
    'assignmentCreate',
    'page:assignments',
    messages.assignmentWizard,
    () => import('./routes/assignment-create'),
  ),
  route(
    'assignmentEdit',
    'page:assignments',
    messages.editAssignment,
    () => import('./routes/assignment-edit'),
  ),
  route(
    'assignmentDetail',
    'page:assignments',
    messages.assignments,
    () => import('./routes/assignment-detail'),
  ),
  route('reviewInbox', 'page:review', reviewInboxText.title, () => import('./routes/review-inbox')),
  route('review', 'page:review', messages.review, () => import('./routes/review')),
  route('interviews', 'page:authoring', messages.interviews, () => import('./routes/interviews')),
  route(
    'interviewCreate',
    'page:authoring',
    messages.newInterview,
    () => import('./routes/interview-editor'),
  ),
  route(
    'interviewEdit',
    'page:authoring',
    messages.editInterview,
    () => import('./routes/interview-editor'),
  ),
  route(
    'questionCreate',
    'page:authoring',
    messages.newQuestion,
    () => import('./routes/question-editor'),
  ),
  route(
    'questionEdit',
    'page:authoring',
    messages.editQuestion,
    () => import('./routes/question-editor'),
  ),
  route(
    'evaluations',
    'page:authoring',
    routeText.evaluations,
    () => import('./routes/evaluations'),
  ),
  route(
    'evaluationCreate',
    'page:authoring',
    messages.newEvaluation,
    () => import('./routes/evaluation-editor'),
  ),
  route(
    'evaluationEdit',
    'page:authoring',
    messages.editEvaluation,
    () => import('./routes/evaluation-editor'),
  ),
  route('groups', 'page:groups', messages.groups, () => import('./routes/groups')),
  route(
    'groupCreate',
    'page:groupDetail',
    messages.createGroup,
    () => import('./routes/group-detail'),
  ),
  route('groupDetail', 'page:groupDetail', messages.groups, () => import('./routes/group-detail')),
  route(
    'userDetail',
    'page:userDetail',
    routeText.userDetail,
    () => import('./routes/user-detail'),
  ),
  route('invites', 'page:invites', messages.invites, () => import('./routes/invites')),
  route('settings', 'page:settings', messages.settings, () => import('./routes/settings')),
  route('creatorDashboard', 'page:authoring', messages.creatorDashboard, creatorDashboard),
  route('systemAdminDashboard', 'page:systemAdmin', messages.organizations, systemAdminDashboard),
  route(
    'systemAdminUsers',
    'page:systemAdmin',
    messages.admins,
    () => import('./routes/system-admin-users'),
  ),
  route('orgManagerDashboard', 'page:orgManager', messages.dashboard, orgManagerDashboard),
  route(
    'organizationCreate',
    'page:organizations',
    routeText.newOrganization,
    () => import('./routes/organization-create'),
  ),
  route(
    'organizationDetail',
    'page:organizations',
    messages.organization,
    () => import('./routes/organization-detail'),
  ),
  route('avatars', 'page:assets', messages.avatars, () => import('./routes/avatars')),
  route('avatarCreate', 'page:assets', routeText.newAvatar, () => import('./routes/avatar-edit')),
  route('avatarEdit', 'page:assets', routeText.editAvatar, () => import('./routes/avatar-edit')),
  route(
    'environments',
    'page:assets',
    messages.environments,
    () => import('./routes/environments'),
  ),
  route(
    'environmentCreate',
    'page:assets',
    routeText.newEnvironment,
    () => import('./routes/environment-edit'),
  ),
  route(
    'environmentEdit',
    'page:assets',
    routeText.editEnvironment,
    () => import('./routes/environment-edit'),
  ),
  route(
    'organizationContents',
    'page:orgManager',
    messages.contents,
    () => import('./routes/organization-contents'),
  ),
  route(
    'organizationDetails',
    'page:orgManager',
    messages.organization,
    () => import('./routes/organization-info'),
  ),
  route(
    'organizationIntegrations',
    'page:integrations',
    integrationsText.title,
    () => import('./routes/organization-integrations'),
  ),
  route(
    'reviewerConsistency',
    'page:reviewerConsistency',
    insightsText.consistencyTitle,
    () => import('./routes/reviewer-consistency'),
  ),
];
