/** The shell (000 §2.4): sidebar entries per role and with the creator flag; the top bar's role label. */
import { can, format, messages, Role, roleLabels, type RoleId } from '@practica/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { insightsText } from '../../config/insights-text';
import { reviewInboxText } from '../../config/review-inbox-text';
import { uiText } from '@shared/config/ui-text';
import {
  makeUser,
  renderRoutes,
  renderWithProviders,
  signedOut,
  signInAsUser,
} from '../../test/render';
import { guardedRoutes } from '../guarded-routes';
import { toActor } from '../../lib/can';
import { activeNavPath, navItemsFor } from './nav-items';
import { TopBar } from './top-bar';

const labels = (roleId: RoleId, creator = false) =>
  navItemsFor(makeUser(roleId, { creator })).map((item) => item.label);

describe('sidebar entries', () => {
  it('gives each role its entries (000 §2.4)', () => {
    expect(labels(Role.Admin)).toEqual([messages.dashboard, messages.admins]);
    expect(labels(Role.Manager)).toEqual([
      messages.dashboard,
      messages.assignments,
      reviewInboxText.navLabel,
      insightsText.consistencyNav,
      messages.contents,
      messages.organization,
    ]);
    expect(labels(Role.Instructor)).toEqual([
      messages.dashboard,
      messages.assignments,
      reviewInboxText.navLabel,
      messages.groups,
    ]);
    expect(labels(Role.Trainee)).toEqual([messages.dashboard]);
  });

  it('adds the creator dashboard for the creator flag', () => {
    expect(labels(Role.Instructor, true)).toEqual([
      messages.dashboard,
      messages.assignments,
      reviewInboxText.navLabel,
      messages.groups,
      messages.creatorDashboard,
    ]);
    expect(labels(Role.Manager, true).at(-1)).toBe(messages.creatorDashboard);
    expect(labels(Role.Admin, true).at(-1)).toBe(messages.creatorDashboard);
  });

  it("links the manager's contents and organization to its organization", () => {
    const items = navItemsFor(makeUser(Role.Manager, { organizationId: 7 }));
    expect(items.map((i) => i.to)).toEqual([
      '/dbl/org-manager/dashboard/org',
      '/dbl/assignments',
      '/dbl/reviews',
      '/dbl/insights/reviewers',
      '/dbl/organization/7/contents',
      '/dbl/organization/7/details',
    ]);
  });
});

describe('the highlighted sidebar entry (decisions.md#console-flows §11)', () => {
  const active = (
    roleId: RoleId,
    path: string,
    creator = false,
    remembered: string | null = null,
  ) => {
    const items = navItemsFor(
      makeUser(roleId, { creator, organizationId: roleId === Role.Admin ? null : 1 }),
    );
    const to = activeNavPath(path, items, remembered);
    return items.find((item) => item.to === to)?.label ?? null;
  };
  const { Admin, Manager, Instructor, Trainee } = Role;

  it.each([
    // role, creator, page, highlighted entry
    [Manager, false, '/dbl/org-manager/dashboard/org', messages.dashboard],
    [Manager, false, '/dbl/assignments', messages.assignments],
    [Manager, false, '/dbl/assignments/create', messages.assignments],
    [Manager, false, '/dbl/assignments/4', messages.assignments],
    [Manager, false, '/dbl/assignments/4/edit', messages.assignments],
    [Manager, false, '/dbl/reviews', reviewInboxText.navLabel],
    [Manager, false, '/dbl/reviews/12', reviewInboxText.navLabel],
    [Manager, false, '/dbl/insights/reviewers', insightsText.consistencyNav],
    [Manager, false, '/dbl/organization/1/contents', messages.contents],
    [Manager, false, '/dbl/interviews', messages.contents],
    [Manager, false, '/dbl/interviews/3/edit', messages.contents],
    [Manager, false, '/dbl/2/evaluations', messages.contents],
    [Manager, false, '/dbl/2/evaluations/5/edit', messages.contents],
    [Manager, false, '/dbl/5/questions/create', messages.contents],
    [Manager, false, '/dbl/5/questions/8/edit', messages.contents],
    [Manager, true, '/dbl/interviews/3/edit', messages.contents],
    [Manager, true, '/dbl/creator/dashboard', messages.creatorDashboard],
    [Manager, false, '/dbl/organization/1/details', messages.organization],
    [Manager, false, '/dbl/groups/7', messages.organization],
    [Manager, false, '/dbl/groups/create', messages.organization],
    [Manager, false, '/dbl/user-detail/9', messages.organization],
    [Manager, false, '/dbl/invites', messages.organization],
    [Instructor, false, '/dbl/dashboard', messages.dashboard],
    [Instructor, false, '/dbl/assignments/4', messages.assignments],
    [Instructor, false, '/dbl/reviews/12', reviewInboxText.navLabel],
    [Instructor, false, '/dbl/groups', messages.groups],
    [Instructor, false, '/dbl/user-detail/9', messages.groups],
    [Instructor, true, '/dbl/creator/dashboard', messages.creatorDashboard],
    [Instructor, true, '/dbl/interviews', messages.creatorDashboard],
    [Instructor, true, '/dbl/interviews/create', messages.creatorDashboard],
    [Instructor, true, '/dbl/2/evaluations', messages.creatorDashboard],
    [Instructor, true, '/dbl/5/questions/8/edit', messages.creatorDashboard],
    [Admin, false, '/dbl/system-admin/dashboard', messages.dashboard],
    [Admin, false, '/dbl/organizations/create', messages.dashboard],
    [Admin, false, '/dbl/organizations/3', messages.dashboard],
    [Admin, false, '/dbl/avatars/2/edit', messages.dashboard],
    [Admin, false, '/dbl/environments', messages.dashboard],
    [Admin, false, '/dbl/insights/reviewers', messages.dashboard],
    [Admin, false, '/dbl/interviews/3/edit', messages.dashboard],
    [Admin, true, '/dbl/interviews/3/edit', messages.creatorDashboard],
    [Admin, false, '/dbl/system-admin/users', messages.admins],
    [Trainee, false, '/dbl/dashboard', messages.dashboard],
  ] as const)('%s (creator %s) on %s: %s', (roleId, creator, path, label) => {
    expect(active(roleId, path, creator)).toBe(label);
    // A trailing slash and an entry remembered from elsewhere change nothing.
    const other = navItemsFor(makeUser(roleId, { creator })).at(-1)!.to;
    expect(active(roleId, `${path}/`, creator, other)).toBe(label);
  });

  it("highlights nothing on Settings and keeps the entry chosen last on an admin's user detail", () => {
    expect(active(Manager, '/dbl/settings')).toBeNull();
    expect(active(Admin, '/dbl/user-detail/4', false, '/dbl/system-admin/users')).toBe(
      messages.admins,
    );
    expect(active(Admin, '/dbl/user-detail/4', false, '/dbl/system-admin/dashboard')).toBe(
      messages.dashboard,
    );
  });

  it('gives every page a role may open to one of its entries', () => {
    for (const roleId of [Admin, Manager, Instructor, Trainee] as const)
      for (const creator of [false, true]) {
        const user = makeUser(roleId, { creator });
        for (const route of guardedRoutes) {
          if (route.name === 'settings' || !can(toActor(user), route.action)) continue;
          if (roleId === Admin && route.name === 'userDetail') continue; // the entry chosen last
          const path = route.path.replace(/:[A-Za-z]+/g, '3');
          expect
            .soft(active(roleId, path, creator), `${roleLabels[roleId]} creator=${creator} ${path}`)
            .not.toBeNull();
        }
      }
  });
});

describe('console shell', () => {
  beforeEach(() => signedOut());

  it('renders the sidebar, settings and logout, and asks before logging out', async () => {
    signInAsUser(makeUser(Role.Instructor, { creator: true }));
    const { router } = renderRoutes(['/dbl/dashboard']);
    // The layout is a lazy chunk: its first load may take a while in a busy test run.
    const nav = await screen.findByRole(
      'navigation',
      { name: uiText.mainNavigation },
      { timeout: 5000 },
    );
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      messages.dashboard,
      messages.assignments,
      reviewInboxText.navLabel,
      messages.groups,
      messages.creatorDashboard,
    ]);
    expect(screen.getByRole('link', { name: messages.settings })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.back })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: messages.logout }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.logoutConfirm)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: messages.logout }));
    await screen.findByRole('button', { name: messages.login });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('shows a back button off the root pages', async () => {
    signInAsUser(makeUser(Role.Instructor));
    renderRoutes(['/dbl/dashboard', '/dbl/settings']);
    // The layout and the page are lazy chunks: wait for them as the test above does.
    expect(
      await screen.findByRole('button', { name: messages.back }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('top bar', () => {
  const noop = () => {};

  it('puts the creator prefix before the role label of a creator', () => {
    renderWithProviders(
      <TopBar
        user={makeUser(Role.Instructor, { creator: true, firstName: 'Ian', lastName: 'Stone' })}
        title="T"
        showBack={false}
        onBack={noop}
        navOpened={false}
        onToggleNav={noop}
      />,
    );
    expect(screen.getByTestId('top-bar-name')).toHaveTextContent('Ian Stone');
    expect(screen.getByTestId('top-bar-role')).toHaveTextContent(
      `${messages.creatorAmpersand} Instructor`,
    );
    expect(screen.getByTestId('top-bar-role')).toHaveTextContent(
      format.roleLabel(roleLabels[Role.Instructor], true),
    );
    expect(screen.getByText('IS')).toBeInTheDocument();
  });

  it('shows the plain role label otherwise', () => {
    renderWithProviders(
      <TopBar
        user={makeUser(Role.Manager)}
        title="T"
        showBack
        onBack={noop}
        navOpened={false}
        onToggleNav={noop}
      />,
    );
    expect(screen.getByTestId('top-bar-role')).toHaveTextContent(
      new RegExp(`^${roleLabels[Role.Manager]}$`),
    );
    expect(screen.getByRole('button', { name: messages.back })).toBeInTheDocument();
  });
});
