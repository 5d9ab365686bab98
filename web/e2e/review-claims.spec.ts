/**
 * Two reviewers never overwrite each other (decisions.md#review-loop §4) end to end, with two browser contexts of
 * Demo Academy's reviewers: Maya (manager) opens an answer, claims it and changes the ratings; Ian
 * (instructor) opening it sees "Maya Manning is reviewing this answer" and can neither rate nor
 * submit until he takes over. Then Maya's screen, by itself within seconds, says Ian is reviewing
 * it and keeps her changes read only; Ian rates and submits; Maya's screen learns the answer is
 * free again and is hers, her changes still there. Her submit (against the version she opened) is
 * refused and shows both reviews side by side, and she resubmits on purpose. The answer's history
 * then holds both reviews, hers the latest.
 *
 * The answer is the spec's own (a new assignment whose trainee submits through the trainee
 * simulator), so the answers other specs review — the seed's Reviewed one the drafts spec changes
 * as Maya too — stay untouched.
 */
import { fileURLToPath } from 'node:url';
import { format, messages, type AnswerDetail } from '@practica/contract';
import { expect, test, type Page } from '@playwright/test';
import { paths } from '@shared/config/paths';
import { reviewInboxText } from '../src/config/review-inbox-text';
import { reviewSafetyText } from '../src/config/review-safety-text';
import { demo, signInAs } from './helpers';
import {
  apiData,
  assignmentWithSubmissions,
  giveFeedback,
  pickStar,
  tokenOf,
} from './review-helpers';

/** For the first check after a page load: a busy machine may take a while to boot the console. */
const pageLoad = { timeout: 20_000 };
const screenshotFile = fileURLToPath(
  new URL('../../docs/screenshots/review-conflict.png', import.meta.url),
);

/** Gives every rating question `stars` stars and answers the feedback (Ratings tab shown after). */
async function review(page: Page, stars: number, answer: AnswerDetail): Promise<void> {
  const questions = page.getByTestId('rating-question');
  const n = await questions.count();
  for (let i = 0; i < n; i += 1) await pickStar(questions.nth(i), stars);
  await expect(page.getByTestId('average-score')).toHaveText(stars.toFixed(1));
  await page.getByRole('tab', { name: new RegExp(messages.feedback) }).click();
  await giveFeedback(page, answer.assignment.data.feedback?.questions ?? []);
  await page.getByRole('tab', { name: new RegExp(messages.ratings) }).click();
}

test('a claimed answer shows who reviews it; a stale submit shows both reviews and resubmits on purpose', async ({
  browser,
  request,
  baseURL,
}) => {
  // A trainee submits through the simulator, two contexts review: room for a busy machine.
  test.setTimeout(300_000);
  const managerToken = await tokenOf(request, demo.manager);
  const {
    answerIds: [answerId],
  } = await assignmentWithSubmissions(request, managerToken, {
    name: `Claims ${Date.now()}`,
    emails: ['tessa@demo.test'],
    url: baseURL!,
  });
  const answer = await apiData<AnswerDetail>(
    request,
    managerToken,
    `/api/assignments/answers/${answerId!}`,
  );
  const opened = answer.reviewVersion;

  const maya = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const ian = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const a = await maya.newPage();
  const b = await ian.newPage();
  await signInAs(a, demo.manager, paths.orgManagerDashboard());
  await signInAs(b, demo.instructor, paths.dashboard());

  // Maya opens the answer: she claims it, and changes the ratings.
  const claimed = a.waitForResponse(
    (r) => r.url().endsWith(`/api/assignments/answers/${answer.id}/claim`) && r.ok(),
  );
  await a.goto(paths.review(answer.id));
  await claimed;
  await expect(a.getByTestId('claim-banner')).toHaveCount(0);
  await review(a, 2, answer);

  // Ian sees her name and can neither rate nor submit.
  await b.goto(paths.review(answer.id));
  const banner = b.getByTestId('claim-banner');
  await expect(banner).toContainText(format.answerClaimedBy('Maya Manning'), pageLoad);
  await expect(banner).toContainText(reviewSafetyText.claimedAgo(''));
  const submitB = b.getByRole('button', { name: reviewInboxText.submitAndNext });
  await expect(submitB).toBeDisabled();
  // Everything stays readable: the ratings are there, the keys change none of them.
  await expect(b.getByTestId('rating-question').first()).toBeVisible();
  const before = await b.getByTestId('average-score').textContent();
  await b.keyboard.press('5');
  await expect(b.getByTestId('average-score')).toHaveText(before ?? '');
  const bannerShot = await b.screenshot({ clip: { x: 0, y: 0, width: 1440, height: 330 } });

  // He takes over: the banner goes, Submit is his.
  await banner.getByRole('button', { name: reviewSafetyText.takeOver }).click();
  await expect(banner).toHaveCount(0);
  await expect(submitB).toBeEnabled();
  // Maya's screen learns it by itself: read only, her changes kept.
  const bannerA = a.getByTestId('claim-banner');
  await expect(bannerA).toContainText(format.answerClaimedBy('Ian Instructor'), {
    timeout: 15_000,
  });
  await expect(a.getByTestId('average-score')).toHaveText('2.0');
  await expect(a.getByRole('button', { name: reviewInboxText.submitAndNext })).toBeDisabled();

  // Ian rates and submits.
  await review(b, 5, answer);
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
  // The answer is free again: Maya's screen is hers, with her changes.
  await expect(bannerA).toHaveCount(0, { timeout: 15_000 });
  await expect(a.getByRole('button', { name: reviewInboxText.submitAndNext })).toBeEnabled();
  await expect(a.getByTestId('average-score')).toHaveText('2.0');
  // Ian is done and leaves. A screen left open takes a free answer within one live read (as
  // Maya's just did), so after her resubmit his would claim it again, and on a busy machine that
  // came before the last check below.
  await ian.close();

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
});
