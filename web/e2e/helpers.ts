/** Shared steps of the end-to-end scenarios: the demo accounts and signing in through the form. */
import { appendFileSync } from 'node:fs';
import { messages, Role } from '@practica/contract';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { uiText } from '../src/config/ui-text';

/** The demo seed's accounts (issue 2), all with the same password. */
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

/** Signs in through the API (POST /auth) and answers the session token. */
export async function apiToken(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const answer = await request.post('/api/auth', { data: { email, password } });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** A person a spec signs up, with the password it chose. */
export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

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
  const headers = { Authorization: `Bearer ${admin}` };
  const created = await request.post('/api/organizations', {
    headers,
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
  const invited = await request.post('/api/invites', {
    headers,
    data: {
      organizationId: org.id,
      roleId: Role.Manager,
      firstName: manager.firstName,
      lastName: manager.lastName,
      email: manager.email,
    },
  });
  expect(invited.ok()).toBeTruthy();
  const { token } = ((await invited.json()) as { data: { token: string } }).data;
  rememberTokens(token);
  const accepted = await request.post('/api/invites/accept', { data: { ...manager, token } });
  expect(accepted.ok()).toBeTruthy();
  return { id: org.id, name: org.name, manager, tag: t };
}
