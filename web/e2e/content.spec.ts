/**
 * Content authoring end to end (issue 6; 001 §2, §4, §5, §8): the creator (instructor@demo.test)
 * builds an interview with two roles and three questions — one with an mp3 prompt and an avatar —
 * and submits it for review; the manager approves it from the interviews list and it shows Active.
 * Screenshots go to web/e2e/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  contentStatusLabels,
  ContentStatus,
  format,
  maxQuestionsPerInterview,
  messages,
} from '@practica/contract';
import { expect, test, type Page } from '@playwright/test';
import { contentText } from '../src/config/content-text';
import { paths } from '../src/config/paths';
import { demo, signIn } from './helpers';

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

  // Submit for review.
  await page.getByRole('button', { name: messages.submit, exact: true }).click();
  await expect(page.getByText(messages.contentStatusUpdated).first()).toBeVisible();
  await expect(page.getByText(contentStatusLabels[ContentStatus.Review]).first()).toBeVisible();

  // The manager approves it from the list; it shows Active.
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
  await manager
    .locator('label', { hasText: new RegExp(`^${contentStatusLabels[ContentStatus.Review]}$`) })
    .click();
  await manager.getByRole('textbox', { name: messages.searchByName }).fill(name);
  const row = manager.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText(contentStatusLabels[ContentStatus.Review]).first()).toBeVisible();
  await manager.screenshot({ path: join(shots, 'content-interviews-list.png'), fullPage: true });
  await row.getByRole('button', { name: messages.review, exact: true }).click();
  const dialog = manager.getByRole('dialog', { name });
  await expect(dialog.getByText('Tell us about yourself.')).toBeVisible();
  await dialog.getByRole('button', { name: messages.approve }).click();
  await expect(manager.getByText(messages.contentStatusUpdated).first()).toBeVisible();
  await manager
    .locator('label', { hasText: new RegExp(`^${contentStatusLabels[ContentStatus.Active]}$`) })
    .click();
  await expect(row.getByText(contentStatusLabels[ContentStatus.Active])).toBeVisible();
  await context.close();
});
