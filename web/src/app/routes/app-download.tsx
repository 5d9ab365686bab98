/**
 * `/app` (000 §1, §2.1): where a trainee lands after signing in at /login (signed out of the
 * console). Its first choice is practising in the browser: the practice app (`/practice/`, a full
 * page load: it is its own bundle), which takes the sign-in the login page handed over in this tab
 * (lib/practice-handover.ts), so it asks for no password again; the page says so while that
 * hand-over is fresh. Below it, the two store badges of the mobile app: the store links come from
 * GET /info and are cached in local storage (000 §9), so a repeat visit shows them at once.
 */
import { Anchor, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconMicrophone, IconWorldWww } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { useDocumentTitle } from '@shared/components/page-title';
import { paths } from '@shared/config/paths';
import { uiText } from '@shared/config/ui-text';
import { cachedStoreLinks, StoreBadges, useInfo } from '../../features/info';
import { signOut, useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { pendingPracticeHandover } from '@shared/lib/practice-handover';

/** The app page. */
export default function AppDownloadPage() {
  const info = useInfo();
  const { authed } = useAuth();
  const mayUseConsole = useCan('console:signIn');
  // Read once: the email of a sign-in handed over to the practice app, while it is fresh.
  const [handedOver] = useState(() => pendingPracticeHandover());
  // 000 §2.3: a session that may not use the console (a trainee) ends here.
  useEffect(() => {
    if (authed && !mayUseConsole) signOut();
  }, [authed, mayUseConsole]);
  useDocumentTitle(uiText.appPageHeading);
  const cached = cachedStoreLinks();
  const iosLink = info.data?.iosLink ?? cached.iosLink;
  const androidLink = info.data?.androidLink ?? cached.androidLink;
  return (
    <PublicPage width={520}>
      <Stack align="center" gap="lg" ta="center">
        <IconMicrophone size={44} stroke={1.4} color="var(--mantine-color-brand-7)" aria-hidden />
        <div>
          <Title order={1}>{uiText.appPageHeading}</Title>
          <Text c="dimmed" size="sm" mt={8}>
            {uiText.appPageBody}
          </Text>
        </div>
        <Stack gap={8} w="100%" maw={340} align="stretch">
          <Button
            component="a"
            href={paths.practiceApp()}
            variant="filled"
            size="md"
            fullWidth
            // A narrow phone wraps the label rather than cutting it.
            h="auto"
            mih={42}
            py={8}
            px="sm"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            leftSection={<IconWorldWww size={20} aria-hidden />}
            aria-describedby={handedOver ? 'practise-in-browser-note' : undefined}
          >
            {uiText.practiseInBrowser}
          </Button>
          {handedOver && (
            <Text id="practise-in-browser-note" size="sm" c="dimmed">
              {uiText.practiseContinuesAs(handedOver)}
            </Text>
          )}
        </Stack>
        <Divider w="100%" label={uiText.orGetTheApp} labelPosition="center" />
        <StoreBadges iosLink={iosLink} androidLink={androidLink} />
        <Anchor component={Link} to={paths.login()} size="sm">
          {messages.backToLogin}
        </Anchor>
      </Stack>
    </PublicPage>
  );
}
