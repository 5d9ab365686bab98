/**
 * Avatars, environments and the organization's assets end to end (decisions.md#avatars-and-environments; 001 §2 'Avatars and
 * environments', 'Organization content views', §5, §8): the admin meets the create form's
 * messages (name required, image over 300 KB), creates an avatar with an image, toggles it for
 * Demo Academy in the organization's Assets tab, and the manager sees it on the organization info
 * page. Screenshots go to web/e2e/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, messages } from '@practica/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { paths } from '@shared/config/paths';
import { assetText } from '@shared/config/ui-text';
import { demo, demoPassword, signInAs } from './helpers';

const shots = join(fileURLToPath(new URL('.', import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/** A 1×1 PNG made for the test. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The manager's organization id (Demo Academy), from the sign-in answer. */
async function demoAcademyId(request: APIRequestContext): Promise<number> {
  const answer = await request.post('/api/auth', {
    data: { email: demo.manager, password: demoPassword },
  });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { data: { organizationId: number } }).data.organizationId;
}

test('the admin creates an avatar, adds it to Demo Academy, and the manager sees it', async ({
  page,
  browser,
  request,
}) => {
  const orgId = await demoAcademyId(request);
  const name = `Avatar ${Date.now().toString(36)}`;

  await signInAs(page, demo.admin, paths.systemAdminDashboard());
  await page.goto(paths.avatars());
  await expect(page.getByText(messages.mobileAssetsBanner)).toBeVisible();
  await page.getByRole('link', { name: assetText.newAvatar }).click();
  await expect(page).toHaveURL(paths.avatarCreate());
  await expect(page.getByText(messages.mobileAssetsBanner)).toBeVisible();

  // 001 §5: the name is required; an image over 300 KB is refused at once.
  await page.getByRole('button', { name: messages.save }).click();
  await expect(page.getByText(messages.avatarNameRequired)).toBeVisible();
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(301 * 1024, 1),
  });
  await expect(page.getByText(messages.imageTooLarge)).toBeVisible();

  await fileInput.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByText(messages.imageTooLarge)).toBeHidden();
  await page.getByLabel(messages.name).fill(name);
  await page.getByLabel(messages.description, { exact: true }).fill('Made by the end-to-end test.');
  await page.screenshot({ path: join(shots, 'assets-avatar-form.png'), fullPage: true });
  await page.getByRole('button', { name: messages.save }).click();
  await expect(page.getByText(messages.assetCreated)).toBeVisible();
  await expect(page).toHaveURL(paths.avatars());
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /.+/);
  await page.screenshot({ path: join(shots, 'assets-avatars-list.png'), fullPage: true });

  // 001 §2 'Organization content views': the toggle adds it to the organization.
  await page.goto(paths.organizationDetail(orgId));
  await page.getByRole('tab', { name: messages.assets, exact: true }).click();
  await page.getByRole('tab', { name: messages.avatars, exact: true }).click();
  const toggle = page.getByRole('switch', { name: assetText.toggleNamed(name) });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(page.getByText(format.assetAddedToOrganization(messages.avatar))).toBeVisible();
  await expect(toggle).toBeChecked();
  await page.screenshot({ path: join(shots, 'assets-organization-tab.png'), fullPage: true });

  // The manager's organization info page lists it, read-only.
  const context = await browser.newContext();
  const manager = await context.newPage();
  await signInAs(manager, demo.manager, paths.orgManagerDashboard());
  await manager.goto(paths.organizationDetails(orgId));
  await expect(manager.getByRole('row').filter({ hasText: name })).toBeVisible();
  // Read-only: no toggle for the asset (the page's other sections, e.g. single sign-on, have their own).
  await expect(manager.getByRole('switch', { name: assetText.toggleNamed(name) })).toHaveCount(0);
  await manager.screenshot({ path: join(shots, 'assets-organization-info.png'), fullPage: true });
  await context.close();
});

test('the admin creates an environment and deletes it after confirming', async ({ page }) => {
  const title = `Room ${Date.now().toString(36)}`;
  await signInAs(page, demo.admin, paths.systemAdminDashboard());
  await page.goto(paths.environmentCreate());
  await page.getByRole('button', { name: messages.save }).click();
  await expect(page.getByText(messages.environmentTitleRequired)).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: tinyPng });
  await page.getByLabel(messages.title).fill(title);
  await page.getByRole('button', { name: messages.save }).click();
  await expect(page.getByText(messages.assetCreated)).toBeVisible();
  await expect(page).toHaveURL(paths.environments());

  await page.getByRole('button', { name: assetText.deleteNamed(title) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: messages.delete }).click();
  await expect(page.getByText(messages.assetDeleted)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
