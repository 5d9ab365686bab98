/**
 * Single sign-on settings (decisions.md#single-sign-on): one OpenID Connect provider per
 * organization. The client secret is stored only encrypted (AES-256-GCM, key derived from
 * JWT_SECRET; modules/sso/secret-box.ts).
 */
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

export const organizationSso = pgTable('organization_sso', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** The provider's issuer URL; its discovery document is `<issuer>/.well-known/openid-configuration`. */
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
