/**
 * The webhooks module (decisions.md#webhooks; architecture.md 'Webhooks'): endpoints an
 * organization's systems subscribe to `answer.submitted`, `review.completed` and
 * `invite.accepted`, and their signed deliveries from a durable outbox. The app registers
 * `webhooksPlugin` (the worker, under `runLoops`) and `webhookRoutes` inside `/api`; the modules
 * that make a reported change call `enqueueEvent(tx, …)` in its transaction.
 */
export { webhooksPlugin } from './plugin.js';
export { webhookRoutes } from './routes.js';
export { enqueueEvent, eventInsert } from './service.js';
