/**
 * The console without its server (decisions.md#console-flows §4): navigating while the network is gone shows
 * the network message inside the shell (the sidebar stays), and the page comes by itself once
 * the server answers again, both for a page whose code was never loaded and for a loaded page
 * whose calls fail.
 */
import { messages } from '@practica/contract';
import { expect, test } from '@playwright/test';
import { shellText } from '../src/config/shell-text';
import { uiText } from '@shared/config/ui-text';
import { demo, signInAs } from './helpers';

test.describe('offline', () => {
  test('a page whose code cannot load shows the network message in the shell and comes back by itself', async ({
    page,
    context,
  }) => {
    await signInAs(page, demo.instructor, '/dbl/dashboard');
    const nav = page.getByRole('navigation', { name: uiText.mainNavigation });
    await expect(nav).toBeVisible();

    await context.setOffline(true);
    await nav.getByRole('link', { name: messages.groups }).click();

    const main = page.getByRole('main');
    await expect(main.getByText(messages.checkInternetConnection)).toBeVisible();
    await expect(main.getByText(shellText.reconnecting)).toBeVisible();
    // The shell stays: the sidebar, not the app-wide error page.
    await expect(nav).toBeVisible();
    await expect(page.getByText(messages.somethingWentWrong)).toHaveCount(0);
    // Said once, not by the banner and the page both.
    await expect(page.getByText(messages.checkInternetConnection)).toHaveCount(1);

    await context.setOffline(false);
    await expect(page).toHaveURL('/dbl/groups');
    await expect(page.getByRole('table', { name: messages.groups })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(messages.checkInternetConnection)).toHaveCount(0);
  });

  test('a loaded page whose calls get no answer shows the banner and refetches when the server is back', async ({
    page,
  }) => {
    await signInAs(page, demo.instructor, '/dbl/dashboard');
    const nav = page.getByRole('navigation', { name: uiText.mainNavigation });
    await nav.getByRole('link', { name: messages.groups }).click();
    await expect(page.getByRole('table', { name: messages.groups })).toBeVisible();

    // The server's API stops answering (the browser itself stays online); the page is opened
    // again, so every call it makes fails.
    const unreachable = (route: { abort: () => Promise<void> }) => route.abort();
    await page.route('**/api/**', unreachable);
    await page.route('**/healthz', unreachable);
    await page.reload();

    // The banner (named by its title) above the page.
    const banner = page.getByRole('main').getByRole('alert', {
      name: messages.checkInternetConnection,
    });
    await expect(banner).toContainText(shellText.reconnecting);
    await expect(nav).toBeVisible();
    // A read that got no answer is said by the banner only, not by a toast as well.
    await expect(page.getByText(messages.checkInternetConnection)).toHaveCount(1);

    await page.unroute('**/api/**', unreachable);
    await page.unroute('**/healthz', unreachable);
    await expect(banner).toHaveCount(0, { timeout: 15_000 });
    const table = page.getByRole('table', { name: messages.groups });
    await expect(table.getByRole('row')).not.toHaveCount(1);
    await expect(table).not.toContainText(messages.noRecordsFound);
  });
});
