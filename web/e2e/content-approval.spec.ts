/**
 * Content approval end to end (decisions.md#console-flows §2, §7, §8, §9): the creator's interview (with an mp3
 * prompt) waits in Review; the manager's dashboard counts it and 'Review items' opens it in the
 * organization contents; the preview plays its audio prompt; 'Return draft' takes a reason that the
 * creator then reads under the item's name and on its editor, and that goes away when it is sent to
 * Review again. A question editor opened from a bookmark returns to its evaluation on Cancel, and a
 * rating question asks for no options. A manager of an organization without content of its own
 * lands on the General side. Set CONTENT_APPROVAL_SHOTS to a folder to keep screenshots at 1440
 * and 375 px.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ContentStatus,
  ContentType,
  MediaType,
  messages,
  QuestionType,
  contentStatusLabels,
} from '@practica/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { contentApprovalText } from '../src/config/content-approval-text';
import { contentText } from '../src/config/content-text';
import { paths } from '@shared/config/paths';
import { demo, demoPassword, signIn } from './helpers';

const here = fileURLToPath(new URL('.', import.meta.url));
const mp3 = readFileSync(join(here, 'fixtures', 'prompt.mp3'));
const shotDir = process.env.CONTENT_APPROVAL_SHOTS;
if (shotDir) mkdirSync(shotDir, { recursive: true });

/** Screenshots of the page at 1440 and 375 px wide when CONTENT_APPROVAL_SHOTS is set. */
async function shoot(page: Page, name: string) {
  if (!shotDir) return;
  const size = page.viewportSize() ?? { width: 1366, height: 860 };
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(shotDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** Signs in through the API; answers the bearer headers and the user's organization. */
async function apiSession(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth', { data: { email, password: demoPassword } });
  expect(res.ok()).toBeTruthy();
  const { token, organizationId } = (
    (await res.json()) as {
      data: { token: string; organizationId: number };
    }
  ).data;
  return { headers: { Authorization: `Bearer ${token}` }, organizationId };
}

/** The creator's interview with one role and one question with an mp3 prompt, sent to Review. */
async function interviewInReview(request: APIRequestContext, name: string): Promise<number> {
  const { headers } = await apiSession(request, demo.instructor);
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { data: { id: number; url?: string } }).data;
  };
  const created = await ok(
    await request.post('/api/interviews', {
      headers,
      data: { name, description: 'Waiting for approval.', roles: [{ name: 'Interviewer' }] },
    }),
  );
  const detail = (await (
    await request.get(`/api/questionnaires/${created.id}`, { headers })
  ).json()) as { data: { roles: { id: number }[] } };
  const upload = await ok(
    await request.post('/api/files/upload', {
      headers,
      data: {
        name: 'prompt.mp3',
        extension: 'mp3',
        fileTypeId: MediaType.Audio,
        size: mp3.length,
      },
    }),
  );
  expect((await request.put(upload.url!, { data: mp3 })).ok()).toBeTruthy();
  await ok(
    await request.post(`/api/questions?contentId=${created.id}`, {
      headers,
      data: {
        text: 'Tell us about a hard problem you solved.',
        questionTypeId: QuestionType.Open,
        interviewRoleId: detail.data.roles[0]!.id,
        audios: [{ audioId: upload.id }],
      },
    }),
  );
  await ok(
    await request.put(`/api/contents/${created.id}/status?statusId=${ContentStatus.Review}`, {
      headers,
    }),
  );
  return created.id;
}

test('the manager finds an item awaiting approval, hears its prompt and returns it with a reason the creator reads', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `E2E approval ${Date.now().toString(36)}`;
  const reason = 'Add a closing question about salary expectations.';
  const id = await interviewInReview(request, name);

  // The dashboard counts it; 'Review items' opens the organization contents filtered to Review.
  await signIn(page, demo.manager);
  await expect(page).toHaveURL(paths.orgManagerDashboard());
  const card = page.getByRole('region', { name: contentApprovalText.awaitingApproval });
  await expect(card.getByTestId('dashboard-card-count')).not.toHaveText('0');
  await shoot(page, 'manager-dashboard');
  await card.getByRole('link', { name: contentApprovalText.reviewItems }).click();
  await expect(page).toHaveURL(/\/contents\?.*statusId=2/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  // The view is in the address: a reload keeps it.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(
    page.getByRole('radiogroup', { name: contentText.statusFilter }).getByRole('radio', {
      name: contentStatusLabels[ContentStatus.Review],
    }),
  ).toBeChecked();
  await shoot(page, 'organization-contents-review');

  // The preview plays the question's audio prompt.
  await row.getByRole('button', { name: messages.review, exact: true }).click();
  const preview = page.getByRole('dialog', { name });
  const audio = preview.locator('audio');
  await expect(audio).toHaveCount(1);
  await expect(audio).toHaveAttribute('src', /.+/);
  const playable = await audio.evaluate(
    (el: HTMLAudioElement) =>
      new Promise<boolean>((done) => {
        el.addEventListener('loadedmetadata', () => done(el.duration > 0), { once: true });
        el.addEventListener('error', () => done(false), { once: true });
        el.load();
      }),
  );
  expect(playable).toBe(true);
  await shoot(page, 'preview-audio');

  // 'Return draft' asks for a reason.
  await preview.getByRole('button', { name: messages.returnDraft }).click();
  const ask = page.getByRole('dialog', { name: contentApprovalText.returnDraftTitle(name) });
  await ask.getByRole('textbox', { name: contentApprovalText.returnReason }).fill(reason);
  await shoot(page, 'return-draft-reason');
  await ask.getByRole('button', { name: messages.returnDraft }).click();
  await expect(page.getByText(messages.contentStatusUpdated).first()).toBeVisible();
  await expect(ask).toBeHidden();

  // The creator reads the reason under the name and on the editor.
  const context = await browser.newContext();
  const creator = await context.newPage();
  await signIn(creator, demo.instructor);
  await expect(creator).toHaveURL(paths.dashboard());
  await creator.goto(paths.interviews());
  await creator.getByRole('textbox', { name: messages.searchByName }).fill(name);
  const mine = creator.getByRole('row', { name: new RegExp(name) });
  await expect(mine.getByText(contentApprovalText.returnedShort(reason))).toBeVisible();
  await shoot(creator, 'creator-list-returned');
  await mine.click();
  await expect(creator).toHaveURL(paths.interviewEdit(id));
  await expect(creator.getByTestId('return-reason')).toHaveText(reason);
  await shoot(creator, 'creator-editor-returned');
  // Sent to Review again, the reason is gone.
  await creator.getByRole('button', { name: messages.submit, exact: true }).click();
  await expect(creator.getByText(messages.contentStatusUpdated).first()).toBeVisible();
  await expect(creator.getByTestId('return-reason')).toHaveCount(0);
  await context.close();
});

test('a question editor opened from a bookmark returns to its rating scale; rating questions ask for no options', async ({
  page,
  request,
}) => {
  const { headers } = await apiSession(request, demo.instructor);
  const created = await request.post(
    `/api/questionnaires?contentTypeId=${ContentType.RatingScale}`,
    {
      headers,
      data: {
        name: `E2E bookmark ${Date.now().toString(36)}`,
        description: 'Opened from a bookmark.',
      },
    },
  );
  expect(created.ok()).toBeTruthy();
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  await signIn(page, demo.instructor);
  await expect(page).toHaveURL(paths.dashboard());
  // A fresh tab on the bookmark: nothing to go back to.
  const tab = await page.context().newPage();
  await tab.goto(paths.questionCreate(id, ContentType.RatingScale));
  await expect(tab.getByRole('textbox', { name: contentText.questionText })).toBeVisible();
  await expect(tab.getByText(contentText.options, { exact: true })).toHaveCount(0);
  await shoot(tab, 'rating-question');
  await tab.getByRole('button', { name: messages.cancel, exact: true }).click();
  await expect(tab).toHaveURL(paths.evaluationEdit(ContentType.RatingScale, id));
  // Save goes there too, and the question is kept without options.
  await tab.goto(paths.questionCreate(id, ContentType.RatingScale));
  await tab.getByRole('textbox', { name: contentText.questionText }).fill('How clear was it?');
  await tab.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(tab).toHaveURL(paths.evaluationEdit(ContentType.RatingScale, id));
  await expect(tab.getByRole('cell', { name: 'How clear was it?' })).toBeVisible();
});

test('a manager whose organization has no content of its own opens on the General side', async ({
  page,
}) => {
  await signIn(page, demo.manager2);
  await expect(page).not.toHaveURL(/\/login/);
  const orgId = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('user') ?? '{}') as { organizationId: number })
        .organizationId,
  );
  await page.goto(paths.organizationContents(orgId));
  const scope = page.getByRole('radiogroup', { name: contentText.scope });
  await expect(scope.getByRole('radio', { name: messages.general })).toBeChecked();
  await shoot(page, 'new-manager-contents');
  // The organization's own side says what comes next.
  await scope.locator('label', { hasText: messages.organization }).click();
  await expect(page.getByText(contentApprovalText.noItemsYet(ContentType.Interview))).toBeVisible();
  await shoot(page, 'new-manager-contents-empty');
});
