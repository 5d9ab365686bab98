/**
 * The reset view of the login screen (000 §2.3, §5, §8): one email field, a back arrow and the
 * send button (`messages.sendResetLink`, `messages.sendingLink` while busy); afterwards
 * `messages.resetLinkSent` and the back-to-login button. An empty email gives
 * `messages.emailAddressRequired`; a failure the server's message or
 * `messages.unexpectedErrorTryAgain`. Like the login form it needs no query client (the practice
 * app's forgot-password page reuses it).
 */
import { ActionIcon, Button, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@practica/contract';
import { IconArrowLeft, IconMail, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { uiText } from '../../config/ui-text';
import { toast } from '../../lib/toast';
import { requestPasswordReset, resetErrorText } from '../api/request-password-reset';
import { lazySchemaValidator, loadAuthSchemas, prefetchAuthSchemas } from '../lazy-schemas';

export interface ResetRequestFormProps {
  initialEmail?: string;
  onBack: () => void;
}

/** The forgot-password view (000 §2.3). */
export function ResetRequestForm({ initialEmail = '', onBack }: ResetRequestFormProps) {
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    // The contract's resetRequestSchema, loaded when the form is first used (lazy-schemas.ts).
    validate: lazySchemaValidator('resetRequestSchema', (error) =>
      toast.error(resetErrorText(error)),
    ),
  });

  const submit = form.onSubmit(async (values) => {
    const { resetRequestSchema } = await loadAuthSchemas();
    const body = resetRequestSchema.parse(values);
    setBusy(true);
    try {
      await requestPasswordReset(body);
      setBusy(false);
      setSentTo(body.email);
      toast.success(messages.passwordResetLinkSent);
    } catch (error) {
      setBusy(false);
      toast.error(resetErrorText(error));
    }
  });

  if (sentTo !== null) {
    return (
      <Stack align="center" gap="md" ta="center" py="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal" aria-hidden>
          <IconMailCheck size={28} />
        </ThemeIcon>
        <Title order={2}>{messages.resetLinkSent}</Title>
        <Text size="sm" c="dimmed">
          {uiText.resetSentBody(sentTo)}
        </Text>
        <Button fullWidth size="md" onClick={onBack} mt="xs">
          {messages.backToLogin}
        </Button>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={submit}
      onFocus={prefetchAuthSchemas}
      noValidate
      aria-label={messages.forgotPassword}
    >
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={onBack}
            aria-label={messages.backToLogin}
            title={messages.backToLogin}
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
          <Title order={2}>{messages.forgotPassword}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {uiText.resetSubheading}
        </Text>
        <TextInput
          type="email"
          label={messages.emailAddress}
          autoComplete="email"
          inputMode="email"
          leftSection={<IconMail size={16} aria-hidden />}
          withAsterisk
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth size="md" disabled={busy || form.submitting}>
          {busy ? messages.sendingLink : messages.sendResetLink}
        </Button>
      </Stack>
    </form>
  );
}
