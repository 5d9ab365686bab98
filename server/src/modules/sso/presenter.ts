/**
 * Single sign-on settings on the wire (decisions.md#single-sign-on §2): the stored row to the
 * contract's `SsoSettings`; the client secret is never answered, only whether one is set. The
 * SAML signing certificates are public and answered as stored.
 */
import type { SsoSettings } from '@practica/contract';
import type { SsoRow } from './repository.js';

/** The settings as answered; `redirectUri` is the callback the provider must allow. */
export function presentSsoSettings(row: SsoRow, redirectUri: string): SsoSettings {
  return {
    organizationId: row.organizationId,
    protocol: row.protocol,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: row.clientSecretEncrypted !== null,
    emailDomains: row.emailDomains,
    jitEnabled: row.jitEnabled,
    roleClaim: row.roleClaim,
    roleMap: row.roleMap,
    samlIdpEntityId: row.samlIdpEntityId,
    samlSsoUrl: row.samlSsoUrl,
    samlCertificates: row.samlCertificates,
    samlAttributes: row.samlAttributes,
    redirectUri,
    updatedAt: row.updatedAt.toISOString(),
  };
}
