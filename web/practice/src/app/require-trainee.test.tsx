/** The guard of the practice app: no session, a staff member's session, a trainee's session, a 401. */
import { messages, Role } from '@practica/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionToken } from '../lib/session';
import {
  failure,
  ok,
  renderPractice,
  signInPractice,
  signOutPractice,
  stubApi,
} from '../test/render';
import { appText } from './app-text';

describe('RequireTrainee', () => {
  beforeEach(() => signOutPractice());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a visitor without a session to sign-in with the return path', async () => {
    renderPractice('/assignments/5/review');
    expect(await screen.findByRole('heading', { name: appText.signInHeading })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/sign-in?next=%2Fassignments%2F5%2Freview',
    );
  });

  it('tells a staff member the app is for trainees, links the console and signs out', async () => {
    signInPractice(Role.Instructor);
    renderPractice('/');
    expect(await screen.findByRole('heading', { name: appText.staffTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: appText.openConsole })).toHaveAttribute(
      'href',
      '/login',
    );
    await userEvent.click(screen.getByRole('button', { name: appText.signOut }));
    expect(await screen.findByRole('heading', { name: appText.signInHeading })).toBeInTheDocument();
    expect(sessionToken()).toBeNull();
  });

  it('links a staff member signed in to the console to the console itself', async () => {
    window.localStorage.setItem('authToken', 'console-token');
    signInPractice(Role.Manager);
    renderPractice('/');
    expect(await screen.findByRole('link', { name: appText.openConsole })).toHaveAttribute(
      'href',
      '/dbl',
    );
  });

  it("shows a trainee the layout with the name, and 'Sign out' forgets only the session", async () => {
    stubApi({ 'GET /api/me/assignments': () => ok({ list: [], count: 0 }) });
    window.localStorage.setItem('authToken', 'console-token');
    signInPractice();
    renderPractice('/');
    expect(await screen.findByText(appText.emptyTitle)).toBeInTheDocument();
    expect(screen.getAllByText(/Tina Trainee/).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: appText.signOut }));
    expect(await screen.findByRole('heading', { name: appText.signInHeading })).toBeInTheDocument();
    expect(sessionToken()).toBeNull();
    expect(window.localStorage.getItem('authToken')).toBe('console-token');
    expect(screen.queryByText(appText.sessionEnded)).not.toBeInTheDocument();
  });

  it('brings the trainee back to sign-in with the notice when the session ends (401)', async () => {
    stubApi({
      'GET /api/me/assignments': () => failure(401, messages.sessionExpired),
    });
    signInPractice();
    renderPractice('/');
    expect(await screen.findByText(appText.sessionEnded)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in');
    expect(sessionToken()).toBeNull();
  });

  it('says what still works while the device is offline', async () => {
    stubApi({ 'GET /api/me/assignments': () => ok({ list: [], count: 0 }) });
    signInPractice();
    renderPractice('/');
    await screen.findByText(appText.emptyTitle);
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(appText.offline)).toBeInTheDocument();
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(appText.offline)).not.toBeInTheDocument());
  });
});
