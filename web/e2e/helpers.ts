/**
 * Shared steps of the end-to-end scenarios: the demo accounts, signing in through the form or the
 * API, inviting and registering people, and Chromium with a fake camera for the practice app.
 */
import { appendFileSync } from 'node:fs';
import { messages, Role, type RoleId } from '@practica/contract';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { inviteText } from '../src/config/organization-text';
import { uiText } from '@shared/config/ui-text';
import { chromiumUse } from './playwright.config';

/** The demo seed's accounts (decisions.md#foundation), all with the same password. */
export const demoPassword = 'demo1234';
export const demo = {
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  instructor: 'instructor@demo.test',
  instructor2: 'instructor2@demo.test',
  trainee: 'trainee@demo.test',
  manager2: 'manager2@demo.test',
} as const;

/** Fills and submits the login form. */
export async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(messages.emailAddress).fill(email);
  await page.getByRole('textbox', { name: messages.password, exact: true }).fill(password);
  await page.getByRole('button', { name: messages.login, exact: true }).click();
}

/** Signs in and waits for the landing page of the role. */
export async function signInAs(page: Page, email: string, landing: string): Promise<void> {
  await signIn(page, email);
  await expect(page).toHaveURL(landing);
}

/** The sidebar's entry labels, in order. */
export async function sidebarEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: uiText.mainNavigation });
  await expect(nav).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

/**
 * Records tokens a spec used that no mail carries (e.g. a copied invite link) in E2E_TOKENS_FILE
 * (playwright.config.ts), so the log scan after the run (global-teardown.ts) looks for them too.
 */
export function rememberTokens(...tokens: string[]): void {
  const file = process.env.E2E_TOKENS_FILE;
  if (file && tokens.length > 0) appendFileSync(file, `${tokens.join('\n')}\n`);
}

/** The token of an invite registration link (`…/invite-registration/<token>`). */
export const inviteLinkToken = (link: string): string => new URL(link).pathname.split('/').pop()!;

let serial = 0;
/** A tag no other run of the suite uses (for names and addresses a spec makes). */
export function uniqueTag(): string {
  serial += 1;
  return `${Date.now().toString(36)}${serial}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * Signs in through the API (POST /auth) as `email` (default password the demo one); answers the
 * session token and the organization id of the user. Fails the test unless the sign-in succeeds.
 */
export async function apiSession(
  request: APIRequestContext,
  email: string,
  password = demoPassword,
): Promise<{ token: string; organizationId: number }> {
  const answer = await request.post('/api/auth', { data: { email, password } });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { data: { token: string; organizationId: number } }).data;
}

/** Signs in through the API (POST /auth) and answers the session token. */
export async function apiToken(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  return (await apiSession(request, email, password)).token;
}

/** The Authorization header of the session `token`. */
export const bearer = (token: string): { Authorization: string } => ({
  Authorization: `Bearer ${token}`,
});

/** A person a spec signs up, with the password it chose. */
export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * Invites `person` to organization `organizationId` in role `roleId` through the API as the session
 * `token` (POST /invites). Answers the invite's token, remembered for the log scan
 * (`rememberTokens`). Fails the test unless the invite is made.
 */
export async function invite(
  request: APIRequestContext,
  token: string,
  organizationId: number,
  roleId: RoleId,
  person: Pick<Person, 'firstName' | 'lastName' | 'email'>,
): Promise<string> {
  const invited = await request.post('/api/invites', {
    headers: bearer(token),
    data: {
      organizationId,
      roleId,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
    },
  });
  expect(invited.ok(), await invited.text()).toBeTruthy();
  const { token: inviteToken } = ((await invited.json()) as { data: { token: string } }).data;
  rememberTokens(inviteToken);
  return inviteToken;
}

/**
 * Invites `trainee` as a Trainee of the demo manager's organization. Answers the manager's session
 * (token and organization id) and the invite's token.
 */
export async function inviteTrainee(
  request: APIRequestContext,
  trainee: Pick<Person, 'firstName' | 'lastName' | 'email'>,
): Promise<{ manager: { token: string; organizationId: number }; inviteToken: string }> {
  const manager = await apiSession(request, demo.manager);
  const inviteToken = await invite(
    request,
    manager.token,
    manager.organizationId,
    Role.Trainee,
    trainee,
  );
  return { manager, inviteToken };
}

/** Registers in the page from the invite link of `inviteToken`: the password twice, Create account. */
export async function registerFromInvite(
  page: Page,
  inviteToken: string,
  password: string,
): Promise<void> {
  await page.goto(`/invite-registration/${inviteToken}`);
  await page.getByRole('textbox', { name: messages.password, exact: true }).fill(password);
  await page.getByRole('textbox', { name: messages.repeatPassword, exact: true }).fill(password);
  await page.getByRole('button', { name: inviteText.createAccount }).click();
}

/**
 * The suite's Chromium with a fake camera and microphone that the page may use without asking,
 * for `test.use` in the specs that record in the practice app.
 */
export const fakeCameraUse = {
  launchOptions: {
    ...chromiumUse.launchOptions,
    args: [
      ...chromiumUse.launchOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
};

/**
 * A fresh organization named `<label> <tag>` with `userSeats` trainee seats and its own signed-up
 * manager, made through the API as the demo admin (POST /organizations, POST /invites,
 * POST /invites/accept), so a spec's seats and invites touch no other spec's. Answers its id,
 * name, manager and tag.
 */
export async function freshOrganization(
  request: APIRequestContext,
  userSeats: number,
  label = 'Seat Test',
): Promise<{ id: number; name: string; manager: Person; tag: string }> {
  const t = uniqueTag();
  const admin = await apiToken(request, demo.admin, demoPassword);
  const created = await request.post('/api/organizations', {
    headers: bearer(admin),
    data: {
      name: `${label} ${t}`,
      address: '5 Harbour Street, Leeds',
      contact: {
        firstName: 'Carla',
        lastName: 'Contact',
        email: `contact-${t}@demo.test`,
        phoneNumber: '5550123456',
      },
      userSeats,
      creatorSeats: 0,
    },
  });
  expect(created.ok()).toBeTruthy();
  const org = ((await created.json()) as { data: { id: number; name: string } }).data;
  const manager: Person = {
    firstName: 'Mona',
    lastName: 'Manager',
    email: `manager-${t}@demo.test`,
    password: 'manage123',
  };
  const token = await invite(request, admin, org.id, Role.Manager, manager);
  const accepted = await request.post('/api/invites/accept', { data: { ...manager, token } });
  expect(accepted.ok()).toBeTruthy();
  return { id: org.id, name: org.name, manager, tag: t };
}
