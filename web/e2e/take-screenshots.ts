/**
 * `npm run screenshots` (web/e2e/screenshots.config.ts), not part of the e2e suite: pictures of the
 * main screens to look at (web/e2e/screenshots/, not committed) and the two of the README that it
 * writes (docs/screenshots/login.png, docs/screenshots/admin-dashboard.png,
 * docs/screenshots/invite-import.png, and decisions.md#insights-and-administration's insights.png, trainee-progress.png and
 * reviewer-consistency.png).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AnswerStatus,
  AssignmentStatus,
  messages,
  Role,
  type AssignmentDetail,
  type AssignmentListItem,
  type AssignmentUser,
} from '@practica/contract';
import { expect, test, type Page } from '@playwright/test';
import { insightsText } from '../src/config/insights-text';
import { inviteImportText } from '../src/config/invite-import-text';
import { paths } from '@shared/config/paths';
import { uiText } from '@shared/config/ui-text';
import { demo, signInAs } from './helpers';
import { reviewWithStars } from './insights-helpers';
import { apiData, tokenOf } from './review-helpers';

const here = fileURLToPath(new URL('.', import.meta.url));
const shots = join(here, 'screenshots');
const docs = resolve(here, '..', '..', 'docs', 'screenshots');
mkdirSync(shots, { recursive: true });
mkdirSync(docs, { recursive: true });

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // Let toasts and transitions finish so the pictures are calm.
  await page.waitForTimeout(400);
}

async function hideToasts(page: Page) {
  await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
}

test.describe('screenshots', () => {
  test('login and 404', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: messages.login, exact: true })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'login.png') });
    await page.screenshot({ path: join(docs, 'login.png') });

    await page.getByRole('button', { name: messages.login, exact: true }).click();
    await page.screenshot({ path: join(shots, 'login-required.png') });

    await page.goto('/app');
    await settle(page);
    await page.screenshot({ path: join(shots, 'app.png') });

    await page.goto('/no/such/page');
    await settle(page);
    await page.screenshot({ path: join(shots, 'not-found.png') });

    await page.goto('/');
    await settle(page);
    await page.screenshot({ path: join(shots, 'landing.png') });
  });

  test('admin dashboard', async ({ page }) => {
    await signInAs(page, demo.admin, '/dbl/system-admin/dashboard');
    await hideToasts(page);
    await settle(page);
    await page.screenshot({ path: join(shots, 'admin-dashboard.png') });
    await page.screenshot({ path: join(docs, 'admin-dashboard.png') });
    await page.goto('/dbl/system-admin/users');
    await settle(page);
    await page.screenshot({ path: join(shots, 'admin-coming-soon.png') });
  });

  test('phone-sized console', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInAs(page, demo.instructor, '/dbl/dashboard');
    await hideToasts(page);
    await settle(page);
    await page.screenshot({ path: join(shots, 'phone-dashboard.png') });
    await page.getByRole('banner').getByRole('button', { name: uiText.toggleNavigation }).click();
    await settle(page);
    await page.screenshot({ path: join(shots, 'phone-navigation.png') });
  });

  test('manager dashboard', async ({ page }) => {
    await signInAs(page, demo.manager, '/dbl/org-manager/dashboard/org');
    await hideToasts(page);
    await settle(page);
    await page.screenshot({ path: join(shots, 'manager-dashboard.png'), fullPage: true });
  });

  test('invite import (CSV preview)', async ({ page }) => {
    // decisions.md#insights-and-administration §2: the preview of a small file (a bad row, a duplicate, an existing user, an
    // unknown group); the dry run writes nothing, so the demo organization stays as it is.
    await page.setViewportSize({ width: 1440, height: 960 });
    await signInAs(page, demo.manager, '/dbl/org-manager/dashboard/org');
    await hideToasts(page);
    await page.goto('/dbl/invites');
    await page.getByRole('button', { name: inviteImportText.importCsv }).click();
    const file = [
      'First name,Last name,E-mail,Role,Group',
      'Ada,Lovelace,ada.lovelace@example.com,Trainee,',
      'Grace,Hopper,grace.hopper@example.com,Instructor,',
      ',Turing,alan.turing@example.com,Trainee,',
      'Ada,Lovelace,ADA.LOVELACE@example.com,Trainee,',
      'Tara,Trainee,trainee@demo.test,Trainee,',
      'Katherine,Johnson,katherine.johnson@example.com,Manager,',
      'Edsger,Dijkstra,edsger.dijkstra@example.com,Trainee,Night shift',
      'Barbara,Liskov,barbara.liskov@example.com,Admin,',
    ].join('\n');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cohort.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    const dialog = page.getByRole('dialog', { name: inviteImportText.title });
    await expect(dialog.getByText(messages.importUserExists)).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(shots, 'invite-import.png') });
    await page.screenshot({ path: join(docs, 'invite-import.png') });
  });

  test('insights: assignment, trainee progress, reviewer consistency', async ({
    page,
    request,
  }) => {
    // decisions.md#insights-and-administration §1, on the demo's Active assignment: the manager reviews Tessa's submitted answer
    // and the admin reviews Omar's again, so two reviewers share an answer.
    const manager = await tokenOf(request, demo.manager);
    const admin = await tokenOf(request, demo.admin);
    const { list } = await apiData<{ list: AssignmentListItem[] }>(
      request,
      manager,
      `/api/assignments?status=${AssignmentStatus.Active}&pageSize=100`,
    );
    const id = [...list].sort((a, b) => a.id - b.id)[0]!.id;
    const assignment = await apiData<AssignmentDetail>(request, manager, `/api/assignments/${id}`);
    const { list: members } = await apiData<{ list: AssignmentUser[] }>(
      request,
      manager,
      `/api/assignments/${id}/users?roles=${Role.Trainee}&page=1&pageSize=100`,
    );
    const answerOf = (email: string) => members.find((m) => m.email === email)?.answer;
    const tessa = answerOf('tessa@demo.test');
    if (tessa?.statusId === AnswerStatus.Submitted)
      await reviewWithStars(request, manager, assignment, tessa.id, [2, 4, 3, 5]);
    const omar = answerOf('omar@demo.test');
    if (omar) await reviewWithStars(request, admin, assignment, omar.id, [3, 5, 3, 4]);

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, demo.manager, '/dbl/org-manager/dashboard/org');
    await hideToasts(page);
    await page.goto(paths.assignmentDetail(id));
    await page.getByRole('tab', { name: insightsText.tab }).click();
    // The charts' chunk loads with the tab.
    await expect(page.getByText(insightsText.weakestCriterion)).toBeVisible({ timeout: 20_000 });
    await settle(page);
    await page.screenshot({ path: join(shots, 'insights.png'), fullPage: true });
    await page.screenshot({ path: join(docs, 'insights.png'), fullPage: true });

    await page.goto(paths.userDetail(members.find((m) => m.email === 'tessa@demo.test')!.id));
    await page.getByRole('tab', { name: insightsText.progressTab }).click();
    await expect(page.getByRole('region', { name: insightsText.progressTitle })).toBeVisible({
      timeout: 20_000,
    });
    await page.mouse.wheel(0, 2000);
    await page.mouse.move(0, 0);
    await settle(page);
    await page.screenshot({ path: join(shots, 'trainee-progress.png') });
    await page.screenshot({ path: join(docs, 'trainee-progress.png') });

    await page.goto(paths.reviewerConsistency());
    await expect(page.getByText(insightsText.agreementOverall)).toBeVisible({ timeout: 20_000 });
    await settle(page);
    await page.screenshot({ path: join(shots, 'reviewer-consistency.png') });
    await page.screenshot({ path: join(docs, 'reviewer-consistency.png') });
  });

  test('instructor and creator dashboards, logout dialog', async ({ page }) => {
    await signInAs(page, demo.instructor, '/dbl/dashboard');
    await hideToasts(page);
    await settle(page);
    await page.screenshot({ path: join(shots, 'instructor-dashboard.png'), fullPage: true });
    await page.getByRole('link', { name: messages.creatorDashboard }).click();
    await settle(page);
    await page.screenshot({ path: join(shots, 'creator-dashboard.png') });
    await page.goto('/dbl/nothing-here');
    await settle(page);
    await page.screenshot({ path: join(shots, 'console-not-found.png') });
    await page.getByRole('button', { name: messages.logout }).click();
    await settle(page);
    await page.screenshot({ path: join(shots, 'logout-dialog.png') });
  });
});
