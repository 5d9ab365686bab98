/** Shared steps of the end-to-end scenarios: the demo accounts and signing in through the form. */
import { appendFileSync } from 'node:fs';
import { messages } from '@practica/contract';
import { expect, type Page } from '@playwright/test';
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
