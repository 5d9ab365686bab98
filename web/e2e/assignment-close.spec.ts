/**
 * Closing and reopening an assignment, the assign dialog's people and the detail at 375 px (issue
 * 22 §3, §5, §13). A manager closes an assignment with one answer to review and one Pending
 * trainee: the confirmation says both, Cancel changes nothing, Close closes; an instructor is not
 * offered Reopen; the manager reopens it (the Activity says 'Status Closed → Active'). The assign
 * dialog searches the organization's trainees by name or email, lists a trainee in no group and
 * marks an inactive one that cannot be ticked. At 375 px the page never scrolls sideways: the
 * trainees table scrolls inside itself.
 *
 * SCREENSHOT_DIR=<folder> writes the pictures of the dialogs and the phone-sized detail there.
 */
import { join } from 'node:path';
import { AssignmentStatus, format, messages } from '@practica/contract';
import { expect, test, type Page } from '@playwright/test';
import { activityText } from '../src/config/review-history-text';
import { assignmentText } from '../src/config/assignment-text';
import { paths } from '@shared/config/paths';
import { demo, signInAs } from './helpers';
import { apiSend, assignmentWithSubmissions, tokenOf } from './review-helpers';

const pageLoad = { timeout: 20_000 };
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notifications-root').getByText(text, { exact: true }).last();

async function picture(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page.waitForTimeout(400); // the dialogs' opening transition
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

test('close asks with the counts, only a manager reopens, the dialog finds people, 375 px scrolls inside the table', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const manager = await tokenOf(request, demo.manager);
  // One trainee submits (to review); Tessa is added and stays Pending.
  const { id, trainees } = await assignmentWithSubmissions(request, manager, {
    name: `Close and reopen ${Date.now()}`,
    emails: [demo.trainee],
    url: baseURL!,
  });
  const { list: people } = await (
    await request.get('/api/users?search=tessa@demo.test', {
      headers: { Authorization: `Bearer ${manager}` },
    })
  )
    .json()
    .then((r: { data: { list: { id: number }[] } }) => r.data);
  await apiSend(request, manager, 'PUT', `/api/assignments/${id}/add`, { ids: [people[0]!.id] });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, demo.manager, paths.orgManagerDashboard());
  await page.goto(paths.assignmentDetail(id));
  const close = page.getByRole('button', { name: messages.closeAssignment, exact: true });
  await close.click(pageLoad);
  let dialog = page.getByRole('dialog', { name: assignmentText.closeConfirmTitle });
  await expect(dialog).toContainText(assignmentText.closeConfirmToReview(1));
  await expect(dialog).toContainText(assignmentText.closeConfirmPending(1));
  await picture(page, 'close-confirm-1440');
  await dialog.getByRole('button', { name: messages.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(close).toBeVisible();

  await close.click();
  dialog = page.getByRole('dialog', { name: assignmentText.closeConfirmTitle });
  await dialog.getByRole('button', { name: messages.closeAssignment }).click();
  await expect(toast(page, format.assignmentStatusUpdatedTo('Closed'))).toBeVisible();
  const reopen = page.getByRole('button', { name: assignmentText.reopen, exact: true });
  await expect(reopen).toBeVisible();
  await expect(close).toBeHidden();

  // An instructor sees the Closed assignment without Reopen.
  await page.evaluate(() => window.localStorage.clear());
  await signInAs(page, demo.instructor, '/dbl/dashboard');
  await page.goto(paths.assignmentDetail(id));
  await expect(page.getByRole('table', { name: messages.trainees })).toBeVisible(pageLoad);
  await expect(page.getByRole('button', { name: messages.printReport })).toBeVisible();
  await expect(reopen).toBeHidden();

  // The manager reopens it.
  await page.evaluate(() => window.localStorage.clear());
  await signInAs(page, demo.manager, paths.orgManagerDashboard());
  await page.goto(paths.assignmentDetail(id));
  await reopen.click(pageLoad);
  dialog = page.getByRole('dialog', { name: assignmentText.reopenConfirmTitle });
  await expect(dialog).toContainText(assignmentText.reopenConfirmEffect);
  await picture(page, 'reopen-confirm-1440');
  await dialog.getByRole('button', { name: assignmentText.reopen }).click();
  await expect(toast(page, format.assignmentStatusUpdatedTo('Active'))).toBeVisible();
  await expect(close).toBeVisible();
  await expect(
    page.getByText(activityText.assignmentStatus('Closed', 'Active')).first(),
  ).toBeVisible();

  // The assign dialog: search by name, a trainee outside groups would show, Lucas is inactive.
  await page.getByRole('button', { name: messages.add, exact: true }).click();
  const assign = page.getByRole('dialog', { name: assignmentText.assignTitle });
  const search = assign.getByRole('textbox', { name: assignmentText.assignSearchLabel });
  await expect(assign.getByRole('checkbox', { name: 'Omar Okafor' })).toBeVisible();
  const lucas = assign.getByRole('checkbox', { name: 'Lucas Lindqvist' });
  await expect(lucas).toBeDisabled();
  await expect(assign.getByText(assignmentText.inactive, { exact: true })).toBeVisible();
  await expect(
    assign.getByRole('checkbox', { name: `${trainees[0]!.firstName} ${trainees[0]!.lastName}` }),
  ).toBeDisabled(); // answered: locked
  await picture(page, 'assign-dialog-1440');
  await search.fill('okafor');
  await expect(assign.getByRole('checkbox', { name: 'Omar Okafor' })).toBeVisible();
  await expect(assign.getByRole('checkbox', { name: 'Tessa Tran' })).toBeHidden();
  await assign.getByRole('checkbox', { name: 'Omar Okafor' }).check();
  await assign.getByRole('button', { name: messages.save, exact: true }).click();
  await expect(toast(page, messages.assignmentTraineesSaved)).toBeVisible();
  const table = page.getByRole('table', { name: messages.trainees });
  await expect(table.getByRole('row', { name: /Omar Okafor/ })).toContainText(messages.pending);

  // 375 px: the page does not scroll sideways; the trainees table scrolls inside itself.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(table).toBeVisible(pageLoad);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  const scroller = await table.evaluate((el) => {
    let node: HTMLElement | null = el.parentElement;
    while (node && getComputedStyle(node).overflowX !== 'auto') node = node.parentElement;
    return node ? { scroll: node.scrollWidth, client: node.clientWidth } : null;
  });
  expect(scroller).not.toBeNull();
  expect(scroller!.scroll).toBeGreaterThan(scroller!.client);
  await picture(page, 'detail-375');
  await page.getByRole('button', { name: messages.add, exact: true }).click();
  await expect(assign.getByRole('checkbox', { name: 'Tessa Tran' })).toBeVisible(pageLoad);
  await picture(page, 'assign-dialog-375');

  // Closed again through the API so other runs see the demo as it was.
  await apiSend(
    request,
    manager,
    'PUT',
    `/api/assignments/${id}/status?statusId=${AssignmentStatus.Closed}`,
  );
});
