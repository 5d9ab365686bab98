/** The shell (000 §2.4): sidebar entries per role and with the creator flag; the top bar's role label. */
import { format, messages, Role, roleLabels, type RoleId } from '@practica/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reviewInboxText } from '../../config/review-inbox-text';
import { uiText } from '../../config/ui-text';
import {
  makeUser,
  renderRoutes,
  renderWithProviders,
  signedOut,
  signInAsUser,
} from '../../test/render';
import { navItemsFor } from './nav-items';
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
      '/dbl/organization/7/contents',
      '/dbl/organization/7/details',
    ]);
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
    expect(await screen.findByRole('button', { name: messages.back })).toBeInTheDocument();
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
