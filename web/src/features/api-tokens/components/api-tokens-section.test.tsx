/**
 * The API tokens section and its create dialog (decisions.md#api-tokens): an empty state with a
 * create action; the dialog refuses no scope, sends the name, the chosen scopes and the expiry,
 * and shows the new token once with its copy button and warning; after Done the list shows the
 * token's prefix, never the secret; revoking asks first, then calls DELETE.
 */
import { integrationMessages, messages, Role, type ApiToken } from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiTokensText } from '../../../config/api-tokens-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { ApiTokensSection } from './api-tokens-section';

const secret = 'pra_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const token: ApiToken = {
  id: 5,
  organizationId: 1,
  name: 'HR system',
  scopes: ['answers:read', 'users:read'],
  prefix: secret.slice(0, 10),
  createdBy: { id: 2, name: 'Maya Manning' },
  createdAt: '2026-01-01T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
};

function answer(data: unknown) {
  return new Response(JSON.stringify({ success: true, message: messages.ok, data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

let stored: ApiToken[];
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  stored = [];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      if (method === 'POST') {
        stored = [token];
        return Promise.resolve(answer({ ...token, token: secret }));
      }
      if (method === 'DELETE') {
        stored = [];
        return Promise.resolve(answer(null));
      }
      return Promise.resolve(answer({ list: stored, count: stored.length }));
    }),
  );
  signInAsUser(makeUser(Role.Manager));
});
afterEach(() => vi.unstubAllGlobals());

describe('ApiTokensSection', () => {
  it('creates a token and shows it once, with a copy button and a warning', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ApiTokensSection organizationId={1} />);
    expect(await screen.findByText(apiTokensText.emptyTitle)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: apiTokensText.create })[0]!);
    const dialog = await screen.findByRole('dialog', { name: apiTokensText.dialogTitle });
    await user.type(within(dialog).getByRole('textbox', { name: apiTokensText.name }), 'HR system');
    await user.click(within(dialog).getByRole('button', { name: apiTokensText.submit }));
    expect(
      await within(dialog).findByText(integrationMessages.apiTokenScopesRequired),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: /Read users/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Read answers/ }));
    await user.type(within(dialog).getByRole('textbox', { name: apiTokensText.expiry }), '30');
    await user.click(within(dialog).getByRole('button', { name: apiTokensText.submit }));

    const shown = await screen.findByRole('dialog', { name: apiTokensText.createdTitle });
    expect(within(shown).getByTestId('api-token-value')).toHaveTextContent(secret);
    expect(within(shown).getByRole('alert')).toHaveTextContent(apiTokensText.createdWarning);
    expect(within(shown).getByRole('button', { name: apiTokensText.copy })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/organizations/1/api-tokens',
      body: { name: 'HR system', scopes: ['users:read', 'answers:read'], expiresInDays: 30 },
    });

    await user.click(within(shown).getByRole('button', { name: apiTokensText.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: apiTokensText.tableLabel });
    expect(await within(table).findByText('HR system')).toBeInTheDocument();
    expect(within(table).getByText(`${token.prefix}…`)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(secret);
  });

  it('revokes a token only after the confirmation', async () => {
    stored = [token];
    const user = userEvent.setup();
    renderWithProviders(<ApiTokensSection organizationId={1} />);
    await user.click(
      await screen.findByRole('button', { name: apiTokensText.revokeLabel('HR system') }),
    );
    const confirm = await screen.findByRole('dialog', { name: apiTokensText.revokeTitle });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: apiTokensText.revoke }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        '/api/organizations/1/api-tokens/5',
      ]),
    );
    expect(await screen.findByText(apiTokensText.emptyTitle)).toBeInTheDocument();
  });
});
