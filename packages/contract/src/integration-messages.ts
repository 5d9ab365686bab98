/**
 * Messages of the organization's integrations (API tokens, webhooks): a catalogue apart from
 * `messages`, so that the apps that never show them (the practice app's sign-in) do not carry
 * them in their first download (the 120 KB budget of web/scripts/login-bundle-size.mjs).
 */
import { apiTokenExpiryDaysMax } from './constants';

export const integrationMessages = {
  // API tokens (decisions.md#api-tokens).
  apiTokenNameRequired: 'Token name is required!',
  apiTokenScopesRequired: 'Choose at least one scope.',
  apiTokenScopeInvalid: 'This scope does not exist.',
  apiTokenExpiryInvalid: `The expiry must be 1 to ${apiTokenExpiryDaysMax} days.`,
  apiTokenInvalid: 'This API token is invalid, revoked or expired.',
  // Webhooks (decisions.md#webhooks).
  webhookUrlInvalid: 'Enter an http or https URL, such as https://example.com/hooks/practica.',
  webhookUrlPrivate:
    'This URL points to a private, loopback or link-local address; webhooks go only to public addresses.',
  webhookUrlUnresolved: 'The host of this URL could not be found.',
  webhookEventsRequired: 'Choose at least one event.',
  webhookEventInvalid: 'This event does not exist.',
} as const;
