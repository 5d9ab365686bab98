/**
 * The review screen end to end (issue 8; 001 §2 'Review screen', §5, §9 'Report export'): the
 * instructor opens a Submitted seeded answer, the video loads and seeks, rates every rating
 * question, answers the feedback form (the work survives a reload), submits, sees it Reviewed,
 * then Print Report downloads an .xlsx whose sheet and header row match the spec.
 */
import { readFileSync } from 'node:fs';
import {
  QuestionType,
  format,
  messages,
  type AnswerDetail,
  type AnswerList,
} from '@practica/contract';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { paths } from '../src/config/paths';
import { reviewText } from '../src/config/review-text';
import { reportColumns } from '../src/features/report/build-report';
import { readXlsx } from '../src/features/report/testing/read-xlsx';
import { demo, demoPassword, signIn } from './helpers';

/** Clicks star `n` of a Mantine Rating (its inputs are visually hidden; the labels are the stars). */
async function pickStar(scope: Locator, n: number): Promise<void> {
  const id = await scope.getByRole('radio', { name: String(n), exact: true }).getAttribute('id');
  await scope.locator(`label[for="${id}"]`).click();
}

/** The instructor's bearer token. */
async function instructorToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/auth', {
    data: { email: demo.instructor, password: demoPassword },
  });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** A Submitted answer the instructor can review, with a video on its first question. */
async function submittedAnswer(request: APIRequestContext, token: string): Promise<AnswerDetail> {
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get('/api/assignments/answers?status=2', { headers });
  expect(list.ok()).toBeTruthy();
  const { data } = (await list.json()) as { data: AnswerList };
  for (const row of data.list) {
    const detail = await request.get(`/api/assignments/answers/${row.id}`, { headers });
    const answer = ((await detail.json()) as { data: AnswerDetail }).data;
    if (answer.canReview && answer.questions[0]?.item?.file) return answer;
  }
  throw new Error('No reviewable Submitted answer in the seed');
}

test('the instructor reviews a submitted answer and prints the report', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await instructorToken(request);
  const answer = await submittedAnswer(request, token);
  const ratings = answer.assignment.data.ratings?.questions ?? [];
  const feedback = answer.assignment.data.feedback?.questions ?? [];

  await signIn(page, demo.instructor);
  await expect(page).toHaveURL(/\/dbl\//);
  await page.goto(paths.review(answer.id));
  const trainee = `${answer.user.firstName} ${answer.user.lastName}`;
  await expect(
    page.getByText(format.reviewTitle(answer.assignment.name, trainee)).first(),
  ).toBeVisible();

  // The video loads its metadata and seeks (Range requests).
  const video = page.getByTestId('review-video');
  await expect(video).toBeVisible();
  await page.waitForFunction(
    () =>
      (document.querySelector('[data-testid="review-video"]') as HTMLVideoElement).readyState >= 1,
  );
  const seeked = await video.evaluate(
    (el: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        const target = Number.isFinite(el.duration) ? el.duration / 2 : 0.5;
        el.addEventListener('seeked', () => resolve(el.currentTime), { once: true });
        el.currentTime = target;
      }),
  );
  expect(seeked).toBeGreaterThan(0);
  await expect(page.getByTestId('player-time')).not.toHaveText(/^0:00 \//);

  // Rotate by 90°, keyboard next/previous question.
  await page.getByRole('button', { name: reviewText.rotate }).click();
  await expect(video).toHaveAttribute('style', /rotate\(90deg\)/);
  await page.screenshot({ path: test.info().outputPath('review-rotated.png') });
  await page.getByRole('button', { name: reviewText.rotate }).click();
  await page.getByRole('button', { name: reviewText.rotate }).click();
  await page.getByRole('button', { name: reviewText.rotate }).click();
  await expect(video).toHaveAttribute('style', /rotate\(0deg\)/);
  if (answer.questions.length > 1) {
    await page.locator('body').press('n');
    await expect(page.getByTestId('question-text')).toContainText(answer.questions[1]?.text ?? '');
    await page.locator('body').press('p');
    await expect(page.getByTestId('question-text')).toContainText(answer.questions[0]?.text ?? '');
  }

  // Ratings: 4 stars on every rating question.
  const ratingsTab = page.getByRole('tab', { name: new RegExp(`^${messages.ratings}`) });
  await expect(ratingsTab).toContainText(format.evaluationCounter(false));
  const stars = page.getByTestId('rating-question');
  await expect(stars).toHaveCount(ratings.length);
  for (let i = 0; i < ratings.length; i += 1) {
    await pickStar(stars.nth(i), 4);
  }
  await expect(ratingsTab).toContainText(format.evaluationCounter(true));
  await expect(page.getByTestId('average-score')).toHaveText('4.0');

  // The review in progress survives a reload.
  await page.reload();
  await expect(ratingsTab).toContainText(format.evaluationCounter(true));

  // Feedback: the first option of choices, a text for open questions.
  const feedbackTab = page.getByRole('tab', { name: new RegExp(`^${messages.feedback}`) });
  await feedbackTab.click();
  for (const [i, q] of feedback.entries()) {
    const label = reviewText.feedbackLabel(i + 1, q.text);
    const panel = page.getByRole('tabpanel');
    if (q.questionTypeId === QuestionType.Single) {
      await panel.getByRole('radiogroup', { name: label }).getByRole('radio').first().check();
    } else if (
      q.questionTypeId === QuestionType.Multiple ||
      q.questionTypeId === QuestionType.Rank
    ) {
      await panel.getByRole('group', { name: label }).getByRole('checkbox').first().check();
    } else if (q.questionTypeId === QuestionType.Rating) {
      await pickStar(panel.getByText(label).locator('..'), 3);
    } else {
      await panel.getByLabel(label).fill('Clear and confident answer.');
    }
  }
  await expect(feedbackTab).toContainText(format.evaluationCounter(true));
  await page.screenshot({ path: test.info().outputPath('review-feedback.png') });

  await page.getByRole('button', { name: messages.submit, exact: true }).click();
  await expect(page.getByText(messages.interviewReviewSubmitted)).toBeVisible();
  const printReport = page.getByRole('button', { name: messages.printReport });
  await expect(printReport).toBeVisible();
  const after = await request.get(`/api/assignments/answers/${answer.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const reviewed = ((await after.json()) as { data: AnswerDetail }).data;
  expect(reviewed.statusId).toBe(3);
  await page.screenshot({ path: test.info().outputPath('review-reviewed.png') });
  expect(reviewed.data.ratingsAnswer?.answers).toHaveLength(ratings.length);

  // Print Report downloads the spec's spreadsheet.
  const [download] = await Promise.all([page.waitForEvent('download'), printReport.click()]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^AssignmentReport${answer.assignmentId}-\\d+\\.xlsx$`),
  );
  const file = readXlsx(readFileSync(await download.path()));
  expect(file.sheetNames).toEqual([messages.reportSheetName]);
  expect(file.rows[0]).toEqual(reportColumns({ ratings, feedback }));
  expect(file.rows.some((row) => row[0] === answer.userId)).toBeTruthy();
});
