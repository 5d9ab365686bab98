/**
 * decisions.md#reliability-and-security 'Bad input': stored HTML payloads render inert in the console. Through the API, HTML
 * and script payloads are stored in the text fields the console shows (organization name,
 * address and contact; group name and description; a user's first and last name; an interview's
 * title, description and role; a question's text; an assignment's title and description). The
 * pages that show them are opened with the Content-Security-Policy bypassed (so a script would
 * run if the console ever rendered markup): each payload is shown literally, no element of it
 * exists in the page, and `window.__xss` stays undefined.
 *
 * Everything is created fresh (its own organization, Draft content and a Draft assignment of
 * Demo Academy) with a unique tag, so no other spec sees different data.
 */
import { messages, Role } from '@practica/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { paths } from '@shared/config/paths';
import { demo, demoPassword, rememberTokens, signIn } from './helpers';

const img = '<img src=x onerror="window.__xss=1">';
const script = '<script>window.__xss=1</script>';

test.use({ bypassCSP: true });

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function tokenOf(request: APIRequestContext, email: string, password = demoPassword) {
  const answer = await request.post('/api/auth', { data: { email, password } });
  expect(answer.ok(), await answer.text()).toBeTruthy();
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** The `data` of a successful answer (fails the test with the body otherwise). */
async function dataOf<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(answer.ok(), await answer.text()).toBeTruthy();
  return ((await answer.json()) as { data: T }).data;
}

interface Stored {
  organizationId: number;
  userId: number;
  groupId: number;
  interviewId: number;
  assignmentId: number;
}

/** Stores the payloads in every console-visible text field, through the API. */
async function storePayloads(request: APIRequestContext): Promise<Stored> {
  const admin = { Authorization: `Bearer ${await tokenOf(request, demo.admin)}` };
  const creator = { Authorization: `Bearer ${await tokenOf(request, demo.instructor)}` };
  const manager = { Authorization: `Bearer ${await tokenOf(request, demo.manager)}` };

  const organization = await dataOf<{ id: number }>(
    await request.post('/api/organizations', {
      headers: admin,
      data: {
        name: `${img} ${tag}`,
        address: `${script} ${tag}`,
        contact: {
          firstName: img,
          lastName: script,
          email: `xss-contact-${tag}@demo.test`,
          phoneNumber: '5550199999',
        },
        userSeats: 2,
        creatorSeats: 0,
      },
    }),
  );

  const email = `xss-user-${tag}@demo.test`;
  const invite = await dataOf<{ token: string }>(
    await request.post('/api/invites', {
      headers: admin,
      data: {
        organizationId: organization.id,
        roleId: Role.Manager,
        firstName: script,
        lastName: img,
        email,
      },
    }),
  );
  rememberTokens(invite.token);
  await dataOf(
    await request.post('/api/invites/accept', {
      data: { firstName: script, lastName: img, email, token: invite.token, password: 'xss-pass1' },
    }),
  );
  const members = await dataOf<{ list: { id: number; email: string }[] }>(
    await request.get(`/api/organizations/${organization.id}/users?pageSize=100`, {
      headers: admin,
    }),
  );
  const user = members.list.find((u) => u.email === email);
  expect(user, 'the invited user').toBeTruthy();

  const group = await dataOf<{ id: number }>(
    await request.post('/api/groups', {
      headers: admin,
      data: { organizationId: organization.id, name: `${script} ${tag}`, description: img },
    }),
  );

  const interview = await dataOf<{ id: number; roles: { id: number }[] }>(
    await request.post('/api/interviews', {
      headers: creator,
      data: { name: `${img} ${tag}`, description: script, roles: [{ name: script }] },
    }),
  );
  await dataOf(
    await request.post(`/api/questions?contentId=${interview.id}`, {
      headers: creator,
      data: {
        text: `${script} ${tag}`,
        description: img,
        questionTypeId: 1,
        interviewRoleId: interview.roles[0]?.id ?? null,
      },
    }),
  );

  // A Draft assignment of Demo Academy, composed like a seeded one, with hostile texts.
  const list = await dataOf<{ list: { id: number }[] }>(
    await request.get('/api/assignments?pageSize=100', { headers: manager }),
  );
  expect(list.list.length, 'a seeded assignment to copy').toBeGreaterThan(0);
  const model = await dataOf<{
    organizationId: number;
    data: {
      interviewId: number;
      environmentId: number;
      ratingsId: number;
      feedbackId: number;
      roles: { roleId: number; avatarId: number | null }[];
    };
  }>(await request.get(`/api/assignments/${list.list[0]!.id}`, { headers: manager }));
  const assignment = await dataOf<{ id: number }>(
    await request.post('/api/assignments/interview', {
      headers: manager,
      data: {
        name: `${img} ${tag}`,
        description: `${script} ${tag}`,
        organizationId: model.organizationId,
        interviewId: model.data.interviewId,
        environmentId: model.data.environmentId,
        ratingsId: model.data.ratingsId,
        feedbackId: model.data.feedbackId,
        roles: model.data.roles.map((r) => ({ roleId: r.roleId, avatarId: r.avatarId })),
      },
    }),
  );

  return {
    organizationId: organization.id,
    userId: user!.id,
    groupId: group.id,
    interviewId: interview.id,
    assignmentId: assignment.id,
  };
}

/** On the open page: every text shown literally, no element of the payloads, no script ran. */
async function expectInert(page: Page, texts: string[]) {
  for (const text of texts) {
    await expect(page.getByText(text).first(), text).toBeVisible({ timeout: 15_000 });
  }
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
  ).toBeUndefined();
  await expect(page.locator('img[src="x"], img[onerror]')).toHaveCount(0);
  const injected = await page
    .locator('script')
    .evaluateAll((nodes) => nodes.filter((n) => n.textContent?.includes('__xss')).length);
  expect(injected).toBe(0);
}

let stored: Stored;

test.describe.configure({ mode: 'serial' });

test('the payloads are stored through the API', async ({ request }) => {
  test.setTimeout(60_000);
  stored = await storePayloads(request);
});

test('the admin sees them as text on every page that shows them', async ({ page }) => {
  test.setTimeout(90_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(page, demo.admin);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(paths.systemAdminDashboard());
  await expectInert(page, [`${img} ${tag}`]);

  await page.goto(paths.organizationDetail(stored.organizationId));
  await expectInert(page, [`${img} ${tag}`, `${script} ${tag}`]);

  await page.goto(paths.groupDetail(stored.groupId));
  await expectInert(page, [`${script} ${tag}`, img]);

  await page.goto(paths.userDetail(stored.userId));
  await expectInert(page, [script]);

  await page.goto(paths.assignmentDetail(stored.assignmentId));
  await expectInert(page, [`${img} ${tag}`, `${script} ${tag}`]);

  expect(dialogs).toEqual([]);
});

test('the creator sees the interview and its question as text', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, demo.instructor);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(paths.interviews());
  await page.getByRole('textbox', { name: messages.searchByName }).fill(tag);
  await expectInert(page, [`${img} ${tag}`]);
  await page.goto(paths.interviewEdit(stored.interviewId));
  await expectInert(page, [`${script} ${tag}`]);
});
