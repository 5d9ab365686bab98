/**
 * The trainees' practice app end to end (decisions.md#practice-app), as a new organization would use it: a manager
 * invites a trainee, who registers and lands in the practice app (`/practice`) on a phone-sized
 * browser (375 px) with a fake camera and microphone; the manager adds the trainee to an Active
 * assignment; the trainee passes the device check, records every question (one retake), loses the
 * connection during an upload and sees it resume, reloads in the middle and keeps its takes, and
 * submits. The server makes each WebM take an MP4 with a poster (decisions.md#media §2); a reviewer opens that
 * answer in the console, plays and seeks the trainee's recording as that MP4 and reviews it; the
 * trainee reads the review in the app with its own videos as MP4s, and the review-ready email with
 * its link is in the dev mailbox.
 */
import { messages, type AnswerListItem, type ListData } from '@practica/contract';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appText } from '../practice/src/app/app-text';
import { practiceText } from '../practice/src/features/practice/practice-text';
import { paths } from '@shared/config/paths';
import { reviewText } from '../src/config/review-text';
import { demo, fakeCameraUse, inviteTrainee, registerFromInvite, signInAs } from './helpers';
import {
  activeAssignmentWithTwoQuestions,
  addToAssignment,
  apiData,
  currentTime,
  giveFeedback,
  pickStar,
  submitReviewOnly,
  videoOf,
  waitForPlayback,
  withoutQuery,
} from './review-helpers';

test.use(fakeCameraUse);

/** For the first check after a page load: a busy machine may take a while to boot an app. */
const pageLoad = { timeout: 20_000 };
/** The stars every rating question gets. */
const stars = 4;
/** How long each take records, in ms. */
const takeMs = 1_500;

/** axe's serious and critical WCAG 2.1 A/AA violations of the page as it is, as `where: rule`. */
async function axeFindings(page: Page, where: string): Promise<string[]> {
  await page.waitForTimeout(250); // Mantine's transitions
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Records one take of the current question: Record, `takeMs` of fake camera, Stop. */
async function recordTake(app: Page): Promise<void> {
  await app.getByRole('button', { name: practiceText.record, exact: true }).click();
  await expect(app.getByText(practiceText.announce.recording)).toBeAttached();
  await app.waitForTimeout(takeMs);
  await app.getByRole('button', { name: practiceText.stop, exact: true }).click();
  await expect(app.getByRole('button', { name: practiceText.retake })).toBeVisible();
}

test('a trainee registers, practises in the browser at 375 px, submits; a reviewer reviews; the trainee reads the review', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const trainee = {
    firstName: 'Pia',
    lastName: 'Practice',
    email: `practice-${Date.now()}@demo.test`,
    password: 'practise1',
  };

  // The manager invites a trainee; the trainee registers from the link and lands in the app.
  const { manager, inviteToken } = await inviteTrainee(request, trainee);

  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    permissions: ['camera', 'microphone'],
  });
  const app = await phone.newPage();
  await registerFromInvite(app, inviteToken, trainee.password);
  await expect(app).toHaveURL(/\/practice\//, pageLoad);

  // The manager adds the new trainee to an Active assignment.
  const assignment = await activeAssignmentWithTwoQuestions(request, manager.token);
  const questions = assignment.data.interview!.questions;
  const traineeId = await addToAssignment(request, manager.token, assignment.id, trainee.email);

  // The trainee signs in to the app and finds the assignment on the home screen. axe checks
  // every screen on the way (serious and critical findings fail the test at the end).
  const findings: string[] = [];
  await app.goto('/practice/');
  await expect(app.getByLabel(messages.emailAddress)).toBeVisible(pageLoad);
  findings.push(...(await axeFindings(app, 'sign-in')));
  await app.getByLabel(messages.emailAddress).fill(trainee.email);
  await app.getByRole('textbox', { name: messages.password, exact: true }).fill(trainee.password);
  await app.getByRole('button', { name: messages.login, exact: true }).click();
  await expect(app.getByRole('heading', { name: appText.homeTitle })).toBeVisible(pageLoad);
  await expect(app.getByText(assignment.name)).toBeVisible();
  findings.push(...(await axeFindings(app, 'home')));
  await app.getByRole('link', { name: appText.startPractice }).click();

  // The device check shows the camera and a moving microphone level before anything starts.
  await expect(app.getByRole('heading', { name: practiceText.deviceCheckTitle })).toBeVisible(
    pageLoad,
  );
  await expect(app.getByText(practiceText.cameraWorks)).toBeVisible(pageLoad);
  await expect(app.getByText(practiceText.microphoneWorks)).toBeVisible(pageLoad);
  await app.screenshot({ path: test.info().outputPath('practice-device-check.png') });
  findings.push(...(await axeFindings(app, 'device check')));
  await app.getByRole('button', { name: practiceText.startPractice }).click();

  // Every question: a take (the first one retaken), one upload cut off and resumed, a reload.
  const uploads: string[] = [];
  app.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/me/uploads')) uploads.push(r.method());
  });
  /** PATCH requests sent while the second question's take uploaded (its cut one included). */
  let cutPhasePatches = 0;
  for (const [i, question] of questions.entries()) {
    const before = uploads.length;
    await expect(
      app.getByRole('heading', { name: practiceText.questionOf(i + 1, questions.length) }),
    ).toBeVisible(pageLoad);
    await expect(app.getByText(question.text).first()).toBeVisible();
    if (i === 1) {
      // The connection drops while this take uploads: the first attempt fails, the next goes on.
      let cut = false;
      await app.route('**/api/me/uploads**', async (route) => {
        if (!cut && route.request().method() === 'PATCH') {
          cut = true;
          await route.abort('internetdisconnected');
        } else await route.fallback();
      });
      await recordTake(app);
      await expect.poll(() => cut, { timeout: 15_000 }).toBe(true);
      await app.unroute('**/api/me/uploads**');
    } else {
      await recordTake(app);
    }
    if (i === 0) {
      findings.push(...(await axeFindings(app, 'a recorded take')));
      await app.getByRole('button', { name: practiceText.retake }).click();
      await recordTake(app);
    }
    await expect(app.getByText(practiceText.uploadDone).nth(i)).toBeAttached({ timeout: 30_000 });
    if (i === 1) {
      cutPhasePatches = uploads.slice(before).filter((m) => m === 'PATCH').length;
      // A reload in the middle comes back, after the device check, to the same question with
      // what was recorded.
      await app.reload();
      await app.getByRole('button', { name: practiceText.continuePractice }).click(pageLoad);
      await expect(
        app.getByRole('heading', { name: practiceText.questionOf(2, questions.length) }),
      ).toBeVisible(pageLoad);
      await expect(app.getByRole('button', { name: practiceText.retake })).toBeVisible(pageLoad);
    }
    if (i < questions.length - 1)
      await app.getByRole('button', { name: practiceText.nextQuestion }).click();
  }
  // The cut PATCH was sent again (counted for that take alone: whether the first take of Q1
  // got to send a PATCH before its retake replaced it depends on the machine's speed).
  expect(cutPhasePatches).toBeGreaterThanOrEqual(2);
  expect(uploads.filter((m) => m === 'PATCH').length).toBeGreaterThan(questions.length);
  await app.screenshot({ path: test.info().outputPath('practice-last-question.png') });

  // Submit, with a confirmation, once every video is on the server.
  await expect(app.getByText(practiceText.allUploaded)).toBeVisible({ timeout: 30_000 });
  await app.getByRole('button', { name: practiceText.submitAnswers }).click();
  await app.getByRole('dialog').getByRole('button', { name: practiceText.submitAnswers }).click();
  await expect(app.getByRole('heading', { name: practiceText.doneTitle })).toBeVisible(pageLoad);
  await expect(app.getByRole('heading', { name: practiceText.yourAnswers })).toBeVisible(pageLoad);
  findings.push(...(await axeFindings(app, 'submitted')));

  // The server makes every take an MP4 with a poster; the reviewer opens that answer in the
  // console and plays the trainee's recording as that MP4.
  const answers = await apiData<ListData<AnswerListItem>>(
    request,
    manager.token,
    `/api/assignments/answers?assignmentId=${assignment.id}&userId=${traineeId}`,
  );
  const answerId = answers.list[0]!.id;
  await signInAs(page, demo.manager, paths.orgManagerDashboard());
  const processed = await waitForPlayback(request, manager.token, answerId);
  const first = processed.data.interviewAnswer.answers.find(
    (i) => i.questionId === processed.questions[0]!.id,
  )!;
  await page.goto(paths.review(answerId));
  const video = videoOf(page);
  await expect(video).toBeVisible(pageLoad);
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState))
    .toBeGreaterThan(0);
  const playing = await video.evaluate((el: HTMLVideoElement) => ({
    src: el.currentSrc,
    poster: el.poster,
  }));
  expect(withoutQuery(playing.src)).toBe(withoutQuery(first.media.playback!.url));
  expect(withoutQuery(playing.src)).not.toBe(withoutQuery(first.file!.url));
  expect(withoutQuery(playing.poster)).toBe(withoutQuery(first.media.poster!.url));
  await page.getByRole('button', { name: reviewText.play }).click();
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.2);
  await page.getByRole('button', { name: reviewText.pause }).click();
  const track = page.getByRole('slider', { name: reviewText.seek }).locator('..');
  const box = (await track.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
  // The MP4 carries the take's probed duration.
  const duration = await video.evaluate((el: HTMLVideoElement) => el.duration);
  expect(duration).toBeGreaterThan(1);
  expect(duration).toBeLessThan(10);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(duration * 0.3);

  // … and reviews it.
  const ratingQuestions = page.getByTestId('rating-question');
  const ratings = assignment.data.ratings?.questions ?? [];
  await expect(ratingQuestions).toHaveCount(ratings.length);
  for (let i = 0; i < ratings.length; i += 1) await pickStar(ratingQuestions.nth(i), stars);
  await page.getByRole('tab', { name: new RegExp(`^${messages.feedback}`) }).click();
  await giveFeedback(page, assignment.data.feedback?.questions ?? []);
  await submitReviewOnly(page);
  await expect(page.getByText(messages.interviewReviewSubmitted)).toBeVisible();

  // The trainee reads the review in the app: the score, the stars, the reviewer.
  await app.goto(`/practice/assignments/${assignment.id}/review`);
  await expect(app.getByText(appText.scoreOutOf(stars, 5))).toBeVisible(pageLoad);
  await expect(app.getByText(appText.starsText(stars, 5)).first()).toBeAttached();
  // … with its own videos, each the MP4 with its poster.
  const own = app.getByLabel(practiceText.answerVideoLabel('Q1'));
  await expect(own).toHaveAttribute(
    'src',
    new RegExp(`^${withoutQuery(first.media.playback!.url)}`),
  );
  await expect(own).toHaveAttribute('poster', /.+/);
  await expect(app.getByText(practiceText.media.ready).first()).toBeVisible();
  await app.screenshot({ path: test.info().outputPath('practice-review.png'), fullPage: true });
  findings.push(...(await axeFindings(app, 'review')));
  expect(findings).toEqual([]);

  // The review-ready email is in the dev mailbox, with a link to that review.
  let links: string[] = [];
  await expect
    .poll(async () => {
      const answer = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(trainee.email)}`);
      const body = (await answer.json()) as {
        data: { list: { kind: string; links: string[] }[] };
      };
      links = body.data.list.find((m) => m.kind === 'review-ready')?.links ?? [];
      return links.length;
    })
    .toBeGreaterThan(0);
  expect(links.map((l) => new URL(l).pathname)).toContain(
    `/practice/assignments/${assignment.id}/review`,
  );
  await phone.close();
});
