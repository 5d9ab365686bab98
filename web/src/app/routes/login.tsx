/**
 * /login (000 §2.3): the sign-in card with its reset view. After sign-in: Admin → system admin
 * dashboard, Manager → organization manager dashboard, Instructor → dashboard (with the
 * `messages.successfullyLogin` toast); a Trainee is signed out at once (no console session is
 * stored) and sent to the app page, with the sign-in handed over to the practice app in this tab
 * (lib/practice-handover.ts), so practising in the browser asks for no password again.
 */
import { Box, Button, Center, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { can, messages, type LoginAnswer } from '@practica/contract';
import {
  IconBuildingSkyscraper,
  IconChecklist,
  IconMicrophone,
  IconStars,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { BrandMark } from '@shared/components/brand-mark';
import { useDocumentTitle } from '@shared/components/page-title';
import { paths } from '@shared/config/paths';
import { uiText } from '@shared/config/ui-text';
import { ssoButtonStyles, ssoText } from '../../config/sso-text';
import { LoginForm } from '@shared/auth/components/login-form';
import { ResetRequestForm } from '@shared/auth/components/reset-request-form';
import { roleHome, signIn, useAuth } from '../../lib/auth';
import { toActor } from '../../lib/can';
import { clearPracticeHandover, handOverToPractice } from '@shared/lib/practice-handover';
import { writeLocal } from '@shared/lib/storage';
import { toast } from '@shared/lib/toast';
import classes from './login.module.css';

/**
 * "Sign in with your organization", loaded after the page: it parses the session with the
 * contract's schemas (zod), which the password form does not need, and the sign-in page keeps its
 * 200 KB budget (web/scripts/login-bundle-size.mjs).
 */
const SsoSignIn = lazy(() => import('../../features/sso').then((m) => ({ default: m.SsoSignIn })));

/**
 * The organization sign-in block as it first shows (its divider and button, inert) while its code
 * loads. The card is centred, so a block appearing late would move the Login button up by more
 * than its height, and a click on its way there would land below it and be lost.
 */
function SsoSignInPlaceholder() {
  return (
    <Stack gap="md" aria-hidden>
      <Divider label={ssoText.or} labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        disabled
        leftSection={<IconBuildingSkyscraper size={18} stroke={1.6} />}
        styles={ssoButtonStyles}
      >
        {ssoText.signInWith}
      </Button>
    </Stack>
  );
}

const highlights = [
  { icon: IconMicrophone, text: uiText.loginHighlights[0] },
  { icon: IconStars, text: uiText.loginHighlights[1] },
  { icon: IconChecklist, text: uiText.loginHighlights[2] },
] as const;

/** The login screen (000 §2.3). */
export default function LoginPage() {
  const { authed, user } = useAuth();
  const navigate = useNavigate();
  const [view, setView] = useState<'login' | 'reset'>('login');
  const [email, setEmail] = useState('');
  useDocumentTitle(view === 'login' ? messages.login : messages.forgotPassword);

  if (authed && user) return <Navigate to={roleHome(user.roleId)} replace />;

  const onSignedIn = (answer: LoginAnswer) => {
    const { token: _token, ...fields } = answer;
    if (!can(toActor(fields), 'console:signIn')) {
      // 000 §2.3: a trainee is signed out immediately and sent to the app page; the practice app
      // takes the sign-in from there.
      handOverToPractice(answer);
      void navigate(paths.appRedirect(), { replace: true });
      return;
    }
    // A trainee's earlier sign-in in this tab must not carry anyone into the practice app.
    clearPracticeHandover();
    const signedIn = signIn(answer);
    const home = roleHome(signedIn.roleId);
    writeLocal('rootPage', home);
    toast.success(messages.successfullyLogin);
    void navigate(home, { replace: true });
  };

  return (
    <Box className={classes.page}>
      <Box className={classes.aside} visibleFrom="md">
        <BrandMark caption={uiText.staffConsole} inverted size={40} />
        <Stack gap="lg" maw={400}>
          <Title order={2} c="white" fz={32} lh={1.2}>
            {uiText.brandTagline}
          </Title>
          <Stack gap="sm">
            {highlights.map(({ icon: Icon, text }) => (
              <Box key={text} className={classes.highlight}>
                <Icon size={20} stroke={1.6} aria-hidden />
                <Text size="sm" c="white">
                  {text}
                </Text>
              </Box>
            ))}
          </Stack>
        </Stack>
        <Text size="xs" c="rgba(255,255,255,0.7)">
          {uiText.copyright}
        </Text>
      </Box>
      <Center className={classes.main} component="main">
        <Box w="100%" maw={400}>
          <Box hiddenFrom="md" mb="xl">
            <BrandMark caption={uiText.staffConsole} />
          </Box>
          <Paper p={{ base: 20, xs: 32 }} shadow="sm">
            {view === 'login' ? (
              <Stack gap="lg">
                <div>
                  <Title order={1}>{uiText.signInHeading}</Title>
                  <Text size="sm" c="dimmed" mt={4}>
                    {uiText.signInSubheading}
                  </Text>
                </div>
                <LoginForm
                  initialEmail={email}
                  onSignedIn={onSignedIn}
                  onError={(text) => toast.error(text)}
                  onForgotPassword={(typed) => {
                    setEmail(typed);
                    setView('reset');
                  }}
                />
                <Suspense fallback={<SsoSignInPlaceholder />}>
                  <SsoSignIn onSignedIn={onSignedIn} />
                </Suspense>
              </Stack>
            ) : (
              <ResetRequestForm initialEmail={email} onBack={() => setView('login')} />
            )}
          </Paper>
        </Box>
      </Center>
    </Box>
  );
}
