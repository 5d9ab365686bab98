/**
 * `/app` (000 §2.1): the two store badges and the link to the practice app in the browser, a real
 * link to `/practice/` (a full page load, not a console route); a trainee's session ends here. A
 * trainee who signs in at /login lands here with practising in the browser as the first choice,
 * the sign-in handed over to the practice app (no password asked again), no console session kept.
 */
import { messages, Role } from '@practica/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uiText } from '@shared/config/ui-text';
import { getAuth } from '../../lib/auth';
import { takePracticeHandover } from '@shared/lib/practice-handover';
import {
  makeLoginAnswer,
  makeUser,
  renderRoutes,
  signInAsUser,
  signedOut,
} from '../../test/render';

const lazyPage = { timeout: 5000 };

const info = () =>
  new Response(
    JSON.stringify({
      success: true,
      message: 'OK',
      data: {
        version: '1.0.0',
        iosLink: 'https://apps.apple.com/app/practica',
        androidLink: 'https://play.google.com/store/apps/details?id=practica',
        marketingUrl: '/marketing.html',
      },
      error: null,
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, message: 'OK', data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

describe('/app', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    signedOut();
  });

  it('keeps the two store badges and links to the practice app in the browser', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => info()),
    );
    renderRoutes(['/app']);
    const practise = await screen.findByRole('link', { name: uiText.practiseInBrowser }, lazyPage);
    expect(practise).toHaveAttribute('href', '/practice/');
    expect(practise).not.toHaveAttribute('target');
    expect(await screen.findByRole('link', { name: uiText.appStoreBadge.label })).toHaveAttribute(
      'href',
      expect.stringContaining('apps.apple.com'),
    );
    expect(screen.getByRole('link', { name: uiText.googlePlayBadge.label })).toHaveAttribute(
      'href',
      expect.stringContaining('play.google.com'),
    );
  });

  it('still signs a trainee out of the console', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => info()),
    );
    signInAsUser(makeUser(Role.Trainee));
    renderRoutes(['/app']);
    await screen.findByRole('link', { name: uiText.practiseInBrowser }, lazyPage);
    await vi.waitFor(() => expect(getAuth().authed).toBe(false));
  });

  it('after a trainee signs in, practising in the browser comes first and needs no password again', async () => {
    const trainee = makeUser(Role.Trainee, { email: 'tina@demo.test' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/api/info') ? info() : envelope(makeLoginAnswer(trainee)),
      ),
    );
    const { router } = renderRoutes(['/login']);
    await userEvent.type(
      await screen.findByRole('textbox', { name: messages.emailAddress }, lazyPage),
      'tina@demo.test',
    );
    await userEvent.type(
      screen.getByLabelText(new RegExp(`^${messages.password}`), { selector: 'input' }),
      'demo1234',
    );
    await userEvent.click(screen.getByRole('button', { name: messages.login }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app'), lazyPage);

    const practise = await screen.findByRole('link', { name: uiText.practiseInBrowser }, lazyPage);
    const appStore = await screen.findByRole('link', { name: uiText.appStoreBadge.label });
    // The first choice: before the store badges, and the page's one filled (primary) button.
    expect(
      practise.compareDocumentPosition(appStore) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(practise).toHaveAttribute('data-variant', 'filled');
    expect(practise).toHaveAttribute('href', '/practice/');
    expect(practise).toHaveAccessibleDescription(uiText.practiseContinuesAs('tina@demo.test'));
    // No console session; the practice app finds the sign-in in this tab, never in the link.
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(getAuth().authed).toBe(false);
    expect(practise.getAttribute('href')).not.toContain('test-token');
    expect(takePracticeHandover()).toMatchObject({
      reason: 'signed-in',
      email: 'tina@demo.test',
      token: 'test-token',
      user: trainee,
    });
  });

  it('without a sign-in to hand over, still leads to the practice app first, promising nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => info()),
    );
    renderRoutes(['/app']);
    const practise = await screen.findByRole('link', { name: uiText.practiseInBrowser }, lazyPage);
    expect(practise).toHaveAttribute('data-variant', 'filled');
    expect(screen.queryByText(/No need to sign in again/)).not.toBeInTheDocument();
  });
});
