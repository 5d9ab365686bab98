/**
 * The review in progress lives on the server (decisions.md#review-loop §6) and every review is kept (§5), end to
 * end as Maya (Demo Academy's manager): she changes a rating of an answer the seed reviewed
 * (Active assignment, so it takes another review); the change survives a reload and a move to
 * another answer and back; after Submit the server holds no draft, the review heads the screen's
 * history, and the assignment's Activity shows "Submitted a review of … · score …".
 *
 * The seed has one Reviewed answer that takes another review (another spec's reviewer may hold it
 * for a moment: its claim is waited out first). REVIEW_HISTORY_SCREENSHOTS=1 writes the README's pictures
 * docs/screenshots/review-history.png and assignment-activity.png (1440 px wide).
 */
import { fileURLToPath } from 'node:url';
import {
  AnswerStatus,
  messages,
  type AnswerDetail,
  type AnswerListItem,
  type ReviewDraft,
} from '@practica/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { paths } from '@shared/config/paths';
import { activityText, reviewHistoryText } from '../src/config/review-history-text';
import { reviewInboxText } from '../src/config/review-inbox-text';
import { demo, demoPassword, signInAs } from './helpers';
import { apiData, pickStar } from './review-helpers';

const pageLoad = { timeout: 20_000 };
const shot = (name: string) =>
  fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url));

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/auth', { data: { email, password: demoPassword } });
  expect(login.ok()).toBeTruthy();
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/**
 * A Reviewed answer of Demo Academy that takes another review (the seed's one on the Active
 * assignment; another spec's claim on it is waited out), and another Reviewed
 * answer to move to and back (of the Closed assignment: read only, so nothing is claimed).
 */
async function pickAnswers(
  request: APIRequestContext,
  token: string,
): Promise<[AnswerDetail, number]> {
  const { list } = await apiData<{ list: AnswerListItem[] }>(
    request,
    token,
    `/api/assignments/answers?status=${AnswerStatus.Reviewed}&pageSize=100`,
  );
  const detail = (id: number) =>
    apiData<AnswerDetail>(request, token, `/api/assignments/answers/${id}`);
  let answer: AnswerDetail | undefined;
  for (const row of list) {
    const d = await detail(row.id);
    if (d.canReview) {
      answer = d;
      break;
    }
  }
  if (!answer) throw new Error('No reviewable Reviewed answer in the demo seed');
  const other = list.find((r) => r.id !== answer.id);
  if (!other) throw new Error('No second Reviewed answer in the demo seed');
  // Another spec's reviewer may hold it for a moment: wait until it is free.
  await expect.poll(async () => (await detail(answer.id)).claim, { timeout: 60_000 }).toBeNull();
  return [await detail(answer.id), other.id];
}

/** The star of the first rating question that is checked (0 for none). */
async function firstRating(page: Page): Promise<number> {
  const question = page.getByTestId('rating-question').first();
  for (let n = 1; n <= 5; n += 1)
    if (await question.getByRole('radio', { name: String(n), exact: true }).isChecked()) return n;
  return 0;
}

test('a review in progress survives a reload and a move away and back, is gone after submit, and shows in the history and Activity', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const token = await tokenOf(request, demo.manager);
  const [answer, otherId] = await pickAnswers(request, token);
  const draftPath = `/api/assignments/answers/${answer.id}/draft`;
  await signInAs(page, demo.manager, paths.orgManagerDashboard());

  await page.goto(paths.review(answer.id));
  await expect(page.getByTestId('rating-question').first()).toBeVisible(pageLoad);
  // The draft starts from the latest review: change its first rating.
  await expect.poll(() => firstRating(page)).toBeGreaterThan(0);
  const before = await firstRating(page);
  const stars = (before % 5) + 1;
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(draftPath) && r.request().method() === 'PUT' && r.ok(),
  );
  await pickStar(page.getByTestId('rating-question').first(), stars);
  await saved;
  const stored = await apiData<ReviewDraft | null>(request, token, draftPath);
  expect(stored).not.toBeNull();

  // A reload keeps it.
  await page.reload();
  await expect(page.getByTestId('rating-question').first()).toBeVisible(pageLoad);
  await expect.poll(() => firstRating(page)).toBe(stars);

  // Another answer and back: still there.
  await page.goto(paths.review(otherId));
  await expect(page.getByTestId('rating-question').first()).toBeVisible(pageLoad);
  await page.goto(paths.review(answer.id));
  await expect(page.getByTestId('rating-question').first()).toBeVisible(pageLoad);
  await expect.poll(() => firstRating(page)).toBe(stars);

  // Submit (plain Submit: stay on the answer): the draft is gone, the review heads the history.
  await page.getByRole('button', { name: reviewInboxText.moreSubmitActions }).click();
  await page.getByRole('menuitem', { name: reviewInboxText.submitOnly, exact: true }).click();
  await expect(page.getByText(messages.interviewReviewSubmitted)).toBeVisible();
  await expect.poll(() => apiData<ReviewDraft | null>(request, token, draftPath)).toBeNull();
  const history = page.getByRole('region', { name: reviewHistoryText.title });
  const rows = history.getByTestId('review-history-row');
  await expect(rows.first()).toContainText('Maya Manning');
  await expect(rows.first()).toContainText(reviewHistoryText.latest);
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  const score = (
    await apiData<AnswerDetail>(request, token, `/api/assignments/answers/${answer.id}`)
  ).score;

  // After a reload the draft is the submitted review (nothing else left behind).
  await page.reload();
  await expect.poll(() => firstRating(page)).toBe(stars);

  await history.scrollIntoViewIfNeeded();
  await rows
    .first()
    .getByRole('button', { name: /Open the review by Maya Manning/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(reviewHistoryText.ratings);
  if (process.env.REVIEW_HISTORY_SCREENSHOTS) {
    await page.waitForTimeout(500); // the dialog's opening transition
    await page.screenshot({ path: shot('review-history.png') });
  }
  await page.keyboard.press('Escape');

  // The assignment's Activity shows the review in words.
  await page.goto(paths.assignmentDetail(answer.assignmentId));
  const trainee = `${answer.user.firstName} ${answer.user.lastName}`;
  const activity = page.getByRole('table', { name: activityText.title });
  await expect(
    activity
      .getByText(activityText.reviewSubmitted(trainee, score !== null ? score.toFixed(1) : null))
      .first(),
  ).toBeVisible(pageLoad);
  await expect(activity.getByRole('row').nth(1)).toContainText('Maya Manning');
  if (process.env.REVIEW_HISTORY_SCREENSHOTS) {
    // The section ends the page: show its foot, the detail above it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.screenshot({ path: shot('assignment-activity.png') });
  }
});
