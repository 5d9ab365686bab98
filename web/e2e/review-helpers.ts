/** Steps of the review screen and the API shared by the end-to-end scenarios that review an answer. */
import { QuestionType, type AnswerDetail, type AssignmentQuestion } from '@practica/contract';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { reviewText } from '../src/config/review-text';

/** Clicks star `n` of a Mantine Rating (its inputs are visually hidden; the labels are the stars). */
export async function pickStar(scope: Locator, n: number): Promise<void> {
  const id = await scope.getByRole('radio', { name: String(n), exact: true }).getAttribute('id');
  await scope.locator(`label[for="${id}"]`).click();
}

/** GET `path` of the API as `token`, answering the envelope's data. */
export async function apiData<T>(
  request: APIRequestContext,
  token: string,
  path: string,
): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), path).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

/**
 * Polls answer `answerId` until every recorded video of it is Ready (its MP4 and poster made, issue
 * 20 §2), within `timeoutMs`; answers the detail. A timeout names the states that were not Ready.
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
