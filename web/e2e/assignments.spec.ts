/**
 * Assignments end to end (decisions.md#assignments): a manager walks the 5-step wizard — every step refuses Next
 * with the spec's message until it is satisfied — confirms, publishes from the edit screen,
 * assigns a group and a trainee and sees them Pending on the detail page; the instructor
 * dashboard's figures, read before and after, follow (one more Active assignment, one more answer
 * to review once a trainee submits through the mobile API). Also: an admin chooses the
 * organization in the wizard, and the user detail's assignments tab saves through its picker.
 */
import { readFileSync } from 'node:fs';
import {
  AnswerStatus,
  AssignmentStatus,
  MediaType,
  format,
  messages,
  type AnswerList,
  type MeAssignmentDetail,
} from '@practica/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import { assignmentText } from '../src/config/assignment-text';
import { assignmentWizardText } from '../src/config/assignment-wizard-text';
import { signInAs, demo, demoPassword } from './helpers';

const shots = join(process.cwd(), 'test-results', 'e2e-shots');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `assignments-${name}.png`), fullPage: true });
}

const next = (page: Page) => page.getByRole('button', { name: messages.next, exact: true });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notifications-root').getByText(text, { exact: true }).last();

/** The instructor dashboard's three figures, once loaded. */
async function dashboardFigures(page: Page) {
  const figure = async (title: string) => {
    const count = page.getByRole('region', { name: title }).getByTestId('dashboard-card-count');
    await expect(count).toHaveText(/^\d+$/);
    return Number(await count.innerText());
  };
  return {
    totalTrainees: await figure(messages.totalTrainees),
    activeAssignments: await figure(messages.activeAssignments),
    pendingReview: await figure(messages.pendingReview),
  };
}

/** Signs out by clearing the session the console keeps, then signs in as `email`. */
async function switchUser(page: Page, email: string, landing: string) {
  await page.evaluate(() => window.localStorage.clear());
  await signInAs(page, email, landing);
}

/** A bearer header for a demo account. */
async function bearerOf(request: APIRequestContext, email: string) {
  const answer = await request.post('/api/auth', { data: { email, password: demoPassword } });
  expect(answer.ok()).toBeTruthy();
  const { token } = ((await answer.json()) as { data: { token: string } }).data;
  return { Authorization: `Bearer ${token}` };
}

/** Reads an API envelope's data, failing with the server's message. */
async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { data: T; message: string };
  expect(response.ok(), body.message).toBeTruthy();
  return body.data;
}

/**
 * What the trainee's mobile app does (decisions.md#assignments-and-answers): opens the
 * assignment, starts a practice, uploads one demo video per question, saves the items, submits.
 */
async function traineeSubmits(request: APIRequestContext, email: string, assignmentId: number) {
  const headers = await bearerOf(request, email);
  const base = `/api/me/assignments/${assignmentId}`;
  const detail = await dataOf<MeAssignmentDetail>(await request.get(base, { headers }));
  await dataOf(await request.post(`${base}/practice`, { headers }));
  const videoDir = join(process.cwd(), 'server', 'src', 'seed', 'fixtures', 'video');
  const videos = JSON.parse(readFileSync(join(videoDir, 'videos.json'), 'utf8')) as {
    file: string;
    duration: number;
  }[];
  const items = [];
  for (const question of detail.questions) {
    const video = videos[(question.number - 1) % videos.length]!;
    const bytes = readFileSync(join(videoDir, video.file));
    const ticket = await dataOf<{ id: number; url: string }>(
      await request.post('/api/files/upload', {
        headers,
        data: {
          name: video.file,
          extension: 'mp4',
          fileTypeId: MediaType.Video,
          size: bytes.length,
        },
      }),
    );
    const put = await request.put(ticket.url, {
      headers: { 'Content-Type': 'video/mp4' },
      data: bytes,
    });
    expect(put.ok()).toBeTruthy();
    items.push({ questionId: question.id, fileId: ticket.id, duration: video.duration });
  }
  await dataOf(await request.put(`${base}/answers`, { headers, data: { items } }));
  await dataOf(await request.post(`${base}/submit`, { headers }));
}

/**
 * What other scenarios did to 'Pending Review' since `since` (ms): answers submitted elsewhere
 * (the review scenario's simulator) add one each, answers reviewed take one off.
 */
async function pendingReviewDrift(
  request: APIRequestContext,
  since: number,
  exceptAssignmentId: number,
): Promise<number> {
  const headers = await bearerOf(request, demo.instructor);
  const list = await dataOf<AnswerList>(
    await request.get(
      `/api/assignments/answers?status=${AnswerStatus.Submitted},${AnswerStatus.Reviewed}&pageSize=100`,
      { headers },
    ),
  );
  const after = (at: string | null) => at !== null && Date.parse(at) >= since;
  const submitted = list.list.filter(
    (a) => a.assignmentId !== exceptAssignmentId && after(a.submittedAt),
  ).length;
  const reviewed = list.list.filter((a) => after(a.reviewedAt)).length;
  return submitted - reviewed;
}

/**
 * The organization's Active assignments (what the dashboard's 'Active Assignments' counts), so the
 * figure can allow for what other scenarios published, reopened or closed meanwhile.
 */
async function activeAssignmentIds(request: APIRequestContext): Promise<Set<number>> {
  const headers = await bearerOf(request, demo.manager);
  const list = await dataOf<{ list: { id: number }[] }>(
    await request.get(`/api/assignments?status=${AssignmentStatus.Active}&pageSize=100`, {
      headers,
    }),
  );
  return new Set(list.list.map((a) => a.id));
}

/**
 * The dashboard's figures (reloaded) and the Active assignments they counted: read between two
 * equal lists of them, since another scenario may publish, reopen or close one meanwhile.
 */
async function figuresWithActive(page: Page, request: APIRequestContext) {
  for (let attempt = 1; ; attempt += 1) {
    const first = await activeAssignmentIds(request);
    await page.reload();
    const figures = await dashboardFigures(page);
    const active = await activeAssignmentIds(request);
    const same = first.size === active.size && [...first].every((id) => active.has(id));
    if (same || attempt === 5) return { figures, active };
  }
}

test('a manager creates, publishes and assigns an interview assignment; the instructor dashboard follows', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const name = `E2E assignment ${Date.now()}`;

  // The instructor dashboard before.
  await signInAs(page, demo.instructor, '/dbl/dashboard');
  const { figures: before, active: activeBefore } = await figuresWithActive(page, request);
  const since = Date.now();

  await switchUser(page, demo.manager, '/dbl/org-manager/dashboard/org');
  await page.goto('/dbl/assignments');
  await expect(page.getByRole('table', { name: messages.assignments })).toBeVisible();
  await page.getByRole('button', { name: /New assignment/ }).click();
  await expect(page).toHaveURL('/dbl/assignments/create');
  // A manager's organization is its own: no choice offered.
  await expect(page.getByRole('combobox', { name: messages.organization })).toHaveCount(0);

  // 1. Assignment Info
  await next(page).click();
  await expect(page.getByText(messages.titleRequired)).toBeVisible();
  await expect(page.getByText(messages.descriptionRequired)).toBeVisible();
  await page.getByLabel(messages.title).fill(name);
  await next(page).click();
  await expect(page.getByText(messages.descriptionRequired)).toBeVisible();
  await page.getByLabel(messages.description).fill('Practise with the end-to-end suite');
  await shot(page, '1-info');
  await next(page).click();

  // 2. Select interview
  await next(page).click();
  await expect(alert(page, messages.selectInterviewToContinue)).toBeVisible();
  const interviews = page.getByRole('table', { name: messages.interviews });
  await interviews.getByRole('radio').first().check();
  await expect(page.getByText(format.questionShortLabel(1)).first()).toBeVisible();
  await shot(page, '2-interview');
  await next(page).click();

  // 3. Select roles
  await next(page).click();
  await expect(alert(page, messages.selectEnvironmentToContinue)).toBeVisible();
  await page.locator('button[aria-pressed]').first().click();
  await expect(page.locator('button[aria-pressed="true"]')).toHaveCount(1);
  await shot(page, '3-roles');
  await next(page).click();

  // 4. Select evaluation
  const ratingsTab = page.getByText(`${messages.ratings} ${format.evaluationCounter(false)}`);
  await expect(ratingsTab).toBeVisible();
  await next(page).click();
  await expect(alert(page, messages.selectRatingScaleToContinue)).toBeVisible();
  const evaluations = page.getByRole('table', { name: messages.stepSelectEvaluation });
  await evaluations.getByRole('radio').first().check();
  await expect(
    page.getByText(`${messages.ratings} ${format.evaluationCounter(true)}`),
  ).toBeVisible();
  await next(page).click();
  await expect(alert(page, messages.selectFeedbackFormToContinue)).toBeVisible();
  await page.getByText(`${messages.feedback} ${format.evaluationCounter(false)}`).click();
  await evaluations.getByRole('radio').first().check();
  await shot(page, '4-evaluation');
  await next(page).click();

  // 5. Recap and Confirm
  await expect(page.getByRole('table', { name: messages.stepRecap })).toBeVisible();
  await shot(page, '5-recap');
  await page.getByRole('button', { name: messages.confirm, exact: true }).click();
  await expect(toast(page, messages.interviewAssignmentCreated)).toBeVisible();
  // The panel after Confirm (assignment-wizard.spec.ts publishes from it); here: keep the Draft.
  await page.getByRole('button', { name: assignmentWizardText.keepDraft, exact: true }).click();
  await expect(page).toHaveURL(`/dbl/assignments?statusId=${AssignmentStatus.Draft}`);
  await shot(page, '6-list-draft');

  // Edit → Publish
  await page.getByRole('row', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(/\/dbl\/assignments\/\d+\/edit$/);
  await shot(page, '7-edit');
  await page.getByRole('button', { name: messages.publish, exact: true }).click();
  await expect(toast(page, format.assignmentStatusUpdatedTo('Active'))).toBeVisible();
  await expect(page).toHaveURL(/\/dbl\/assignments\/\d+$/);
  const assignmentId = Number(new URL(page.url()).pathname.split('/').pop());

  // Detail → assign a group (Cohort A: Tom, Tessa, Omar) and a trainee of another (Priya).
  await page.getByRole('button', { name: messages.add, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: messages.save, exact: true }).waitFor();
  await dialog.getByRole('checkbox', { name: assignmentText.groupLabel('Cohort A') }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Omar Okafor' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Omar Okafor' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Priya Patel' }).first().check();
  await shot(page, '8-assign-dialog');
  await dialog.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(toast(page, messages.assignmentTraineesSaved)).toBeVisible();
  const trainees = page.getByRole('table', { name: messages.trainees });
  for (const trainee of ['Tom Trainee', 'Tessa Tran', 'Omar Okafor', 'Priya Patel']) {
    await expect(trainees.getByRole('row', { name: new RegExp(trainee) })).toContainText(
      messages.pending,
    );
  }
  await expect(page.getByText(`${messages.pending} (4)`)).toBeVisible();
  await shot(page, '9-detail');

  // Unticking a Pending trainee removes them.
  await page.getByRole('button', { name: messages.add, exact: true }).click();
  await dialog.getByRole('checkbox', { name: 'Priya Patel' }).first().uncheck();
  await dialog.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(toast(page, messages.traineeRemoved)).toBeVisible();
  await expect(trainees.getByRole('row', { name: /Priya Patel/ })).toHaveCount(0);
  await expect(page.getByText(`${messages.pending} (3)`)).toBeVisible();

  // Tom answers on the mobile app.
  await traineeSubmits(request, demo.trainee, assignmentId);

  // The instructor dashboard after: the same trainees, one more Active assignment, one more
  // answer to review (give or take what another scenario submitted or reviewed meanwhile).
  await switchUser(page, demo.instructor, '/dbl/dashboard');
  const { figures: after, active: activeAfter } = await figuresWithActive(page, request);
  const activeDrift =
    [...activeAfter].filter((id) => id !== assignmentId && !activeBefore.has(id)).length -
    [...activeBefore].filter((id) => !activeAfter.has(id)).length;
  const drift = await pendingReviewDrift(request, since, assignmentId);
  expect(after).toEqual({
    totalTrainees: before.totalTrainees,
    activeAssignments: before.activeAssignments + 1 + activeDrift,
    pendingReview: before.pendingReview + 1 + drift,
  });
  await expect(
    page
      .getByRole('table', { name: messages.pendingReview })
      .getByRole('row', { name: new RegExp(`Tom Trainee.*${name}`) }),
  ).toBeVisible();
  await shot(page, '10-dashboard-after');
});

test('an admin chooses the organization first; the interviews offered are its own', async ({
  page,
}) => {
  await signInAs(page, demo.admin, '/dbl/system-admin/dashboard');
  await page.goto('/dbl/assignments/create');
  await page.getByLabel(messages.title).fill('Admin practice');
  await page.getByLabel(messages.description).fill('Chosen organization');
  await next(page).click();
  await expect(page.getByText(assignmentText.organizationRequired)).toBeVisible();
  await page.getByRole('combobox', { name: messages.organization }).click();
  await page.getByRole('option', { name: 'Northwind Training' }).click();
  await shot(page, '11-admin-organization');
  await next(page).click();
  // The demo seed gives Northwind no Active interview of its own, and Demo Academy's are not offered.
  const interviews = page.getByRole('table', { name: messages.interviews });
  await expect(interviews).toContainText(messages.noRecordsFound);
  await page.getByRole('main').getByRole('button', { name: messages.back, exact: true }).click();
  await page.getByRole('combobox', { name: messages.organization }).click();
  await page.getByRole('option', { name: 'Demo Academy' }).click();
  await next(page).click();
  await expect(interviews.getByRole('radio').first()).toBeVisible();
  await expect(interviews).toContainText('Demo Academy');
  await expect(interviews).not.toContainText(messages.noRecordsFound);
  await shot(page, '11b-admin-demo-interviews');
});

test("the user detail's assignments tab saves the trainee's assignments through its picker", async ({
  page,
  request,
}) => {
  const headers = await bearerOf(request, demo.manager);
  const users = await dataOf<{ list: { id: number; email: string }[] }>(
    await request.get('/api/users?search=omar&roles=1', { headers }),
  );
  const omar = users.list.find((u) => u.email === 'omar@demo.test')!;
  await signInAs(page, demo.manager, '/dbl/org-manager/dashboard/org');
  await page.goto(`/dbl/user-detail/${omar.id}`);
  await expect(page.getByRole('tab', { name: messages.assignments })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const table = page.getByRole('table', { name: messages.assignments });
  // Omar was reviewed on the Active demo assignment and is on the Closed one.
  await expect(table.getByRole('row', { name: /Behavioural interview practice/ })).toContainText(
    messages.reviewed,
  );
  await expect(table.getByRole('row', { name: /Spring onboarding interview/ })).toBeVisible();

  await page.getByRole('button', { name: assignmentText.editAssignments }).click();
  const dialog = page.getByRole('dialog');
  const chosen = dialog.getByRole('list', { name: assignmentText.chosenAssignments });
  // Answered: locked; Closed: not offered.
  await expect(chosen.getByText('Behavioural interview practice')).toBeVisible();
  await expect(
    chosen.getByRole('button', {
      name: assignmentText.removeAssignmentFrom('Behavioural interview practice'),
    }),
  ).toHaveCount(0);
  await expect(dialog.getByText('Spring onboarding interview')).toHaveCount(0);
  const draft = 'Mock interview: customer support (draft)';
  await dialog.getByRole('button', { name: assignmentText.addAssignmentTo(draft) }).click();
  await expect(chosen.getByText(draft)).toBeVisible();
  await shot(page, '12-user-assignments-picker');
  await dialog.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(toast(page, messages.traineeAssignmentsSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: draft })).toContainText(messages.pending);
  await shot(page, '13-user-assignments-tab');

  // And off again.
  await page.getByRole('button', { name: assignmentText.editAssignments }).click();
  await dialog.getByRole('button', { name: assignmentText.removeAssignmentFrom(draft) }).click();
  await dialog.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(toast(page, messages.traineeAssignmentsSaved)).toBeVisible();
  await expect(table.getByText(draft)).toHaveCount(0);
});

test('the instructor dashboard shows the figures and links to the Active assignments', async ({
  page,
}) => {
  await signInAs(page, demo.instructor, '/dbl/dashboard');
  await expect(page.getByRole('table', { name: messages.pendingReview })).toBeVisible();
  await expect(page.getByText(messages.activeAssignments)).toBeVisible();
  await shot(page, '0-dashboard');
  await page.getByRole('link', { name: messages.assignments }).last().click();
  await expect(page).toHaveURL(`/dbl/assignments?statusId=${AssignmentStatus.Active}`);
  await expect(page.getByLabel(/Active \(\d+\)/)).toBeChecked();
});
