/**
 * Console-only strings of an organization's "Sign-in and integrations" page (decisions.md#webhooks
 * §1, decisions.md#api-tokens, decisions.md#single-sign-on): its title and the links to it from
 * the organization's pages.
 */
export const integrationsText = {
  title: 'Sign-in and integrations',
  intro:
    'How people sign in to this organization and how its own systems talk to Practica: single sign-on, API tokens and webhooks.',
  open: 'Sign-in and integrations',
  /** The manager's organization page: the card's button. */
  manage: 'Open sign-in and integrations',
};
