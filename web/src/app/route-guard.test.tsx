/** The route guard (000 §2.2): signed out → login; not allowed → the access-denied toast, page not rendered. */
import { messages, Role } from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, renderRoutes, signedOut, signInAsUser } from '../test/render';

describe('route guard', () => {
  beforeEach(() => signedOut());

  it('sends a signed-out visitor to login', async () => {
    const { router } = renderRoutes(['/dbl/dashboard']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: messages.login })).toBeInTheDocument();
  });

  it('denies an instructor an admin route with the toast and does not render it', async () => {
    signInAsUser(makeUser(Role.Instructor));
    const { router } = renderRoutes(['/dbl/system-admin/dashboard']);
    expect(await screen.findByText(messages.accessDenied)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dbl/dashboard'));
    expect(screen.queryByRole('table', { name: messages.organizations })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: messages.totalTrainees })).toBeInTheDocument();
  });

  it('goes back one step when there is history', async () => {
    signInAsUser(makeUser(Role.Manager));
    const { router } = renderRoutes([
      '/dbl/org-manager/dashboard/org',
      '/dbl/settings',
      '/dbl/system-admin/users',
    ]);
    expect(await screen.findByText(messages.accessDenied)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dbl/settings'));
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.settings }),
    ).toBeInTheDocument();
  });

  it('renders an allowed page with its title', async () => {
    signInAsUser(makeUser(Role.Admin));
    renderRoutes(['/dbl/system-admin/dashboard']);
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.organizations }),
    ).toBeInTheDocument();
    expect(await screen.findByText(messages.noRecordsFound)).toBeInTheDocument();
    expect(screen.queryByText(messages.accessDenied)).not.toBeInTheDocument();
  });

  it('keeps creator-only pages from instructors without the flag', async () => {
    signInAsUser(makeUser(Role.Instructor, { creator: false }));
    const { router } = renderRoutes(['/dbl/creator/dashboard']);
    expect(await screen.findByText(messages.accessDenied)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dbl/dashboard'));
  });

  it('signs a trainee out and sends it to the app page', async () => {
    signInAsUser(makeUser(Role.Trainee));
    const { router } = renderRoutes(['/dbl/dashboard']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    await waitFor(() => expect(window.localStorage.getItem('authToken')).toBeNull());
  });

  it('shows the not-found page for an unknown path', async () => {
    renderRoutes(['/no/such/page']);
    expect(await screen.findByRole('heading', { name: messages.pageNotFound })).toBeInTheDocument();
  });
});
