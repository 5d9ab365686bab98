/** /email-update?token= (000 §2.1, §2.11): result page of an email-change confirmation. */
import { uiText } from '../../config/ui-text';
import { TokenResultPage } from './token-result-page';

/** Email-update result page. */
export default function EmailUpdatePage() {
  return <TokenResultPage title={uiText.emailUpdateTitle} />;
}
