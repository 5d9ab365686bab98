/**
 * The sidebar entries by role (000 §2.4): Admin: Dashboard, Admins. Manager: Dashboard,
 * Assignments, Reviews (decisions.md#review-loop §1), Insights (decisions.md#insights-and-administration §1: reviewer consistency), Contents,
 * Organization. Instructor: Dashboard, Assignments,
 * Reviews, Groups. Trainee:
 * Dashboard. The creator flag adds the creator dashboard entry. These are the root pages (000 §2.2).
 *
 * Each entry owns the route patterns of its section (decisions.md#console-flows §11), and one rule picks the
 * highlighted entry: the first entry that owns a pattern matching the current page
 * (`activeNavPath`). A manager's Contents owns the interview, evaluation, question and asset
 * editors, Organization its groups, invites and members; an instructor's Groups the group and
 * user pages; a creator's dashboard the authoring pages of a user without Contents; an admin's
 * Dashboard the organizations and what opens from them. The only page no entry owns is an
 * admin's user detail (opened from Admins and from an organization alike): it keeps the entry
 * chosen last.
 */
import { messages, Role, type SessionUser } from '@practica/contract';
import {
  IconBooks,
  IconBuilding,
  IconChartBar,
  IconClipboardCheck,
  IconClipboardList,
  IconLayoutDashboard,
  IconPalette,
  IconShieldLock,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { matchPath } from 'react-router';
import { paths, patterns, type RouteName } from '@shared/config/paths';
import { insightsText } from '../../config/insights-text';
import { reviewInboxText } from '../../config/review-inbox-text';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** The routes of the entry's section: it is highlighted on them (its own `to` included). */
  owns: readonly RouteName[];
}

/** The authoring pages: interviews, evaluations, their questions, avatars and environments. */
const authoring: readonly RouteName[] = [
  'interviews',
  'interviewCreate',
  'interviewEdit',
  'questionCreate',
  'questionEdit',
  'evaluations',
  'evaluationCreate',
  'evaluationEdit',
  'avatars',
  'avatarCreate',
  'avatarEdit',
  'environments',
  'environmentCreate',
  'environmentEdit',
];
const assignmentPages: readonly RouteName[] = [
  'assignments',
  'assignmentCreate',
  'assignmentEdit',
  'assignmentDetail',
];
const reviewPages: readonly RouteName[] = ['reviewInbox', 'review'];
const groupPages: readonly RouteName[] = ['groups', 'groupCreate', 'groupDetail'];

/**
 * The first entries of a Manager and an Instructor (000 §2.4, decisions.md#review-loop §1): their dashboard at
 * `dashboardPath` (route `dashboardRoute`), Assignments and Reviews.
 */
function reviewerItems(dashboardPath: string, dashboardRoute: RouteName): NavItem[] {
  return [
    {
      label: messages.dashboard,
      to: dashboardPath,
      icon: IconLayoutDashboard,
      owns: [dashboardRoute],
    },
    {
      label: messages.assignments,
      to: paths.assignments(),
      icon: IconClipboardList,
      owns: assignmentPages,
    },
    {
      label: reviewInboxText.navLabel,
      to: paths.reviewInbox(),
      icon: IconClipboardCheck,
      owns: reviewPages,
    },
  ];
}

/** The sidebar entries of a user (000 §2.4). */
export function navItemsFor(
  user: Pick<SessionUser, 'roleId' | 'creator' | 'organizationId'>,
): NavItem[] {
  const items: NavItem[] = [];
  const orgId = user.organizationId;
  switch (user.roleId) {
    case Role.Admin:
      items.push(
        {
          label: messages.dashboard,
          to: paths.systemAdminDashboard(),
          icon: IconLayoutDashboard,
          owns: [
            'systemAdminDashboard',
            'organizationCreate',
            'organizationDetail',
            'organizationIntegrations',
            'organizationDetails',
            'organizationContents',
            // An organization's assignments and reviews open from its page.
            ...assignmentPages,
            ...reviewPages,
            ...groupPages,
            'invites',
            'reviewerConsistency',
            'avatars',
            'avatarCreate',
            'avatarEdit',
            'environments',
            'environmentCreate',
            'environmentEdit',
            // An organization's interviews open from its page; a creator's own from its dashboard.
            ...(user.creator ? [] : authoring),
          ],
        },
        {
          label: messages.admins,
          to: paths.systemAdminUsers(),
          icon: IconShieldLock,
          owns: ['systemAdminUsers'],
        },
      );
      break;
    case Role.Manager:
      items.push(...reviewerItems(paths.orgManagerDashboard(), 'orgManagerDashboard'), {
        label: insightsText.consistencyNav,
        to: paths.reviewerConsistency(),
        icon: IconChartBar,
        owns: ['reviewerConsistency'],
      });
      if (orgId !== null) {
        items.push(
          {
            label: messages.contents,
            to: paths.organizationContents(orgId),
            icon: IconBooks,
            owns: ['organizationContents', ...authoring],
          },
          {
            label: messages.organization,
            to: paths.organizationDetails(orgId),
            icon: IconBuilding,
            owns: [
              'organizationDetails',
              'organizationDetail',
              'organizationIntegrations',
              ...groupPages,
              'userDetail',
              'invites',
            ],
          },
        );
      }
      break;
    case Role.Instructor:
      items.push(...reviewerItems(paths.dashboard(), 'dashboard'), {
        label: messages.groups,
        to: paths.groups(),
        icon: IconUsersGroup,
        owns: [...groupPages, 'userDetail', 'invites'],
      });
      break;
    default:
      items.push({
        label: messages.dashboard,
        to: paths.dashboard(),
        icon: IconLayoutDashboard,
        owns: ['dashboard'],
      });
  }
  if (user.creator) {
    items.push({
      label: messages.creatorDashboard,
      to: paths.creatorDashboard(),
      icon: IconPalette,
      owns: ['creatorDashboard', ...authoring],
    });
  }
  return items;
}

/**
 * The entry to highlight on `pathname` (decisions.md#console-flows §11): the first entry that owns a route
 * matching it; on a page no entry owns, the remembered root page when it is one of the entries.
 * @param pathname the location's path, without query.
 * @param remembered the root page chosen last (local storage), or null.
 * @returns the entry's `to`, or null.
 */
export function activeNavPath(
  pathname: string,
  items: readonly NavItem[],
  remembered: string | null,
): string | null {
  const clean = pathname.replace(/\/+$/, '') || '/';
  const owner = items.find(
    (item) =>
      item.to === clean ||
      item.owns.some((name) => matchPath({ path: patterns[name], end: true }, clean) !== null),
  );
  if (owner) return owner.to;
  return items.find((item) => item.to === remembered)?.to ?? null;
}

/** Whether `pathname` is one of the user's root pages (no back button there, 000 §2.4). */
export function isRootPage(pathname: string, items: readonly NavItem[]): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return items.some((item) => item.to === clean);
}
