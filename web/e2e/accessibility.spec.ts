/**
 * Accessibility (decisions.md#reliability-and-security 'Sessions and secrets'): axe-core (`@axe-core/playwright`) on every page
 * of the console as the roles see it — admin, manager, instructor with the creator flag,
 * instructor without it — and on the public pages, with the WCAG 2.0 and 2.1 rules of levels A and AA. A
 * violation of impact serious or critical fails the role's test; each is reported with its rule,
 * help text, axe's explanation and the target selectors.
 *
 * The pages: lists, details with real ids of the demo seed (found through the API), editors, the
 * assignment wizard step by step (with its validation messages), the review screen (Submitted and
 * Reviewed) and the dialogs that matter (assign, avatar picker, pickers, confirmations). A page is
 * checked whole; a dialog, a tab or a later wizard step is checked within itself (the page around
 * it was checked already). One sign-in per test (the admin's and the manager's tours are two tests
 * each); the pages follow each other in one tab, moving inside the console as a link does (no
 * reload).
 *
 * Each screen is checked once, by the role that shows the most of it: the screens several roles
 * share (assignments, the review screen, groups, a trainee's detail, settings) by the manager, who
 * has every control an instructor has and more; the assignment wizard by the admin (with the
 * organization field); the review inbox by the admin (who picks the organization) and the manager;
 * each role's own screens (dashboards, the admin's pages, the creator's editors) by that role.
 * Checking a screen again as a role that shows a part of it re-ran axe on the same markup and took
 * half of the file's time.
 */
import AxeBuilder from '@axe-core/playwright';
import {
  AnswerStatus,
  AssetType,
  AssignmentStatus,
  ContentStatus,
  ContentType,
  Existence,
  Ownership,
  Role,
  contentStatusLabels,
  format,
  messages,
} from '@practica/contract';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { assignmentText } from '../src/config/assignment-text';
import { groupText, inviteText } from '../src/config/organization-text';
import { paths } from '@shared/config/paths';
import { reviewInboxText } from '../src/config/review-inbox-text';
import { reviewKeysText } from '../src/config/review-keys-text';
import { webhooksText } from '../src/config/webhooks-text';
import { userText } from '@shared/config/ui-text';
import { demo, demoPassword, inviteLinkToken, rememberTokens, signInAs } from './helpers';

/** The rule sets checked: WCAG 2.0 and 2.1, levels A and AA. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The impacts that fail the suite. */
const failing = new Set(['serious', 'critical']);

/** A missing button fails its step quickly instead of holding the whole role's test. */
test.use({ actionTimeout: 10_000 });

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  /** axe's explanations (e.g. the contrast found), each once. */
  summaries: string[];
  targets: string[];
}

/** Waits until the page has loaded: no loader, busy region or skeleton left, transitions done. */
async function settle(page: Page): Promise<void> {
  await expect(
    page.locator(
      '[aria-busy="true"], .mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible="true"]',
    ),
  )
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  // Mantine's transitions (modals, tabs, popovers: up to 200 ms) have ended; endless animations
  // (loaders) do not count. Two frames first: a transition starts a frame after its element shows,
  // and axe must not read a dialog mid-fade (its text then blends into the overlay).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000, polling: 50 },
    )
    .catch(() => undefined);
}

/** One role's (or the public pages') audit. */
class Audit {
  private readonly findings: Finding[] = [];
  private readonly problems: string[] = [];
  private count = 0;
  private axeMs = 0;
  private readonly started = Date.now();

  constructor(
    readonly page: Page,
    readonly who: string,
  ) {}

  /** Runs axe on the page as it is now, or only within `scope` (a CSS selector). */
  async check(where: string, scope?: string): Promise<void> {
    await settle(this.page);
    const before = Date.now();
    let builder = new AxeBuilder({ page: this.page })
      .withTags(wcagTags)
      // Details of the violations only: the passes are not needed, and collecting them is slow.
      .options({ resultTypes: ['violations'] });
    if (scope) builder = builder.include(scope);
    const results = await builder.analyze();
    this.axeMs += Date.now() - before;
    this.count += 1;
    for (const v of results.violations) {
      if (!failing.has(v.impact ?? '')) continue;
      this.findings.push({
        where,
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        summaries: [
          ...new Set(
            v.nodes.map((n) =>
              (n.failureSummary ?? '')
                .split('\n')
                .slice(1)
                .map((line) => line.trim())
                .join(' '),
            ),
          ),
        ],
        targets: v.nodes.map((n) => n.target.map(String).join(' >> ')),
      });
    }
  }

  /** Reports something the seed should have and has not. */
  missing(what: string): void {
    this.problems.push(`${what}: not in the demo seed`);
  }

  /** Runs `body`; a step that cannot be done is reported, and the audit goes on. */
  async step(where: string, body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.problems.push(`${where}: ${text.split('\n')[0]}`);
    }
  }

  /**
   * Opens `path` and checks the page once `ready` shows (`check: false`: only opens it, for a
   * dialog of a page checked elsewhere). Inside the console it moves as a link does (history and
   * popstate, which the router follows); elsewhere it loads the page.
   */
  async visit(
    where: string,
    path: string,
    ready?: (page: Page) => Locator,
    { check = true }: { check?: boolean } = {},
  ): Promise<void> {
    await this.step(where, async () => {
      await go(this.page, path);
      if (ready) {
        // A busy machine may drop a request: the page then gets one reload before it counts.
        await expect(ready(this.page))
          .toBeVisible({ timeout: 15_000 })
          .catch(async () => {
            await this.page.goto(path);
            await expect(ready(this.page)).toBeVisible({ timeout: 15_000 });
          });
      }
      if (check) await this.check(where);
    });
  }

  /** Opens a dialog with `trigger`, checks it, then closes it with Escape. */
  async dialog(where: string, trigger: (page: Page) => Locator): Promise<void> {
    await this.step(where, async () => {
      await trigger(this.page).click();
      await expect(this.page.getByRole('dialog')).toBeVisible();
      await expect(this.page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
      await this.check(where, '.mantine-Modal-root');
      await this.page.keyboard.press('Escape');
      await expect(this.page.getByRole('dialog')).toHaveCount(0);
    });
  }

  /** Chooses the tab `name` and checks its panel. */
  async tab(where: string, name: string | RegExp): Promise<void> {
    await this.step(where, async () => {
      await this.page.getByRole('tab', { name }).first().click();
      await this.check(where, '[role="tabpanel"]');
    });
  }

  /** Reports what was found; fails on any serious or critical violation or any step not done. */
  finish(): void {
    const seconds = (ms: number) => Math.round(ms / 1000);
    const lines: string[] = [];
    for (const f of this.findings) {
      lines.push(`[${this.who}] ${f.where}: ${f.rule} (${f.impact}) ${f.help}`);
      for (const s of f.summaries.slice(0, 3)) if (s) lines.push(`    ${s}`);
      for (const t of f.targets.slice(0, 8)) lines.push(`      ${t}`);
      if (f.targets.length > 8) lines.push(`      … and ${f.targets.length - 8} more`);
    }
    for (const p of this.problems) lines.push(`[${this.who}] could not check ${p}`);
    console.log(
      `${this.who}: ${this.count} pages, steps and dialogs checked in ` +
        `${seconds(Date.now() - this.started)} s (axe ${seconds(this.axeMs)} s); ` +
        `${this.findings.length} with serious or critical violations, ${this.problems.length} not reached`,
    );
    expect(this.findings.length + this.problems.length, lines.join('\n')).toBe(0);
  }
}

/** Goes to `path`: within the console as a link does, otherwise by loading it. */
async function go(page: Page, path: string): Promise<void> {
  const inConsole = page.url().includes('/dbl/') && path.startsWith('/dbl/');
  if (!inConsole) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

// ----- the demo seed's ids, through the API -----

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/auth', { data: { email, password: demoPassword } });
  expect(answer.ok(), `sign-in of ${email}`).toBeTruthy();
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

interface Listed {
  id: number;
  name?: string;
  organizationId?: number | null;
  questions?: { id: number }[];
}

async function apiData<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const answer = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), path).toBeTruthy();
  return ((await answer.json()) as { data: T }).data;
}

async function listOf(request: APIRequestContext, token: string, path: string): Promise<Listed[]> {
  return (await apiData<{ list: Listed[] }>(request, token, path)).list;
}

async function firstOf(
  request: APIRequestContext,
  token: string,
  path: string,
): Promise<Listed | undefined> {
  return (await listOf(request, token, path))[0];
}

/** The ids a role's pages need, as that role sees them. */
async function idsFor(request: APIRequestContext, email: string) {
  const token = await tokenOf(request, email);
  const me = await apiData<{ organizationId: number | null }>(request, token, '/api/auth/session');
  const first = (path: string) => firstOf(request, token, path);
  const [active, draft, closed, reviewed, submitted, trainee, group] = await Promise.all([
    first(`/api/assignments?status=${AssignmentStatus.Active}&pageSize=100`),
    first(`/api/assignments?status=${AssignmentStatus.Draft}&pageSize=100`),
    first(`/api/assignments?status=${AssignmentStatus.Closed}&pageSize=100`),
    first(`/api/assignments/answers?status=${AnswerStatus.Reviewed}&pageSize=25`),
    first(`/api/assignments/answers?status=${AnswerStatus.Submitted}&pageSize=25`),
    first(`/api/users?roles=${Role.Trainee}&search=omar&pageSize=25`),
    first(`/api/groups?pageSize=25`),
  ]);
  return {
    token,
    organizationId: me.organizationId,
    active,
    draft,
    closed,
    reviewed,
    submitted,
    trainee,
    group,
  };
}
type Ids = Awaited<ReturnType<typeof idsFor>>;

/**
 * The start of a signed-in tour: finds `email`'s ids (idsFor), signs in at `landing` and answers
 * them with the tour's Audit, named `who`. Also gives the test the tours' 300 s.
 */
async function startTour(
  page: Page,
  request: APIRequestContext,
  who: string,
  email: string,
  landing: string,
): Promise<{ ids: Ids; audit: Audit }> {
  test.setTimeout(300_000);
  const ids = await idsFor(request, email);
  const audit = new Audit(page, who);
  await signInAs(page, email, landing);
  return { ids, audit };
}

/** Demo Academy as the admin lists it (the first organization when renamed; none: undefined). */
async function demoAcademy(request: APIRequestContext, token: string): Promise<Listed | undefined> {
  const organizations = await listOf(request, token, '/api/organizations?pageSize=25');
  return organizations.find((o) => o.name === 'Demo Academy') ?? organizations[0];
}

/** Found in the demo seed, or reported as missing. */
function needed<T>(audit: Audit, what: string, value: T | undefined): value is T {
  if (value === undefined) audit.missing(what);
  return value !== undefined;
}

// ----- the pages, by area -----

const inMain = (page: Page, name: string | RegExp) =>
  page.getByRole('main').getByRole('button', { name, exact: typeof name === 'string' });

/** The assignments list, the detail (tabs, assign dialog), the edit screen and the review screen. */
async function assignmentPages(audit: Audit, ids: Ids): Promise<void> {
  await audit.visit('assignments', paths.assignments(), (p) =>
    p.getByRole('table', { name: messages.assignments }),
  );
  if (needed(audit, 'an Active assignment', ids.active)) {
    await audit.visit('assignment detail (Active)', paths.assignmentDetail(ids.active.id), (p) =>
      p.getByRole('table', { name: messages.trainees }),
    );
    await audit.dialog('assign trainees dialog', (p) => inMain(p, messages.add).first());
    await audit.tab('assignment detail: instructors', messages.instructors);
  }
  if (needed(audit, 'a Closed assignment', ids.closed)) {
    await audit.visit('assignment detail (Closed)', paths.assignmentDetail(ids.closed.id), (p) =>
      p.getByRole('table', { name: messages.trainees }),
    );
  }
  if (needed(audit, 'a Draft assignment', ids.draft)) {
    await audit.visit('assignment edit (Draft)', paths.assignmentEdit(ids.draft.id), (p) =>
      p.getByRole('button', { name: messages.publish, exact: true }),
    );
  }
  if (needed(audit, 'a Reviewed answer', ids.reviewed)) {
    await audit.visit('review (Reviewed)', paths.review(ids.reviewed.id), (p) =>
      p.getByTestId('review-video'),
    );
  }
  if (needed(audit, 'a Submitted answer', ids.submitted)) {
    await audit.visit('review (Submitted)', paths.review(ids.submitted.id), (p) =>
      p.getByTestId('review-video'),
    );
    await audit.dialog('review: keyboard shortcuts dialog', (p) =>
      p.getByRole('button', { name: new RegExp(`^${reviewKeysText.openDialog}`) }),
    );
  }
}

/** The review inbox (decisions.md#review-loop §1): an Admin opens it for an organization. */
async function reviewInboxPage(audit: Audit, ids: Ids): Promise<void> {
  const organizationId = ids.organizationId ?? ids.active?.organizationId ?? undefined;
  if (needed(audit, 'an organization', organizationId)) {
    await audit.visit(
      'reviews inbox',
      paths.reviewInbox(ids.organizationId === null ? `organizationId=${organizationId}` : ''),
      (p) => p.getByRole('table', { name: reviewInboxText.tableLabel }),
    );
  }
}

/** The assignment wizard: every step, its validation messages and the avatar picker. */
async function wizardPages(audit: Audit, organization?: string): Promise<void> {
  const { page } = audit;
  const next = () => page.getByRole('button', { name: messages.next, exact: true });
  await audit.visit('wizard 1: assignment info', paths.assignmentCreate(), (p) =>
    p.getByLabel(messages.title),
  );
  await audit.step('wizard 1: assignment info with errors', async () => {
    await next().click();
    await expect(page.getByText(messages.titleRequired)).toBeVisible();
    await audit.check('wizard 1: assignment info with errors', 'main');
  });
  await audit.step('wizard 2: interview', async () => {
    if (organization) {
      await page.getByRole('combobox', { name: messages.organization }).click();
      await page.getByRole('option', { name: organization }).click();
    }
    await page.getByLabel(messages.title).fill('Accessibility check');
    await page.getByLabel(messages.description).fill('Checked by axe');
    await next().click();
    await page.getByRole('table', { name: messages.interviews }).getByRole('radio').first().check();
    await audit.check('wizard 2: interview', 'main');
  });
  await audit.step('wizard 3: roles with errors', async () => {
    await next().click();
    await expect(page.getByRole('table', { name: messages.stepSelectRoles })).toBeVisible();
    await next().click();
    await expect(page.getByRole('alert')).toBeVisible();
    await audit.check('wizard 3: roles with errors', 'main');
  });
  await audit.dialog('wizard 3: avatar picker', (p) =>
    p.getByRole('button', { name: messages.select, exact: true }).first(),
  );
  await audit.step('wizard 4: evaluation', async () => {
    await page.locator('button[aria-pressed]').first().click();
    await next().click();
    const evaluations = page.getByRole('table', { name: messages.stepSelectEvaluation });
    await evaluations.getByRole('radio').first().check();
    await audit.check('wizard 4: evaluation (ratings)', 'main');
    await page.getByText(`${messages.feedback} ${format.evaluationCounter(false)}`).click();
    await evaluations.getByRole('radio').first().check();
    await audit.check('wizard 4: evaluation (feedback)', 'main');
  });
  await audit.step('wizard 5: recap', async () => {
    await next().click();
    await expect(page.getByRole('table', { name: messages.stepRecap })).toBeVisible();
    await audit.check('wizard 5: recap', 'main');
  });
}

/** Groups: the list, the new-group form, the detail and its dialogs. */
async function groupPages(audit: Audit, ids: Ids, organizationId: number | null) {
  await audit.visit('groups', paths.groups(), (p) => p.getByRole('table').first());
  await audit.visit('new group', paths.groupCreate(organizationId ?? undefined), (p) =>
    p.getByRole('main').getByRole('textbox').first(),
  );
  if (needed(audit, 'a group', ids.group)) {
    await audit.visit(
      'group detail',
      paths.groupDetail(ids.group.id, ids.group.organizationId ?? undefined),
      (p) => inMain(p, messages.addMembers),
    );
    await audit.dialog('group: add members dialog', (p) => inMain(p, messages.addMembers));
    await audit.dialog('group: edit dialog', (p) => inMain(p, messages.edit));
    await audit.dialog('group: delete dialog', (p) => inMain(p, messages.delete));
  }
}

/** A trainee's detail page with its tabs and pickers. */
async function userDetailPages(audit: Audit, ids: Ids): Promise<void> {
  if (!needed(audit, 'a trainee', ids.trainee)) return;
  await audit.visit('user detail', paths.userDetail(ids.trainee.id), (p) =>
    p.getByRole('tab', { name: messages.assignments }),
  );
  await audit.dialog('user detail: assignments picker', (p) =>
    inMain(p, assignmentText.editAssignments),
  );
  await audit.tab('user detail: groups', messages.groups);
  await audit.dialog('user detail: groups picker', (p) => inMain(p, groupText.editGroups));
}

/** The creator's pages: the dashboard, lists, editors, and the preview dialog. */
async function authoringPages(audit: Audit, ids: Ids): Promise<void> {
  const { page } = audit;
  const scope =
    ids.organizationId !== null
      ? `organizationId=${ids.organizationId}&authoring=${Ownership.All}`
      : `authoring=${Ownership.Assigned}`;
  await audit.visit('creator dashboard', paths.creatorDashboard(), (p) =>
    p.getByRole('link', { name: messages.interviews }),
  );
  await audit.visit('interviews', paths.interviews(), (p) =>
    p.getByRole('table', { name: messages.interviews }),
  );
  // A row its user may not edit (an Active one) opens the preview.
  await audit.dialog('interviews: preview dialog', (p) =>
    p
      .getByRole('table', { name: messages.interviews })
      .getByRole('row')
      .filter({ has: p.getByText(contentStatusLabels[ContentStatus.Active], { exact: true }) })
      .first()
      .getByRole('cell')
      .nth(1),
  );
  await audit.visit('new interview', paths.interviewCreate(), (p) =>
    p.getByRole('main').getByRole('textbox').first(),
  );
  const interview = await firstOf(page.request, ids.token, `/api/interviews?${scope}&pageSize=25`);
  if (needed(audit, 'an interview', interview)) {
    await audit.visit('interview editor', paths.interviewEdit(interview.id), (p) =>
      p.getByRole('main').getByRole('textbox').first(),
    );
    await audit.visit(
      'new question',
      paths.questionCreate(interview.id, ContentType.Interview),
      (p) => p.getByRole('main').getByRole('textbox').first(),
    );
    const detail = await apiData<Listed>(
      page.request,
      ids.token,
      `/api/interviews/${interview.id}`,
    );
    const question = detail.questions?.[0];
    if (needed(audit, 'a question', question)) {
      await audit.visit(
        'question editor',
        paths.questionEdit(interview.id, question.id, ContentType.Interview),
        (p) => p.getByRole('main').getByRole('textbox').first(),
      );
    }
  }
  for (const type of [ContentType.RatingScale, ContentType.Feedback] as const) {
    const kind = type === ContentType.RatingScale ? 'ratings' : 'feedback';
    await audit.visit(`evaluations (${kind})`, paths.evaluations(type), (p) =>
      p.getByRole('main').getByRole('table').first(),
    );
    await audit.visit(`new evaluation (${kind})`, paths.evaluationCreate(type), (p) =>
      p.getByRole('main').getByRole('textbox').first(),
    );
    const evaluation = await firstOf(
      page.request,
      ids.token,
      `/api/questionnaires?${scope}&contentTypeId=${type}&pageSize=25`,
    );
    if (needed(audit, `an evaluation (${kind})`, evaluation)) {
      await audit.visit(
        `evaluation editor (${kind})`,
        paths.evaluationEdit(type, evaluation.id),
        (p) => p.getByRole('main').getByRole('textbox').first(),
      );
    }
  }
}

/** Settings, the console's not-found page and the logout confirmation: every role has them. */
async function commonPages(audit: Audit): Promise<void> {
  await audit.visit('settings', paths.settings(), (p) =>
    p.getByRole('heading', { name: /profile/i }).first(),
  );
  await audit.visit('not found (console)', '/dbl/no-such-page', (p) =>
    p.getByRole('main').getByRole('heading', { name: messages.pageNotFound }),
  );
  await audit.dialog('logout confirmation', (p) =>
    p.getByRole('navigation').getByRole('button', { name: messages.logout }),
  );
}

test.describe('accessibility: axe, WCAG 2.1 A and AA, no serious or critical violation', () => {
  // The admin's and the manager's tours are the longest, so each is two tests, declared first,
  // and the describe has no beforeAll or afterAll: with one, Playwright deals a fully parallel
  // file's tests to the workers in fixed halves, and one worker ran both long tours while the other
  // idled. Now each test goes to whichever worker is free (docs/testing.md 'Where the time goes').
  test('admin: organizations and integrations', async ({ page, request }) => {
    const { ids, audit } = await startTour(
      page,
      request,
      'admin',
      demo.admin,
      paths.systemAdminDashboard(),
    );
    const org = await demoAcademy(request, ids.token);
    await audit.check('organizations (dashboard)');
    await audit.visit('admins', paths.systemAdminUsers(), (p) => p.getByRole('table').first());
    await audit.dialog('add admin dialog', (p) => inMain(p, messages.addAdmin));
    await audit.dialog('deleted users dialog', (p) => inMain(p, messages.deletedUsers));
    await audit.dialog('delete admin dialog', (p) =>
      p
        .getByRole('main')
        .getByRole('button', { name: /^Delete / })
        .first(),
    );
    await audit.visit('new organization', paths.organizationCreate(), (p) =>
      p.getByRole('main').getByRole('textbox').first(),
    );
    if (needed(audit, 'Demo Academy', org)) {
      await audit.visit('organization detail', paths.organizationDetail(org.id), (p) =>
        p.getByRole('tab', { name: messages.members }),
      );
      for (const members of [messages.instructors, messages.groups, messages.managers]) {
        await audit.tab(`organization detail: ${members}`, new RegExp(`^${members}`));
      }
      await audit.tab('organization detail: content', messages.content);
      await audit.tab('organization detail: assets', messages.assets);
      await audit.dialog('organization detail: deleted users dialog', (p) =>
        inMain(p, messages.deletedUsers),
      );
      await audit.visit('sign-in and integrations', paths.organizationIntegrations(org.id), (p) =>
        p.getByRole('heading', { name: webhooksText.title }),
      );
      await audit.dialog('integrations: add webhook dialog', (p) =>
        inMain(p, webhooksText.create).first(),
      );
      await audit.visit('invites', paths.invites({ orgId: org.id, roleType: Role.Admin }), (p) =>
        p.getByRole('button', { name: inviteText.sendInvite, exact: true }),
      );
      await audit.dialog('invites: delete dialog', (p) =>
        p.getByRole('button', { name: new RegExp(`^${inviteText.deleteInvite}`) }).first(),
      );
    }
    audit.finish();
  });

  test('admin: assets, inbox, wizard and users', async ({ page, request }) => {
    const { ids, audit } = await startTour(
      page,
      request,
      'admin',
      demo.admin,
      paths.systemAdminDashboard(),
    );
    const org = await demoAcademy(request, ids.token);
    const [avatar, environment, deleted] = await Promise.all([
      firstOf(request, ids.token, `/api/assets?typeId=${AssetType.Avatar}`),
      firstOf(request, ids.token, `/api/assets?typeId=${AssetType.Environment}`),
      firstOf(
        request,
        ids.token,
        `/api/users?roles=${Role.Trainee}&deleted=${Existence.Deleted}&pageSize=25`,
      ),
    ]);
    await audit.visit('avatars', paths.avatars(), (p) => p.getByRole('table').first());
    await audit.dialog('avatars: delete dialog', (p) =>
      p
        .getByRole('main')
        .getByRole('button', { name: /^Delete / })
        .first(),
    );
    await audit.visit('new avatar', paths.avatarCreate(), (p) =>
      p.getByRole('main').getByRole('textbox').first(),
    );
    if (needed(audit, 'an avatar', avatar)) {
      await audit.visit('avatar editor', paths.avatarEdit(avatar.id), (p) =>
        p.getByRole('main').getByRole('textbox').first(),
      );
    }
    await audit.visit('environments', paths.environments(), (p) => p.getByRole('table').first());
    await audit.visit('new environment', paths.environmentCreate(), (p) =>
      p.getByRole('main').getByRole('textbox').first(),
    );
    if (needed(audit, 'an environment', environment)) {
      await audit.visit('environment editor', paths.environmentEdit(environment.id), (p) =>
        p.getByRole('main').getByRole('textbox').first(),
      );
    }
    await reviewInboxPage(audit, ids);
    await wizardPages(audit, org?.name);
    // A trainee's detail is checked as the manager sees it; its delete dialog is the admin's.
    if (needed(audit, 'a trainee', ids.trainee)) {
      await audit.visit(
        'user detail',
        paths.userDetail(ids.trainee.id),
        (p) => p.getByRole('tab', { name: messages.assignments }),
        { check: false },
      );
      await audit.dialog('user detail: delete dialog', (p) => inMain(p, messages.delete));
    }
    if (needed(audit, 'a deleted trainee', deleted)) {
      await audit.visit('user detail (deleted)', paths.userDetail(deleted.id), (p) =>
        inMain(p, messages.erase),
      );
      await audit.dialog('user detail: erase dialog', (p) => inMain(p, messages.erase));
    }
    audit.finish();
  });

  test('manager: organization and assignments', async ({ page, request }) => {
    const { ids, audit } = await startTour(
      page,
      request,
      'manager',
      demo.manager,
      paths.orgManagerDashboard(),
    );
    const orgId = ids.organizationId ?? 0;
    await audit.check('dashboard (organization)');
    for (const members of [messages.instructors, messages.groups, messages.managers]) {
      await audit.tab(`dashboard: ${members}`, new RegExp(`^${members}`));
    }
    await audit.visit('organization contents', paths.organizationContents(orgId), (p) =>
      p.getByRole('main').getByRole('table').first(),
    );
    await audit.visit('organization details', paths.organizationDetails(orgId), (p) =>
      p.getByRole('main').getByRole('textbox').first(),
    );
    await audit.visit('sign-in and integrations', paths.organizationIntegrations(orgId), (p) =>
      p.getByRole('heading', { name: webhooksText.title }),
    );
    await audit.visit('invites', paths.invites(), (p) =>
      p.getByRole('button', { name: inviteText.sendInvite, exact: true }),
    );
    await assignmentPages(audit, ids);
    audit.finish();
  });

  test('manager: inbox, groups, users and common pages', async ({ page, request }) => {
    const { ids, audit } = await startTour(
      page,
      request,
      'manager',
      demo.manager,
      paths.orgManagerDashboard(),
    );
    const orgId = ids.organizationId ?? 0;
    await reviewInboxPage(audit, ids);
    await groupPages(audit, ids, orgId);
    await userDetailPages(audit, ids);
    await commonPages(audit);
    audit.finish();
  });

  test('public pages', async ({ page, request }) => {
    test.setTimeout(180_000);
    const audit = new Audit(page, 'public');
    await audit.visit('login', paths.login(), (p) =>
      p.getByRole('button', { name: messages.login, exact: true }),
    );
    await audit.step('login with errors', async () => {
      await page.getByRole('button', { name: messages.login, exact: true }).click();
      await expect(page.getByText(messages.emailAddressRequired)).toBeVisible();
      await audit.check('login with errors');
    });
    await audit.step('forgot password', async () => {
      await page.getByRole('button', { name: messages.forgotPassword }).click();
      await expect(page.getByRole('button', { name: messages.sendResetLink })).toBeVisible();
      await audit.check('forgot password');
    });
    // A pending invite of Demo Academy, with a fresh link (only the tokens' hashes are stored).
    await audit.step('invite registration', async () => {
      const token = await tokenOf(request, demo.manager);
      const me = await apiData<{ organizationId: number }>(request, token, '/api/auth/session');
      const invites = await listOf(
        request,
        token,
        `/api/organizations/${me.organizationId}/invites?pageSize=100`,
      );
      let link: string | undefined;
      for (const invite of invites) {
        const answer = await request.post(`/api/invites/${invite.id}/link`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        if (!answer.ok()) continue; // expired
        link = ((await answer.json()) as { data: { url: string } }).data.url;
        break;
      }
      if (!link) throw new Error('no pending invite in the demo seed');
      rememberTokens(inviteLinkToken(link));
      const url = new URL(link);
      const create = page.getByRole('button', { name: inviteText.createAccount });
      await audit.visit('invite registration', `${url.pathname}${url.search}`, () => create);
      await audit.step('invite registration with errors', async () => {
        await page.getByRole('textbox', { name: messages.password, exact: true }).fill('abc');
        await create.click();
        await expect(page.getByText(messages.passwordMinLength)).toBeVisible();
        await audit.check('invite registration with errors');
      });
    });
    await audit.visit('invite registration (broken link)', paths.inviteRegistration('x'), (p) =>
      p.getByRole('dialog'),
    );
    await audit.visit('password reset', paths.passwordReset('not-a-real-token'), (p) =>
      p.getByRole('button', { name: userText.setNewPassword }),
    );
    await audit.visit('password reset (no token)', paths.passwordReset(), (p) =>
      p.getByRole('heading', { name: messages.invalidTokenTryAgain }),
    );
    await audit.visit('email update (no token)', paths.emailUpdate(), (p) =>
      p.getByRole('heading', { name: messages.invalidTokenTryAgain }),
    );
    await audit.visit('email update (used link)', paths.emailUpdate('not-a-real-token'), (p) =>
      p.getByRole('link', { name: messages.backToLogin }),
    );
    await audit.visit('app page', paths.appRedirect(), (p) =>
      p.getByRole('link', { name: messages.backToLogin }),
    );
    await audit.visit('not found', '/no/such/page', (p) =>
      p.getByRole('heading', { name: messages.pageNotFound }),
    );
    await audit.visit('landing', paths.home(), (p) => p.locator('iframe'));
    audit.finish();
  });

  for (const [who, email, creator] of [
    ['instructor (creator)', demo.instructor, true],
    ['instructor', demo.instructor2, false],
  ] as const) {
    test(who, async ({ page, request }) => {
      const { ids, audit } = await startTour(page, request, who, email, paths.dashboard());
      await audit.check('dashboard');
      // The screens an instructor shares with the manager show a part of the manager's: checked there.
      if (creator) await authoringPages(audit, ids);
      audit.finish();
    });
  }
});
