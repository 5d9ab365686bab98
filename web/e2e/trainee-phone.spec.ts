/**
 * A trainee's rough edges on a 375 px phone, end to end against the built server:
 * - signing in at /login lands on /app, whose first choice is practising in the browser, and the
 *   practice app opens signed in (the console hands the sign-in over in the tab, never in a URL);
 * - registering from an invite lands on the app's sign-in saying the account was created, with
 *   the email filled in; an assignment added meanwhile shows when the trainee comes back to the
 *   tab; a card's title opens the practice like its button;
 * - offline during an upload, the take is said to be waiting and safe (no red 'upload failed', no
 *   'Retry uploads') and uploads by itself once the connection is back; a home reloaded offline
 *   loads by itself once the connection is back.
 * Each screen changed is photographed at 375 and 1440 px (in the test's output folder).
 */
import { messages } from '@practica/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { appText } from '../practice/src/app/app-text';
import { queryStateText } from '../practice/src/app/query-state-text';
import { arrivalText } from '../practice/src/lib/arrival';
import { practiceText } from '../practice/src/features/practice/practice-text';
import { uiText } from '@shared/config/ui-text';
import { demo, fakeCameraUse, inviteTrainee, registerFromInvite, signIn } from './helpers';
import { activeAssignmentWithTwoQuestions, addToAssignment } from './review-helpers';

test.use(fakeCameraUse);

/** For the first check after a page load: a busy machine may take a while to boot an app. */
const pageLoad = { timeout: 20_000 };
const phone = { width: 375, height: 812 };
const desktop = { width: 1440, height: 900 };

/** Photographs the page at 375 and 1440 px wide (full page), then returns to 375 px. */
async function photograph(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250); // Mantine's transitions
  await page.screenshot({ path: test.info().outputPath(`${name}-375.png`), fullPage: true });
  await page.setViewportSize(desktop);
  await page.waitForTimeout(250);
  await page.screenshot({ path: test.info().outputPath(`${name}-1440.png`), fullPage: true });
  await page.setViewportSize(phone);
}

/** Invites a new trainee to the manager's organization; answers the manager, the trainee and the invite token. */
async function inviteNewTrainee(request: APIRequestContext, label: string) {
  const trainee = {
    firstName: 'Tia',
    lastName: label,
    email: `${label.toLowerCase()}-${Date.now()}@demo.test`,
    password: 'practise1',
  };
  const { manager, inviteToken } = await inviteTrainee(request, trainee);
  return { manager, trainee, inviteToken };
}

/** On the practice app's sign-in after registering: the email is there, the password is typed. */
async function signInAfterRegistering(page: Page, email: string, password: string) {
  await expect(page.getByLabel(messages.emailAddress)).toHaveValue(email, pageLoad);
  await page.getByRole('textbox', { name: messages.password, exact: true }).fill(password);
  await page.getByRole('button', { name: messages.login, exact: true }).click();
  await expect(page.getByRole('heading', { name: appText.homeTitle })).toBeVisible(pageLoad);
}

/** The tab comes back to the foreground (how a browser tells a page it is seen again). */
const showTab = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

test('a trainee who signs in at /login practises in the browser without typing the password again', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  await signIn(page, demo.trainee);
  await expect(page).toHaveURL('/app');

  // The first choice is practising in the browser (before the store badges, the one filled
  // button), saying no password is needed.
  const main = page.getByRole('main');
  const practise = main.getByRole('link', { name: uiText.practiseInBrowser });
  await expect(practise).toHaveAccessibleDescription(uiText.practiseContinuesAs(demo.trainee));
  await expect(practise).toHaveAttribute('data-variant', 'filled');
  await expect(main.getByRole('link', { name: uiText.appStoreBadge.label })).toBeVisible();
  const order = await main
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => a.getAttribute('aria-label') ?? a.textContent?.trim() ?? ''),
    );
  expect(order.indexOf(uiText.practiseInBrowser)).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(uiText.practiseInBrowser)).toBeLessThan(
    order.indexOf(uiText.appStoreBadge.label),
  );
  await photograph(page, 'app-page');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  await practise.click();
  await expect(page.getByRole('heading', { name: appText.homeTitle })).toBeVisible(pageLoad);
  await expect(page).toHaveURL('/practice/');
  await expect(page.getByRole('button', { name: appText.signOut })).toBeVisible();
  // Taken once; no URL on the way carried a token.
  expect(
    await page.evaluate(() => sessionStorage.getItem('practica.practice.handover')),
  ).toBeNull();
  const token = await page.evaluate(() => localStorage.getItem('practica.practice.token'));
  expect(token).toBeTruthy();
  expect(urls.filter((u) => u.includes(token!))).toEqual([]);
  await context.close();
});

test('registering from an invite lands on sign-in saying so, email filled in; a new assignment shows without a reload; a card title opens it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { manager, trainee, inviteToken } = await inviteNewTrainee(request, 'Arrival');
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await registerFromInvite(page, inviteToken, trainee.password);

  await expect(page).toHaveURL('/practice/sign-in', pageLoad);
  await expect(
    page.getByRole('status').filter({ hasText: arrivalText.accountCreated }),
  ).toBeVisible(pageLoad);
  await expect(page.getByLabel(messages.emailAddress)).toHaveValue(trainee.email);
  await photograph(page, 'sign-in-account-created');
  await signInAfterRegistering(page, trainee.email, trainee.password);
  await expect(page.getByText(appText.emptyTitle)).toBeVisible();

  // The manager adds the trainee to an assignment; coming back to the tab shows it.
  const assignment = await activeAssignmentWithTwoQuestions(request, manager.token);
  await addToAssignment(request, manager.token, assignment.id, trainee.email);
  await showTab(page);
  const title = page.getByRole('heading', { level: 2, name: assignment.name });
  await expect(title).toBeVisible({ timeout: 15_000 });
  await photograph(page, 'home-card');

  // A tap on the card's title opens the practice, as its button does.
  await title.getByRole('link').click();
  await expect(page).toHaveURL(`/practice/assignments/${assignment.id}`);
  await expect(page.getByRole('heading', { name: practiceText.deviceCheckTitle })).toBeVisible(
    pageLoad,
  );
  await context.close();
});

test('offline during an upload the take waits, safe, and uploads by itself; a home reloaded offline comes back by itself', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { manager, trainee, inviteToken } = await inviteNewTrainee(request, 'Offline');
  const assignment = await activeAssignmentWithTwoQuestions(request, manager.token);
  const context = await browser.newContext({
    viewport: phone,
    permissions: ['camera', 'microphone'],
  });
  const page = await context.newPage();
  await registerFromInvite(page, inviteToken, trainee.password);
  await expect(page.getByLabel(messages.emailAddress)).toBeVisible(pageLoad);
  await page.getByLabel(messages.emailAddress).fill(trainee.email);
  await signInAfterRegistering(page, trainee.email, trainee.password);
  await addToAssignment(request, manager.token, assignment.id, trainee.email);

  await page.goto(`/practice/assignments/${assignment.id}`);
  await expect(page.getByText(practiceText.cameraWorks)).toBeVisible(pageLoad);
  await page.getByRole('button', { name: practiceText.startPractice }).click();
  await expect(
    page.getByRole('heading', {
      name: practiceText.questionOf(1, assignment.data.interview!.questions.length),
    }),
  ).toBeVisible(pageLoad);

  // The connection drops, then a take is recorded: its upload gets no answer.
  await page.getByRole('button', { name: practiceText.record, exact: true }).click();
  await expect(page.getByText(practiceText.announce.recording)).toBeAttached();
  await context.setOffline(true);
  await page.waitForTimeout(1_500);
  await page.getByRole('button', { name: practiceText.stop, exact: true }).click();
  await expect(page.getByText(practiceText.takeWaiting)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`Q1: ${practiceText.uploadWaiting}`)).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: practiceText.offline }).first(),
  ).toBeAttached();
  await expect(page.getByText(practiceText.uploadFailed)).toHaveCount(0);
  await expect(page.getByText(messages.checkInternetConnection)).toHaveCount(0);
  await expect(page.getByRole('button', { name: practiceText.retryUploads })).toHaveCount(0);
  await photograph(page, 'practice-offline-take');

  // Back online, the take uploads by itself.
  await context.setOffline(false);
  await expect(page.getByText(`Q1: ${practiceText.uploadDone}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(practiceText.takeWaiting)).toHaveCount(0);

  // The home, once the app is installed (its service worker holds the shell), reloaded offline.
  await page.goto('/practice/');
  await expect(page.getByRole('heading', { name: appText.homeTitle })).toBeVisible(pageLoad);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: appText.homeTitle })).toBeVisible(pageLoad);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(messages.checkInternetConnection)).toBeVisible(pageLoad);
  await expect(page.getByText(queryStateText.loadsWhenOnline)).toBeVisible();
  await photograph(page, 'home-offline');
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 2, name: assignment.name })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(messages.checkInternetConnection)).toHaveCount(0);
  await context.close();
});
