/**
 * /invite-registration/{id} (000 §2.7): after registering, a trainee keeps no console session and
 * lands in the practice app with a full page load, whose sign-in learns in this tab (never through
 * the link) that the account was just created and for which email; staff are signed in and go to
 * their home page.
 * The password rule shows before typing; a used invite says so and offers to sign in (decisions.md#console-flows
 * item 10).
 */
import {
  messages,
  passwordMaxLength,
  passwordMinLength,
  Role,
  type RoleId,
} from '@practica/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inviteText } from '../../config/organization-text';
import { userText } from '@shared/config/user-text';
import { getAuth } from '../../lib/auth';
import { openFullPage } from '../../lib/full-page';
import { takePracticeHandover } from '@shared/lib/practice-handover';
import { makeLoginAnswer, makeUser, renderRoutes, signedOut } from '../../test/render';

vi.mock('../../lib/full-page', () => ({ openFullPage: vi.fn() }));

const lazyPage = { timeout: 5000 };

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, message: 'OK', data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** Answers the invite and the registration of a user of `roleId`. */
function serverFor(roleId: RoleId) {
  const user = makeUser(roleId, { email: 'new@demo.test' });
  return vi.fn(async (url: string) =>
    url.endsWith('/accept')
      ? ok(makeLoginAnswer(user))
      : ok({
          id: 4,
          firstName: 'New',
          lastName: 'Person',
          email: 'new@demo.test',
          roleId,
          organizationId: 1,
          organizationName: 'Demo Academy',
          expirationDate: '2099-01-01T00:00:00.000Z',
        }),
  );
}

async function register() {
  const [password, repeat] = await screen.findAllByLabelText(/password/i, {}, lazyPage);
  await userEvent.type(password!, 'secret1');
  await userEvent.type(repeat!, 'secret1');
  await userEvent.click(screen.getByRole('button', { name: inviteText.createAccount }));
}

describe('invite registration', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(openFullPage).mockClear();
    signedOut();
  });

  it('sends a trainee to the practice app with a full page load, without a console session', async () => {
    vi.stubGlobal('fetch', serverFor(Role.Trainee));
    const { router } = renderRoutes(['/invite-registration/tok']);
    await register();
    await vi.waitFor(() => expect(openFullPage).toHaveBeenCalledWith('/practice/'), lazyPage);
    expect(getAuth().authed).toBe(false);
    expect(router.state.location.pathname).toBe('/invite-registration/tok');
    // The practice app's sign-in says the account was created and has the email filled in; no
    // session travels.
    expect(takePracticeHandover()).toEqual({
      reason: 'registered',
      email: 'new@demo.test',
      token: null,
      user: null,
    });
  });

  it('signs staff in and sends them to their home page', async () => {
    vi.stubGlobal('fetch', serverFor(Role.Instructor));
    const { router } = renderRoutes(['/invite-registration/tok']);
    await register();
    // The staff home is a lazily loaded page: a busy machine may take seconds to load it.
    await vi.waitFor(() => expect(router.state.location.pathname).toMatch(/^\/dbl\//), lazyPage);
    expect(openFullPage).not.toHaveBeenCalled();
    expect(takePracticeHandover()).toBeNull();
  });

  it('states the password rule before the user types', async () => {
    vi.stubGlobal('fetch', serverFor(Role.Trainee));
    renderRoutes(['/invite-registration/tok']);
    const [password] = await screen.findAllByLabelText(/password/i, {}, lazyPage);
    expect(password).toHaveAccessibleDescription(
      userText.passwordRule(passwordMinLength, passwordMaxLength),
    );
  });

  it('says a used invite was used and offers to sign in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              message: messages.inviteUsed,
              data: null,
              error: { code: 'NOT_FOUND', message: messages.inviteUsed },
            }),
            { status: 404, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    const { router } = renderRoutes(['/invite-registration/tok']);
    const dialog = await screen.findByRole('dialog', {}, lazyPage);
    expect(within(dialog).getByText(messages.inviteUsed)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: messages.inviteUsed }),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: messages.login }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
