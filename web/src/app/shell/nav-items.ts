/**
 * The sidebar entries by role (000 §2.4): Admin: Dashboard, Admins. Manager: Dashboard,
 * Assignments, Reviews (issue 21 §1), Contents, Organization. Instructor: Dashboard, Assignments,
 * Reviews, Groups. Trainee:
 * Dashboard. The creator flag adds the creator dashboard entry. These are the root pages (000 §2.2).
 */
import { messages, Role, type SessionUser } from '@practica/contract';
import {
  IconBooks,
  IconBuilding,
  IconClipboardCheck,
  IconClipboardList,
  IconLayoutDashboard,
  IconPalette,
  IconShieldLock,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '../../config/paths';
import { reviewInboxText } from '../../config/review-inbox-text';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
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
        { label: messages.dashboard, to: paths.systemAdminDashboard(), icon: IconLayoutDashboard },
        { label: messages.admins, to: paths.systemAdminUsers(), icon: IconShieldLock },
      );
      break;
    case Role.Manager:
      items.push(
        { label: messages.dashboard, to: paths.orgManagerDashboard(), icon: IconLayoutDashboard },
        { label: messages.assignments, to: paths.assignments(), icon: IconClipboardList },
        { label: reviewInboxText.navLabel, to: paths.reviewInbox(), icon: IconClipboardCheck },
      );
      if (orgId !== null) {
        items.push(
          { label: messages.contents, to: paths.organizationContents(orgId), icon: IconBooks },
          {
            label: messages.organization,
            to: paths.organizationDetails(orgId),
            icon: IconBuilding,
          },
        );
      }
      break;
    case Role.Instructor:
      items.push(
        { label: messages.dashboard, to: paths.dashboard(), icon: IconLayoutDashboard },
        { label: messages.assignments, to: paths.assignments(), icon: IconClipboardList },
        { label: reviewInboxText.navLabel, to: paths.reviewInbox(), icon: IconClipboardCheck },
        { label: messages.groups, to: paths.groups(), icon: IconUsersGroup },
      );
      break;
    default:
      items.push({ label: messages.dashboard, to: paths.dashboard(), icon: IconLayoutDashboard });
  }
  if (user.creator) {
    items.push({
      label: messages.creatorDashboard,
      to: paths.creatorDashboard(),
      icon: IconPalette,
    });
  }
  return items;
}

/** Whether `pathname` is one of the user's root pages (no back button there, 000 §2.4). */
export function isRootPage(pathname: string, items: readonly NavItem[]): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return items.some((item) => item.to === clean);
}
