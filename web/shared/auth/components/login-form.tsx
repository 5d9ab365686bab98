/**
 * The sign-in form (000 §2.3, §5, §8): email (email input type) and password, both required
 * (`messages.emailAddressRequired`, `messages.passwordRequired`); the Login button reads
 * `messages.loggingIn` while busy; the forgot-password link swaps in the reset view. The first
 * page of both apps: two fields in React state (no form library, no query client), validated by
 * the contract's `loginBodySchema` loaded on first use, so it adds little to the first load; the
 * practice app's sign-in page reuses it.
 */
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { messages, type LoginAnswer } from '@practica/contract';
import { IconLock, IconMail } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { login, loginErrorText } from '../api/login';
import { lazySchemaValidator, loadAuthSchemas, prefetchAuthSchemas } from '../lazy-schemas';

export interface LoginFormProps {
  /** Called with the login answer after a successful sign-in. */
  onSignedIn: (answer: LoginAnswer) => void;
  onForgotPassword: (email: string) => void;
  /**
   * Shows why the sign-in failed (the server's text as given, or 000 §8's fallback): the console
   * toasts it; the practice app shows it in the card.
   */
  onError: (text: string) => void;
  initialEmail?: string;
}

type Field = 'email' | 'password';

/** Email + password form of the login screen. */
export function LoginForm({
  onSignedIn,
  onForgotPassword,
  onError,
  initialEmail = '',
}: LoginFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({
    email: initialEmail,
    password: '',
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  const change = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const validate = lazySchemaValidator('loginBodySchema', (error) =>
        onError(loginErrorText(error)),
      );
      const found = await validate(values).catch(() => null);
      if (found === null || Object.values(found).some(Boolean)) {
        setErrors(found ?? {});
        return;
      }
      const { loginBodySchema } = await loadAuthSchemas();
      const answer = await login(loginBodySchema.parse(values));
      setBusy(false);
      onSignedIn(answer);
    } catch (error) {
      onError(loginErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={prefetchAuthSchemas}
      noValidate
      aria-label={messages.login}
    >
      <Stack gap="md">
        <TextInput
          type="email"
          label={messages.emailAddress}
          autoComplete="username"
          inputMode="email"
          leftSection={<IconMail size={16} aria-hidden />}
          withAsterisk
          data-autofocus
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <PasswordInput
          label={messages.password}
          autoComplete="current-password"
          leftSection={<IconLock size={16} aria-hidden />}
          withAsterisk
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onForgotPassword(values.email)}
          >
            {messages.forgotPassword}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" disabled={busy}>
          {busy ? messages.loggingIn : messages.login}
        </Button>
      </Stack>
    </form>
  );
}
