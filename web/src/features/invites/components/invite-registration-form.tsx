/**
 * The invite registration form (000 §2.7, §5): first name, last name, password and repeat
 * password, all required (password 4 to 14, the repeat equal to it); the email is the invite's,
 * read-only. The password's rule shows under its label before the user types (decisions.md#console-flows §10).
 * Submits POST /invites/accept and hands the new session to the page.
 */
import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  inviteRegistrationFormSchema,
  messages,
  passwordMaxLength,
  passwordMinLength,
  type InvitePublic,
  type LoginAnswer,
} from '@practica/contract';
import { IconLock, IconMail } from '@tabler/icons-react';
import { inviteText } from '../../../config/organization-text';
import { userText } from '@shared/config/user-text';
import { uiText } from '@shared/config/ui-text';
import { useAcceptInvite } from '../api/accept-invite';

export interface InviteRegistrationFormProps {
  invite: InvitePublic;
  token: string;
  onRegistered: (answer: LoginAnswer) => void;
}

/** Registration from an invite (000 §2.7). */
export function InviteRegistrationForm({
  invite,
  token,
  onRegistered,
}: InviteRegistrationFormProps) {
  const mutation = useAcceptInvite();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      firstName: invite.firstName,
      lastName: invite.lastName,
      password: '',
      repeatPassword: '',
    },
    validate: schemaResolver(inviteRegistrationFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const parsed = inviteRegistrationFormSchema.parse(values);
    mutation.mutate(
      {
        firstName: parsed.firstName,
        lastName: parsed.lastName,
        email: invite.email,
        token,
        password: parsed.password,
      },
      { onSuccess: onRegistered },
    );
  });

  const busy = mutation.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label={uiText.inviteRegistrationTitle}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={messages.firstName}
            withAsterisk
            autoComplete="given-name"
            data-autofocus
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={messages.lastName}
            withAsterisk
            autoComplete="family-name"
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          type="email"
          label={messages.email}
          value={invite.email}
          readOnly
          autoComplete="username"
          leftSection={<IconMail size={16} aria-hidden />}
          variant="filled"
        />
        <PasswordInput
          label={messages.password}
          description={userText.passwordRule(passwordMinLength, passwordMaxLength)}
          withAsterisk
          autoComplete="new-password"
          leftSection={<IconLock size={16} aria-hidden />}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={messages.repeatPassword}
          withAsterisk
          autoComplete="new-password"
          leftSection={<IconLock size={16} aria-hidden />}
          {...form.getInputProps('repeatPassword')}
        />
        <Button type="submit" fullWidth size="md" disabled={busy} mt="xs">
          {busy ? inviteText.creatingAccount : inviteText.createAccount}
        </Button>
      </Stack>
    </form>
  );
}
