/**
 * The Webhooks section (decisions.md#webhooks): an empty state with a create action; the create
 * dialog refuses no event, shows the server's refusal of a private URL on the field, sends the URL
 * and the chosen events, and shows the signing secret once with its copy button and warning; the
 * list never shows the secret; deleting asks first, then calls DELETE; "Send test" posts the
 * ping, shows its result and the endpoint's deliveries; the deliveries table has an empty state
 * and rows with event, status, HTTP code, attempts and time.
 */
import {
  integrationMessages,
  messages,
  Role,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webhooksText } from '../../../config/webhooks-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { WebhooksSection } from './webhooks-section';

const secret = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const url = 'https://hooks.example.com/practica';
const endpoint: WebhookEndpoint = {
  id: 7,
  organizationId: 1,
  url,
  events: ['answer.submitted', 'review.completed'],
  active: true,
  createdBy: { id: 2, name: 'Maya Manning' },
  createdAt: '2026-01-01T10:00:00.000Z',
};
const ping: WebhookDelivery = {
  id: 31,
  event: 'ping',
  eventId: 'evt_ping',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 204,
  lastError: null,
  responseTimeMs: 42,
  createdAt: '2026-01-02T09:30:00.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-01-02T09:30:00.000Z',
};
const failed: WebhookDelivery = {
  ...ping,
  id: 30,
  event: 'answer.submitted',
  eventId: 'evt_a',
  status: 'failed',
  attempts: 8,
  lastStatusCode: 500,
  lastError: 'HTTP 500',
  responseTimeMs: 120,
  createdAt: '2026-01-01T12:00:00.000Z',
  deliveredAt: null,
};

function answer(data: unknown, status = 200) {
  const body =
    status === 200
      ? { success: true, message: messages.ok, data, error: null }
      : {
          success: false,
          message: integrationMessages.webhookUrlPrivate,
          data: null,
          error: {
            code: 'VALIDATION',
            message: integrationMessages.webhookUrlPrivate,
            details: [{ path: 'url', message: integrationMessages.webhookUrlPrivate }],
          },
        };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let stored: WebhookEndpoint[];
let deliveries: WebhookDelivery[];
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  stored = [];
  deliveries = [];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((target: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url: target, body });
      if (method === 'POST' && target.endsWith('/test')) {
        deliveries = [ping, ...deliveries];
        return Promise.resolve(answer(ping));
      }
      if (method === 'POST') {
        if ((body as { url: string }).url.includes('127.0.0.1'))
          return Promise.resolve(answer(null, 400));
        stored = [endpoint];
        return Promise.resolve(answer({ ...endpoint, secret }));
      }
      if (method === 'DELETE') {
        stored = [];
        return Promise.resolve(answer(null));
      }
      if (target.includes('/deliveries'))
        return Promise.resolve(answer({ list: deliveries, count: deliveries.length }));
      return Promise.resolve(answer({ list: stored, count: stored.length }));
    }),
  );
  signInAsUser(makeUser(Role.Manager));
});
afterEach(() => vi.unstubAllGlobals());

describe('WebhooksSection', () => {
  it('creates an endpoint and shows its signing secret once, with a copy button and a warning', async () => {
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection organizationId={1} />);
    expect(await screen.findByText(webhooksText.emptyTitle)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: webhooksText.create })[0]!);
    const dialog = await screen.findByRole('dialog', { name: webhooksText.dialogTitle });
    const field = within(dialog).getByRole('textbox', { name: webhooksText.url });

    // No event: refused before any call.
    await user.click(field);
    await user.paste(url);
    await user.click(within(dialog).getByRole('button', { name: webhooksText.submit }));
    expect(
      await within(dialog).findByText(integrationMessages.webhookEventsRequired),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    // A private URL: the server's message on the field, in the dialog.
    await user.click(
      within(dialog).getByRole('checkbox', { name: webhooksText.eventLabels['answer.submitted'] }),
    );
    await user.click(
      within(dialog).getByRole('checkbox', { name: webhooksText.eventLabels['review.completed'] }),
    );
    await user.clear(field);
    await user.paste('http://127.0.0.1:9000/hook');
    await user.click(within(dialog).getByRole('button', { name: webhooksText.submit }));
    expect(
      await within(dialog).findByText(integrationMessages.webhookUrlPrivate),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.click(field);
    await user.paste(url);
    await user.click(within(dialog).getByRole('button', { name: webhooksText.submit }));
    const shown = await screen.findByRole('dialog', { name: webhooksText.createdTitle });
    expect(within(shown).getByTestId('webhook-secret-value')).toHaveTextContent(secret);
    expect(within(shown).getByRole('alert')).toHaveTextContent(webhooksText.createdWarning);
    expect(within(shown).getByRole('button', { name: webhooksText.copy })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      url: '/api/organizations/1/webhooks',
      body: { url, events: ['answer.submitted', 'review.completed'] },
    });

    await user.click(within(shown).getByRole('button', { name: webhooksText.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: webhooksText.tableLabel });
    expect(await within(table).findByText(url)).toBeInTheDocument();
    expect(within(table).getByText(webhooksText.active)).toBeInTheDocument();
    expect(await within(table).findByText(webhooksText.noDelivery)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(secret);
    // Two dialogs' worth of typing and clicks: about 8 s on a quiet machine, more on a busy one.
  }, 30_000);

  it('deletes an endpoint only after the confirmation', async () => {
    stored = [endpoint];
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection organizationId={1} />);
    await user.click(await screen.findByRole('button', { name: webhooksText.deleteLabel(url) }));
    const confirm = await screen.findByRole('dialog', { name: webhooksText.deleteTitle });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: messages.delete }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        '/api/organizations/1/webhooks/7',
      ]),
    );
    expect(await screen.findByText(webhooksText.emptyTitle)).toBeInTheDocument();
  });

  it('shows an empty deliveries table, then sends a test and shows its result and its row', async () => {
    stored = [endpoint];
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection organizationId={1} />);
    await user.click(
      await screen.findByRole('button', { name: webhooksText.deliveriesLabel(url) }),
    );
    const empty = await screen.findByRole('table', { name: webhooksText.deliveriesLabel(url) });
    expect(await within(empty).findByText(webhooksText.deliveriesEmptyTitle)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: webhooksText.sendTestLabel(url) }));
    expect(await screen.findByTestId('webhook-test-result')).toHaveTextContent(
      webhooksText.testDelivered(204, 42),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/organizations/1/webhooks/7/test',
    ]);
    const table = screen.getByRole('table', { name: webhooksText.deliveriesLabel(url) });
    const row = (await within(table).findByText('ping')).closest('tr')!;
    expect(row).toHaveTextContent(webhooksText.statusLabels.delivered);
    expect(row).toHaveTextContent('204');
    expect(row).toHaveTextContent(webhooksText.ms(42));
  });

  it('lists deliveries newest first with status, HTTP code, attempts, time and error', async () => {
    stored = [endpoint];
    deliveries = [ping, failed];
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection organizationId={1} />);
    // The list shows the newest delivery's status.
    const endpoints = await screen.findByRole('table', { name: webhooksText.tableLabel });
    expect(
      await within(endpoints).findByText(webhooksText.statusLabels.delivered),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: webhooksText.deliveriesLabel(url) }));
    const table = await screen.findByRole('table', { name: webhooksText.deliveriesLabel(url) });
    await within(table).findByText('ping');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'ping',
      'answer.submitted',
    ]);
    expect(rows[1]).toHaveTextContent(webhooksText.statusLabels.failed);
    expect(rows[1]).toHaveTextContent('HTTP 500');
    expect(rows[1]).toHaveTextContent('8');
    expect(rows[1]).toHaveTextContent(webhooksText.ms(120));
    expect(calls.some((c) => c.url.includes('/webhooks/7/deliveries?page=1&pageSize=25'))).toBe(
      true,
    );
  });
});
