/**
 * /email-update?token= (000 §2.1, §2.11): confirms an email change on load
 * (PUT /users/validate-email/{token}) and shows `messages.emailUpdated` or the server's message
 * (fallback `messages.failedToUpdateEmail`) with a success or failure icon.
 */
import { messages } from '@practica/contract';
import { uiText, userText } from '@shared/config/ui-text';
import { useValidateEmail } from '../../features/users';
import { isApiError } from '@shared/lib/api-client';
import { ResultLoading, ResultMessage, TokenResultPage } from './token-result-page';

function EmailUpdateResult({ token }: { token: string }) {
  const query = useValidateEmail(token);
  if (query.isPending) return <ResultLoading />;
  if (query.isError) {
    const error = query.error;
    const text =
      isApiError(error) && (error.fromServer || error.kind !== 'http')
        ? error.message
        : messages.failedToUpdateEmail;
    return (
      <ResultMessage ok={false} title={text}>
        {userText.emailUpdateFailedHint}
      </ResultMessage>
    );
  }
  return <ResultMessage ok title={messages.emailUpdated} />;
}

/** Email-update result page. */
export default function EmailUpdatePage() {
  return (
    <TokenResultPage title={uiText.emailUpdateTitle}>
      {(token) => <EmailUpdateResult token={token} />}
    </TokenResultPage>
  );
}
