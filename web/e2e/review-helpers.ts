/** Steps of the review screen and the API shared by the end-to-end scenarios that review an answer. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  AnswerStatus,
  AssignmentStatus,
  QuestionType,
  answerStatusLabels,
  type AnswerDetail,
  type AssignmentDetail,
  type AssignmentListItem,
  type AssignmentQuestion,
  type User,
} from '@practica/contract';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { reviewInboxText } from '../src/config/review-inbox-text';
import { reviewText } from '../src/config/review-text';
import { apiSession, bearer } from './helpers';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/**
 * Runs the trainee simulator (`npm run simulate:trainee`: the mobile API over HTTP) as `email`
 * (with `password`, else the simulator's default, the demo one) on the assignment against the
 * server at `url`; answers the id of the answer it submitted.
 */
export async function simulateTrainee(
  email: string,
  assignmentId: number,
  url: string,
  password?: string,
): Promise<number> {
  const { stdout } = await run(
    'npm',
    [
      'run',
      'simulate:trainee',
      '--',
      '--email',
      email,
      ...(password === undefined ? [] : ['--password', password]),
      '--assignment',
      String(assignmentId),
      '--url',
      url,
    ],
    { cwd: repoRoot, timeout: 120_000 },
  );
  const submitted = answerStatusLabels[AnswerStatus.Submitted];
  const done = new RegExp(`Done: answer (\\d+) is ${submitted}`).exec(stdout);
  expect(done, stdout).not.toBeNull();
  return Number(done![1]);
}

/** Signs in through the API as `email` (the demo password); answers the token. */
export async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  return (await apiSession(request, email)).token;
}

/** Sends `method path` with `data` as `token`; answers the envelope's data. */
export async function apiSend<T>(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: bearer(token),
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

/**
 * A new Active assignment named `name` with the composition of the organization's first Active one
 * (`source`), whose trainees `emails` (demo trainees) each submit an answer through the simulator,
 * one after the other, against the server at `url`. Answers its id, the trainees and their answer
 * ids in submission order. A spec that reviews answers works on its own assignment, so specs
 * running side by side never review each other's answers.
 */
export async function assignmentWithSubmissions(
  request: APIRequestContext,
  managerToken: string,
  { name, emails, url }: { name: string; emails: readonly string[]; url: string },
): Promise<{
  source: AssignmentDetail;
  id: number;
  name: string;
  trainees: User[];
  answerIds: number[];
}> {
  const { list: active } = await apiData<{ list: AssignmentListItem[] }>(
    request,
    managerToken,
    `/api/assignments?status=${AssignmentStatus.Active}&pageSize=100`,
  );
  const source = await apiData<AssignmentDetail>(
    request,
    managerToken,
    `/api/assignments/${[...active].sort((a, b) => a.id - b.id)[0]!.id}`,
  );
  const created = await apiSend<{ id: number }>(
    request,
    managerToken,
    'POST',
    '/api/assignments/interview',
    {
      name,
      description: 'Answers to review in a row',
      closeDate: '2099-12-31',
      organizationId: source.organizationId,
      interviewId: source.data.interviewId,
      roles: source.data.roles.map((r) => ({ roleId: r.roleId, avatarId: r.avatarId })),
      environmentId: source.data.environmentId,
      ratingsId: source.data.ratingsId,
      feedbackId: source.data.feedbackId,
    },
  );
  const { list: people } = await apiData<{ list: User[] }>(
    request,
    managerToken,
    '/api/users?search=demo.test&pageSize=100',
  );
  const trainees = emails.map((email) => people.find((u) => u.email === email)!);
  await apiSend(request, managerToken, 'PUT', `/api/assignments/${created.id}/add`, {
    ids: trainees.map((t) => t.id),
  });
  await apiSend(
    request,
    managerToken,
    'PUT',
    `/api/assignments/${created.id}/status?statusId=${AssignmentStatus.Active}`,
  );
  const answerIds: number[] = [];
  for (const trainee of trainees)
    answerIds.push(await simulateTrainee(trainee.email, created.id, url));
  return { source, id: created.id, name, trainees, answerIds };
}

/** A plain Submit of the review on screen: the menu of 'Submit and next' (decisions.md#review-loop §1), staying on the answer. */
export async function submitReviewOnly(page: Page): Promise<void> {
  await page.getByRole('button', { name: reviewInboxText.moreSubmitActions }).click();
  await page.getByRole('menuitem', { name: reviewInboxText.submitOnly, exact: true }).click();
}

/**
 * Clicks star `n` of a rating question (its inputs are visually hidden; the labels are the stars),
 * once the star takes input: the review screen is read only until its claim call has answered.
 */
export async function pickStar(scope: Locator, n: number): Promise<void> {
  const star = scope.getByRole('radio', { name: String(n), exact: true });
  await expect(star).toBeEnabled();
  const id = await star.getAttribute('id');
  await scope.locator(`label[for="${id}"]`).click();
}

/** GET `path` of the API as `token`, answering the envelope's data. */
export async function apiData<T>(
  request: APIRequestContext,
  token: string,
  path: string,
): Promise<T> {
  const response = await request.get(path, { headers: bearer(token) });
  expect(response.ok(), path).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

/**
 * Polls answer `answerId` until every recorded video of it is Ready (its MP4 and poster made,
 * `decisions.md#media §2`), within `timeoutMs` (ms); answers the detail. A timeout names the states
 * that were not Ready.
 */
export async function waitForPlayback(
  request: APIRequestContext,
  token: string,
  answerId: number,
  timeoutMs = 120_000,
): Promise<AnswerDetail> {
  let detail: AnswerDetail | undefined;
  await expect
    .poll(
      async () => {
        detail = await apiData<AnswerDetail>(
          request,
          token,
          `/api/assignments/answers/${answerId}`,
        );
        const { answers } = detail.data.interviewAnswer;
        return answers.length === 0
          ? ['no items']
          : answers.flatMap((i) =>
              i.media.status === 'ready' ? [] : [`item ${i.id}: ${i.media.status}`],
            );
      },
      { timeout: timeoutMs, intervals: [500, 1_000] },
    )
    .toEqual([]);
  return detail!;
}

/**
 * The oldest Active assignment of the organization of `token` (its manager) whose interview has two
 * questions or more, as GET /assignments/{id} answers it. Throws when the demo seed has none.
 */
export async function activeAssignmentWithTwoQuestions(
  request: APIRequestContext,
  token: string,
): Promise<AssignmentDetail> {
  const { list } = await apiData<{ list: AssignmentListItem[] }>(
    request,
    token,
    `/api/assignments?status=${AssignmentStatus.Active}&pageSize=100`,
  );
  for (const row of [...list].sort((a, b) => a.id - b.id)) {
    const detail = await apiData<AssignmentDetail>(request, token, `/api/assignments/${row.id}`);
    if ((detail.data.interview?.questions.length ?? 0) >= 2) return detail;
  }
  throw new Error('No Active assignment with an interview of two questions in the demo seed');
}

/**
 * Adds the user of `email` (found by the users search) to assignment `assignmentId` as the manager
 * of `managerToken` (PUT /assignments/{id}/add); answers the user's id. Fails the test unless the
 * add succeeds.
 */
export async function addToAssignment(
  request: APIRequestContext,
  managerToken: string,
  assignmentId: number,
  email: string,
): Promise<number> {
  const users = await apiData<{ list: User[] }>(
    request,
    managerToken,
    `/api/users?search=${encodeURIComponent(email)}`,
  );
  const id = users.list.find((u) => u.email === email)!.id;
  const added = await request.put(`/api/assignments/${assignmentId}/add`, {
    headers: bearer(managerToken),
    data: { ids: [id] },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  return id;
}

/** A file URL without its signature query (each signing window signs it anew). */
export const withoutQuery = (url: string) => new URL(url, 'http://x').pathname;

/** The review screen's video element. */
export const videoOf = (page: Page) => page.getByTestId('review-video');
/** The review video's current time, in seconds. */
export const currentTime = (page: Page) =>
  videoOf(page).evaluate((el: HTMLVideoElement) => el.currentTime);

/** Answers every feedback question: the first option of choices, a sentence for open ones. */
export async function giveFeedback(
  page: Page,
  feedback: readonly AssignmentQuestion[],
): Promise<void> {
  const panel = page.getByRole('tabpanel');
  for (const [i, q] of feedback.entries()) {
    const label = reviewText.feedbackLabel(i + 1, q.text);
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
}
