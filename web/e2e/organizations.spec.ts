/**
 * Organizations, seats, invites and groups end to end (decisions.md#organizations-and-seats; 000 §2.5–§2.7, §2.9, §5, §6, §8):
 * an admin creates an organization through the form's validation messages, sets its seats and
 * finds it on the dashboard; a manager invites a trainee who registers from the link and then
 * counts in Members and Seats Usage; a manager creates a group, adds, removes and deletes; an
 * instructor sees the groups screen without edit controls; a broken invite link leads to login.
 *
 * The invite scenario works in an organization it creates itself (through the API as the demo
 * admin), so seat counts never depend on another spec. Screenshots go to web/e2e/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, messages, Role, roleLabels } from '@practica/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { routeText } from '../src/app/route-text';
import { groupText, inviteText, organizationText } from '../src/config/organization-text';
import { uiText } from '@shared/config/ui-text';
import {
  demo,
  freshOrganization,
  inviteLinkToken,
  rememberTokens,
  signIn,
  signInAs,
  uniqueTag,
} from './helpers';

const shots = join(fileURLToPath(new URL('.', import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

const orgText = organizationText;

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

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notifications-root').getByText(text, { exact: true });

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

test.describe('organizations', () => {
  test('admin creates an organization through its validation messages, sets seats and finds it', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAs(page, demo.admin, '/dbl/system-admin/dashboard');
    await page.getByRole('link', { name: routeText.newOrganization }).click();
    await expect(page).toHaveURL('/dbl/organizations/create');
    const form = page.getByRole('form', { name: messages.organization });
    const submit = form.getByRole('button', { name: orgText.create });

    // 000 §5: every field required.
    await submit.click();
    for (const text of [
      messages.organizationNameRequired,
      messages.addressRequired,
      messages.firstNameRequired,
      messages.lastNameRequired,
      messages.emailRequired,
      messages.phoneNumberInvalid,
    ]) {
      await expect(form.getByText(text, { exact: true })).toBeVisible();
    }
    await settle(page);
    await page.screenshot({ path: join(shots, 'organization-create-required.png') });

    // Too short, malformed and a phone that is not 10 characters.
    const field = (label: string) => form.getByRole('textbox', { name: label, exact: true });
    await field(messages.name).fill('ab');
    await field(orgText.address).fill('xy');
    await field(messages.firstName).fill('Al');
    await field(messages.lastName).fill('Bo');
    await field(messages.email).fill('not-an-email');
    await field(messages.phoneNumber).fill('12345');
    await submit.click();
    for (const text of [
      messages.organizationNameMinLength,
      messages.addressMinLength,
      messages.contactFirstNameMinLength,
      messages.contactLastNameMinLength,
      messages.emailInvalid,
      messages.phoneNumberInvalid,
    ]) {
      await expect(form.getByText(text, { exact: true })).toBeVisible();
    }
    await field(messages.name).fill('N'.repeat(51));
    await submit.click();
    await expect(form.getByText(messages.organizationNameMaxLength, { exact: true })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'organization-create-invalid.png') });

    const name = `Riverside Academy ${uniqueTag()}`;
    await field(messages.name).fill(name);
    await field(orgText.address).fill('12 River Road, Bristol');
    await field(messages.firstName).fill('Rosa');
    await field(messages.lastName).fill('Rivers');
    await field(messages.email).fill('rosa@riverside.test');
    await field(messages.phoneNumber).fill('5550111222');
    await submit.click();
    await expect(toast(page, messages.organizationCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/dbl\/organizations\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The contact person is read-only after creation (000 §2.9).
    await expect(
      page
        .getByRole('form', { name: messages.organization })
        .getByRole('textbox', { name: messages.email, exact: true }),
    ).toHaveAttribute('readonly', '');

    // The image (000 §5: at most 300 KB), saved with the details.
    const details = page.getByRole('form', { name: messages.organization });
    const fileInput = details.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(301 * 1024, 1),
    });
    await expect(details.getByText(messages.imageTooLarge)).toBeVisible();
    await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
    await details.getByRole('button', { name: messages.save }).click();
    await expect(toast(page, messages.organizationUpdated)).toBeVisible();
    await expect(page.locator('img[src^="/files/"], img[src*="/files/"]').first()).toBeVisible();

    // Seats (000 §5): 0 or more; then saved.
    const seats = page.getByRole('form', { name: orgText.seats });
    await seats.getByRole('textbox', { name: orgText.traineeSeats, exact: true }).fill('-1');
    await seats.getByRole('button', { name: messages.save }).click();
    await expect(seats.getByText(messages.traineeSeatsMin, { exact: true })).toBeVisible();
    await seats.getByRole('textbox', { name: orgText.traineeSeats, exact: true }).fill('12');
    await seats.getByRole('textbox', { name: orgText.creatorSeats, exact: true }).fill('2');
    await seats.getByRole('button', { name: messages.save }).click();
    await expect(toast(page, messages.organizationSeatsUpdated)).toBeVisible();
    await expect(card(page, messages.seatsUsage)).toContainText(format.countOf(0, 12));
    await expect(card(page, messages.creators)).toContainText(format.countOf(0, 2));

    // The member tabs start on Trainees; the chosen tab is kept for the session.
    await expect(page.getByRole('tab', { name: messages.trainees })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: messages.managers }).click();
    await page.reload();
    await expect(page.getByRole('tab', { name: messages.managers })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: messages.trainees }).click();
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shots, 'organization-detail.png'), fullPage: true });

    // The dashboard lists it; its row opens it again.
    await page.getByRole('link', { name: messages.dashboard }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(messages.active);
    await row.click();
    await expect(page).toHaveURL(/\/dbl\/organizations\/\d+$/);

    // The admin's invites screen carries the organization's name in its title.
    await page.getByRole('link', { name: messages.invites }).click();
    await expect(page).toHaveURL(/\/dbl\/invites\?orgId=\d+&roleType=4$/);
    await expect(
      page.getByRole('heading', { level: 1, name: format.invitesTitle(name) }),
    ).toBeVisible();
  });

  test('an admin opening invites without an organization goes back', async ({ page }) => {
    await signInAs(page, demo.admin, '/dbl/system-admin/dashboard');
    await page.goto('/dbl/invites');
    await expect(page).toHaveURL('/dbl/system-admin/dashboard');
    await page.goto('/dbl/invites?orgId=999999&roleType=4');
    await expect(toast(page, messages.notFound)).toBeVisible();
    await expect(page).toHaveURL('/dbl/system-admin/dashboard');
  });
});

test.describe('invites', () => {
  test('a manager invites a trainee who registers and then counts in members and seats', async ({
    page,
    browser,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const org = await freshOrganization(request, 5);
    await signIn(page, org.manager.email, org.manager.password);
    await expect(page).toHaveURL('/dbl/org-manager/dashboard/org');
    await expect(page.getByRole('heading', { level: 1, name: org.name })).toBeVisible();
    await expect(card(page, messages.seatsUsage)).toContainText(format.countOf(0, 5));
    await expect(card(page, messages.creators)).toContainText(messages.inactive);

    await card(page, messages.newInvite).getByRole('link', { name: messages.inviteMember }).click();
    await expect(page).toHaveURL('/dbl/invites');
    await expect(page.getByRole('heading', { level: 1, name: messages.invites })).toBeVisible();

    // 000 §5: the required messages, then the invite.
    const form = page.getByRole('form', { name: messages.inviteMember });
    await form.getByRole('button', { name: inviteText.sendInvite }).click();
    await expect(form.getByText(messages.firstNameRequired, { exact: true })).toBeVisible();
    await expect(form.getByText(messages.emailRequired, { exact: true })).toBeVisible();
    const trainee = {
      firstName: 'Tara',
      lastName: `Newcomb${uniqueTag()}`,
      email: `tara-${uniqueTag()}@demo.test`,
      password: 'practice1',
    };
    await expect(form.getByRole('radio', { name: roleLabels[Role.Admin] })).toHaveCount(0);
    await form
      .getByRole('textbox', { name: messages.firstName, exact: true })
      .fill(trainee.firstName);
    await form
      .getByRole('textbox', { name: messages.lastName, exact: true })
      .fill(trainee.lastName);
    await form.getByRole('textbox', { name: messages.email, exact: true }).fill(trainee.email);
    await form.getByRole('button', { name: inviteText.sendInvite }).click();
    await expect(
      toast(page, format.roleSuccessfullyInvited(roleLabels[Role.Trainee])),
    ).toBeVisible();

    const row = page.getByRole('row', { name: new RegExp(trainee.email) });
    await expect(row).toContainText(messages.pending);
    await settle(page);
    await page.screenshot({ path: join(shots, 'invites.png') });

    // Copy link: a fresh registration link on this host.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = `${trainee.firstName} ${trainee.lastName}`;
    await row.getByRole('button', { name: `${inviteText.copyLink}: ${name}` }).click();
    await expect(toast(page, messages.linkCopied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toMatch(/^\/invite-registration\/.+/);
    rememberTokens(inviteLinkToken(copied));

    // The invite mail carries a registration link too.
    const mail = await latestMail(request, trainee.email, 'invite');
    expect(mail.links.some((l) => new URL(l).pathname.startsWith('/invite-registration/'))).toBe(
      true,
    );

    // Re-send renews it with a new link: the earlier links stop working (one live link, decisions.md#hardening).
    await row.getByRole('button', { name: `${inviteText.resend}: ${name}` }).click();
    await expect(toast(page, messages.inviteResent)).toBeVisible();
    expect((await request.get(`/api/invites/${inviteLinkToken(copied)}`)).status()).toBe(404);

    // Copy link again: the newest link is the live one.
    await row.getByRole('button', { name: `${inviteText.copyLink}: ${name}` }).click();
    await expect(toast(page, messages.linkCopied).first()).toBeVisible();
    let fresh = copied;
    await expect
      .poll(async () => (fresh = await page.evaluate(() => navigator.clipboard.readText())))
      .not.toBe(copied);
    rememberTokens(inviteLinkToken(fresh));
    expect((await request.get(`/api/invites/${inviteLinkToken(fresh)}`)).status()).toBe(200);

    // The invited person registers from the copied link in a browser of their own.
    const guest = await browser.newContext();
    const registration = await guest.newPage();
    const url = new URL(fresh);
    await registration.goto(`${url.pathname}${url.search}`);
    await expect(
      registration.getByRole('heading', { name: uiText.inviteRegistrationTitle }),
    ).toBeVisible();
    await expect(
      registration.getByRole('textbox', { name: messages.email, exact: true }),
    ).toHaveValue(trainee.email);
    await expect(
      registration.getByRole('textbox', { name: messages.email, exact: true }),
    ).toHaveAttribute('readonly', '');
    await expect(
      registration.getByRole('textbox', { name: messages.firstName, exact: true }),
    ).toHaveValue(trainee.firstName);
    await registration
      .getByRole('textbox', { name: messages.password, exact: true })
      .fill(trainee.password);
    await registration
      .getByRole('textbox', { name: messages.repeatPassword, exact: true })
      .fill('different1');
    await registration.getByRole('button', { name: inviteText.createAccount }).click();
    await expect(registration.getByText(messages.repeatPasswordMismatch)).toBeVisible();
    await settle(registration);
    await registration.screenshot({ path: join(shots, 'invite-registration.png') });
    await registration
      .getByRole('textbox', { name: messages.repeatPassword, exact: true })
      .fill(trainee.password);
    await registration.getByRole('button', { name: inviteText.createAccount }).click();
    // 000 §2.3: a trainee keeps no console session; it lands in the practice app.
    await expect(registration).toHaveURL(/\/practice\//);
    expect(await registration.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await guest.close();

    // The manager sees the new trainee in Members and in Seats Usage; the invite is gone.
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(trainee.email) })).toHaveCount(0);
    await page.getByRole('link', { name: messages.dashboard }).click();
    await expect(card(page, messages.seatsUsage)).toContainText(format.countOf(1, 5));
    await expect(page.getByRole('tab', { name: messages.trainees })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('row', { name: new RegExp(trainee.email) })).toContainText(
      trainee.lastName,
    );
    await settle(page);
    await page.screenshot({ path: join(shots, 'manager-dashboard-org.png'), fullPage: true });

    // Delete an invite: the dialog, then the toast.
    await page.goto('/dbl/invites');
    const other = {
      firstName: 'Otto',
      lastName: `Other${uniqueTag()}`,
      email: `otto-${uniqueTag()}@demo.test`,
    };
    await form
      .getByRole('textbox', { name: messages.firstName, exact: true })
      .fill(other.firstName);
    await form.getByRole('textbox', { name: messages.lastName, exact: true }).fill(other.lastName);
    await form.getByRole('textbox', { name: messages.email, exact: true }).fill(other.email);
    await form.getByRole('button', { name: inviteText.sendInvite }).click();
    const otherRow = page.getByRole('row', { name: new RegExp(other.email) });
    await otherRow
      .getByRole('button', {
        name: `${inviteText.deleteInvite}: ${other.firstName} ${other.lastName}`,
      })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: messages.delete }).click();
    await expect(toast(page, messages.inviteDeleted)).toBeVisible();
    await expect(otherRow).toHaveCount(0);
  });

  test('a broken invite link shows the failure, then goes to login', async ({ page }) => {
    await page.goto('/invite-registration/not-a-real-token');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(messages.inviteInvalid)).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'invite-registration-invalid.png') });
    await dialog.getByRole('button', { name: messages.backToLogin }).click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('groups', () => {
  test('a manager creates a group, adds members, removes one and deletes it', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page, demo.manager, '/dbl/org-manager/dashboard/org');
    await page.goto('/dbl/groups');
    await expect(page.getByText(messages.noGroupSelected)).toBeVisible();

    // Create/Edit Group dialog (000 §5).
    await page.getByRole('button', { name: messages.createGroup }).click();
    const dialog = page.getByRole('dialog', { name: messages.createGroup });
    await dialog.getByRole('button', { name: messages.save }).click();
    await expect(dialog.getByText(messages.groupNameRequired)).toBeVisible();
    await expect(dialog.getByText(messages.groupDescriptionRequired)).toBeVisible();
    const name = `Weekend cohort ${uniqueTag()}`;
    await dialog.getByRole('textbox', { name: messages.name, exact: true }).fill(name);
    await dialog
      .getByRole('textbox', { name: messages.description, exact: true })
      .fill('Saturday practice');
    await dialog.getByRole('button', { name: messages.save }).click();
    await expect(toast(page, messages.groupCreated)).toBeVisible();
    const panel = page.getByRole('region', { name });
    await expect(panel.getByRole('heading', { name })).toBeVisible();
    await expect(page).toHaveURL(/\/dbl\/groups\?id=\d+$/);
    await expect(panel.getByRole('tab', { name: format.traineesTab(0) })).toBeVisible();

    // Add members: two trainees.
    await panel.getByRole('button', { name: messages.addMembers }).click();
    const add = page.getByRole('dialog', { name: messages.addMembers });
    await add.getByRole('button', { name: groupText.addMember('Omar Okafor') }).click();
    await add.getByRole('button', { name: groupText.addMember('Tessa Tran') }).click();
    await expect(
      add.getByRole('list', { name: groupText.selectedMembers }).getByRole('listitem'),
    ).toHaveCount(2);
    await settle(page);
    await page.screenshot({ path: join(shots, 'group-add-members.png') });
    await add.getByRole('button', { name: messages.save }).click();
    await expect(toast(page, format.groupMembersUpdated('trainees'))).toBeVisible();
    await expect(panel.getByRole('tab', { name: format.traineesTab(2) })).toBeVisible();
    await expect(panel.getByRole('row', { name: /Omar Okafor/ })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'groups.png') });

    // Edit.
    await panel.getByRole('button', { name: messages.edit }).click();
    const edit = page.getByRole('dialog', { name: messages.editGroup });
    await edit
      .getByRole('textbox', { name: messages.description, exact: true })
      .fill('Saturday mornings');
    await edit.getByRole('button', { name: messages.save }).click();
    await expect(toast(page, messages.groupUpdated)).toBeVisible();
    await expect(panel.getByText('Saturday mornings')).toBeVisible();

    // Remove one member.
    await panel.getByRole('button', { name: groupText.removeMember('Omar Okafor') }).click();
    await expect(toast(page, format.removedUserFromGroup(name))).toBeVisible();
    await expect(panel.getByRole('tab', { name: format.traineesTab(1) })).toBeVisible();
    await expect(panel.getByRole('row', { name: /Omar Okafor/ })).toHaveCount(0);

    // A member row opens the user detail.
    await panel.getByRole('row', { name: /Tessa Tran/ }).click();
    await expect(page).toHaveURL(/\/dbl\/user-detail\/\d+$/);
    await page.goBack();

    // Delete: a manager lands on the manager dashboard (000 §2.6).
    await page.getByRole('region', { name }).getByRole('button', { name: messages.delete }).click();
    await page.getByRole('dialog').getByRole('button', { name: messages.delete }).click();
    await expect(page).toHaveURL('/dbl/org-manager/dashboard/org');
    await page.goto('/dbl/groups');
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('an instructor sees the groups screen without edit controls', async ({ page }) => {
    await signInAs(page, demo.instructor2, '/dbl/dashboard');
    await page.getByRole('link', { name: messages.groups }).click();
    await expect(page).toHaveURL('/dbl/groups');
    await expect(page.getByText(messages.noGroupSelected)).toBeVisible();
    await expect(page.getByRole('button', { name: messages.createGroup })).toHaveCount(0);
    await page.getByRole('row', { name: /Cohort B/ }).click();
    const panel = page.getByRole('region', { name: 'Cohort B' });
    await expect(panel.getByRole('tab')).toHaveCount(2);
    await expect(panel.getByRole('row', { name: /Priya Patel/ })).toBeVisible();
    for (const label of [messages.delete, messages.edit, messages.addMembers]) {
      await expect(panel.getByRole('button', { name: label })).toHaveCount(0);
    }
    await expect(
      panel.getByRole('button', { name: groupText.removeMember('Priya Patel') }),
    ).toHaveCount(0);
    await settle(page);
    await page.screenshot({ path: join(shots, 'groups-instructor.png') });
  });
});
