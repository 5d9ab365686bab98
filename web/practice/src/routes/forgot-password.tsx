/**
 * /practice/forgot-password: the console's reset request (`PUT /api/auth/reset-password?email=`,
 * the same answer whether or not the address exists); the emailed link opens the console's reset
 * page. The back arrow and 'Back to Login' return to the sign-in page with the email kept.
 */
import { messages } from '@practica/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@shared/components/page-title';
import { ResetRequestForm } from '@shared/auth/components/reset-request-form';
import { practicePaths } from '../app/paths';
import { appText } from '../app/app-text';
import { PublicCard } from '../app/public-card';

/** The forgot-password screen of the practice app. */
export default function ForgotPasswordPage() {
  useDocumentTitle(messages.forgotPassword, appText.appName);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const back = () =>
    void navigate(
      email ? `${practicePaths.signIn}?email=${encodeURIComponent(email)}` : practicePaths.signIn,
    );

  return (
    <PublicCard nameIsHeading>
      <ResetRequestForm initialEmail={email} onBack={back} />
    </PublicCard>
  );
}
