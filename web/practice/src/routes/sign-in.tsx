/**
 * /practice/sign-in: the console's sign-in form (contract schemas and messages, `POST /api/auth`
 * without the 401 redirect, the server's error text as given) under the app's heading. After
 * sign-in the session is saved and the trainee goes to the `next` path or home; a staff member's
 * session reaches the guard's trainees-only notice. After a 401 it says the session ended and the
 * recordings are kept. 'Forgot password?' opens /practice/forgot-password with the typed email.
 * A trainee the console sent here without a session (just registered from an invite, or its
 * sign-in's hand-over past its time) finds the email filled in and, after registering, that the
 * account was created.
 */
import { Stack, Text, Title } from '@mantine/core';
import { messages, type LoginAnswer } from '@practica/contract';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@shared/components/page-title';
import { LoginForm } from '@shared/auth/components/login-form';
import { toSessionUser } from '@shared/lib/session-user';
import { practicePaths, safeReturnPath } from '../app/paths';
import { appText } from '../app/app-text';
import { PublicCard } from '../app/public-card';
import { saveSession, sessionArrival, sessionEndedByServer, useSession } from '../lib/session';

/** The sign-in screen of the practice app. */
export default function SignInPage() {
  useDocumentTitle(messages.login, appText.appName);
  const { user } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = safeReturnPath(search.get('next'));
  const arrival = sessionArrival();
  const emailParam = search.get('email') ?? arrival?.email ?? '';
  const [error, setError] = useState<string | null>(null);
  const notice = sessionEndedByServer() ? appText.sessionEnded : (arrival?.notice ?? null);

  if (user) return <Navigate to={next} replace />;

  const onSignedIn = (answer: LoginAnswer) => {
    const { token, ...fields } = answer;
    const signedIn = toSessionUser(fields);
    if (!signedIn) return;
    setError(null);
    saveSession(token, signedIn);
    void navigate(next, { replace: true });
  };

  return (
    <PublicCard>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={26}>
            {appText.signInHeading}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {appText.signInSubheading}
          </Text>
        </div>
        {notice && (
          <Text role="status" size="sm" p="sm" bg="blue.0" c="blue.9" style={{ borderRadius: 8 }}>
            {notice}
          </Text>
        )}
        {error && (
          <Text role="alert" size="sm" p="sm" bg="red.0" c="red.9" style={{ borderRadius: 8 }}>
            {error}
          </Text>
        )}
        <LoginForm
          initialEmail={emailParam}
          onError={setError}
          onSignedIn={onSignedIn}
          onForgotPassword={(typed) =>
            void navigate(
              typed
                ? `${practicePaths.forgotPassword}?email=${encodeURIComponent(typed)}`
                : practicePaths.forgotPassword,
            )
          }
        />
      </Stack>
    </PublicCard>
  );
}
