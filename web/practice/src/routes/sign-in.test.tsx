/** The practice app's sign-in: success (to the return path, session saved), a wrong password. */
import { messages, Role } from '@practica/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeLoginAnswer, makeUser } from '@shared/test/render';
import { appText } from '../app/app-text';
import { sessionToken, sessionUser } from '../lib/session';
import { failure, ok, renderPractice, signOutPractice, stubApi } from '../test/render';

/** A lazily loaded page: a busy machine may take seconds to load and render it. */
const lazyPage = { timeout: 10_000 };

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: messages.emailAddress }), email);
  await userEvent.type(
    screen.getByLabelText(new RegExp(`^${messages.password}`), { selector: 'input' }),
    password,
  );
  await userEvent.click(screen.getByRole('button', { name: messages.login }));
}

describe('sign-in', () => {
  beforeEach(() => signOutPractice());
  afterEach(() => vi.unstubAllGlobals());

  it('signs a trainee in and goes to the return path', async () => {
    const trainee = makeUser(Role.Trainee, { firstName: 'Tina', lastName: 'Trainee' });
    const api = stubApi({
      'POST /api/auth': () => ok(makeLoginAnswer(trainee)),
      'GET /api/me/assignments': () => ok({ list: [], count: 0 }),
    });
    renderPractice('/sign-in?next=%2F%3Ftab%3D1');
    await fillAndSubmit('trainee@demo.test', 'demo1234');
    expect(await screen.findByText(appText.emptyTitle, {}, lazyPage)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/?tab=1');
    expect(sessionToken()).toBe('test-token');
    expect(sessionUser()?.roleId).toBe(Role.Trainee);
    const [, init] = api.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'trainee@demo.test',
      password: 'demo1234',
    });
    // The console's session is not touched.
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it("shows the server's message for a wrong password and stores nothing", async () => {
    stubApi({
      'POST /api/auth': () => failure(401, messages.emailOrPasswordIncorrect),
    });
    renderPractice('/sign-in');
    await fillAndSubmit('trainee@demo.test', 'nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.emailOrPasswordIncorrect);
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in');
    expect(sessionToken()).toBeNull();
  });

  it('validates the fields with the contract messages before sending', async () => {
    const api = stubApi({});
    renderPractice('/sign-in');
    await userEvent.click(await screen.findByRole('button', { name: messages.login }));
    expect(await screen.findByText(messages.emailAddressRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('opens the forgot-password request with the typed email and comes back', async () => {
    const api = stubApi({ 'PUT /api/auth/reset-password': () => ok(null) });
    renderPractice('/sign-in');
    await userEvent.type(
      await screen.findByRole('textbox', { name: messages.emailAddress }),
      'trainee@demo.test',
    );
    await userEvent.click(screen.getByRole('button', { name: messages.forgotPassword }));
    await screen.findByRole('heading', { name: messages.forgotPassword }, lazyPage);
    expect(screen.getByRole('textbox', { name: messages.emailAddress })).toHaveValue(
      'trainee@demo.test',
    );
    await userEvent.click(screen.getByRole('button', { name: messages.sendResetLink }));
    expect(await screen.findByText(messages.resetLinkSent)).toBeInTheDocument();
    expect(String(api.mock.calls[0]![0])).toContain('email=trainee%40demo.test');
    await userEvent.click(screen.getByRole('button', { name: messages.backToLogin }));
    expect(
      await screen.findByRole('heading', { name: appText.signInHeading }, lazyPage),
    ).toBeInTheDocument();
  });
});
