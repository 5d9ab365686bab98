/**
 * The create dialog of an API token (decisions.md#api-tokens): a name, the scopes as checkboxes
 * (at least one) and an optional expiry in days; once created, the dialog shows the token this
 * only time, with a copy button and a warning, until the user closes it.
 */
import { Button, Checkbox, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  apiTokenExpiryDaysMax,
  apiTokenScopes,
  createApiTokenBodySchema,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@practica/contract';
import { useState } from 'react';
import { isApiError } from '@shared/lib/api-client';
import { SecretShownOnce } from '../../../components/secret-shown-once';
import { apiTokensText } from '../../../config/api-tokens-text';
import { useCreateApiToken } from '../api/create-api-token';

export interface CreateApiTokenDialogProps {
  organizationId: number;
  opened: boolean;
  onClose: () => void;
}

interface FormValues {
  name: string;
  scopes: ApiTokenScope[];
  expiresInDays: number | string;
}

/** The create call's body of the form's values (an empty expiry: never). */
function bodyOf(values: FormValues) {
  return {
    name: values.name,
    scopes: values.scopes,
    expiresInDays: values.expiresInDays === '' ? null : Number(values.expiresInDays),
  };
}

/** The dialog; its form starts empty each time it opens. */
export function CreateApiTokenDialog({
  organizationId,
  opened,
  onClose,
}: CreateApiTokenDialogProps) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? apiTokensText.createdTitle : apiTokensText.dialogTitle}
      size="md"
      // The token is shown once: a stray click outside must not lose it.
      closeOnClickOutside={!created}
    >
      {created ? (
        <SecretShownOnce
          value={created.token}
          label={apiTokensText.tokenLabel}
          warning={apiTokensText.createdWarning}
          copyLabel={apiTokensText.copy}
          copiedLabel={apiTokensText.copied}
          doneLabel={apiTokensText.done}
          testId="api-token-value"
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
  onCreated: (token: CreatedApiToken) => void;
  onCancel: () => void;
}) {
  const mutation = useCreateApiToken(organizationId);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { name: '', scopes: [], expiresInDays: '' },
    validate: (values) => {
      const result = createApiTokenBodySchema.safeParse(bodyOf(values));
      const errors: Record<string, string> = {};
      for (const issue of result.error?.issues ?? [])
        errors[String(issue.path[0])] ??= issue.message;
      return errors;
    },
  });
  const submit = form.onSubmit((values) => {
    mutation.mutate(createApiTokenBodySchema.parse(bodyOf(values)), {
      onSuccess: onCreated,
      onError: (error) => {
        if (isApiError(error)) form.setErrors(error.fieldErrors());
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label={apiTokensText.dialogTitle}>
      <Stack gap="md">
        <TextInput
          label={apiTokensText.name}
          placeholder={apiTokensText.namePlaceholder}
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <Checkbox.Group
          label={apiTokensText.scopesLegend}
          withAsterisk
          {...form.getInputProps('scopes')}
        >
          <Stack gap="xs" mt="xs">
            {apiTokenScopes.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={apiTokensText.scopeLabels[scope]}
                description={scope}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <NumberInput
          label={apiTokensText.expiry}
          description={apiTokensText.expiryHint}
          min={1}
          max={apiTokenExpiryDaysMax}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('expiresInDays')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
            {apiTokensText.cancel}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {apiTokensText.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
