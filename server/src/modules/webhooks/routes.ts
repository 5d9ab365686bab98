/**
 * The webhook calls (decisions.md#webhooks §1) under `/organizations/{id}/webhooks`: list,
 * create (the secret answered once), change, delete, the deliveries of an endpoint and a test
 * ping, for an Admin or a Manager of the organization. Every call needs a session; POST and PATCH
 * decide who may call in a preValidation hook, before their body.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createWebhookBodySchema,
  createdWebhookEndpointSchema,
  envelopeSchema,
  idParamSchema,
  updateWebhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookParamSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, nullAnswer, secured, signedIn } from '../../lib/route-kit.js';
import * as service from './service.js';
import type { WebhookDeps } from './service.js';

const who = 'Admin, or a manager of the organization';

/**
 * Registers the webhook routes (inside the `/api` prefix; the webhooks plugin, which decorates
 * `app.webhooks`, is registered before). Every call needs a session.
 */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): WebhookDeps => app.webhooks.deps;
  /** Decides who may call before the body is validated (a bad path is left to the validation's 400). */
  const authorizeFirst = async (request: FastifyRequest) => {
    const params = idParamSchema.safeParse(request.params);
    if (!params.success) return;
    await service.authorizeWebhooks(app.db, actorOf(request), params.data.id);
  };

  await signedIn(app, (r) => {
    r.get(
      '/organizations/:id/webhooks',
      {
        schema: {
          ...secured('organizations'),
          summary: `The organization’s webhook endpoints, newest first: url, events, active, creator, createdAt (never the secret). ${who}`,
          params: idParamSchema,
          response: { 200: envelopeSchema(webhookEndpointListSchema) },
        },
      },
      async (request) =>
        ok(await service.listWebhooksFor(deps(), actorOf(request), request.params.id)),
    );

    r.post(
      '/organizations/:id/webhooks',
      {
        schema: {
          ...secured('organizations'),
          summary:
            'Subscribe a URL to events: body {url (http or https; its host must resolve to public ' +
            'addresses unless WEBHOOKS_ALLOW_PRIVATE), events (answer.submitted, review.completed, ' +
            'invite.accepted; at least one)}. Answers the endpoint with its signing secret `secret` ' +
            `(whsec_…), shown this once. ${who}; who may call is checked before the body`,
          params: idParamSchema,
          body: createWebhookBodySchema,
          response: { 200: envelopeSchema(createdWebhookEndpointSchema) },
        },
        preValidation: authorizeFirst,
      },
      async (request) =>
        ok(
          await service.createWebhookFor(deps(), actorOf(request), request.params.id, request.body),
        ),
    );

    r.patch(
      '/organizations/:id/webhooks/:endpointId',
      {
        schema: {
          ...secured('organizations'),
          summary: `Change a webhook endpoint: body {url?, events?, active?}; a paused endpoint (active false) gets no new events. ${who}`,
          params: webhookParamSchema,
          body: updateWebhookBodySchema,
          response: { 200: envelopeSchema(webhookEndpointSchema) },
        },
        preValidation: authorizeFirst,
      },
      async (request) =>
        ok(
          await service.updateWebhookFor(
            deps(),
            actorOf(request),
            request.params.id,
            request.params.endpointId,
            request.body,
          ),
        ),
    );

    r.delete(
      '/organizations/:id/webhooks/:endpointId',
      {
        schema: {
          ...secured('organizations'),
          summary: `Delete a webhook endpoint and its deliveries. ${who}`,
          params: webhookParamSchema,
          response: nullAnswer,
        },
      },
      async (request) => {
        await service.deleteWebhookFor(
          deps(),
          actorOf(request),
          request.params.id,
          request.params.endpointId,
        );
        return ok(null);
      },
    );

    r.get(
      '/organizations/:id/webhooks/:endpointId/deliveries',
      {
        schema: {
          ...secured('organizations'),
          summary: `The endpoint’s deliveries, newest first (page from 1, pageSize 25, 50 or 100): event, status (pending, delivered, failed), attempts, last HTTP status and error, response time in ms. ${who}`,
          params: webhookParamSchema,
          querystring: webhookDeliveriesQuerySchema,
          response: { 200: envelopeSchema(webhookDeliveryListSchema) },
        },
      },
      async (request) =>
        ok(
          await service.listDeliveriesFor(
            deps(),
            actorOf(request),
            request.params.id,
            request.params.endpointId,
            request.query,
          ),
        ),
    );

    r.post(
      '/organizations/:id/webhooks/:endpointId/test',
      {
        schema: {
          ...secured('organizations'),
          summary: `Send a test: queues a ping delivery to the endpoint, attempts it at once and answers it (delivered, or pending with the error and a retry). ${who}`,
          params: webhookParamSchema,
          response: { 200: envelopeSchema(webhookDeliverySchema) },
        },
      },
      async (request) =>
        ok(
          await service.testWebhookFor(
            deps(),
            actorOf(request),
            request.params.id,
            request.params.endpointId,
          ),
        ),
    );
  });
}
