/**
 * Webhooks an organization's systems subscribe to (decisions.md#webhooks): the events, the create
 * and update bodies, an endpoint as listed (never its secret), the create answer (the secret once)
 * and a delivery as the console's deliveries table shows it.
 */
import { z } from 'zod';
import { webhookUrlMaxLength } from '../constants';
import { integrationMessages } from '../integration-messages';
import { messages } from '../messages';
import { idSchema, pageQuerySchema } from './common';

/** The events an endpoint may subscribe to (decisions.md#webhooks §2). */
export const webhookEventTypes = [
  'answer.submitted',
  'review.completed',
  'invite.accepted',
] as const;
/** One event of `webhookEventTypes`. */
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** What a delivery carries: a subscribed event, or the `ping` of the console's "Send test". */
export type WebhookDeliveryEvent = WebhookEventType | 'ping';

/** One event of the closed list; anything else is 'This event does not exist.'. */
export const webhookEventSchema = z.enum(webhookEventTypes, {
  error: integrationMessages.webhookEventInvalid,
});

/** An absolute http(s) URL of at most 2000 characters (whether its host is public is the server's check). */
export const webhookUrlSchema = z
  .string({ error: integrationMessages.webhookUrlInvalid })
  .trim()
  .max(webhookUrlMaxLength, { error: integrationMessages.webhookUrlInvalid })
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, { error: integrationMessages.webhookUrlInvalid });

const webhookEventsSchema = z
  .array(webhookEventSchema, { error: integrationMessages.webhookEventsRequired })
  .min(1, { error: integrationMessages.webhookEventsRequired })
  .transform((events) => [...new Set(events)]);

/** POST /organizations/{id}/webhooks body: the URL and at least one distinct event. */
export const createWebhookBodySchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
});

/** PATCH /organizations/{id}/webhooks/{endpointId} body: any of url, events, active. */
export const updateWebhookBodySchema = z.object({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  active: z.boolean({ error: messages.validationFailed }).optional(),
});

/** Path of the calls on one endpoint. */
export const webhookParamSchema = z.object({ id: idSchema, endpointId: idSchema });

/** GET …/deliveries query: `page` from 1, `pageSize` 25, 50 or 100. */
export const webhookDeliveriesQuerySchema = pageQuerySchema;

/** An endpoint as listed: never its secret. Times are ISO 8601. */
export const webhookEndpointSchema = z.object({
  id: z.number().int().positive(),
  organizationId: z.number().int().positive(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  active: z.boolean(),
  createdBy: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** GET /organizations/{id}/webhooks: the organization's endpoints, newest first. */
export const webhookEndpointListSchema = z.object({
  list: z.array(webhookEndpointSchema),
  count: z.number().int().nonnegative(),
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** The create answer: the endpoint and its signing secret `secret` (`whsec_…`), shown this once. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/** Delivery status as shown: pending (queued or retrying), delivered, failed (no attempt left). */
export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** One delivery: the event, its status, attempts, the last HTTP status and error, time in ms. */
export const webhookDeliverySchema = z.object({
  id: z.number().int().positive(),
  event: z.string(),
  eventId: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int().nonnegative(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  responseTimeMs: z.number().int().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET …/webhooks/{endpointId}/deliveries: one page, newest first, and the total. */
export const webhookDeliveryListSchema = z.object({
  list: z.array(webhookDeliverySchema),
  count: z.number().int().nonnegative(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
