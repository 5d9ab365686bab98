/**
 * Single sign-on settings (decisions.md#single-sign-on): one identity provider per organization,
 * OpenID Connect or SAML 2.0 (`protocol`). The client secret is stored only encrypted
 * (AES-256-GCM, key derived from JWT_SECRET; modules/sso/secret-box.ts). `saml_message_ids`
 * holds the SAML requests we sent (until answered or expired) and the assertions we accepted
 * (until they expire), so that every copy of the server checks InResponseTo and refuses a replay.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

export const organizationSso = pgTable('organization_sso', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** 'oidc' or 'saml': which of the columns below sign in. */
  protocol: text('protocol').$type<'oidc' | 'saml'>().notNull().default('oidc'),
  /** OpenID Connect: the provider's issuer URL; its discovery document is `<issuer>/.well-known/openid-configuration`. */
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** base64url of iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext; null when no secret is set. */
  clientSecretEncrypted: text('client_secret_encrypted'),
  /** Lower-cased email domains whose sign-in starts at this provider. */
  emailDomains: text('email_domains').array().notNull().default([]),
  /** Whether a verified email with no account and no invite gets one (just in time). */
  jitEnabled: boolean('jit_enabled').notNull().default(false),
  /** The ID-token claim whose value picks a JIT account's role; null: trainee. */
  roleClaim: text('role_claim'),
  /** Claim value → role id (1–3) rows. */
  roleMap: jsonb('role_map').$type<{ value: string; roleId: 1 | 2 | 3 }[]>().notNull().default([]),
  /** SAML: the identity provider's entity id (the `Issuer` of its assertions). */
  samlIdpEntityId: text('saml_idp_entity_id'),
  /** SAML: the identity provider's single sign-on URL (HTTP-Redirect binding). */
  samlSsoUrl: text('saml_sso_url'),
  /** SAML: the identity provider's signing certificates, PEM (several during a rollover). */
  samlCertificates: text('saml_certificates').array().notNull().default([]),
  /** SAML: the attribute names of email, first and last name (empty: the NameID / not sent). */
  samlAttributes: jsonb('saml_attributes')
    .$type<{ email: string; firstName: string; lastName: string }>()
    .notNull()
    .default({ email: '', firstName: '', lastName: '' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const samlMessageIds = pgTable(
  'saml_message_ids',
  {
    /** 'request': an AuthnRequest we sent; 'assertion': an assertion we accepted. */
    kind: text('kind').$type<'request' | 'assertion'>().notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The request's or the assertion's ID attribute. */
    messageId: text('message_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.organizationId, t.messageId] }),
    index('saml_message_ids_expires_idx').on(t.expiresAt),
  ],
);
