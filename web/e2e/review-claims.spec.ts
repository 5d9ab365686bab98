/**
 * Two reviewers never overwrite each other (issue 21 §4) end to end, with two browser contexts of
 * Demo Academy's reviewers: Maya (manager) opens an answer and claims it; Ian (instructor) opening
 * it sees "Maya Manning is reviewing this answer" and cannot submit until he takes over; then both
 * change the ratings and submit — Ian first, so Maya's submit (against the version she opened) is
 * refused and shows both reviews side by side, and she resubmits on purpose. The answer's history
 * then holds both reviews, hers the latest.
 *
 * The answer is one the seed reviewed on an Active assignment (a reviewer may review it again), so
 * the Submitted answers other specs wait on stay untouched.
 */
import { fileURLToPath } from 'node:url';
import { AnswerStatus, format, type AnswerDetail, type AnswerListItem } from '@practica/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { reviewInboxText } from '../src/config/review-inbox-text';
import { reviewSafetyText } from '../src/config/review-safety-text';
import { demo, demoPassword, signInAs } from './helpers';
import { apiData, pickStar } from './review-helpers';

/** For the first check after a page load: a busy machine may take a while to boot the console. */
const pageLoad = { timeout: 20_000 };
const screenshotFile = fileURLToPath(
  new URL('../../docs/screenshots/review-conflict.png', import.meta.url),
);

/** Signs in through the API; answers the token. */
async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/auth', { data: { email, password: demoPassword } });
  expect(login.ok()).toBeTruthy();
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** A Reviewed answer of Demo Academy that can take another review (its assignment not Closed). */
async function reviewedAnswer(request: APIRequestContext, token: string): Promise<AnswerDetail> {
  const { list } = await apiData<{ list: AnswerListItem[] }>(
    request,
    token,
    `/api/assignments/answers?status=${AnswerStatus.Reviewed}&pageSize=100`,
  );
  for (const row of list) {
    const detail = await apiData<AnswerDetail>(
      request,
      token,
      `/api/assignments/answers/${row.id}`,
    );
    if (detail.canReview && detail.claim === null) return detail;
  }
  throw new Error('No reviewable Reviewed answer in the demo seed');
}

/** Gives every rating question `stars` stars. */
async function rateAll(page: Page, stars: number): Promise<void> {
  const questions = page.getByTestId('rating-question');
  const n = await questions.count();
  for (let i = 0; i < n; i += 1) await pickStar(questions.nth(i), stars);
  await expect(page.getByTestId('average-score')).toHaveText(stars.toFixed(1));
}

test('a claimed answer shows who reviews it; a stale submit shows both reviews and resubmits on purpose', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const managerToken = await tokenOf(request, demo.manager);
  const answer = await reviewedAnswer(request, managerToken);
  const opened = answer.reviewVersion;

  const maya = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const ian = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const a = await maya.newPage();
  const b = await ian.newPage();
  await signInAs(a, demo.manager, paths.orgManagerDashboard());
  await signInAs(b, demo.instructor, paths.dashboard());

  // Maya opens the answer: she claims it.
  const claimed = a.waitForResponse(
    (r) => r.url().endsWith(`/api/assignments/answers/${answer.id}/claim`) && r.ok(),
  );
  await a.goto(paths.review(answer.id));
  await claimed;
  await expect(a.getByTestId('claim-banner')).toHaveCount(0);

  // Ian sees her name and cannot submit.
  await b.goto(paths.review(answer.id));
  const banner = b.getByTestId('claim-banner');
  await expect(banner).toContainText(format.answerClaimedBy('Maya Manning'), pageLoad);
  await expect(banner).toContainText(reviewSafetyText.claimedAgo(''));
  const submitB = b.getByRole('button', { name: reviewInboxText.submitAndNext });
  await expect(submitB).toBeDisabled();
  // Everything stays readable: the ratings are there.
  await expect(b.getByTestId('rating-question').first()).toBeVisible();
  const bannerShot = await b.screenshot({ clip: { x: 0, y: 0, width: 1440, height: 330 } });

  // He takes over: the banner goes, Submit is his.
  await banner.getByRole('button', { name: reviewSafetyText.takeOver }).click();
  await expect(banner).toHaveCount(0);
  await expect(submitB).toBeEnabled();

  // Both change the ratings; Ian submits first.
  await rateAll(a, 2);
  await rateAll(b, 5);
  await b.getByRole('button', { name: reviewInboxText.moreSubmitActions }).click();
  await b.getByRole('menuitem', { name: reviewInboxText.submitOnly, exact: true }).click();
  await expect
    .poll(
      async () =>
        (
          await apiData<AnswerDetail>(
            request,
            managerToken,
            `/api/assignments/answers/${answer.id}`,
          )
        ).reviewVersion,
    )
    .toBe(opened + 1);

  // Maya's submit is against the version she opened: refused, both reviews side by side.
  await a.getByRole('button', { name: reviewInboxText.moreSubmitActions }).click();
  await a.getByRole('menuitem', { name: reviewInboxText.submitOnly, exact: true }).click();
  const dialog = a.getByRole('dialog', { name: reviewSafetyText.conflictTitle });
  await expect(dialog).toBeVisible();
  const theirs = dialog.getByTestId(`conflict-${reviewSafetyText.theirReview}`);
  const mine = dialog.getByTestId(`conflict-${reviewSafetyText.myReview}`);
  await expect(theirs).toContainText(/Ian /);
  await expect(theirs).toContainText(`${reviewSafetyText.score} 5.0`);
  await expect(mine).toContainText(`${reviewSafetyText.score} 2.0`);
  // The README's picture: Ian's banner above Maya's dialog, 1440 px wide
  // (REVIEW_CONFLICT_SCREENSHOT=1 writes docs/screenshots/review-conflict.png).
  const dialogShot = await a.screenshot();
  const sheet = await maya.newPage();
  const img = (png: Buffer) =>
    `<img style="display:block;width:1440px" src="data:image/png;base64,${png.toString('base64')}">`;
  await sheet.setContent(
    `<body style="margin:0;background:#ccc">${img(bannerShot)}<div style="height:6px"></div>${img(dialogShot)}</body>`,
  );
  await sheet.screenshot({
    fullPage: true,
    path: process.env.REVIEW_CONFLICT_SCREENSHOT
      ? screenshotFile
      : test.info().outputPath('review-conflict.png'),
  });
  await sheet.close();

  // She resubmits on purpose: hers is the latest review now.
  await dialog.getByRole('button', { name: reviewSafetyText.submitMineAnyway }).click();
  await expect(dialog).toBeHidden();
  const after = await apiData<AnswerDetail>(
    request,
    managerToken,
    `/api/assignments/answers/${answer.id}`,
  );
  expect(after.reviewVersion).toBe(opened + 2);
  expect(after.score).toBe(2);
  expect(after.data.ratingsAnswer?.contentAnswer.createdByName).toBe('Maya Manning');
  expect(after.claim).toBeNull();

  await maya.close();
  await ian.close();
});
