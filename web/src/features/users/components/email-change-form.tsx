/**
 * The email change of Settings and User detail (000 §2.8, §2.10, §5 'Changing an email sends a
 * confirmation link to the new address'): the current address, a new one validated with
 * `updateEmailBodySchema`, then `format.emailUpdateLinkSentTo(email)`; a failure shows the
 * server's text or `messages.failedToUpdateEmail`.
 */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { format, messages, updateEmailBodySchema, type User } from '@practica/contract';
import { IconMail, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { userText } from '@shared/config/ui-text';
import { isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { failureText } from '../api/failure-text';
import { useUpdateEmail } from '../api/update-email';

export interface EmailChangeFormProps {
  user: Pick<User, 'id' | 'email'>;
  readOnly?: boolean;
}

/** Current email and the form asking for a new one (000 §2.8). */
export function EmailChangeForm({ user, readOnly = false }: EmailChangeFormProps) {
  const mutation = useUpdateEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(updateEmailBodySchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const body = updateEmailBodySchema.parse(values);
    mutation.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          const text = format.emailUpdateLinkSentTo(body.email);
          toast.success(text);
          setSentTo(body.email);
          form.reset();
        },
        onError: (error) => {
          const text = failureText(error, messages.failedToUpdateEmail);
          if (isApiError(error) && error.status !== 0) form.setFieldError('email', text);
          toast.error(text);
        },
      },
    );
  });

  return (
    <Stack gap="md">
      <div>
        <Text size="sm" fw={500}>
          {userText.currentEmail}
        </Text>
        <Text size="sm" c="dimmed" data-testid="current-email">
          {user.email}
        </Text>
      </div>
      {!readOnly && (
        <form onSubmit={submit} noValidate aria-label={userText.changeEmail}>
          <Stack gap="sm">
            <TextInput
              type="email"
              label={userText.newEmail}
              autoComplete="email"
              inputMode="email"
              leftSection={<IconMail size={16} aria-hidden />}
              disabled={mutation.isPending}
              {...form.getInputProps('email')}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                variant="light"
                loading={mutation.isPending}
                leftSection={<IconMailForward size={16} aria-hidden />}
              >
                {userText.sendConfirmationLink}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {sentTo && (
        <Alert variant="light" color="teal" icon={<IconMailForward size={18} aria-hidden />}>
          {format.emailUpdateLinkSentTo(sentTo)} {userText.emailChangePending}
        </Alert>
      )}
    </Stack>
  );
}
