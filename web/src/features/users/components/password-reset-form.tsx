/**
 * The password-reset form (000 §2.1 /password-reset, §2.11, §5): the new password and its repeat,
 * validated with the contract's `newPasswordFormSchema` (4 to 14 characters; the repeat must
 * match), then PUT /users/reset-password/{token}. The page shows the outcome.
 */
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  messages,
  newPasswordFormSchema,
  passwordMaxLength,
  passwordMinLength,
} from '@practica/contract';
import { IconLock } from '@tabler/icons-react';
import { uiText, userText } from '@shared/config/ui-text';
import { useResetPassword } from '../api/reset-password';

export interface PasswordResetFormProps {
  token: string;
  /** The outcome: null on success, otherwise the error. */
  onDone: (error: unknown) => void;
}

/** New password + repeat for an emailed reset link (000 §2.11). */
export function PasswordResetForm({ token, onDone }: PasswordResetFormProps) {
  const mutation = useResetPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', repeatPassword: '' },
    validate: schemaResolver(newPasswordFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const { password } = newPasswordFormSchema.parse(values);
    mutation.mutate(
      { token, body: { newPassword: password } },
      { onSuccess: () => onDone(null), onError: (error) => onDone(error) },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={uiText.passwordResetTitle}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {userText.passwordResetIntro}
        </Text>
        <PasswordInput
          label={userText.newPassword}
          description={userText.passwordRule(passwordMinLength, passwordMaxLength)}
          autoComplete="new-password"
          leftSection={<IconLock size={16} aria-hidden />}
          withAsterisk
          data-autofocus
          disabled={mutation.isPending}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={messages.repeatPassword}
          autoComplete="new-password"
          leftSection={<IconLock size={16} aria-hidden />}
          withAsterisk
          disabled={mutation.isPending}
          {...form.getInputProps('repeatPassword')}
        />
        <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
          {userText.setNewPassword}
        </Button>
      </Stack>
    </form>
  );
}
