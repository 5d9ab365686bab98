/**
 * The edit dialog of a webhook endpoint (decisions.md#webhooks §1): its events (at least one) and
 * whether it is active (a paused endpoint gets no new events). The URL is shown, not changed.
 */
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  updateWebhookBodySchema,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@practica/contract';
import { isApiError } from '@shared/lib/api-client';
import { webhooksText } from '../../../config/webhooks-text';
import { useUpdateWebhook } from '../api/update-webhook';
import { fieldErrorsOf, WebhookEventsField } from './webhook-events-field';

export interface EditWebhookDialogProps {
  organizationId: number;
  /** The endpoint to edit; the dialog is closed while null. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}

/** The dialog; its form starts from the endpoint each time it opens. */
export function EditWebhookDialog({ organizationId, endpoint, onClose }: EditWebhookDialogProps) {
  return (
    <Modal opened={endpoint !== null} onClose={onClose} title={webhooksText.editTitle} size="md">
      {endpoint && (
        <EditForm
          key={endpoint.id}
          organizationId={organizationId}
          endpoint={endpoint}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

interface FormValues {
  events: WebhookEventType[];
  active: boolean;
}

function EditForm({
  organizationId,
  endpoint,
  onDone,
}: {
  organizationId: number;
  endpoint: WebhookEndpoint;
  onDone: () => void;
}) {
  const mutation = useUpdateWebhook(organizationId);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { events: endpoint.events, active: endpoint.active },
    validate: (values) =>
      fieldErrorsOf(updateWebhookBodySchema.safeParse(values).error?.issues ?? []),
  });
  const submit = form.onSubmit((values) => {
    mutation.mutate(
      { endpointId: endpoint.id, body: updateWebhookBodySchema.parse(values) },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isApiError(error)) form.setErrors(error.fieldErrors());
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label={webhooksText.editTitle}>
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {webhooksText.url}
          </Text>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
        </Stack>
        <WebhookEventsField
          value={form.values.events}
          onChange={(next) => form.setFieldValue('events', next)}
          error={form.errors.events}
        />
        <Switch
          label={webhooksText.activeLabel}
          description={webhooksText.activeHint}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            {webhooksText.cancel}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {webhooksText.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
