/**
 * Two reviewers on one inbox, in two browser contexts at 1440 px: the review loop's states stay
 * true. Ian (instructor) opens the oldest of three waiting answers and holds it; Maya (manager)
 * opens the last, '3 of 3':
 * - keys work wherever the focus is: `4` rates R1 and moves on, `c` then opens a comment whose
 *   text (spaces included) never rates R2;
 * - 'Submit and next' (Ctrl+Enter) on the last goes round to the answer still waiting before it,
 *   and on that one, with only Ian's left, back to the inbox, which lists it and never says 'All
 *   caught up' over it;
 * - Ian's answer is read only on Maya's screen: no rating by key, no typing, no draft sent;
 * - when Ian submits, Maya's screen learns it by itself within seconds (the banner goes, her
 *   history lists his review) and Ian's inbox, empty now, says 'All caught up';
 * - on that Reviewed answer, Print Report downloads the .xlsx at once, the Scorecard beside it
 *   (both whole at 375 px, nothing scrolling sideways).
 * The three answers are the spec's own (a new assignment whose trainees submit through the trainee
 * simulator), and the inbox is filtered to it, so specs running beside it never touch them.
 */
import {
  QuestionType,
  format,
  messages,
  type AnswerDetail,
  type ReviewInboxList,
} from '@practica/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { paths } from '@shared/config/paths';
import { reportText } from '../src/config/report-text';
import { reviewHistoryText } from '../src/config/review-history-text';
import { reviewInboxText } from '../src/config/review-inbox-text';
import { demo, signInAs } from './helpers';
import { apiData, assignmentWithSubmissions, giveFeedback, tokenOf } from './review-helpers';

/** For the first check after a page load: a busy machine may take a while to boot the console. */
const pageLoad = { timeout: 20_000 };
/** How long a screen may take to learn what the other reviewer did (it reads every 5 s). */
const withinSeconds = { timeout: 15_000 };

/** The waiting answers of the assignment as `token` sees them in the inbox, oldest first. */
const inboxOf = (request: APIRequestContext, token: string, assignmentId: number) =>
  apiData<ReviewInboxList>(
    request,
    token,
    `/api/reviews/inbox?assignmentId=${assignmentId}&pageSize=100`,
  );

/** The checked star of rating question `n` (1-based) on the screen (0: none; its tab may be hidden). */
const starsOf = (page: Page, n: number) =>
  page
    .getByRole('radiogroup', { name: new RegExp(`^R${n}: `), includeHidden: true })
    .evaluate(
      (group) =>
        Number(group.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value) || 0,
    );

/** Rates every rating question 4 with its key, answers the feedback, and Ctrl+Enter. */
async function reviewAndGoOn(page: Page, answer: AnswerDetail): Promise<void> {
  const ratings = answer.assignment.data.ratings?.questions ?? [];
  await page.getByRole('tab', { name: new RegExp(messages.ratings) }).click();
  for (const [i] of ratings.entries()) {
    // The question's stars as a group (where the screen moves the focus): `4` rates it.
    await page.getByRole('radiogroup', { name: new RegExp(`^R${i + 1}: `) }).focus();
    await page.keyboard.press('4');
    await expect.poll(() => starsOf(page, i + 1)).toBe(4);
  }
  await page.getByRole('tab', { name: new RegExp(messages.feedback) }).click();
  await giveFeedback(page, answer.assignment.data.feedback?.questions ?? []);
  await page.keyboard.press('Control+Enter');
}

test('two reviewers: next after the last, read only, the screen learns, keys and Print Report', async ({
  browser,
  request,
  baseURL,
}) => {
  // Three trainees submit through the simulator, two page contexts review: room for a busy machine.
  test.setTimeout(420_000);
  const managerToken = await tokenOf(request, demo.manager);
  const instructorToken = await tokenOf(request, demo.instructor);
  const { id: assignmentId } = await assignmentWithSubmissions(request, managerToken, {
    name: `Two reviewers ${Date.now()}`,
    emails: ['priya@demo.test', 'tessa@demo.test', 'omar@demo.test'],
    url: baseURL!,
  });
  const waiting = (await inboxOf(request, managerToken, assignmentId)).list.map((r) => r.answerId);
  expect(waiting).toHaveLength(3);
  const [first, second, last] = waiting as [number, number, number];
  const detailOf = (id: number) =>
    apiData<AnswerDetail>(request, managerToken, `/api/assignments/answers/${id}`);
  const filter = `assignmentId=${assignmentId}`;

  const ian = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const maya = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const a = await ian.newPage();
  const b = await maya.newPage();
  await signInAs(a, demo.instructor, paths.dashboard());
  await signInAs(b, demo.manager, paths.orgManagerDashboard());

  // Ian opens the oldest answer: he holds it.
  const claimed = a.waitForResponse(
    (r) => r.url().endsWith(`/api/assignments/answers/${first}/claim`) && r.ok(),
  );
  await a.goto(paths.review(first, filter));
  await claimed;

  // Maya opens the last of the three from her inbox.
  await b.goto(paths.reviewInbox(filter));
  const rows = b.getByRole('table', { name: reviewInboxText.tableLabel }).locator('tbody tr');
  await expect(rows).toHaveCount(3, pageLoad);
  await rows.nth(2).click();
  await expect(b).toHaveURL(new RegExp(`/dbl/reviews/${last}\\?`), pageLoad);
  await expect(b.getByTestId('inbox-position')).toHaveText(reviewInboxText.position(3, 3));
  await expect(b.getByRole('button', { name: reviewInboxText.submitAndNext })).toBeEnabled();

  // Keys wherever the focus is: 4 rates R1 and moves to R2; c opens a comment there, and the
  // comment's text (its spaces too) never rates R2.
  await b.keyboard.press('4');
  await expect.poll(() => starsOf(b, 1)).toBe(4);
  await expect
    .poll(() =>
      b.evaluate(
        () =>
          document.activeElement?.closest<HTMLElement>('[data-review-question]')?.dataset
            .reviewQuestion ?? null,
      ),
    )
    .toMatch(/^ratings:/);
  await b.keyboard.press('c');
  const comment = b.getByRole('textbox', { name: /^Comment at / });
  await expect(comment).toBeFocused();
  await b.keyboard.type('Good pace here');
  await expect(comment).toHaveValue('Good pace here');
  expect(await starsOf(b, 2)).toBe(0);
  await b.keyboard.press('Escape');
  await expect(comment).toBeHidden();
  expect(await starsOf(b, 1)).toBe(4);
  expect(await starsOf(b, 2)).toBe(0);

  // Submit and next on the last of '3 of 3': round to the one still waiting before it.
  await reviewAndGoOn(b, await detailOf(last));
  await expect(b).toHaveURL(new RegExp(`/dbl/reviews/${second}\\?`), pageLoad);
  // On that one, with only Ian's answer left: back to the inbox, which lists it, not caught up.
  await expect(b.getByRole('button', { name: reviewInboxText.submitAndNext })).toBeEnabled(
    pageLoad,
  );
  await reviewAndGoOn(b, await detailOf(second));
  await expect(b).toHaveURL(new RegExp(`/dbl/reviews\\?${filter}$`), pageLoad);
  await expect(rows).toHaveCount(1, pageLoad);
  await expect(b.getByTestId('caught-up')).toHaveText(reviewInboxText.othersReviewing);
  await expect(b.getByText(reviewInboxText.caughtUp)).toHaveCount(0);

  // Ian's answer on Maya's screen is read only: no rating by key, no typing, no draft sent.
  const drafts: string[] = [];
  b.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/draft')) drafts.push(r.url());
  });
  await rows.first().click();
  await expect(b).toHaveURL(new RegExp(`/dbl/reviews/${first}\\?`), pageLoad);
  const banner = b.getByTestId('claim-banner');
  await expect(banner).toContainText(format.answerClaimedBy('Ian Instructor'), pageLoad);
  await expect(b.getByText(reviewHistoryText.empty)).toBeVisible();
  await b.keyboard.press('4');
  await b.keyboard.press('5');
  expect(await starsOf(b, 1)).toBe(0);
  await b.getByRole('tab', { name: new RegExp(messages.feedback) }).click();
  const feedback = (await detailOf(first)).assignment.data.feedback?.questions ?? [];
  const open = feedback.findIndex((q) => q.questionTypeId === QuestionType.Open);
  if (open !== -1)
    await expect(b.getByRole('textbox', { name: new RegExp(`^F${open + 1}: `) })).toBeDisabled();
  await b.waitForTimeout(1_000); // a draft would go out half a second after a change
  expect(drafts).toEqual([]);
  await expect(b.getByRole('button', { name: reviewInboxText.submitAndNext })).toBeDisabled();

  // Ian submits: Maya's screen learns it by itself, with no key pressed there.
  await reviewAndGoOn(a, await detailOf(first));
  // His inbox is empty now: all caught up is true.
  await expect(a.getByTestId('caught-up')).toHaveText(reviewInboxText.caughtUp, pageLoad);
  await expect(banner).toHaveCount(0, withinSeconds);
  await expect(b.getByTestId('review-history-row')).toHaveCount(1, withinSeconds);
  await expect(b.getByTestId('review-history-row').first()).toContainText('Ian Instructor');
  await expect(b.getByText(reviewHistoryText.empty)).toHaveCount(0);
  expect((await inboxOf(request, instructorToken, assignmentId)).count).toBe(0);

  // Reviewed: Print Report downloads the spreadsheet in one click; the scorecard is beside it.
  const printReport = b.getByRole('button', { name: messages.printReport });
  await expect(printReport).toBeVisible(withinSeconds);
  const download = b.waitForEvent('download');
  await printReport.click();
  expect((await download).suggestedFilename()).toMatch(
    new RegExp(`^AssignmentReport${assignmentId}-\\d+\\.xlsx$`),
  );
  await expect(b.getByRole('menu')).toHaveCount(0);
  await expect(b.getByRole('link', { name: reportText.scorecardButton })).toHaveAttribute(
    'href',
    paths.scorecard(first, filter, true),
  );
  await b.screenshot({ path: test.info().outputPath('review-two-reviewers.png'), fullPage: true });
  // On a phone both buttons stay whole and nothing scrolls sideways.
  await b.setViewportSize({ width: 375, height: 812 });
  await printReport.scrollIntoViewIfNeeded();
  await expect(printReport).toBeInViewport({ ratio: 1 });
  await expect(b.getByRole('link', { name: reportText.scorecardButton })).toBeInViewport({
    ratio: 1,
  });
  expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await b.screenshot({
    path: test.info().outputPath('review-two-reviewers-375.png'),
    fullPage: true,
  });
  await ian.close();
  await maya.close();
});
