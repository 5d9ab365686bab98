/**
 * Console-only strings of the Webhooks section (decisions.md#webhooks) on an organization's
 * "Sign-in and integrations" page: the endpoints, the create and edit dialogs, the secret shown
 * once, the delete confirmation, "Send test" and the deliveries table. Validation messages the
 * server also answers live in the contract's `integrationMessages`.
 */
import type { WebhookDeliveryStatus, WebhookEventType } from '@practica/contract';

export const webhooksText = {
  title: 'Webhooks',
  intro:
    "Webhooks send a signed POST to your system's URL when something happens in this organization. Failed deliveries are retried for about a day.",
  create: 'Add endpoint',
  tableLabel: 'Webhook endpoints',
  url: 'URL',
  events: 'Events',
  status: 'Status',
  lastDelivery: 'Last delivery',
  noDelivery: 'None yet',
  active: 'Active',
  paused: 'Paused',
  /** The actions column's header, read by screen readers only. */
  actions: 'Actions',
  edit: 'Edit',
  editLabel: (url: string) => `Edit endpoint ${url}`,
  delete: 'Delete',
  deleteLabel: (url: string) => `Delete endpoint ${url}`,
  deleteTitle: 'Delete webhook endpoint',
  deleteMessage: (url: string) =>
    `Delete the endpoint ${url} and its deliveries? Your system gets no more events there. This cannot be undone.`,
  deleted: 'Endpoint deleted',
  deleteFailed: 'The endpoint could not be deleted.',
  loadFailed: 'The webhook endpoints could not be loaded.',
  emptyTitle: 'No webhook endpoints',
  emptyDescription:
    'Add an endpoint to tell one of your systems when answers, reviews or invites change.',
  // The create and edit dialogs.
  dialogTitle: 'Add webhook endpoint',
  editTitle: 'Edit webhook endpoint',
  urlPlaceholder: 'https://example.com/hooks/practica',
  urlHint:
    'An http or https address that your system listens on; it must be reachable from the internet.',
  eventsLegend: 'Events to send',
  activeLabel: 'Active',
  activeHint: 'A paused endpoint gets no new events.',
  cancel: 'Cancel',
  submit: 'Add endpoint',
  save: 'Save',
  saved: 'Endpoint saved',
  createFailed: 'The endpoint could not be added.',
  saveFailed: 'The endpoint could not be saved.',
  createdTitle: 'Copy your signing secret now',
  createdWarning:
    'This is the only time the signing secret is shown. Your system uses it to check the Practica-Signature header; if it is lost, delete the endpoint and add it again.',
  secretLabel: 'Signing secret',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  // Send test.
  sendTest: 'Send test',
  sendTestLabel: (url: string) => `Send a test to ${url}`,
  testDelivered: (code: number | null, ms: number | null) =>
    `Test delivered${code === null ? '' : ` (HTTP ${code}`}${ms === null ? '' : `, ${ms} ms`}${code === null ? '' : ')'}.`,
  testNotDelivered: (error: string) => `Test not delivered: ${error}. It is retried later.`,
  testFailed: 'The test could not be sent.',
  // Deliveries.
  deliveries: 'Deliveries',
  showDeliveries: 'Show deliveries',
  hideDeliveries: 'Hide deliveries',
  deliveriesLabel: (url: string) => `Deliveries to ${url}`,
  deliveriesLoadFailed: 'The deliveries could not be loaded.',
  deliveriesEmptyTitle: 'No deliveries yet',
  deliveriesEmptyDescription: 'Events and tests sent to this endpoint show here, newest first.',
  event: 'Event',
  httpCode: 'HTTP',
  attempts: 'Attempts',
  responseTime: 'Time',
  when: 'When',
  ms: (ms: number) => `${ms} ms`,
  nextAttempt: (when: string) => `Next attempt ${when}`,
  /** The delivery statuses as shown. */
  statusLabels: {
    pending: 'Pending',
    delivered: 'Delivered',
    failed: 'Failed',
  } satisfies Record<WebhookDeliveryStatus, string>,
  /** What each event reports, next to its checkbox. */
  eventLabels: {
    'answer.submitted': 'A trainee submitted answers',
    'review.completed': 'A review was completed',
    'invite.accepted': 'An invite was accepted',
  } satisfies Record<WebhookEventType, string>,
};
