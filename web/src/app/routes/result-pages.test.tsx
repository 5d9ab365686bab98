/**
 * The emailed-link pages (000 §2.11): a missing token shows 'Invalid token. Please try again';
 * /email-update confirms on load and shows success or the server's message; /password-reset asks
 * for the new password and its repeat, then shows the outcome.
 */
import { messages } from '@practica/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userText } from '@shared/config/ui-text';
import { renderRoutes, signedOut } from '../../test/render';

/** The pages are lazy chunks: their first load may take a moment under a busy test run. */
const lazyPage = { timeout: 5000 };

function answer(status: number, message: string) {
  return new Response(
    JSON.stringify(
      status < 400
        ? { success: true, message, data: null, error: null }
        : { success: false, message, data: null, error: { code: 'VALIDATION', message } },
    ),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}

describe('result pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    signedOut();
  });

  it.each(['/email-update', '/password-reset'])('%s without a token', async (path) => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([path]);
    expect(
      await screen.findByRole('heading', { name: messages.invalidTokenTryAgain }, lazyPage),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.backToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms an email change once, on load', async () => {
    const fetchMock = vi.fn(async () => answer(200, messages.emailUpdated));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(['/email-update?token=abc']);
    expect(await screen.findByRole('heading', { name: messages.emailUpdated })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/validate-email/abc',
      expect.objectContaining({ method: 'PUT' }),
    );
  });

  it("shows the server's message when the email link fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, messages.tokenInvalidOrExpired)),
    );
    renderRoutes(['/email-update?token=used']);
    expect(
      await screen.findByRole('heading', { name: messages.tokenInvalidOrExpired }, lazyPage),
    ).toBeInTheDocument();
  });

  it('sets a new password, then offers the way back to login', async () => {
    const fetchMock = vi.fn(async () => answer(200, messages.passwordUpdated));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(['/password-reset?token=t0k']);
    const password = await screen.findByLabelText(
      new RegExp(`^${userText.newPassword}`),
      {},
      lazyPage,
    );
    await userEvent.type(password, 'abc');
    await userEvent.click(screen.getByRole('button', { name: userText.setNewPassword }));
    expect(await screen.findByText(messages.passwordMinLength)).toBeInTheDocument();
    await userEvent.type(password, 'def');
    await userEvent.type(
      screen.getByLabelText(new RegExp(`^${messages.repeatPassword}`)),
      'abcdeg',
    );
    await userEvent.click(screen.getByRole('button', { name: userText.setNewPassword }));
    expect(await screen.findByText(messages.repeatPasswordMismatch)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(new RegExp(`^${messages.repeatPassword}`)));
    await userEvent.type(
      screen.getByLabelText(new RegExp(`^${messages.repeatPassword}`)),
      'abcdef',
    );
    await userEvent.click(screen.getByRole('button', { name: userText.setNewPassword }));
    expect(
      await screen.findByRole('heading', { name: messages.passwordUpdated }),
    ).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/reset-password/t0k');
    expect(JSON.parse(String(init.body))).toEqual({ newPassword: 'abcdef' });
    expect(screen.getByRole('link', { name: messages.backToLogin })).toBeInTheDocument();
  });

  it("shows the server's message when the reset link is no longer valid", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, messages.tokenInvalidOrExpired)),
    );
    renderRoutes(['/password-reset?token=old']);
    await userEvent.type(
      await screen.findByLabelText(new RegExp(`^${userText.newPassword}`), {}, lazyPage),
      'abcdef',
    );
    await userEvent.type(
      screen.getByLabelText(new RegExp(`^${messages.repeatPassword}`)),
      'abcdef',
    );
    await userEvent.click(screen.getByRole('button', { name: userText.setNewPassword }));
    expect(
      await screen.findByRole('heading', { name: messages.tokenInvalidOrExpired }),
    ).toBeInTheDocument();
    expect(screen.getByText(userText.resetFailedHint)).toBeInTheDocument();
  });
});
