/**
 * Insights (decisions.md#insights-and-administration §1) in Chromium. Two trainees submit to a new assignment; the manager reviews
 * both (Clarity-like first criterion low) and an admin reviews one of them again, so two reviewers
 * share an answer. The manager opens the assignment's Insights tab, reads the weakest criterion,
 * switches the criteria to a table, downloads the CSV (its content checked), opens a trainee's
 * Progress, then Insights in the sidebar (reviewer consistency) and sees the reviewers' agreement.
 * At 375 px no insights screen scrolls the page sideways, and the charts stay readable: every
 * criterion keeps its label, count axes tick whole numbers only, the reviewers' gap axis keeps its
 * '+1' (whole stars, no '+1.00'), two criteria with the same stars in a review draw two visible
 * dots, and the wide Trainees table says how many of its columns are in view.
 *
 * SCREENSHOT_DIR=<folder> writes insights.png, trainee-progress.png and reviewer-consistency.png
 * (1440 px) there: the README's pictures (docs/screenshots/).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { QuestionType } from '@practica/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { insightsText } from '../src/config/insights-text';
import { paths } from '@shared/config/paths';
import { uiText } from '@shared/config/ui-text';
import { demo, signInAs } from './helpers';
import { reviewWithStars } from './insights-helpers';
import { assignmentWithSubmissions, tokenOf } from './review-helpers';

const pageLoad = { timeout: 20_000 };

async function picture(page: Page, name: string, fullPage = true) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page.waitForTimeout(600); // the charts' entry animation
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

/** How far the page scrolls sideways (0: not at all). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The tick labels of a chart's axis (`x` or `y`) in a section, as drawn. */
const tickLabels = (section: Locator, axis: 'x' | 'y') =>
  section.locator(`.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-label`);
const axisTicks = (section: Locator, axis: 'x' | 'y') =>
  tickLabels(section, axis).allTextContents();

/** The centres of a line chart's dots in a section: 'cx,cy' each. */
const dotCentres = (section: Locator) =>
  section
    .locator('.recharts-line-dots circle')
    .evaluateAll((dots) =>
      dots.map(
        (d) =>
          `${Math.round(Number(d.getAttribute('cx')))},${Math.round(Number(d.getAttribute('cy')))}`,
      ),
    );

test('a manager finds the weakest criterion, exports it, and sees whether reviewers agree', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const manager = await tokenOf(request, demo.manager);
  const admin = await tokenOf(request, demo.admin);
  const { id, source, answerIds, trainees } = await assignmentWithSubmissions(request, manager, {
    name: `Insights ${Date.now()}`,
    emails: [demo.trainee, 'tessa@demo.test'],
    url: baseURL!,
  });
  const criteria = (source.data.ratings?.questions ?? []).filter(
    (q) => q.questionTypeId === QuestionType.Rating,
  );
  expect(criteria.length).toBeGreaterThan(1);
  const first = criteria[0]!.text;
  // The first criterion gets 1 and 2 stars, the others 4 and 5: it is the weakest.
  await reviewWithStars(request, manager, source, answerIds[0]!, [1, 4, 4, 5]);
  await reviewWithStars(request, manager, source, answerIds[1]!, [2, 5, 4, 4]);
  // A second reviewer of the first answer (the history keeps both): 3 of 4 stars the same.
  await reviewWithStars(request, admin, source, answerIds[0]!, [1, 4, 5, 5]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, demo.manager, paths.orgManagerDashboard());
  await page.goto(paths.assignmentDetail(id));
  await page.getByRole('tab', { name: insightsText.tab }).click(pageLoad);
  const weakest = page.locator('[data-figure]', { hasText: insightsText.weakestCriterion });
  await expect(weakest).toContainText(first, pageLoad);
  await expect(weakest).toContainText(insightsText.meanOf('1.50', 2));
  await picture(page, 'insights');

  // The criteria as a table: caption, headers, the figures.
  const criteriaSection = page.getByRole('region', { name: insightsText.criteriaTitle });
  await criteriaSection.getByText(insightsText.table, { exact: true }).click();
  const table = criteriaSection.getByRole('table', { name: insightsText.criteriaCaption });
  await expect(
    table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: first }) }),
  ).toContainText(/1\.50\s*2\s*1\s*1\s*0\s*0\s*0/);

  // …and as CSV, with the same figures.
  const download = page.waitForEvent('download');
  await criteriaSection
    .getByRole('button', { name: insightsText.downloadCsvLabel(insightsText.criteriaTitle) })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`assignment-${id}-criteria.csv`);
  const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe('Criterion,Mean,Ratings,1 star,2 stars,3 stars,4 stars,5 stars');
  expect(csv).toContain(`${first.includes(',') ? `"${first}"` : first},1.50,2,1,1,0,0,0`);
  expect(csv).toHaveLength(criteria.length + 1);

  // A trainee's progress on user detail.
  await page.goto(paths.userDetail(trainees[1]!.id));
  await page.getByRole('tab', { name: insightsText.progressTab }).click(pageLoad);
  await expect(page.getByRole('region', { name: insightsText.progressTitle })).toBeVisible(
    pageLoad,
  );
  // The tabs area in view (the shell's header stays put, so a full-page picture would not).
  await page.getByRole('tab', { name: insightsText.progressTab }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 400);
  await picture(page, 'trainee-progress', false);

  // Reviewer consistency from the sidebar: the agreement of the manager and the admin.
  await page
    .getByRole('navigation', { name: uiText.mainNavigation })
    .getByRole('link', { name: insightsText.consistencyNav })
    .click();
  await expect(page).toHaveURL(paths.reviewerConsistency());
  await expect(
    page.locator('[data-figure]', { hasText: insightsText.agreementOverall }),
  ).toContainText(/\d+% exact/, pageLoad);
  await picture(page, 'reviewer-consistency');
  const agreement = page.getByRole('region', { name: insightsText.agreementTitle });
  await agreement.getByText(insightsText.table, { exact: true }).click();
  const pair = agreement
    .getByRole('row')
    .filter({ hasText: 'Maya Manning' })
    .filter({ hasText: 'Ada Admin' });
  await expect(pair).toHaveCount(1);
  await expect(pair).toContainText('%');

  // 375 px: nothing scrolls the page sideways (wide tables scroll inside their card).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(
    page.locator('[data-figure]', { hasText: insightsText.agreementOverall }),
  ).toContainText(/\d+% exact/, pageLoad);
  expect(await sideways(page)).toBe(0);
  // The rough edges a phone showed are checked softly, so one run reports each of them.
  // The gap axis: every tick drawn, as whole stars with their sign.
  const gaps = page.getByRole('region', { name: insightsText.deltaTitle });
  await expect(tickLabels(gaps, 'x').first()).toBeVisible();
  // Whole stars, evenly spaced from −n to +n with none left out ('+1.00' was).
  const gapTicks = await axisTicks(gaps, 'x');
  for (const tick of gapTicks) expect.soft(tick).toMatch(/^[+−]?\d+$/);
  const gapValues = gapTicks.map((tick) => Number(tick.replace('−', '-')));
  const step = gapValues[1]! - gapValues[0]!;
  expect.soft(gapValues.length).toBeGreaterThanOrEqual(5);
  expect.soft(gapValues).toEqual(gapValues.map((_, i) => gapValues[0]! + i * step));
  expect.soft(gapValues.at(-1)).toBe(-gapValues[0]!);
  await gaps.getByText(insightsText.table, { exact: true }).click();
  expect(await sideways(page)).toBe(0);
  await page.goto(paths.assignmentDetail(id));
  await page.getByRole('tab', { name: insightsText.tab }).click(pageLoad);
  await expect(weakest).toContainText(first, pageLoad);
  // Every criterion keeps its label on a phone (two of four were dropped), and the count axis
  // ticks whole ratings only (never 0.5 or 0.75).
  const criteriaChart = page.getByRole('region', { name: insightsText.criteriaTitle });
  await expect.soft(tickLabels(criteriaChart, 'y')).toHaveCount(criteria.length);
  const labels = await axisTicks(criteriaChart, 'y');
  criteria.forEach((c, i) => expect.soft(labels[i]).toContain(c.text.split(' ')[0]!));
  for (const tick of await axisTicks(criteriaChart, 'x')) expect.soft(tick).toMatch(/^\d+$/);
  // The Trainees table is wider than the screen: it says how much is in view.
  const traineesTable = page.getByRole('region', { name: insightsText.traineesTitle });
  await traineesTable.scrollIntoViewIfNeeded();
  await expect
    .soft(traineesTable.getByTestId('columns-in-view'))
    .toContainText(new RegExp(`of ${criteria.length + 4} columns in view`));
  await expect.soft(traineesTable.locator('[data-scroll-shadow="right"]')).toHaveCount(1);
  expect(await sideways(page)).toBe(0);
  await page.goto(paths.userDetail(trainees[1]!.id));
  await page.getByRole('tab', { name: insightsText.progressTab }).click(pageLoad);
  const progress = page.getByRole('region', { name: insightsText.progressTitle });
  await expect(progress).toBeVisible(pageLoad);
  expect(await sideways(page)).toBe(0);
  // Tessa's review here gave two criteria 4 stars: two dots, both visible, none on another.
  await expect(progress.locator('.recharts-line-dots circle').first()).toBeAttached();
  const centres = await dotCentres(progress);
  expect.soft(centres.length).toBeGreaterThanOrEqual(criteria.length);
  expect.soft(new Set(centres).size).toBe(centres.length);
  for (const tick of await axisTicks(progress, 'y')) expect.soft(tick).toMatch(/^\d★$/);
});
