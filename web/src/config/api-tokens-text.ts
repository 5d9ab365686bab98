/**
 * Console-only strings of the API tokens section (decisions.md#api-tokens) on an organization's
 * page: the list, the create dialog, the token shown once and the revoke confirmation.
 */
import type { ApiTokenScope } from '@practica/contract';

export const apiTokensText = {
  title: 'API tokens',
  intro:
    "Tokens let your organization's own systems call the Practica API. Each token acts as a manager of this organization, limited to its scopes.",
  create: 'Create token',
  tableLabel: 'API tokens',
  name: 'Name',
  scopes: 'Scopes',
  prefix: 'Token',
  created: 'Created',
  lastUsed: 'Last used',
  expires: 'Expires',
  never: 'Never',
  notUsed: 'Not used yet',
  revoke: 'Revoke',
  /** The revoke column's header, read by screen readers only. */
  actions: 'Actions',
  revokeLabel: (name: string) => `Revoke token ${name}`,
  revokeTitle: 'Revoke API token',
  revokeMessage: (name: string) =>
    `Revoke "${name}"? Systems using it are refused from now on. This cannot be undone.`,
  revoked: 'Token revoked',
  revokeFailed: 'The token could not be revoked.',
  loadFailed: 'The API tokens could not be loaded.',
  emptyTitle: 'No API tokens',
  emptyDescription: 'Create a token for a system that should call the API for this organization.',
  dialogTitle: 'Create API token',
  namePlaceholder: 'e.g. HR system',
  scopesLegend: 'Scopes',
  expiry: 'Expires after (days)',
  expiryHint: 'Leave empty for a token that does not expire.',
  cancel: 'Cancel',
  submit: 'Create token',
  createFailed: 'The token could not be created.',
  createdTitle: 'Copy your token now',
  createdWarning:
    'This is the only time the token is shown. Store it somewhere safe: if it is lost, revoke it and create a new one.',
  tokenLabel: 'API token',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  /** What each scope allows, next to its checkbox. */
  scopeLabels: {
    'answers:read': 'Read answers',
    'reviews:read': 'Read reviews',
    'invites:write': 'Send and manage invites',
    'users:read': 'Read users',
    'reports:read': 'Read reports and insights',
    'scim:provision': 'Provision users from a directory (SCIM)',
  } satisfies Record<ApiTokenScope, string>,
};
