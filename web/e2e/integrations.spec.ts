/**
 * An organization's "Sign-in and integrations" page end to end (decisions.md#webhooks,
 * decisions.md#api-tokens, decisions.md#single-sign-on): the Admin opens it from the
 * organization's page and finds single sign-on, API tokens and webhooks there; a URL whose host
 * cannot be found is refused in the dialog with the server's message; the Admin adds an endpoint
 * to a local receiver (the e2e server runs with WEBHOOKS_ALLOW_PRIVATE=true), sees the signing
 * secret once, sends a test, sees the result and the delivery row, and the receiver got the ping
 * signed with that secret. The organization's Manager reaches the page from their organization
 * page and sees the endpoint. Screenshots go to web/e2e/screenshots/.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { integrationMessages } from '@practica/contract';
import { expect, test } from '@playwright/test';
import { paths } from '@shared/config/paths';
import { apiTokensText } from '../src/config/api-tokens-text';
import { integrationsText } from '../src/config/integrations-text';
import { ssoText } from '../src/config/sso-text';
import { webhooksText } from '../src/config/webhooks-text';
import { demo, freshOrganization, rememberTokens, signIn, signInAs } from './helpers';

const shots = join(fileURLToPath(new URL('.', import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

interface Received {
  event: string | undefined;
  signature: string | undefined;
  body: string;
}

/** A receiver on 127.0.0.1 that answers 204 and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        event: request.headers['practica-event'] as string | undefined,
        signature: request.headers['practica-signature'] as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/practica`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Whether `signature` (`t=…,v1=…`) signs `body` with `secret` (decisions.md#webhooks §3). */
function signedWith(signature: string, body: string, secret: string): boolean {
  const parts = Object.fromEntries(
    signature.split(',').map((p) => p.split('=') as [string, string]),
  );
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected;
}

test.skip(
  Boolean(process.env.E2E_BASE_URL) && process.env.WEBHOOKS_ALLOW_PRIVATE !== 'true',
  'the local receiver needs a server started with WEBHOOKS_ALLOW_PRIVATE=true',
);

test('the admin adds a webhook, sees its secret once and a test delivery; the manager reaches the page', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const org = await freshOrganization(request, 2, 'Webhook Test');
  const receiver = await startReceiver();
  try {
    await signInAs(page, demo.admin, paths.systemAdminDashboard());
    await page.goto(paths.organizationDetail(org.id));
    await page.getByRole('link', { name: integrationsText.open }).click();
    await expect(page).toHaveURL(paths.organizationIntegrations(org.id));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: ssoText.title })).toBeVisible();
    await expect(main.getByRole('heading', { name: apiTokensText.title })).toBeVisible();
    const section = main.getByRole('region', { name: webhooksText.title });
    await expect(section.getByText(webhooksText.emptyTitle)).toBeVisible();

    // A host that cannot be found: the server's message, in the dialog.
    await section.getByRole('button', { name: webhooksText.create }).first().click();
    const dialog = page.getByRole('dialog', { name: webhooksText.dialogTitle });
    const url = dialog.getByRole('textbox', { name: webhooksText.url });
    await url.fill('https://no-such-host.invalid/hooks');
    await dialog
      .getByRole('checkbox', { name: webhooksText.eventLabels['answer.submitted'] })
      .check();
    await dialog.getByRole('button', { name: webhooksText.submit }).click();
    await expect(dialog.getByText(integrationMessages.webhookUrlUnresolved)).toBeVisible();

    await url.fill(receiver.url);
    await dialog.getByRole('button', { name: webhooksText.submit }).click();
    const shown = page.getByRole('dialog', { name: webhooksText.createdTitle });
    await expect(shown.getByRole('alert')).toHaveText(webhooksText.createdWarning);
    const secret = (await shown.getByTestId('webhook-secret-value').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    rememberTokens(secret);
    await page.screenshot({ path: join(shots, 'webhook-secret.png') });
    await shown.getByRole('button', { name: webhooksText.done }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Shown once: the list has the URL, never the secret.
    const endpoints = section.getByRole('table', { name: webhooksText.tableLabel });
    await expect(endpoints.getByText(receiver.url)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(secret);

    await section.getByRole('button', { name: webhooksText.sendTestLabel(receiver.url) }).click();
    await expect(section.getByRole('status').filter({ hasText: receiver.url })).toContainText(
      /Test delivered \(HTTP 204/,
    );
    const deliveries = section.getByRole('table', {
      name: webhooksText.deliveriesLabel(receiver.url),
    });
    const row = deliveries.getByRole('row').filter({ hasText: 'ping' });
    await expect(row).toContainText(webhooksText.statusLabels.delivered);
    await expect(row).toContainText('204');
    await page.screenshot({ path: join(shots, 'organization-integrations.png'), fullPage: true });

    const ping = receiver.received.find((r) => r.event === 'ping');
    expect(ping?.signature).toBeTruthy();
    expect(signedWith(ping!.signature!, ping!.body, secret)).toBe(true);

    // The organization's manager: from their organization page to the same endpoint.
    const context = await browser.newContext();
    const manager = await context.newPage();
    await signIn(manager, org.manager.email, org.manager.password);
    await expect(manager).toHaveURL(paths.orgManagerDashboard());
    await manager.goto(paths.organizationDetails(org.id));
    await manager.getByRole('link', { name: integrationsText.manage }).click();
    await expect(manager).toHaveURL(paths.organizationIntegrations(org.id));
    await expect(
      manager.getByRole('table', { name: webhooksText.tableLabel }).getByText(receiver.url),
    ).toBeVisible();
    await context.close();
  } finally {
    await receiver.close();
  }
});
