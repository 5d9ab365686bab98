/**
 * The single sign-on section's protocol choice (decisions.md#single-sign-on §6): choosing SAML
 * shows the identity provider's fields and our entity id, ACS URL and metadata URL to copy, and
 * saves a SAML body (certificates pasted one after another become a list); a server error on the
 * certificates shows under the field. OpenID Connect stays the default and saves its own body.
 */
import { messages, Role, type SsoSettingsAnswer } from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ssoText } from '../../../config/sso-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { SsoSection } from './sso-section';

const provider = {
  entityId: 'http://localhost/api/auth/sso/saml/1/metadata',
  acsUrl: 'http://localhost/api/auth/sso/saml/1/acs',
  metadataUrl: 'http://localhost/api/auth/sso/saml/1/metadata',
};
const empty: SsoSettingsAnswer = {
  settings: null,
  redirectUri: 'http://localhost/api/auth/sso/callback',
  samlServiceProvider: provider,
};
const pem = (body: string) => `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`;

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let calls: { method: string; url: string; body: unknown }[];
let putAnswer: () => Response;

beforeEach(() => {
  calls = [];
  putAnswer = () => answer(200, { success: true, message: messages.ok, data: empty, error: null });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      if (method === 'PUT') return Promise.resolve(putAnswer());
      return Promise.resolve(
        answer(200, { success: true, message: messages.ok, data: empty, error: null }),
      );
    }),
  );
  signInAsUser(makeUser(Role.Manager));
});
afterEach(() => vi.unstubAllGlobals());

/** Types `text` into the field named `name` at once (a paste: typing key by key is slow here). */
async function fill(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  await user.click(screen.getByRole('textbox', { name }));
  await user.paste(text);
}

/** Renders the section and waits for the settings' answer. */
async function renderSection() {
  renderWithProviders(<SsoSection organizationId={1} />);
  expect(await screen.findByText(empty.redirectUri)).toBeInTheDocument();
}

describe('SsoSection', () => {
  it('SAML: shows our values to copy and saves the identity provider’s settings', async () => {
    const user = userEvent.setup();
    await renderSection();
    await user.click(screen.getByRole('radio', { name: ssoText.saml }));

    expect(screen.queryByRole('textbox', { name: ssoText.issuer })).not.toBeInTheDocument();
    expect(screen.getByText(provider.acsUrl)).toBeInTheDocument();
    expect(screen.getAllByText(provider.entityId)).toHaveLength(2); // entity id and metadata URL
    expect(
      screen.getByRole('button', { name: ssoText.copy(ssoText.samlAcsUrl) }),
    ).toBeInTheDocument();

    await fill(user, ssoText.samlEntityId, 'https://sts.windows.net/t/');
    await fill(user, ssoText.samlSsoUrl, 'https://login.example.org/saml2');
    // Two certificates pasted one after the other (a rollover).
    await fill(user, ssoText.samlCertificates, `${pem('AAAA')}\n${pem('BBBB')}\n`);
    await fill(user, ssoText.samlEmail, 'mail');
    await fill(user, ssoText.roleAttribute, 'groups');
    await user.click(screen.getByRole('button', { name: ssoText.save }));

    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/organizations/1/sso',
      body: {
        protocol: 'saml',
        samlIdpEntityId: 'https://sts.windows.net/t/',
        samlSsoUrl: 'https://login.example.org/saml2',
        samlCertificates: [pem('AAAA'), pem('BBBB')],
        samlAttributes: { email: 'mail', firstName: '', lastName: '' },
        roleClaim: 'groups',
      },
    });
  }, 30_000); // Mantine renders slowly under jsdom on a busy machine: 15 s was its edge

  it('SAML: the server’s refusal of a certificate shows under the field', async () => {
    const message = 'Paste the identity provider’s signing certificate (PEM, X.509).';
    putAnswer = () =>
      answer(400, {
        success: false,
        message,
        data: null,
        error: { code: 'VALIDATION', message, details: [{ path: 'samlCertificates', message }] },
      });
    const user = userEvent.setup();
    await renderSection();
    await user.click(screen.getByRole('radio', { name: ssoText.saml }));
    await user.click(screen.getByRole('button', { name: ssoText.save }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('OpenID Connect stays the default and saves its own fields', async () => {
    const user = userEvent.setup();
    await renderSection();
    expect(screen.getByRole('radio', { name: ssoText.oidc })).toBeChecked();
    await fill(user, ssoText.issuer, 'https://id.example.org');
    await fill(user, ssoText.clientId, 'console');
    await user.click(screen.getByRole('button', { name: ssoText.save }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      protocol: 'oidc',
      issuer: 'https://id.example.org',
      clientId: 'console',
    });
    expect(body).not.toHaveProperty('samlCertificates');
  });
});
