/**
 * The event checkboxes of the create and edit dialogs (decisions.md#webhooks §2): one per event of
 * the contract's `webhookEventTypes`, with what it reports and its name; at least one is required.
 */
import { Checkbox, Stack } from '@mantine/core';
import { webhookEventTypes, type WebhookEventType } from '@practica/contract';
import { webhooksText } from '../../../config/webhooks-text';

export interface WebhookEventsFieldProps {
  value: WebhookEventType[];
  onChange: (value: WebhookEventType[]) => void;
  error?: unknown;
}

/** The checkbox group; `error` the form's message for `events`. */
export function WebhookEventsField({ value, onChange, error }: WebhookEventsFieldProps) {
  return (
    <Checkbox.Group
      label={webhooksText.eventsLegend}
      withAsterisk
      value={value}
      onChange={(next) => onChange(webhookEventTypes.filter((event) => next.includes(event)))}
      error={typeof error === 'string' ? error : undefined}
    >
      <Stack gap="xs" mt="xs">
        {webhookEventTypes.map((event) => (
          <Checkbox
            key={event}
            value={event}
            label={webhooksText.eventLabels[event]}
            description={event}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** The form's errors of a zod result, one message per top-level field. */
export function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
