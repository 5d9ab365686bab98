/**
 * Content authoring end to end (decisions.md#content-authoring; 001 §2, §4, §5, §8): the creator (instructor@demo.test)
 * builds an interview with two roles and three questions — one with an mp3 prompt and an avatar —
 * and submits it for review; the manager approves it from the organization contents and it shows
 * Active. A rating scale and a feedback form (whose single-choice question has choices but no
 * correct answer, decisions.md#console-flows §8) go the same way. The admin deactivates a general interview from its status tag, marks it
 * Deleted with the trash icon, and finds it under Deleted in Demo Academy's Content tab, next to
 * the academy's own interviews. Screenshots go to web/e2e/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  contentStatusLabels,
  ContentStatus,
  ContentType,
  contentTypeLabels,
  format,
  maxQuestionsPerInterview,
  messages,
  questionTypeLabels,
  QuestionType,
  type ContentStatusId,
} from '@practica/contract';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { contentText } from '../src/config/content-text';
import { paths } from '@shared/config/paths';
import { demo, demoPassword, signIn } from './helpers';

const here = fileURLToPath(new URL('.', import.meta.url));
const shots = join(here, 'screenshots');
const mp3 = join(here, 'fixtures', 'prompt.mp3');
mkdirSync(shots, { recursive: true });

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Adds one question from the interview's edit screen and comes back to it. */
async function addQuestion(
  page: Page,
  text: string,
  options: { role?: string; audio?: boolean; shot?: string } = {},
) {
  const editUrl = page.url();
  await page.getByRole('link', { name: contentText.addQuestion }).click();
  await expect(page).toHaveURL(/\/questions\/create\?contentTypeId=1$/);
  await expect(
    page.getByRole('heading', { name: format.newQuestionTitle('Interview') }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: contentText.questionText }).fill(text);
  if (options.role) await choose(page, messages.role, options.role);
  if (options.audio) {
    await page.getByRole('button', { name: contentText.addAudio }).click();
    await page.locator('input[type=file]').first().setInputFiles(mp3);
    await expect(page.locator('audio')).toBeVisible({ timeout: 15_000 });
    // The shared avatar picker dialog (001 §2): pick one avatar, Save.
    await page
      .getByRole('button', { name: `${contentText.avatarOf(1)}: ${messages.select}` })
      .click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('radio').first().click();
    await picker.getByRole('button', { name: messages.save, exact: true }).click();
    await expect(picker).toBeHidden();
  }
  if (options.shot) await page.screenshot({ path: join(shots, options.shot), fullPage: true });
  await page.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(page.getByText(messages.questionCreated).first()).toBeVisible();
  await expect(page).toHaveURL(editUrl);
}

/** Chooses the status filter `statusId` of an organization content view. */
async function filterStatus(page: Page, statusId: ContentStatusId) {
  await page
    .getByRole('radiogroup', { name: contentText.statusFilter })
    .locator('label', { hasText: new RegExp(`^${contentStatusLabels[statusId]}$`) })
    .click();
}

/** The Review → Active step (001 §4): the manager approves `name` from the organization contents. */
async function approveAsManager(
  browser: Browser,
  name: string,
  tab: string,
  shows: string,
  shot?: string,
) {
  const context = await browser.newContext();
  const manager = await context.newPage();
  await signIn(manager, demo.manager);
  await expect(manager).not.toHaveURL(/\/login/);
  // A manager without the creator flag reviews from the organization contents (001 §2, §6).
  const orgId = await manager.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('user') ?? '{}') as { organizationId: number })
        .organizationId,
  );
  await manager.goto(paths.organizationContents(orgId));
  await manager.getByRole('tab', { name: tab, exact: true }).click();
  await expect(manager.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await filterStatus(manager, ContentStatus.Review);
  await manager.getByRole('textbox', { name: messages.searchByName }).fill(name);
  const row = manager.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText(contentStatusLabels[ContentStatus.Review]).first()).toBeVisible();
  if (shot) await manager.screenshot({ path: join(shots, shot), fullPage: true });
  await row.getByRole('button', { name: messages.review, exact: true }).click();
  const dialog = manager.getByRole('dialog', { name });
  await expect(dialog.getByText(shows)).toBeVisible();
  await dialog.getByRole('button', { name: messages.approve }).click();
  await expect(manager.getByText(messages.contentStatusUpdated).first()).toBeVisible();
  await filterStatus(manager, ContentStatus.Active);
  await expect(row.getByText(contentStatusLabels[ContentStatus.Active])).toBeVisible();
  await context.close();
}

/** The Draft → Review step (001 §4): Submit on the editor, which then shows Review. */
async function submitForReview(page: Page) {
  await page.getByRole('button', { name: messages.submit, exact: true }).click();
  await expect(page.getByText(messages.contentStatusUpdated).first()).toBeVisible();
  await expect(page.getByText(contentStatusLabels[ContentStatus.Review]).first()).toBeVisible();
}

/** The creator writes an evaluation's details and lands on its edit screen. */
async function createEvaluation(page: Page, type: 2 | 3, name: string) {
  await page.goto(paths.evaluations(type));
  await page.getByRole('link', { name: messages.newEvaluation }).click();
  await expect(page).toHaveURL(paths.evaluationCreate(type));
  await page.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(page.getByText(messages.titleRequired)).toBeVisible();
  await page.getByRole('textbox', { name: messages.title }).fill(name);
  await page.getByRole('textbox', { name: messages.description }).fill('Made end to end.');
  await page.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(page.getByText(messages.evaluationCreated).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dbl/${type}/evaluations/\\d+/edit$`));
}

/** Opens New question of an evaluation, lets `fill` write it, saves and comes back. */
async function addEvaluationQuestion(
  page: Page,
  type: 2 | 3,
  text: string,
  fill?: (page: Page) => Promise<void>,
) {
  const editUrl = page.url();
  await page.getByRole('link', { name: contentText.addQuestion }).click();
  await expect(page).toHaveURL(new RegExp(`/questions/create\\?contentTypeId=${type}$`));
  await expect(
    page.getByRole('heading', { name: format.newQuestionTitle(contentTypeLabels[type]) }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: contentText.questionText }).fill(text);
  await fill?.(page);
  await page.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(page.getByText(messages.questionCreated).first()).toBeVisible();
  await expect(page).toHaveURL(editUrl);
}

/** Demo Academy's id, from the manager's sign-in answer. */
async function demoAcademyId(request: APIRequestContext): Promise<number> {
  const answer = await request.post('/api/auth', {
    data: { email: demo.manager, password: demoPassword },
  });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { data: { organizationId: number } }).data.organizationId;
}

test('a creator builds and submits an interview; the manager approves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `E2E interview ${Date.now().toString(36)}`;

  // The creator writes the details; the first save replaces history with the edit screen.
  await signIn(page, demo.instructor);
  await expect(page).toHaveURL(paths.dashboard());
  await page.goto(paths.interviewCreate());
  await page.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(page.getByText(messages.titleRequired)).toBeVisible();
  await expect(page.getByText(messages.descriptionRequired)).toBeVisible();
  await page.getByRole('textbox', { name: messages.title }).fill(name);
  await page
    .getByRole('textbox', { name: messages.description })
    .fill('Two roles, three questions.');
  await page.getByRole('textbox', { name: contentText.roleName(1) }).fill('Interviewer');
  await page.getByRole('button', { name: contentText.addRole }).click();
  await page.getByRole('textbox', { name: contentText.roleName(2) }).fill('Colleague');
  await page.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(page.getByText(messages.interviewCreated).first()).toBeVisible();
  await expect(page).toHaveURL(/\/dbl\/interviews\/\d+\/edit$/);

  // Three questions, the first with an mp3 prompt and an avatar, the last for the second role.
  await addQuestion(page, 'Tell us about yourself.', { audio: true, shot: 'content-question.png' });
  await addQuestion(page, 'Why do you want to work here?');
  await addQuestion(page, 'How do you handle feedback?', { role: 'Colleague' });
  await expect(page.getByTestId('question-count')).toHaveText(
    format.countOf(3, maxQuestionsPerInterview),
  );
  await page.screenshot({ path: join(shots, 'content-interview-edit.png'), fullPage: true });

  // Submit for review; the manager approves it and it shows Active.
  await submitForReview(page);
  await approveAsManager(
    browser,
    name,
    messages.interviews,
    'Tell us about yourself.',
    'content-interviews-list.png',
  );
});

test('a rating scale goes Draft, Review, Active', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const name = `E2E rating ${Date.now().toString(36)}`;
  await signIn(page, demo.instructor);
  await expect(page).toHaveURL(paths.dashboard());
  await createEvaluation(page, ContentType.RatingScale, name);
  // Submitting with no question is refused by the server (001 §4) and keeps it a Draft.
  await page.getByRole('button', { name: messages.submit, exact: true }).click();
  await expect(page.getByText(messages.statusTransitionNotAllowed).first()).toBeVisible();
  await expect(page.getByText(contentStatusLabels[ContentStatus.Draft]).first()).toBeVisible();
  await addEvaluationQuestion(
    page,
    ContentType.RatingScale,
    'How clear were the answers?',
    async (p) => {
      // Rating scales hold Rating questions only: the selector is fixed (001 §5).
      await expect(p.getByRole('combobox', { name: contentText.questionType })).toBeDisabled();
      await expect(p.getByRole('combobox', { name: contentText.questionType })).toHaveValue(
        questionTypeLabels[QuestionType.Rating],
      );
    },
  );
  await submitForReview(page);
  // An evaluation in Review offers only Edit and Cancel to its author (001 §4).
  await expect(page.getByRole('button', { name: messages.edit, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: messages.cancel, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: messages.submit, exact: true })).toHaveCount(0);
  await approveAsManager(browser, name, messages.ratingScales, 'How clear were the answers?');
});

test('a feedback form asks for choices without a correct answer and goes Draft, Review, Active', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const name = `E2E feedback ${Date.now().toString(36)}`;
  const question = 'Would you hire this trainee?';
  await signIn(page, demo.instructor);
  await expect(page).toHaveURL(paths.dashboard());
  await createEvaluation(page, ContentType.Feedback, name);
  await addEvaluationQuestion(page, ContentType.Feedback, question, async (p) => {
    await choose(p, contentText.questionType, questionTypeLabels[QuestionType.Single]);
    await p.getByRole('textbox', { name: format.optionName(1) }).fill('Yes');
    await p.getByRole('textbox', { name: format.optionName(2) }).fill('No');
    // A reviewer's feedback has no right answer: no correct-answer control (decisions.md#console-flows §8).
    await expect(p.getByRole('checkbox')).toHaveCount(0);
    await expect(p.getByText(/correct/i)).toHaveCount(0);
    await p.screenshot({ path: join(shots, 'content-feedback-question.png'), fullPage: true });
  });

  // The choices come back when the question is opened again; Cancel returns to the form.
  await page.getByRole('link', { name: contentText.editQuestion(1) }).click();
  await expect(page.getByRole('textbox', { name: format.optionName(1) })).toHaveValue('Yes');
  await expect(page.getByRole('textbox', { name: format.optionName(2) })).toHaveValue('No');
  await page.getByRole('button', { name: messages.cancel, exact: true }).click();
  await expect(page).toHaveURL(/\/dbl\/3\/evaluations\/\d+\/edit$/);

  await submitForReview(page);
  await approveAsManager(browser, name, messages.feedbackForms, question);
});

test("the admin sees Demo Academy's interviews, then deactivates and deletes a general one", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const orgId = await demoAcademyId(request);
  const name = 'Leadership interview';
  await signIn(page, demo.admin);
  await expect(page).not.toHaveURL(/\/login/);

  // Demo Academy's Content tab (001 §2): Interviews first, the academy's own (Organization) side.
  await page.goto(paths.organizationDetail(orgId));
  await page.getByRole('tab', { name: messages.content, exact: true }).click();
  const content = page.getByRole('tabpanel', { name: messages.content });
  await expect(content.getByRole('tab', { name: messages.interviews })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const table = content.getByRole('table', { name: messages.interviews });
  await expect(table.getByRole('row', { name: /Customer support interview/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Junior developer interview/ })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await content.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'content-organization-tab.png') });

  // The General side lists the general interviews; the status tag toggles Active → Inactive.
  await content
    .getByRole('radiogroup', { name: contentText.scope })
    .locator('label', { hasText: new RegExp(`^${messages.general}$`) })
    .click();
  await content.getByRole('textbox', { name: messages.searchByName }).fill(name);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one item
  await row
    .getByRole('button', {
      name: contentText.toggleStatus(contentStatusLabels[ContentStatus.Active]),
    })
    .click();
  await expect(page.getByText(messages.contentStatusUpdated).first()).toBeVisible();
  const trash = row.getByRole('button', { name: contentText.deleteItem(name) });
  await expect(trash).toBeVisible();
  await expect(row.getByText(contentStatusLabels[ContentStatus.Inactive])).toBeVisible();
  await page.screenshot({ path: join(shots, 'content-organization-general.png') });

  // The trash icon on an Inactive item marks it Deleted after a confirmation; it leaves the list.
  await trash.click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(contentText.markDeletedConfirm(name))).toBeVisible();
  await confirm.getByRole('button', { name: messages.delete, exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(table.getByText(messages.noRecordsFound)).toBeVisible();

  // The Deleted filter shows it Deleted.
  await filterStatus(page, ContentStatus.Deleted);
  await expect(row).toBeVisible();
  await expect(row.getByText(contentStatusLabels[ContentStatus.Deleted])).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
});
