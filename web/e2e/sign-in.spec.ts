/**
 * Sign-in and the route guard end to end (decisions.md#foundation; 000 §2.1–2.4, §5, §8): each demo role lands on
 * its page, a trainee ends on /app, the form's required messages, the wrong-password toast, the
 * guard's redirects, the 404 page and logout.
 */
import { messages, Role, roleLabels } from '@practica/contract';
import { expect, test } from '@playwright/test';
import { insightsText } from '../src/config/insights-text';
import { reviewInboxText } from '../src/config/review-inbox-text';
import { ssoText } from '../src/config/sso-text';
import { uiText } from '@shared/config/ui-text';
import { demo, signIn, signInAs } from './helpers';

// Each test starts from its own page and account, so the file's tests spread over the workers.
test.describe.configure({ mode: 'parallel' });

test.describe('sign-in', () => {
  test('admin lands on the system admin dashboard', async ({ page }) => {
    await signInAs(page, demo.admin, '/dbl/system-admin/dashboard');
    await expect(page.getByText(messages.successfullyLogin)).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: messages.organizations }),
    ).toBeVisible();
  });

  test('manager lands on the organization manager dashboard', async ({ page }) => {
    await signInAs(page, demo.manager, '/dbl/org-manager/dashboard/org');
    await expect(page.getByRole('region', { name: messages.seatsUsage })).toBeVisible();
  });

  test('instructor lands on the dashboard', async ({ page }) => {
    await signInAs(page, demo.instructor, '/dbl/dashboard');
    await expect(page.getByRole('region', { name: messages.totalTrainees })).toBeVisible();
    await expect(page.getByTestId('top-bar-role')).toHaveText(
      `${messages.creatorAmpersand} ${roleLabels[Role.Instructor]}`,
    );
  });

  test('a trainee is signed out and sent to the app page with two store badges', async ({
    page,
  }) => {
    await signIn(page, demo.trainee);
    await expect(page).toHaveURL('/app');
    const appStore = page.getByRole('link', { name: uiText.appStoreBadge.label });
    const googlePlay = page.getByRole('link', { name: uiText.googlePlayBadge.label });
    await expect(appStore).toBeVisible();
    await expect(googlePlay).toBeVisible();
    await expect(appStore).toHaveAttribute('href', /^https?:\/\//);
    await expect(googlePlay).toHaveAttribute('href', /^https?:\/\//);
    // Nothing of the session is kept; the store links are cached (000 §9).
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('authToken'),
      ios: localStorage.getItem('iosLink'),
    }));
    expect(stored.token).toBeNull();
    expect(stored.ios).toMatch(/^https?:\/\//);
    await page.goto('/dbl/dashboard');
    await expect(page).toHaveURL('/login');
  });

  test('an empty form shows both required messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: messages.login, exact: true }).click();
    await expect(page.getByText(messages.emailAddressRequired)).toBeVisible();
    await expect(page.getByText(messages.passwordRequired)).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('the Login button stays put while the organization sign-in loads under it', async ({
    page,
  }) => {
    // That block's code arrives after the page's; held back here, a late block that grew the
    // centred card would move the button by more than its height, under a click on its way.
    let held = 0;
    await page.route(/\/assets\/sso-[\w-]+\.js$/, async (route) => {
      held += 1;
      await new Promise((done) => setTimeout(done, 1_500));
      await route.continue();
    });
    await page.goto('/login');
    const login = page.getByRole('button', { name: messages.login, exact: true });
    await expect(login).toBeVisible();
    const before = await login.boundingBox();
    await expect(page.getByRole('button', { name: ssoText.signInWith })).toBeVisible();
    expect(held).toBe(1);
    expect(await login.boundingBox()).toEqual(before);
    // On a 375 px phone the card fits the screen whole: nothing to scroll sideways.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });

  test('a wrong password shows the error toast', async ({ page }) => {
    await signIn(page, demo.admin, 'not-the-password');
    await expect(page.getByText(messages.emailOrPasswordIncorrect)).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('forgot password sends a reset link and goes back to login', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: messages.forgotPassword }).click();
    await page.getByRole('button', { name: messages.sendResetLink }).click();
    await expect(page.getByText(messages.emailAddressRequired)).toBeVisible();
    await page.getByLabel(messages.emailAddress).fill(demo.instructor2);
    await page.getByRole('button', { name: messages.sendResetLink }).click();
    await expect(page.getByRole('heading', { name: messages.resetLinkSent })).toBeVisible();
    await page.getByRole('button', { name: messages.backToLogin }).click();
    await expect(page.getByRole('button', { name: messages.login, exact: true })).toBeVisible();
  });
});

test.describe('route guard', () => {
  test('a signed-out visit to /dbl/dashboard goes to login', async ({ page }) => {
    await page.goto('/dbl/dashboard');
    await expect(page).toHaveURL('/login');
  });

  test('an instructor opening an admin route sees the access-denied toast', async ({ page }) => {
    await signInAs(page, demo.instructor, '/dbl/dashboard');
    await page.goto('/dbl/system-admin/dashboard');
    await expect(page.getByText(messages.accessDenied)).toBeVisible();
    await expect(page).toHaveURL('/dbl/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: messages.organizations })).toHaveCount(
      0,
    );
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: messages.pageNotFound })).toBeVisible();
  });

  test('a missing token shows the invalid-token text', async ({ page }) => {
    await page.goto('/password-reset');
    await expect(page.getByText(messages.invalidTokenTryAgain)).toBeVisible();
  });
});

test.describe('shell', () => {
  const cases = [
    {
      role: 'admin',
      email: demo.admin,
      landing: '/dbl/system-admin/dashboard',
      entries: [messages.dashboard, messages.admins],
    },
    {
      role: 'manager',
      email: demo.manager,
      landing: '/dbl/org-manager/dashboard/org',
      entries: [
        messages.dashboard,
        messages.assignments,
        reviewInboxText.navLabel,
        insightsText.consistencyNav,
        messages.contents,
        messages.organization,
      ],
    },
    {
      role: 'instructor (creator)',
      email: demo.instructor,
      landing: '/dbl/dashboard',
      entries: [
        messages.dashboard,
        messages.assignments,
        reviewInboxText.navLabel,
        messages.groups,
        messages.creatorDashboard,
      ],
    },
    {
      role: 'instructor',
      email: demo.instructor2,
      landing: '/dbl/dashboard',
      entries: [
        messages.dashboard,
        messages.assignments,
        reviewInboxText.navLabel,
        messages.groups,
      ],
    },
  ] as const;

  for (const c of cases) {
    test(`sidebar entries of the ${c.role}`, async ({ page }) => {
      await signInAs(page, c.email, c.landing);
      const nav = page.getByRole('navigation', { name: uiText.mainNavigation });
      await expect(nav.getByRole('link')).toHaveText([...c.entries]);
      await expect(page.getByRole('link', { name: messages.settings })).toBeVisible();
      await expect(page.getByRole('button', { name: messages.logout })).toBeVisible();
    });
  }

  test('the back button appears off the root page and returns', async ({ page }) => {
    await signInAs(page, demo.instructor, '/dbl/dashboard');
    await expect(page.getByRole('button', { name: messages.back })).toHaveCount(0);
    await page.getByRole('link', { name: messages.settings }).click();
    await expect(page).toHaveURL('/dbl/settings');
    await page.getByRole('button', { name: messages.back }).click();
    await expect(page).toHaveURL('/dbl/dashboard');
  });

  test('logout asks for confirmation and returns to login', async ({ page }) => {
    await signInAs(page, demo.manager, '/dbl/org-manager/dashboard/org');
    await page.getByRole('button', { name: messages.logout }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(messages.logoutConfirm)).toBeVisible();
    await dialog.getByRole('button', { name: messages.logout }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goto('/dbl/org-manager/dashboard/org');
    await expect(page).toHaveURL('/login');
  });
});
