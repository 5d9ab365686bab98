/**
 * The sign-in form (000 §2.3, §5, §8): email (email input type) and password, both required
 * (`messages.emailAddressRequired`, `messages.passwordRequired`); the Login button reads
 * `messages.loggingIn` while busy; the forgot-password link swaps in the reset view.
 */
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, type LoginAnswer } from '@practica/contract';
import { IconLock, IconMail } from '@tabler/icons-react';
import { toast } from '../../../lib/toast';
import { loginErrorText, useLogin } from '../api/login';
import { lazySchemaValidator, loadAuthSchemas, prefetchAuthSchemas } from '../lazy-schemas';

export interface LoginFormProps {
  /** Called with the login answer after a successful sign-in. */
  onSignedIn: (answer: LoginAnswer) => void;
  onForgotPassword: (email: string) => void;
  initialEmail?: string;
}

/** Email + password form of the login screen. */
export function LoginForm({ onSignedIn, onForgotPassword, initialEmail = '' }: LoginFormProps) {
  const mutation = useLogin();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail, password: '' },
    // The contract's loginBodySchema, loaded when the form is first used (lazy-schemas.ts).
    validate: lazySchemaValidator('loginBodySchema', (error) => toast.error(loginErrorText(error))),
    validateInputOnBlur: false,
  });

  const submit = form.onSubmit(async (values) => {
    const { loginBodySchema } = await loadAuthSchemas();
    const body = loginBodySchema.parse(values);
    mutation.mutate(body, {
      onSuccess: onSignedIn,
      onError: (error) => {
        toast.error(loginErrorText(error));
      },
    });
  });

  const busy = mutation.isPending;

  return (
    <form onSubmit={submit} onFocus={prefetchAuthSchemas} noValidate aria-label={messages.login}>
      <Stack gap="md">
        <TextInput
          type="email"
          label={messages.emailAddress}
          autoComplete="username"
          inputMode="email"
          leftSection={<IconMail size={16} aria-hidden />}
          withAsterisk
          data-autofocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={messages.password}
          autoComplete="current-password"
          leftSection={<IconLock size={16} aria-hidden />}
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onForgotPassword(form.getValues().email)}
          >
            {messages.forgotPassword}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" disabled={busy || form.submitting}>
          {busy ? messages.loggingIn : messages.login}
        </Button>
      </Stack>
    </form>
  );
}
