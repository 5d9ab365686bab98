/**
 * The webhooks feature (decisions.md#webhooks): the "Webhooks" section of an organization's
 * "Sign-in and integrations" page, with its create and edit dialogs, "Send test" and the
 * deliveries table. What app/ routes compose; other features never import it.
 */
export { WebhooksSection } from './components/webhooks-section';
