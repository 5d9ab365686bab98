/**
 * `/app` (000 §2.1): the two store badges and the link to the practice app in the browser, a real
 * link to `/practice/` (a full page load, not a console route); a trainee's session ends here.
 */
import { Role } from '@practica/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uiText } from '../../config/ui-text';
import { getAuth } from '../../lib/auth';
import { makeUser, renderRoutes, signInAsUser, signedOut } from '../../test/render';

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
});
