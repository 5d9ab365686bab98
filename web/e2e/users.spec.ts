/**
 * Accounts end to end (decisions.md#users-and-files; 000 §2.8–§2.11, §4, §5, §8): Settings (name, image, email change),
 * the password reset from the login page through the dev mailbox, an admin deactivating a user,
 * Add Admin, and soft delete / restore / erase with the typed confirmation.
 *
 * Every scenario works on admins it creates itself (through the API as the demo admin, the
 * welcome mail's link setting their first password), so no other spec's demo account changes.
 * Screenshots of each screen go to web/e2e/screenshots/ to be looked at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, messages, Role } from '@practica/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { userText } from '@shared/config/ui-text';
import { demo, demoPassword, signIn, signInAs } from './helpers';

const shots = join(fileURLToPath(new URL('.', import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/** A valid 1×1 PNG (the server checks the real bytes). */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Mail {
  kind: string;
  to: string;
  links: string[];
}

interface Account {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

let serial = 0;
/** Names and an address no other run of the suite uses. */
function freshPerson(lastName: string) {
  serial += 1;
  const tag = `${Date.now().toString(36)}${serial}${Math.floor(Math.random() * 1e4)}`;
  return { firstName: 'Erin', lastName, email: `e2e-${tag}@demo.test` };
}

/** The newest mail of `kind` to `to` (the dev mailbox lists the outbox newest first). */
async function latestMail(request: APIRequestContext, to: string, kind: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
      const body = (await answer.json()) as { data: { list: Mail[] } };
      found = body.data.list.find((mail) => mail.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The console path of the mail's link (the link's host is PUBLIC_URL). */
function linkPath(mail: Mail, pathname: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === pathname);
  expect(link, `a ${pathname} link in the mail`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/auth', {
    data: { email: demo.admin, password: demoPassword },
  });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** Creates an admin as the demo admin and sets its first password from the welcome mail. */
async function createAccount(request: APIRequestContext, lastName: string): Promise<Account> {
  const person = freshPerson(lastName);
  const token = await adminToken(request);
  const created = await request.post(`/api/users?roleId=${Role.Admin}`, {
    data: person,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.ok()).toBeTruthy();
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  const welcome = await latestMail(request, person.email, 'admin-welcome');
  const resetToken = new URL(`http://x${linkPath(welcome, '/password-reset')}`).searchParams.get(
    'token',
  );
  const password = 'first1234';
  const set = await request.put(`/api/users/reset-password/${resetToken}`, {
    data: { newPassword: password },
  });
  expect(set.ok()).toBeTruthy();
  return { id, ...person, password };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** The newest toast with this text (an earlier one may still be fading). */
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notifications-root').getByText(text, { exact: true }).last();

/** Opens a user's detail page from the admins list, searching by last name. */
async function openFromAdminsList(page: Page, account: Account) {
  await page.goto('/dbl/system-admin/users');
  await page.getByRole('searchbox', { name: userText.searchAdmins }).fill(account.lastName);
  const row = page.getByRole('row', { name: new RegExp(account.email) });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(`/dbl/user-detail/${account.id}`);
  await expect(page.getByTestId('profile-name')).toHaveText(
    `${account.firstName} ${account.lastName}`,
  );
}

test.describe('users and settings', () => {
  test('settings: change name and image, the top bar follows', async ({ page, request }) => {
    const me = await createAccount(request, 'Settler');
    await signIn(page, me.email, me.password);
    await expect(page).toHaveURL('/dbl/system-admin/dashboard');
    await page.getByRole('link', { name: messages.settings }).click();
    await expect(page).toHaveURL('/dbl/settings');
    await expect(page.getByTestId('profile-name')).toHaveText(`${me.firstName} ${me.lastName}`);
    await settle(page);
    await page.screenshot({ path: join(shots, 'settings.png'), fullPage: true });

    // 000 §5: an image over 300 KB is refused before any upload.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(301 * 1024, 1),
    });
    await expect(page.getByText(messages.imageTooLarge)).toBeVisible();

    await page.getByRole('textbox', { name: messages.firstName }).fill('Renata');
    await page.getByRole('textbox', { name: messages.lastName }).fill('Settled');
    await fileInput.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(page.getByText(messages.imageTooLarge)).toBeHidden();
    // The repeat must match (000 §5).
    await page.getByLabel(userText.newPassword, { exact: true }).fill('newpass1');
    await page.getByLabel(messages.repeatPassword, { exact: true }).fill('newpass2');
    await page.getByRole('button', { name: messages.save }).click();
    await expect(page.getByText(messages.repeatPasswordMismatch)).toBeVisible();
    await page.getByLabel(messages.repeatPassword, { exact: true }).fill('newpass1');
    // Hold the signed PUT a moment so the progress bar can be seen.
    await page.route('**/files/upload/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole('button', { name: messages.save }).click();
    await expect(page.getByTestId('upload-percent')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: userText.uploadProgress })).toBeAttached();
    await page.screenshot({ path: join(shots, 'settings-uploading.png') });

    await expect(toast(page, messages.userUpdated)).toBeVisible();
    await expect(toast(page, messages.passwordUpdated)).toBeVisible();
    await expect(page.getByTestId('top-bar-name')).toHaveText('Renata Settled');
    await expect(page.getByRole('img', { name: 'Renata Settled' }).first()).toHaveAttribute(
      'src',
      /\/files\//,
    );
    await settle(page);
    await page.screenshot({ path: join(shots, 'settings-saved.png'), fullPage: true });

    // The fresh token replaced the old one: the session still works after a reload.
    await page.reload();
    await expect(page.getByTestId('profile-name')).toHaveText('Renata Settled');
    await expect(page.getByTestId('top-bar-name')).toHaveText('Renata Settled');
    // And the image is served.
    const src = await page.getByTestId('profile-avatar').locator('img').getAttribute('src');
    const image = await request.get(src!);
    expect(image.headers()['content-type']).toBe('image/png');
    // The new password signs in.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, me.email, 'newpass1');
    await expect(page).toHaveURL('/dbl/system-admin/dashboard');
  });

  test('settings: email change through the confirmation link', async ({ page, request }) => {
    const me = await createAccount(request, 'Mailer');
    await signIn(page, me.email, me.password);
    await expect(page).toHaveURL('/dbl/system-admin/dashboard');
    await page.goto('/dbl/settings');
    const next = freshPerson('Mailer').email;
    await page.getByRole('textbox', { name: userText.newEmail }).fill(next);
    await page.getByRole('button', { name: userText.sendConfirmationLink }).click();
    await expect(toast(page, format.emailUpdateLinkSentTo(next))).toBeVisible();

    const mail = await latestMail(request, next, 'email-change');
    const path = linkPath(mail, '/email-update');
    await page.goto(path);
    await expect(page.getByRole('heading', { name: messages.emailUpdated })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'email-update-success.png') });
    // Single use: the same link fails the second time, with the server's message.
    await page.goto(path);
    await expect(page.getByRole('heading', { name: messages.tokenInvalidOrExpired })).toBeVisible();
    await page.screenshot({ path: join(shots, 'email-update-failure.png') });
    // A missing token.
    await page.goto('/email-update');
    await expect(page.getByRole('heading', { name: messages.invalidTokenTryAgain })).toBeVisible();
  });

  test('password reset from the login page, then sign in with the new password', async ({
    page,
    request,
  }) => {
    const me = await createAccount(request, 'Resetter');
    await page.goto('/password-reset');
    await expect(page.getByRole('heading', { name: messages.invalidTokenTryAgain })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'password-reset-missing-token.png') });

    await page.goto('/login');
    await page.getByRole('button', { name: messages.forgotPassword }).click();
    await page.getByLabel(messages.emailAddress).fill(me.email);
    await page.getByRole('button', { name: messages.sendResetLink }).click();
    await expect(page.getByRole('heading', { name: messages.resetLinkSent })).toBeVisible();

    const mail = await latestMail(request, me.email, 'password-reset');
    await page.goto(linkPath(mail, '/password-reset'));
    // The asterisk of a required field is part of the label.
    const password = page.getByLabel(new RegExp(`^${userText.newPassword}`));
    const repeat = page.getByLabel(new RegExp(`^${messages.repeatPassword}`));
    await password.fill('abc');
    await page.getByRole('button', { name: userText.setNewPassword }).click();
    await expect(page.getByText(messages.passwordMinLength)).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'password-reset-form.png') });
    await password.fill('reset1234');
    await repeat.fill('reset1234');
    await page.getByRole('button', { name: userText.setNewPassword }).click();
    await expect(page.getByRole('heading', { name: messages.passwordUpdated })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'password-reset-success.png') });
    await page.getByRole('link', { name: messages.backToLogin }).click();
    await expect(page).toHaveURL('/login');

    // The old password no longer works; the new one does.
    await signIn(page, me.email, me.password);
    await expect(toast(page, messages.emailOrPasswordIncorrect)).toBeVisible();
    await signIn(page, me.email, 'reset1234');
    await expect(page).toHaveURL('/dbl/system-admin/dashboard');
  });

  test('an admin deactivates a user who then cannot sign in', async ({
    page,
    browser,
    request,
  }) => {
    const other = await createAccount(request, 'Paused');
    await signInAs(page, demo.admin, '/dbl/system-admin/dashboard');
    await openFromAdminsList(page, other);
    const active = page.getByRole('switch', { name: messages.active });
    await expect(active).toBeChecked();
    await settle(page);
    await page.screenshot({ path: join(shots, 'user-detail.png'), fullPage: true });
    await active.click();
    await expect(toast(page, format.userStatusChanged(false))).toBeVisible();
    await expect(active).not.toBeChecked();

    const context = await browser.newContext();
    const theirs = await context.newPage();
    await signIn(theirs, other.email, other.password);
    await expect(toast(theirs, messages.emailOrPasswordIncorrect)).toBeVisible();
    await expect(theirs).toHaveURL('/login');

    await active.click();
    await expect(toast(page, format.userStatusChanged(true))).toBeVisible();
    await signIn(theirs, other.email, other.password);
    await expect(theirs).toHaveURL('/dbl/system-admin/dashboard');
    await context.close();
  });

  test('Add Admin: required fields, success, and the duplicate email', async ({ page }) => {
    await signInAs(page, demo.admin, '/dbl/system-admin/dashboard');
    await page.getByRole('link', { name: messages.admins }).click();
    await expect(page).toHaveURL('/dbl/system-admin/users');
    await expect(page.getByRole('table', { name: messages.admins })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(demo.admin) })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'admins.png'), fullPage: true });

    await page.getByRole('button', { name: messages.addAdmin }).click();
    const dialog = page.getByRole('dialog', { name: messages.addAdmin });
    await dialog.getByRole('button', { name: messages.addAdmin }).click();
    await expect(dialog.getByText(messages.firstNameRequired)).toBeVisible();
    await expect(dialog.getByText(messages.lastNameRequired)).toBeVisible();
    await expect(dialog.getByText(messages.emailRequired)).toBeVisible();
    await page.screenshot({ path: join(shots, 'add-admin.png') });

    const person = freshPerson('Added');
    await dialog.getByRole('textbox', { name: messages.firstName }).fill(person.firstName);
    await dialog.getByRole('textbox', { name: messages.lastName }).fill(person.lastName);
    await dialog.getByRole('textbox', { name: messages.email }).fill(person.email);
    await dialog.getByRole('button', { name: messages.addAdmin }).click();
    await expect(toast(page, messages.userCreated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('searchbox', { name: userText.searchAdmins }).fill('Ad');
    await expect(page.getByText(messages.searchTooShort)).toBeVisible();
    await page.getByRole('searchbox', { name: userText.searchAdmins }).fill(person.email);
    await expect(page.getByRole('row', { name: new RegExp(person.email) })).toBeVisible();

    await page.getByRole('button', { name: messages.addAdmin }).click();
    await dialog.getByRole('textbox', { name: messages.firstName }).fill(person.firstName);
    await dialog.getByRole('textbox', { name: messages.lastName }).fill(person.lastName);
    await dialog.getByRole('textbox', { name: messages.email }).fill(person.email);
    await dialog.getByRole('button', { name: messages.addAdmin }).click();
    await expect(dialog.getByText(messages.emailAlreadyInUse)).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('soft delete, restore (also from Deleted Users) and erase with the typed confirmation', async ({
    page,
    request,
  }) => {
    const other = await createAccount(request, 'Goner');
    await signInAs(page, demo.admin, '/dbl/system-admin/dashboard');
    await openFromAdminsList(page, other);

    // Soft delete; the dialog blocks nothing once done, the page offers restore and erase.
    await page.getByRole('button', { name: messages.delete }).click();
    const confirm = page.getByRole('dialog', { name: userText.deleteUserTitle });
    await expect(confirm).toBeVisible();
    await page.screenshot({ path: join(shots, 'user-delete-dialog.png') });
    await confirm.getByRole('button', { name: messages.delete }).click();
    await expect(toast(page, messages.userDeleted)).toBeVisible();
    await expect(page.getByRole('button', { name: messages.restore })).toBeVisible();
    await expect(page.getByRole('button', { name: messages.erase })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'user-detail-deleted.png'), fullPage: true });

    // A deleted user cannot sign in.
    const context = await page.context().browser()!.newContext();
    const theirs = await context.newPage();
    await signIn(theirs, other.email, other.password);
    await expect(toast(theirs, messages.emailOrPasswordIncorrect)).toBeVisible();
    await context.close();

    // Restore on the detail page.
    await page.getByRole('button', { name: messages.restore }).click();
    await expect(toast(page, messages.userRestored)).toBeVisible();
    await expect(page.getByRole('button', { name: messages.delete })).toBeVisible();

    // Delete again, then restore from the Deleted Users modal.
    await page.getByRole('button', { name: messages.delete }).click();
    await confirm.getByRole('button', { name: messages.delete }).click();
    await expect(toast(page, messages.userDeleted)).toBeVisible();
    await page.goto('/dbl/system-admin/users');
    await page.getByRole('button', { name: messages.deletedUsers }).click();
    const modal = page.getByRole('dialog', { name: messages.deletedUsers });
    const row = modal.getByRole('row', { name: new RegExp(other.email) });
    await expect(row).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'deleted-users.png') });
    await row
      .getByRole('button', { name: userText.restoreUser(`${other.firstName} ${other.lastName}`) })
      .click();
    await expect(toast(page, messages.userRestored)).toBeVisible();
    await expect(row).toBeHidden();
    await page.keyboard.press('Escape');

    // Erase: only after a soft delete, and only with the typed last name.
    await openFromAdminsList(page, other);
    await page.getByRole('button', { name: messages.delete }).click();
    await confirm.getByRole('button', { name: messages.delete }).click();
    await expect(toast(page, messages.userDeleted)).toBeVisible();
    await page.getByRole('button', { name: messages.erase }).click();
    const erase = page.getByRole('dialog', { name: userText.eraseTitle });
    const typed = erase.getByRole('textbox', {
      name: userText.eraseTypeToConfirm(other.lastName),
    });
    const eraseButton = erase.getByRole('button', { name: messages.erase });
    await typed.fill('someone else');
    await expect(eraseButton).toBeDisabled();
    await page.screenshot({ path: join(shots, 'user-erase-dialog.png') });
    await typed.fill(other.lastName.toUpperCase());
    await expect(eraseButton).toBeEnabled();
    await eraseButton.click();
    await expect(toast(page, messages.userErased)).toBeVisible();
    await expect(page).toHaveURL('/dbl/system-admin/users');
    await page.getByRole('searchbox', { name: userText.searchAdmins }).fill(other.email);
    await expect(page.getByText(messages.noRecordsFound)).toBeVisible();
  });
});
