/** The login screen (000 §2.3, §5, §8): required messages, busy label, error toasts and the reset view. */
import { messages, Role } from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeLoginAnswer, makeUser, renderRoutes, signedOut } from '../../test/render';

function envelope(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: messages.emailAddress }), email);
  await userEvent.type(
    screen.getByLabelText(new RegExp(`^${messages.password}`), { selector: 'input' }),
    password,
  );
  await userEvent.click(screen.getByRole('button', { name: messages.login }));
}

describe('login form', () => {
  beforeEach(() => signedOut());
  afterEach(() => vi.unstubAllGlobals());

  it('shows both required messages for an empty form and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(['/login']);
    await userEvent.click(await screen.findByRole('button', { name: messages.login }));
    expect(await screen.findByText(messages.emailAddressRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses the email input type', async () => {
    renderRoutes(['/login']);
    expect(await screen.findByRole('textbox', { name: messages.emailAddress })).toHaveAttribute(
      'type',
      'email',
    );
  });

  it('shows the busy label, then sends an instructor to the dashboard', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { router } = renderRoutes(['/login']);
    await fillAndSubmit('instructor@demo.test', 'demo1234');
    expect(await screen.findByRole('button', { name: messages.loggingIn })).toBeDisabled();
    const user = makeUser(Role.Instructor);
    answer(
      envelope(200, {
        success: true,
        message: messages.ok,
        data: makeLoginAnswer(user),
        error: null,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dbl/dashboard'));
    expect(await screen.findByText(messages.successfullyLogin)).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBe('test-token');
  });

  it('shows the server message of a wrong password', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope(400, {
          success: false,
          message: messages.emailOrPasswordIncorrect,
          data: null,
          error: { code: 'VALIDATION', message: messages.emailOrPasswordIncorrect },
        }),
      ),
    );
    const { router } = renderRoutes(['/login']);
    await fillAndSubmit('admin@demo.test', 'nope');
    expect(await screen.findByText(messages.emailOrPasswordIncorrect)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to the invalid-credentials text for a 400 without a message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 400 })),
    );
    renderRoutes(['/login']);
    await fillAndSubmit('admin@demo.test', 'nope');
    expect(await screen.findByText(messages.invalidUsernameOrPassword)).toBeInTheDocument();
  });

  it('says it cannot connect when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderRoutes(['/login']);
    await fillAndSubmit('admin@demo.test', 'demo1234');
    expect(await screen.findByText(messages.unableToConnect)).toBeInTheDocument();
  });

  it('sends a trainee to the app page without keeping the session', async () => {
    const trainee = makeUser(Role.Trainee);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/api/info')
          ? envelope(200, {
              success: true,
              message: messages.ok,
              data: {
                version: '1',
                iosLink: 'https://ios.test',
                androidLink: 'https://android.test',
                marketingUrl: '',
              },
              error: null,
            })
          : envelope(200, {
              success: true,
              message: messages.ok,
              data: makeLoginAnswer(trainee),
              error: null,
            }),
      ),
    );
    const { router } = renderRoutes(['/login']);
    await fillAndSubmit('trainee@demo.test', 'demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('swaps in the reset view, validates it and confirms the link was sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope(200, { success: true, message: messages.ok, data: null, error: null }),
      ),
    );
    renderRoutes(['/login']);
    await userEvent.click(await screen.findByRole('button', { name: messages.forgotPassword }));
    await userEvent.click(screen.getByRole('button', { name: messages.sendResetLink }));
    expect(await screen.findByText(messages.emailAddressRequired)).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('textbox', { name: messages.emailAddress }),
      'someone@demo.test',
    );
    await userEvent.click(screen.getByRole('button', { name: messages.sendResetLink }));
    expect(
      await screen.findByRole('heading', { name: messages.resetLinkSent }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.backToLogin }));
    expect(await screen.findByRole('button', { name: messages.login })).toBeInTheDocument();
  });

  it('shows the unexpected-error text when the reset call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    renderRoutes(['/login']);
    await userEvent.click(await screen.findByRole('button', { name: messages.forgotPassword }));
    await userEvent.type(
      screen.getByRole('textbox', { name: messages.emailAddress }),
      'someone@demo.test',
    );
    await userEvent.click(screen.getByRole('button', { name: messages.sendResetLink }));
    expect(await screen.findByText(messages.unexpectedErrorTryAgain)).toBeInTheDocument();
  });
});
