/** /password-reset?token= (000 §2.1, §2.11): the password reset page. */
import { uiText } from '../../config/ui-text';
import { TokenResultPage } from './token-result-page';

/** Password reset page. */
export default function PasswordResetPage() {
  return <TokenResultPage title={uiText.passwordResetTitle} />;
}
