/**
 * One inbox across assignments (decisions.md#review-loop §1) end to end: the instructor reaches 'Reviews' from the
 * sidebar; the inbox lists the organization's waiting answers oldest submission first (as the API
 * orders them); filtering by an assignment puts the filter in the URL; a row opens the answer with
 * the same filter; `j` / `k` move to the next / previous answer ("1 of 3"); 'Submit and next' lands
 * on the next waiting answer and "Back to inbox" keeps the filter.
 *
 * The demo seed holds two waiting answers, so the spec makes its own: a new Active assignment of
 * Demo Academy (the composition of the demo's Active assignment) with three trainees who record and
 * submit one after the other through the trainee simulator (the mobile API over HTTP).
 */
import { messages, type ReviewInboxList } from '@practica/contract';
import { expect, test } from '@playwright/test';
import { paths } from '@shared/config/paths';
import { reviewInboxText } from '../src/config/review-inbox-text';
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

test('the inbox lists waiting answers oldest first; a filter, j / k and Submit and next go through it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const manager = await tokenOf(request, demo.manager);

  // A new Active assignment with the composition of the demo's Active one; three trainees submit
  // one after the other, so the inbox's order is theirs.
  const {
    source,
    id: createdId,
    name,
    trainees,
    answerIds,
  } = await assignmentWithSubmissions(request, manager, {
    name: `Inbox run ${Date.now()}`,
    emails: ['priya@demo.test', 'tessa@demo.test', 'omar@demo.test'],
    url: baseURL!,
  });
  const created = { id: createdId };
  const fullNames = trainees.map((t) => `${t.firstName} ${t.lastName}`);

  // The sidebar's 'Reviews' opens the inbox: the organization's waiting answers, oldest first.
  await signInAs(page, demo.instructor, paths.dashboard());
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: reviewInboxText.navLabel }).click();
  await expect(page).toHaveURL(paths.reviewInbox());
  await expect(nav.getByRole('link', { name: reviewInboxText.navLabel })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const table = page.getByRole('table', { name: reviewInboxText.tableLabel });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible(pageLoad);
  const instructor = await tokenOf(request, demo.instructor);
  // Other specs submit and review answers of the same organization at the same time, so the page
  // and the API are compared as one snapshot: the API's list read right after the page's, and both
  // read again (page reloaded) when another spec changed the inbox in between.
  let inbox: ReviewInboxList | undefined;
  await expect(async () => {
    const before = await apiData<ReviewInboxList>(
      request,
      instructor,
      '/api/reviews/inbox?pageSize=25',
    );
    await page.reload();
    await expect(rows.first()).toBeVisible(pageLoad);
    const onScreen = await rows.allInnerTexts();
    inbox = await apiData<ReviewInboxList>(request, instructor, '/api/reviews/inbox?pageSize=25');
    expect(inbox.list.map((r) => r.answerId)).toEqual(before.list.map((r) => r.answerId));
    // The demo's own waiting answers (submitted days ago) come before the three just submitted.
    for (const [i, item] of inbox.list.slice(0, 5).entries()) {
      expect(onScreen[i]).toContain(`${item.user.firstName} ${item.user.lastName}`);
      expect(onScreen[i]).toContain(item.assignment.name);
    }
  }).toPass({ timeout: 60_000 });
  expect(inbox!.count).toBeGreaterThanOrEqual(3);
  const times = inbox!.list.map((r) => Date.parse(r.submittedAt));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(inbox!.list.findIndex((r) => r.answerId === answerIds[0])).toBeGreaterThan(
    inbox!.list.findIndex((r) => r.assignment.name !== name),
  );

  // Filtering by the assignment: the filter goes to the URL, the three answers in submission order.
  await page.getByRole('combobox', { name: reviewInboxText.assignmentFilter }).click();
  await page.getByRole('option', { name }).click();
  await expect(page).toHaveURL(`${paths.reviewInbox(`assignmentId=${created.id}`)}`);
  await expect(rows).toHaveCount(3);
  for (const [i, fullName] of fullNames.entries())
    await expect(rows.nth(i)).toContainText(fullName);
  const filter = `assignmentId=${created.id}`;

  // A row opens the answer with the same filter; j / k move through the inbox.
  await rows.first().click();
  await expect(page).toHaveURL(paths.review(answerIds[0]!, filter));
  const position = page.getByTestId('inbox-position');
  await expect(position).toHaveText(reviewInboxText.position(1, 3), pageLoad);
  await page.locator('body').press('j');
  await expect(page).toHaveURL(paths.review(answerIds[1]!, filter));
  await expect(position).toHaveText(reviewInboxText.position(2, 3));
  await page.locator('body').press('k');
  await expect(page).toHaveURL(paths.review(answerIds[0]!, filter));
  await expect(position).toHaveText(reviewInboxText.position(1, 3));

  // Reviewing the first and choosing 'Submit and next' lands on the next waiting answer.
  const ratings = source.data.ratings?.questions ?? [];
  const feedback = source.data.feedback?.questions ?? [];
  const ratingQuestions = page.getByTestId('rating-question');
  await expect(ratingQuestions).toHaveCount(ratings.length);
  for (let i = 0; i < ratings.length; i += 1) await pickStar(ratingQuestions.nth(i), 4);
  await page.getByRole('tab', { name: new RegExp(`^${messages.feedback}`) }).click();
  await giveFeedback(page, feedback);
  await page.getByRole('button', { name: reviewInboxText.submitAndNext }).click();
  await expect(page).toHaveURL(paths.review(answerIds[1]!, filter), pageLoad);
  await expect(position).toHaveText(reviewInboxText.position(1, 2));

  // Back to inbox keeps the filter; the reviewed answer has left it.
  await page.getByRole('link', { name: reviewInboxText.backToInbox }).click();
  await expect(page).toHaveURL(paths.reviewInbox(filter));
  await expect(rows).toHaveCount(2, pageLoad);
  await expect(rows.first()).toContainText(fullNames[1]!);
});
