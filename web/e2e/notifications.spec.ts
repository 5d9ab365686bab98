/**
 * Notification settings end to end (decisions.md#console-flows §16): a staff member turns the reviewers' daily
 * digest off in the console's Settings and a trainee turns due-date reminders off in the practice
 * app's Settings (at phone width, reached from the top bar); each switch is saved as it is
 * flipped and still off after a reload, and is turned back on (so other specs find the seed's
 * settings as they were).
 */
import { messages } from '@practica/contract';
import { expect, test, type Page } from '@playwright/test';
import { notificationsText } from '@shared/config/notifications-text';
import { appText } from '../practice/src/app/app-text';
import { demo, demoPassword, signIn } from './helpers';

const pageLoad = { timeout: 15_000 };

/** Flips the switch labelled `label`, waits for the saved toast, and answers the switch. */
async function flip(page: Page, label: string, expected: boolean) {
  const toggle = page.getByRole('switch', { name: label });
  await toggle.click();
  await expect(page.getByText(messages.notificationSettingsSaved).first()).toBeVisible();
  if (expected) await expect(toggle).toBeChecked();
  else await expect(toggle).not.toBeChecked();
  return toggle;
}

test('a staff member turns the daily review digest off in Settings, and it stays off', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, demo.instructor2);
  await expect(page).toHaveURL(/\/dbl\//, pageLoad);
  await page.goto('/dbl/settings');
  const label = notificationsText.kinds['review-digest'].label;
  const toggle = page.getByRole('switch', { name: label });
  await expect(toggle).toBeChecked(pageLoad);
  // An instructor does not approve content: no such switch.
  await expect(
    page.getByRole('switch', { name: notificationsText.kinds['content-review'].label }),
  ).toHaveCount(0);

  await flip(page, label, false);
  await page.reload();
  await expect(page.getByRole('switch', { name: label })).not.toBeChecked(pageLoad);

  await flip(page, label, true);
  await page.reload();
  await expect(page.getByRole('switch', { name: label })).toBeChecked(pageLoad);
});

test('a trainee turns due-date reminders off in the practice app, and it stays off', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/practice/');
  await page.getByLabel(messages.emailAddress).fill(demo.trainee);
  await page.getByRole('textbox', { name: messages.password, exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: messages.login, exact: true }).click();
  await expect(page.getByRole('heading', { name: appText.homeTitle })).toBeVisible(pageLoad);
  await page.getByRole('link', { name: notificationsText.settingsLink, exact: true }).click();
  await expect(page).toHaveURL(/\/practice\/settings$/);
  await expect(page.getByRole('heading', { name: notificationsText.title })).toBeVisible(pageLoad);
  const label = notificationsText.kinds['due-reminder'].label;
  await expect(page.getByRole('switch', { name: label })).toBeChecked(pageLoad);
  await expect(
    page.getByRole('switch', { name: notificationsText.kinds['assignment-added'].label }),
  ).toBeChecked();

  await flip(page, label, false);
  await page.reload();
  await expect(page.getByRole('switch', { name: label })).not.toBeChecked(pageLoad);
  // The other kind was kept.
  await expect(
    page.getByRole('switch', { name: notificationsText.kinds['assignment-added'].label }),
  ).toBeChecked();

  await flip(page, label, true);
  await page.reload();
  await expect(page.getByRole('switch', { name: label })).toBeChecked(pageLoad);
});
