/**
 * The create dialog of a webhook endpoint (decisions.md#webhooks §1, §3, §4): a URL and the events
 * (at least one); a URL the server refuses (private, unresolvable) shows the server's message on
 * the field. Once created, the dialog shows the signing secret (`whsec_…`) this only time, with a
 * copy button and a warning, until the user closes it.
 */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createWebhookBodySchema,
  webhookUrlMaxLength,
  type CreatedWebhookEndpoint,
  type WebhookEventType,
} from '@practica/contract';
import { useState } from 'react';
import { isApiError } from '@shared/lib/api-client';
import { SecretShownOnce } from '../../../components/secret-shown-once';
import { webhooksText } from '../../../config/webhooks-text';
import { useCreateWebhook } from '../api/create-webhook';
import { fieldErrorsOf, WebhookEventsField } from './webhook-events-field';

export interface CreateWebhookDialogProps {
  organizationId: number;
  opened: boolean;
  onClose: () => void;
}

interface FormValues {
  url: string;
  events: WebhookEventType[];
}

/** The dialog; its form starts empty each time it opens. */
export function CreateWebhookDialog({ organizationId, opened, onClose }: CreateWebhookDialogProps) {
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? webhooksText.createdTitle : webhooksText.dialogTitle}
      size="md"
      // The secret is shown once: a stray click outside must not lose it.
      closeOnClickOutside={!created}
    >
      {created ? (
        <SecretShownOnce
          value={created.secret}
          label={webhooksText.secretLabel}
          warning={webhooksText.createdWarning}
          copyLabel={webhooksText.copy}
          copiedLabel={webhooksText.copied}
          doneLabel={webhooksText.done}
          testId="webhook-secret-value"
          onDone={close}
        />
      ) : (
        <CreateForm organizationId={organizationId} onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

function CreateForm({
  organizationId,
  onCreated,
  onCancel,
}: {
  organizationId: number;
  onCreated: (endpoint: CreatedWebhookEndpoint) => void;
  onCancel: () => void;
}) {
  const mutation = useCreateWebhook(organizationId);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { url: '', events: [] },
    validate: (values) =>
      fieldErrorsOf(createWebhookBodySchema.safeParse(values).error?.issues ?? []),
  });
  const submit = form.onSubmit((values) => {
    mutation.mutate(createWebhookBodySchema.parse(values), {
      onSuccess: onCreated,
      onError: (error) => {
        if (isApiError(error)) form.setErrors(error.fieldErrors());
      },
    });
  });
  const events = form.getInputProps('events');
  return (
    <form onSubmit={submit} noValidate aria-label={webhooksText.dialogTitle}>
      <Stack gap="md">
        <TextInput
          label={webhooksText.url}
          description={webhooksText.urlHint}
          placeholder={webhooksText.urlPlaceholder}
          withAsterisk
          data-autofocus
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={webhookUrlMaxLength}
          {...form.getInputProps('url')}
        />
        <WebhookEventsField
          value={form.values.events}
          onChange={(next) => form.setFieldValue('events', next)}
          error={events.error}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
            {webhooksText.cancel}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {webhooksText.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
