/**
 * "Sign in with your organization" under the sign-in form (decisions.md#single-sign-on §5): an
 * email sends the browser to GET /api/auth/sso/start, which goes on to the organization's
 * provider. Back on /login, `?sso=done` takes the finished sign-in (POST /api/auth/sso/session,
 * its httpOnly cookie) and hands the answer to `onSignedIn`, exactly as a password sign-in;
 * `?sso_error=<code>` shows the contract's text for the code.
 */
import { Alert, Button, Divider, Stack, TextInput } from '@mantine/core';
import {
  loginAnswerSchema,
  ssoErrorMessages,
  type LoginAnswer,
  type SsoErrorCode,
} from '@practica/contract';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '@shared/lib/api-client';
import { ssoButtonStyles, ssoText } from '../../../config/sso-text';

export interface SsoSignInProps {
  onSignedIn: (answer: LoginAnswer) => void;
}

/** The error text of `code`, or null for none or an unknown code. */
function errorText(code: string | null): string | null {
  if (!code) return null;
  return code in ssoErrorMessages ? ssoErrorMessages[code as SsoErrorCode] : ssoText.finishFailed;
}

/** The organization sign-in block of the sign-in card. */
export function SsoSignIn({ onSignedIn }: SsoSignInProps) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(errorText(params.get('sso_error')));
  const [finishing, setFinishing] = useState(params.get('sso') === 'done');
  const taken = useRef(false);

  useEffect(() => {
    if (params.get('sso') !== 'done' || taken.current) return;
    taken.current = true;
    setParams({}, { replace: true });
    api
      .post('/auth/sso/session', { schema: loginAnswerSchema, skipAuthRedirect: true })
      .then(onSignedIn)
      .catch(() => setFailure(ssoText.finishFailed))
      .finally(() => setFinishing(false));
  }, [params, setParams, onSignedIn]);

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (!email.includes('@')) return;
    window.location.assign(`/api/auth/sso/start?email=${encodeURIComponent(email.trim())}`);
  };

  return (
    <Stack gap="md">
      <Divider label={ssoText.or} labelPosition="center" />
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {open ? (
        <form onSubmit={start} noValidate>
          <Stack gap="sm">
            <TextInput
              type="email"
              label={ssoText.workEmail}
              placeholder={ssoText.workEmailPlaceholder}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              autoComplete="email"
              data-autofocus
            />
            <Button type="submit" variant="default" fullWidth>
              {ssoText.continue}
            </Button>
          </Stack>
        </form>
      ) : (
        <Button
          variant="default"
          fullWidth
          loading={finishing}
          leftSection={<IconBuildingSkyscraper size={18} stroke={1.6} />}
          styles={ssoButtonStyles}
          onClick={() => setOpen(true)}
        >
          {finishing ? ssoText.finishing : ssoText.signInWith}
        </Button>
      )}
    </Stack>
  );
}
