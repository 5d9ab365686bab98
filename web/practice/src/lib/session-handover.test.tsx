/**
 * Arriving from the console: a trainee who signed in at /login, or just registered from an
 * invite, opens the practice app signed in (the console's hand-over in this tab, taken once at
 * start); just registered, the home says the account is ready. Past the hand-over's time the
 * sign-in form has the email filled in and, after registering, says the account was created.
 */
import { messages, Role } from '@practica/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  handOverToPractice,
  practiceHandoverKey,
  practiceHandoverTtlMs,
} from '../../../src/lib/practice-handover';
import { makeLoginAnswer, makeUser } from '../../../src/test/render';
import { appText } from '../app/app-text';
import { ok, renderPractice, stubApi } from '../test/render';
import { installPracticeSession, sessionToken, sessionUser, signOut } from './session';

const lazyPage = { timeout: 5000 };
const trainee = makeUser(Role.Trainee, { email: 'tina@demo.test', firstName: 'Tina' });

/** What the app does at start (main.tsx through practice-app.tsx). */
const start = () => installPracticeSession();

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
    handOverToPractice(makeLoginAnswer(trainee), 'signed-in');
    start();
    renderPractice('/');
    expect(
      await screen.findByRole('heading', { name: appText.homeTitle }, lazyPage),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(sessionToken()).toBe('test-token');
    expect(sessionUser()).toEqual(trainee);
    // Taken once: nothing of it stays in the tab.
    expect(window.sessionStorage.getItem(practiceHandoverKey)).toBeNull();
    expect(screen.queryByText(appText.accountCreatedTitle)).not.toBeInTheDocument();
  });

  it('just registered: opens the home signed in and says the account is ready', async () => {
    handOverToPractice(makeLoginAnswer(trainee), 'registered');
    start();
    renderPractice('/');
    expect(await screen.findByText(appText.accountCreatedTitle, {}, lazyPage)).toBeInTheDocument();
    expect(screen.getByText(appText.accountCreatedBody)).toBeInTheDocument();
    expect(sessionToken()).toBe('test-token');
  });

  it('past its time: the sign-in form has the email and says the account was created', async () => {
    handOverToPractice(
      makeLoginAnswer(trainee),
      'registered',
      Date.now() - practiceHandoverTtlMs - 1000,
    );
    start();
    renderPractice('/');
    expect(
      await screen.findByRole('textbox', { name: messages.emailAddress }, lazyPage),
    ).toHaveValue('tina@demo.test');
    expect(screen.getByText(appText.accountCreatedSignIn)).toHaveAttribute('role', 'status');
    expect(sessionToken()).toBeNull();
  });
});
