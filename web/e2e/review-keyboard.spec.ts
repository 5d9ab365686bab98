/**
 * Reviewing with the keyboard alone (decisions.md#review-loop §2, §7): an instructor opens the Reviews inbox and
 * reviews THREE waiting answers in a row without the mouse — Tab and Enter open the oldest, `1`–`5`
 * rate each rating question (the focus moves on by itself, to the Feedback tab's first field after
 * the last), Tab reaches each feedback field (typing, Space for options), and Ctrl+Enter is 'Submit
 * and next', which opens the next waiting answer. It counts the Tabs to the first rating (from the
 * page's start and from the player's last control) and the keys of one answer (the 56
 * keystrokes and 19 Tabs before), and checks that a key typed in a feedback text field stays text.
 * The three answers are its own: a new assignment whose trainees submit through the trainee
 * simulator, and the inbox filtered to it, so specs running beside it never review the same ones.
 */
import {
  AnswerStatus,
  QuestionType,
  messages,
  type AnswerDetail,
  type ReviewInboxList,
} from '@practica/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { reviewInboxText } from '../src/config/review-inbox-text';
import { reviewText } from '../src/config/review-text';
import { demo, demoPassword, signInAs } from './helpers';
import { apiData, assignmentWithSubmissions, tokenOf } from './review-helpers';

const pageLoad = { timeout: 20_000 };
/** How many answers the reviewer clears in a row. */
const inARow = 3;

/** The waiting answers of the assignment as `token` sees them in the inbox, oldest first. */
async function inbox(request: APIRequestContext, token: string, assignmentId: number) {
  return apiData<ReviewInboxList>(
    request,
    token,
    `/api/reviews/inbox?assignmentId=${assignmentId}&pageSize=100`,
  );
}

/** The `data-review-question` ('ratings:12', 'feedback:47') holding the focus, else null. */
const focusedQuestion = (page: Page) =>
  page.evaluate(
    () =>
      document.activeElement?.closest<HTMLElement>('[data-review-question]')?.dataset
        .reviewQuestion ?? null,
  );

/** Counts key presses, so the test can say how many one answer took. */
class Keys {
  count = 0;
  constructor(private readonly page: Page) {}
  async press(key: string) {
    this.count += 1;
    await this.page.keyboard.press(key);
  }
  async type(text: string) {
    this.count += text.length;
    await this.page.keyboard.type(text);
  }
}

/** Tabs until the focus is in question `target` (at most `max` Tabs); answers how many. */
async function tabTo(keys: Keys, page: Page, target: string, max = 12) {
  for (let n = 1; n <= max; n += 1) {
    await keys.press('Tab');
    if ((await focusedQuestion(page)) === target) return n;
  }
  throw new Error(`Tab never reached ${target} (focus in ${await focusedQuestion(page)})`);
}

/**
 * Reviews the answer on screen with the keyboard: 4 stars per rating question, then each feedback
 * question (text typed, the first option chosen with Space), then Ctrl+Enter. Answers the keys.
 */
async function reviewWithKeys(page: Page, answer: AnswerDetail): Promise<Keys> {
  const keys = new Keys(page);
  const ratings = answer.assignment.data.ratings?.questions ?? [];
  const feedback = answer.assignment.data.feedback?.questions ?? [];
  for (const [i] of ratings.entries()) {
    // `4` rates the focused (or first unanswered) question and moves the focus on.
    await keys.press('4');
    await expect(page.getByRole('tab', { name: new RegExp(messages.ratings) })).toContainText(
      `${i + 1}/${ratings.length}`,
    );
  }
  await expect(page.getByRole('tab', { name: new RegExp(messages.feedback) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  for (const [i, q] of feedback.entries()) {
    const target = `feedback:${q.id}`;
    if (i === 0) await expect.poll(() => focusedQuestion(page)).toBe(target);
    else await tabTo(keys, page, target);
    if (q.questionTypeId === QuestionType.Single || q.questionTypeId === QuestionType.Multiple)
      await keys.press('Space');
    else if (q.questionTypeId === QuestionType.Rating) await keys.press('4');
    else await keys.type(i === 0 ? 'Clear answers, kind tone.' : 'More examples.');
  }
  await expect(page.getByRole('tab', { name: new RegExp(messages.feedback) })).toContainText(
    `${feedback.length}/${feedback.length}`,
  );
  await keys.press('Control+Enter');
  return keys;
}

test('a reviewer clears three answers in a row with the keyboard alone', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const login = await request.post('/api/auth', {
    data: { email: demo.instructor, password: demoPassword },
  });
  expect(login.ok()).toBeTruthy();
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  // Its own assignment with three submitted answers: specs running beside it review theirs.
  const { id: assignmentId } = await assignmentWithSubmissions(
    request,
    await tokenOf(request, demo.manager),
    {
      name: `Keyboard run ${Date.now()}`,
      emails: ['priya@demo.test', 'tessa@demo.test', 'omar@demo.test'],
      url: baseURL!,
    },
  );
  expect((await inbox(request, token, assignmentId)).count).toBe(inARow);

  await signInAs(page, demo.instructor, '/dbl/dashboard');
  await page.goto(`/dbl/reviews?assignmentId=${assignmentId}`);
  const rows = page.getByRole('table', { name: reviewInboxText.tableLabel }).locator('tbody tr');
  await expect(rows.first()).toBeVisible(pageLoad);

  // Tab to the oldest waiting answer's row, Enter opens it.
  const first = (await inbox(request, token, assignmentId)).list[0]!;
  for (let n = 0; n < 40; n += 1) {
    await page.keyboard.press('Tab');
    const inRow = await page.evaluate(() => document.activeElement?.tagName === 'TR');
    if (inRow) break;
  }
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dbl/reviews/${first.answerId}(\\?|$)`), pageLoad);

  // Focus order: the Tabs from the page's start to the first rating (19 before decisions.md#review-loop).
  const firstAnswer = await apiData<AnswerDetail>(
    request,
    token,
    `/api/assignments/answers/${first.answerId}`,
  );
  const firstRating = `ratings:${firstAnswer.assignment.data.ratings!.questions[0]!.id}`;
  // From a fresh load, so the Tabs start at the page's top (19 before decisions.md#review-loop; the sidebar, the
  // top bar, the inbox's navigation and the player come first).
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: /^R1: / })).toBeVisible(pageLoad);
  const fromTop = await tabTo(new Keys(page), page, firstRating, 40);
  test.info().annotations.push({ type: 'tabs from the top', description: String(fromTop) });
  // From the player's last control: the comment button, the autoplay switch, the shortcuts
  // button and the Ratings tab lie between (the progress bar's segments are out of the order).
  await page.getByRole('button', { name: reviewText.rotate }).focus();
  const afterPlayer = await tabTo(new Keys(page), page, firstRating, 40);
  test.info().annotations.push({ type: 'tabs after the player', description: String(afterPlayer) });
  expect(afterPlayer).toBeLessThanOrEqual(5);
  // Back to nothing focused: the keys below start from the page, as after a load.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  // A key typed into a feedback text field is text, not a shortcut.
  await page.keyboard.press('f');
  const f1 = page.getByRole('textbox', { name: /^F1: / });
  await f1.focus();
  await page.keyboard.type('r5?');
  await expect(f1).toHaveValue('r5?');
  await expect(page.getByRole('tab', { name: new RegExp(messages.feedback) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  // Out of the field, the same key is the shortcut again.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('r');
  await expect(page.getByRole('tab', { name: new RegExp(messages.ratings) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  const reviewed: number[] = [];
  for (let n = 0; n < inARow; n += 1) {
    const id = Number(/\/dbl\/reviews\/(\d+)/.exec(page.url())![1]);
    const answer = await apiData<AnswerDetail>(request, token, `/api/assignments/answers/${id}`);
    await expect(page.getByRole('radiogroup', { name: /^R1: / })).toBeVisible(pageLoad);
    // The screen takes keys once its claim call has answered (read only until then).
    await expect(page.getByRole('button', { name: reviewInboxText.submitAndNext })).toBeEnabled();
    const keys = await reviewWithKeys(page, answer);
    if (n === 0)
      test.info().annotations.push({
        type: 'keys for one answer',
        description: `${keys.count} (${answer.assignment.data.ratings?.questions.length} ratings, ${answer.assignment.data.feedback?.questions.length} feedback questions)`,
      });
    reviewed.push(id);
    // Submit and next: the next waiting answer, or the inbox once none is left.
    await expect(page).not.toHaveURL(new RegExp(`/dbl/reviews/${id}(\\?|$)`), pageLoad);
    const detail = await apiData<AnswerDetail>(request, token, `/api/assignments/answers/${id}`);
    expect(detail.statusId).toBe(AnswerStatus.Reviewed);
    expect(detail.data.ratingsAnswer?.score).toBe(4);
  }
  expect(new Set(reviewed).size).toBe(inARow);
  console.log(JSON.stringify(test.info().annotations));
});
