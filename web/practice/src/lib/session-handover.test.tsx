/**
 * Arriving from the console: a trainee who signed in at /login opens the practice app signed in
 * (the console's hand-over in this tab, taken once at start); past the hand-over's time the
 * sign-in form has the email filled in. Just registered from an invite, the sign-in form says the
 * account was created and has the email filled in.
 */
import { messages, Role } from '@practica/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  handOverRegistration,
  handOverToPractice,
  practiceHandoverKey,
  practiceHandoverTtlMs,
} from '@shared/lib/practice-handover';
import { makeLoginAnswer, makeUser } from '@shared/test/render';
import { appText } from '../app/app-text';
import { arrivalText } from './arrival';
import { ok, renderPractice, stubApi } from '../test/render';
import {
  adoptPracticeHandover,
  handoverWaiting,
  sessionToken,
  sessionUser,
  signOut,
} from './session';

const lazyPage = { timeout: 5000 };
const trainee = makeUser(Role.Trainee, { email: 'tina@demo.test', firstName: 'Tina' });

/** What the app does at start, before its first render (main.tsx). */
async function start() {
  expect(handoverWaiting()).toBe(true);
  await adoptPracticeHandover();
}

describe('arriving from the console', () => {
  beforeEach(() => {
    signOut();
    stubApi({ 'GET /api/me/assignments': () => ok({ list: [], count: 0 }) });
  });
  afterEach(() => {
    signOut();
    vi.unstubAllGlobals();
  });

  it('signed in at /login: opens the home signed in, without asking for the password', async () => {
    handOverToPractice(makeLoginAnswer(trainee));
    await start();
    renderPractice('/');
    expect(
      await screen.findByRole('heading', { name: appText.homeTitle }, lazyPage),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(sessionToken()).toBe('test-token');
    expect(sessionUser()).toEqual(trainee);
    // Taken once: nothing of it stays in the tab.
    expect(window.sessionStorage.getItem(practiceHandoverKey)).toBeNull();
  });

  it('past its time: the sign-in form has the email filled in, and no session is saved', async () => {
    handOverToPractice(makeLoginAnswer(trainee), Date.now() - practiceHandoverTtlMs - 1000);
    await start();
    renderPractice('/');
    expect(
      await screen.findByRole('textbox', { name: messages.emailAddress }, lazyPage),
    ).toHaveValue('tina@demo.test');
    expect(screen.queryByText(arrivalText.accountCreated)).not.toBeInTheDocument();
    expect(sessionToken()).toBeNull();
  });

  it('a hand-over whose user is not a session user signs no one in', async () => {
    window.sessionStorage.setItem(
      practiceHandoverKey,
      JSON.stringify({
        reason: 'signed-in',
        email: 'tina@demo.test',
        token: 'forged',
        user: { id: 1 },
        at: Date.now(),
      }),
    );
    await start();
    renderPractice('/');
    expect(
      await screen.findByRole('textbox', { name: messages.emailAddress }, lazyPage),
    ).toHaveValue('tina@demo.test');
    expect(sessionToken()).toBeNull();
  });

  it('just registered: the sign-in form says the account was created, with the email filled in', async () => {
    handOverRegistration('tina@demo.test');
    await start();
    renderPractice('/');
    expect(
      await screen.findByRole('textbox', { name: messages.emailAddress }, lazyPage),
    ).toHaveValue('tina@demo.test');
    expect(screen.getByText(arrivalText.accountCreated)).toHaveAttribute('role', 'status');
    expect(sessionToken()).toBeNull();
    expect(window.sessionStorage.getItem(practiceHandoverKey)).toBeNull();
  });
});
