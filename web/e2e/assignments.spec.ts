/**
 * Assignments end to end (issue 7): a manager walks the 5-step wizard — every step refuses Next
 * with the spec's message until it is satisfied — confirms, publishes from the edit screen,
 * assigns a trainee and sees them Pending on the detail page.
 */
import { AssignmentStatus, format, messages } from '@practica/contract';
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { signInAs, demo } from './helpers';

const shots = join(process.cwd(), 'test-results', 'e2e-shots');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `assignments-${name}.png`), fullPage: true });
}

const next = (page: Page) => page.getByRole('button', { name: messages.next, exact: true });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('a manager creates, publishes and assigns an interview assignment', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E assignment ${Date.now()}`;
  await signInAs(page, demo.manager, '/dbl/org-manager/dashboard/org');

  await page.goto('/dbl/assignments');
  await expect(page.getByRole('table', { name: messages.assignments })).toBeVisible();
  await page.getByRole('button', { name: /New assignment/ }).click();
  await expect(page).toHaveURL('/dbl/assignments/create');

  // 1. Assignment Info
  await next(page).click();
  await expect(page.getByText(messages.titleRequired)).toBeVisible();
  await expect(page.getByText(messages.descriptionRequired)).toBeVisible();
  await page.getByLabel(messages.title).fill(name);
  await page.getByLabel(messages.description).fill('Practise with the end-to-end suite');
  await shot(page, '1-info');
  await next(page).click();

  // 2. Select interview
  await next(page).click();
  await expect(alert(page, messages.selectInterviewToContinue)).toBeVisible();
  const interviews = page.getByRole('table', { name: messages.interviews });
  await interviews.getByRole('radio').first().check();
  await expect(page.getByText(format.questionShortLabel(1)).first()).toBeVisible();
  await shot(page, '2-interview');
  await next(page).click();

  // 3. Select roles
  await next(page).click();
  await expect(alert(page, messages.selectEnvironmentToContinue)).toBeVisible();
  await page.locator('button[aria-pressed]').first().click();
  await expect(page.locator('button[aria-pressed="true"]')).toHaveCount(1);
  await shot(page, '3-roles');
  await next(page).click();

  // 4. Select evaluation
  const ratingsTab = page.getByText(`${messages.ratings} ${format.evaluationCounter(false)}`);
  await expect(ratingsTab).toBeVisible();
  await next(page).click();
  await expect(alert(page, messages.selectRatingScaleToContinue)).toBeVisible();
  const evaluations = page.getByRole('table', { name: messages.stepSelectEvaluation });
  await evaluations.getByRole('radio').first().check();
  await expect(
    page.getByText(`${messages.ratings} ${format.evaluationCounter(true)}`),
  ).toBeVisible();
  await next(page).click();
  await expect(alert(page, messages.selectFeedbackFormToContinue)).toBeVisible();
  await page.getByText(`${messages.feedback} ${format.evaluationCounter(false)}`).click();
  await evaluations.getByRole('radio').first().check();
  await shot(page, '4-evaluation');
  await next(page).click();

  // 5. Recap and Confirm
  await expect(page.getByRole('table', { name: messages.stepRecap })).toBeVisible();
  await shot(page, '5-recap');
  await page.getByRole('button', { name: messages.confirm, exact: true }).click();
  await expect(page.getByText(messages.interviewAssignmentCreated)).toBeVisible();
  await expect(page).toHaveURL(`/dbl/assignments?statusId=${AssignmentStatus.Draft}`);
  await shot(page, '6-list-draft');

  // Edit → Publish
  await page.getByRole('row', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(/\/dbl\/assignments\/\d+\/edit$/);
  await shot(page, '7-edit');
  await page.getByRole('button', { name: messages.publish, exact: true }).click();
  await expect(page.getByText(format.assignmentStatusUpdatedTo('Active'))).toBeVisible();
  await expect(page).toHaveURL(/\/dbl\/assignments\/\d+$/);

  // Detail → assign a trainee
  await page.getByRole('button', { name: messages.add, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: messages.save, exact: true }).waitFor();
  await dialog.getByRole('checkbox', { name: 'Tom Trainee' }).first().check();
  await dialog.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(page.getByText(messages.assignmentTraineesSaved)).toBeVisible();
  const row = page.getByRole('table', { name: messages.trainees }).getByRole('row', {
    name: /Tom Trainee/,
  });
  await expect(row).toContainText(messages.pending);
  await expect(page.getByText(`${messages.pending} (1)`)).toBeVisible();
  await shot(page, '8-detail');
});

test('the instructor dashboard shows the figures and links to the Active assignments', async ({
  page,
}) => {
  await signInAs(page, demo.instructor, '/dbl/dashboard');
  await expect(page.getByRole('table', { name: messages.pendingReview })).toBeVisible();
  await expect(page.getByText(messages.activeAssignments)).toBeVisible();
  await shot(page, '0-dashboard');
  await page.getByRole('link', { name: messages.assignments }).last().click();
  await expect(page).toHaveURL(`/dbl/assignments?statusId=${AssignmentStatus.Active}`);
  await expect(page.getByLabel(/Active \(\d+\)/)).toBeChecked();
});
