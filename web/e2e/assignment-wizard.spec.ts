/**
 * The assignment wizard as a new manager uses it (decisions.md#console-flows §1, §6):
 * - work is never lost: the step is in the URL, a reload mid-wizard keeps step and entries, the
 *   browser's Back and Forward move between steps, leaving through the sidebar asks first (Stay
 *   stays; Leave keeps the draft, which New assignment offers to continue), and the close icon
 *   asks before discarding;
 * - the due date is refused before today with the server's message, the recap shows title,
 *   description and due date, and after Confirm the manager assigns a trainee and publishes from
 *   the same flow, landing on the assignment's detail with the trainee Pending.
 */
import { dateFormat, format, messages } from '@practica/contract';
import { expect, test, type Page } from '@playwright/test';
import { assignmentText } from '../src/config/assignment-text';
import { assignmentWizardText } from '../src/config/assignment-wizard-text';
import { uiText } from '@shared/config/ui-text';
import { demo, signInAs } from './helpers';

const create = '/dbl/assignments/create';
const next = (page: Page) => page.getByRole('button', { name: messages.next, exact: true });
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notifications-root').getByText(text, { exact: true }).last();
const sidebarAssignments = (page: Page) =>
  page
    .getByRole('navigation', { name: uiText.mainNavigation })
    .getByRole('link', { name: messages.assignments });

/** A date `days` from today in the browser's time zone: the input's `YYYY-MM-DD` and the shown text. */
function dayFromToday(days: number) {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [y, m, d] = [date.getFullYear(), pad(date.getMonth() + 1), pad(date.getDate())];
  const shown = dateFormat.replace('YYYY', String(y)).replace('MM', m).replace('DD', d);
  return { iso: `${y}-${m}-${d}`, shown };
}

async function fillInfo(page: Page, name: string, due: string) {
  await page.getByLabel(messages.title).fill(name);
  await page.getByLabel(messages.description).fill('Practise the opening questions');
  await page.getByLabel(messages.dueDate).fill(due);
}

test('a reload, Back and Forward keep the wizard; leaving asks first and the draft is offered again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `E2E wizard draft ${Date.now()}`;
  const due = dayFromToday(14);
  await signInAs(page, demo.manager, '/dbl/org-manager/dashboard/org');
  await page.goto(create);
  await fillInfo(page, name, due.iso);
  await expect(page).toHaveURL(`${create}?step=1`);
  await next(page).click();
  await expect(page).toHaveURL(`${create}?step=2`);
  const interviews = page.getByRole('table', { name: messages.interviews });
  await interviews.getByRole('radio').first().check();
  await next(page).click();
  await expect(page).toHaveURL(`${create}?step=3`);
  const roles = page.getByRole('table', { name: messages.stepSelectRoles });
  await expect(roles).toBeVisible();

  // A reload mid-wizard: same step, same entries.
  await page.reload();
  await expect(page).toHaveURL(`${create}?step=3`);
  await expect(roles).toBeVisible();
  await expect(roles.getByRole('row')).not.toHaveCount(1);

  // The browser's Back and Forward move between steps.
  await page.goBack();
  await expect(page).toHaveURL(`${create}?step=2`);
  await expect(interviews.getByRole('radio', { checked: true })).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(`${create}?step=1`);
  await expect(page.getByLabel(messages.title)).toHaveValue(name);
  await expect(page.getByLabel(messages.dueDate)).toHaveValue(due.iso);
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(`${create}?step=3`);
  await expect(roles).toBeVisible();

  // Leaving through the sidebar asks; Stay stays.
  await sidebarAssignments(page).click();
  const leave = page.getByRole('dialog', { name: assignmentWizardText.leaveTitle });
  await expect(leave).toContainText(assignmentWizardText.leaveKept);
  await leave.getByRole('button', { name: assignmentWizardText.stay }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(`${create}?step=3`);
  // Leave keeps the draft: New assignment offers it, and Continue is back at step 3.
  await sidebarAssignments(page).click();
  await leave.getByRole('button', { name: assignmentWizardText.leave }).click();
  await expect(page).toHaveURL('/dbl/assignments');
  await page.getByRole('button', { name: new RegExp(assignmentText.addAssignment) }).click();
  const offer = page.getByRole('region', { name: assignmentWizardText.draftTitle });
  await expect(offer).toContainText(name);
  await offer.getByRole('button', { name: assignmentWizardText.continueDraft }).click();
  await expect(page).toHaveURL(`${create}?step=3`);
  await expect(roles).toBeVisible();

  // The close icon asks before discarding; then the wizard starts empty.
  await page.getByRole('button', { name: assignmentText.closeWizard }).click();
  const discard = page.getByRole('dialog', { name: assignmentWizardText.discardTitle });
  await discard.getByRole('button', { name: assignmentWizardText.discard }).click();
  await expect(page).toHaveURL('/dbl/assignments');
  await page.getByRole('button', { name: new RegExp(assignmentText.addAssignment) }).click();
  await expect(page.getByLabel(messages.title)).toHaveValue('');
  await expect(offer).toHaveCount(0);
});

test('Confirm, then assign a trainee and publish in the same flow', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E wizard publish ${Date.now()}`;
  const due = dayFromToday(7);
  await signInAs(page, demo.manager, '/dbl/org-manager/dashboard/org');
  await page.goto(create);

  // A due date before today is refused in the form, with the server's message.
  await fillInfo(page, name, dayFromToday(-1).iso);
  await next(page).click();
  await expect(page.getByText(messages.closeDateInPast)).toBeVisible();
  await expect(page).toHaveURL(`${create}?step=1`);
  await page.getByLabel(messages.dueDate).fill(due.iso);
  await next(page).click();

  await page.getByRole('table', { name: messages.interviews }).getByRole('radio').first().check();
  await next(page).click();
  await page.locator('button[aria-pressed]').first().click();
  await next(page).click();
  const evaluations = page.getByRole('table', { name: messages.stepSelectEvaluation });
  await evaluations.getByRole('radio').first().check();
  await page.getByText(`${messages.feedback} ${format.evaluationCounter(false)}`).click();
  await evaluations.getByRole('radio').first().check();
  await next(page).click();

  // The recap says what Confirm creates.
  await expect(page.getByRole('table', { name: messages.stepRecap })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(name, { exact: true })).toBeVisible();
  await expect(main.getByText('Practise the opening questions', { exact: true })).toBeVisible();
  await expect(main.getByText(due.shown, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: messages.confirm, exact: true }).click();
  await expect(toast(page, messages.interviewAssignmentCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/dbl\/assignments\/create\?created=\d+$/);
  await expect(page.getByText(assignmentWizardText.createdTitle(name))).toBeVisible();
  await expect(page.getByText(assignmentWizardText.traineesNone)).toBeVisible();

  // Add a trainee from here.
  await page.getByRole('button', { name: assignmentWizardText.assignTrainees }).click();
  const dialog = page.getByRole('dialog', { name: assignmentText.assignTitle });
  await dialog.getByRole('textbox', { name: assignmentText.assignSearchLabel }).fill('Priya');
  await dialog.getByRole('checkbox', { name: 'Priya Patel' }).check();
  await dialog.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(toast(page, messages.assignmentTraineesSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(assignmentWizardText.traineesCount(1))).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Priya Patel' })).toBeVisible();

  // A reload keeps the panel.
  await page.reload();
  await expect(page.getByText(assignmentWizardText.traineesCount(1))).toBeVisible();

  // Publish now: Active, on the detail, the trainee Pending.
  await page.getByRole('button', { name: assignmentWizardText.publishNow }).click();
  await expect(toast(page, format.assignmentStatusUpdatedTo('Active'))).toBeVisible();
  await expect(page).toHaveURL(/\/dbl\/assignments\/\d+$/);
  await expect(
    page.getByRole('table', { name: messages.trainees }).getByRole('row', { name: /Priya Patel/ }),
  ).toContainText(messages.pending);
});
