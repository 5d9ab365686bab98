/**
 * Time-coded comments end to end (decisions.md#review-loop §3): a new trainee of Demo Academy submits an answer
 * through the trainee simulator (the mobile API over HTTP); the instructor opens it, plays the
 * video, presses `c` (the video pauses and a field opens at that moment), saves the comment with
 * Enter (the video goes on), sees its marker on the seek bar, edits it inline, and submits the
 * review; the trainee signs in to the practice app at 375 px and finds the marker and the text on
 * their own video. The console's player at 1440 px and the practice app's review at 375 px are
 * pictured for the README (docs/screenshots/review-comments.png, practice-review-comments.png; with
 * DOCS_SCREENSHOTS=1, else into the test's output).
 */
import { fileURLToPath } from 'node:url';
import { messages, type AssignmentDetail, type ReviewCommentList } from '@practica/contract';
import { expect, test } from '@playwright/test';
import { appText } from '../practice/src/app/app-text';
import { reviewCommentsText as practiceCommentsText } from '../practice/src/features/practice/review-comments-text';
import { paths } from '@shared/config/paths';
import { reviewCommentsText } from '../src/config/review-comments-text';
import { reviewText } from '../src/config/review-text';
import { apiToken, demo, demoPassword, inviteTrainee, signInAs } from './helpers';
import {
  activeAssignmentWithTwoQuestions,
  addToAssignment,
  apiData,
  currentTime,
  giveFeedback,
  pickStar,
  simulateTrainee,
  submitReviewOnly,
  videoOf,
} from './review-helpers';

/**
 * Where a README picture goes: docs/screenshots/ when DOCS_SCREENSHOTS=1 (to retake them), else the
 * test's output folder, so a plain run leaves the committed pictures alone.
 */
const picture = (name: string) =>
  process.env.DOCS_SCREENSHOTS === '1'
    ? fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url))
    : test.info().outputPath(name);
const pageLoad = { timeout: 20_000 };

test('a reviewer pins a comment to a moment, edits it and submits; the trainee sees it on their video', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const trainee = {
    firstName: 'Cora',
    lastName: 'Comments',
    email: `comments-${Date.now()}@demo.test`,
    password: 'comment1x',
  };

  // A new trainee (invite accepted through the API) on an Active assignment submits an answer.
  const { manager, inviteToken } = await inviteTrainee(request, trainee);
  const accepted = await request.post('/api/invites/accept', {
    data: { ...trainee, token: inviteToken },
  });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  const assignment = await activeAssignmentWithTwoQuestions(request, manager.token);
  await addToAssignment(request, manager.token, assignment.id, trainee.email);
  const answerId = await simulateTrainee(trainee.email, assignment.id, baseURL!, trainee.password);

  // The instructor opens the answer and plays the first question's video.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAs(page, demo.instructor, paths.dashboard());
  await page.goto(paths.review(answerId));
  const video = videoOf(page);
  await expect(video).toBeVisible(pageLoad);
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), pageLoad)
    .toBeGreaterThan(0);
  await expect(page.getByText(reviewCommentsText.emptyCanAdd)).toBeVisible();
  await page.getByRole('button', { name: reviewText.play }).click();
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1);

  // `c` pauses and opens the field at that moment; Enter saves and the video goes on.
  await page.locator('body').press('c');
  await expect(page.getByRole('button', { name: reviewText.play })).toBeVisible();
  const field = page.getByRole('textbox', { name: /^Comment at \d+:\d\d$/ });
  await expect(field).toBeFocused();
  const label = page.getByText(/^Comment at \d+:\d\d$/);
  const time = /(\d+:\d\d)/.exec((await label.textContent()) ?? '')![1]!;
  // Typing n or a space in the field is text, not a shortcut.
  await field.pressSequentially('Nice opening, keep eye contact');
  await expect(page.getByTestId('question-text')).toContainText(
    assignment.data.interview!.questions[0]!.text,
  );
  await field.press('Enter');
  await expect(field).toBeHidden();
  await expect(page.getByRole('button', { name: reviewText.pause })).toBeVisible();
  await page.getByRole('button', { name: reviewText.pause }).click();

  // The marker sits on the seek bar; clicking it seeks there.
  const marker = page.getByRole('button', { name: reviewCommentsText.marker(time) });
  await expect(marker).toBeVisible();
  const list = page.getByTestId('comment-list');
  const entry = list.getByTestId('comment');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Nice opening, keep eye contact');
  await expect(entry).toContainText(reviewCommentsText.draft);
  const [m, s] = time.split(':').map(Number) as [number, number];
  await page.getByRole('button', { name: 'Next question' }).click();
  await page.getByRole('button', { name: 'Previous question' }).click();
  await expect(marker).toBeVisible();
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), pageLoad)
    .toBeGreaterThan(0);
  await marker.click();
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(m * 60 + s);

  // The author edits the draft inline.
  await entry.getByRole('button', { name: reviewCommentsText.edit }).click();
  const edit = page.getByRole('textbox', { name: reviewCommentsText.editLabel });
  await edit.fill('Nice opening: keep this eye contact');
  await edit.press('Enter');
  await expect(entry).toContainText('Nice opening: keep this eye contact');

  // A second one from the button, 5 s later (→), pinned while the video is paused.
  await page.locator('body').press('ArrowRight');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(m * 60 + s + 4);
  await page.getByRole('button', { name: reviewCommentsText.add }).click();
  const second = page.getByRole('textbox', { name: /^Comment at \d+:\d\d$/ });
  await second.fill('Pause before the example.');
  await second.press('Enter');
  await expect(second).toBeHidden();
  await expect(entry).toHaveCount(2);
  await expect(entry.nth(1)).toContainText('Pause before the example.');
  await expect(page.getByRole('button', { name: /^Comment at / })).toHaveCount(2);
  // It was paused: it stays paused.
  await expect(page.getByRole('button', { name: reviewText.play })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: picture('review-comments.png'), fullPage: true });

  // The review: every rating, every feedback question, a plain Submit.
  const detail = await apiData<AssignmentDetail>(
    request,
    manager.token,
    `/api/assignments/${assignment.id}`,
  );
  const ratingQuestions = page.getByTestId('rating-question');
  await expect(ratingQuestions).toHaveCount(detail.data.ratings?.questions.length ?? 0);
  for (let i = 0; i < (await ratingQuestions.count()); i += 1)
    await pickStar(ratingQuestions.nth(i), 4);
  await page.getByRole('tab', { name: new RegExp(`^${messages.feedback}`) }).click();
  await giveFeedback(page, detail.data.feedback?.questions ?? []);
  await submitReviewOnly(page);
  await expect(page.getByText(messages.interviewReviewSubmitted)).toBeVisible();
  // Submitted, the comment is the review's: no longer a draft.
  await expect(entry.first()).toContainText('Nice opening: keep this eye contact');
  await expect(list).not.toContainText(reviewCommentsText.draft);
  const instructor = await apiToken(request, demo.instructor, demoPassword);
  const stored = await apiData<ReviewCommentList>(
    request,
    instructor,
    `/api/assignments/answers/${answerId}/comments`,
  );
  expect(stored.list).toMatchObject([
    { draft: false, text: 'Nice opening: keep this eye contact' },
    { draft: false, text: 'Pause before the example.' },
  ]);

  // The trainee signs in to the practice app at 375 px and finds the comment on their video.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const app = await phone.newPage();
  await app.goto('/practice/');
  await app.getByLabel(messages.emailAddress).fill(trainee.email);
  await app.getByRole('textbox', { name: messages.password, exact: true }).fill(trainee.password);
  await app.getByRole('button', { name: messages.login, exact: true }).click();
  await expect(app.getByRole('heading', { name: appText.homeTitle })).toBeVisible(pageLoad);
  await app.goto(`/practice/assignments/${assignment.id}/review`);
  const appMarker = app.getByRole('button', { name: practiceCommentsText.marker(time) });
  await expect(appMarker).toBeVisible(pageLoad);
  await expect(app.getByText('Nice opening: keep this eye contact')).toBeVisible();
  await expect(app.getByText('Pause before the example.')).toBeVisible();
  const first = app.getByTestId('video-comments').first().locator('xpath=..');
  await first.locator('video').scrollIntoViewIfNeeded();
  await app.screenshot({ path: picture('practice-review-comments.png') });
  await appMarker.click();
  await expect
    .poll(() => first.locator('video').evaluate((el: HTMLVideoElement) => el.currentTime))
    .toBeGreaterThanOrEqual(m * 60 + s);
  await phone.close();
});
