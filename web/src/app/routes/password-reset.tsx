/**
 * /password-reset?token= (000 §2.1, §2.11): asks for the new password and its repeat, sets it
 * through PUT /users/reset-password/{token}, then shows `messages.passwordUpdated` with the
 * back-to-login button, or the server's message (e.g. an expired link) as the failure.
 */
import { Title } from '@mantine/core';
import { messages } from '@practica/contract';
import { useState } from 'react';
import { uiText, userText } from '@shared/config/ui-text';
import { PasswordResetForm } from '../../features/users';
import { isApiError } from '@shared/lib/api-client';
import { ResultMessage, TokenResultPage } from './token-result-page';

type Outcome = { ok: true } | { ok: false; text: string } | null;

function PasswordReset({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (outcome?.ok) return <ResultMessage ok title={messages.passwordUpdated} />;
  if (outcome) {
    return (
      <ResultMessage ok={false} title={outcome.text}>
        {userText.resetFailedHint}
      </ResultMessage>
    );
  }
  return (
    <>
      <Title order={1} mb="md">
        {uiText.passwordResetTitle}
      </Title>
      <PasswordResetForm
        token={token}
        onDone={(error) => {
          if (error === null) setOutcome({ ok: true });
          else
            setOutcome({
              ok: false,
              text:
                isApiError(error) && (error.fromServer || error.kind !== 'http')
                  ? error.message
                  : messages.somethingWentWrongTryLater,
            });
        }}
      />
    </>
  );
}

/** Password reset page. */
export default function PasswordResetPage() {
  return (
    <TokenResultPage title={uiText.passwordResetTitle}>
      {(token) => <PasswordReset token={token} />}
    </TokenResultPage>
  );
}
