/**
 * `/app` (000 §1, §2.1): the app download page with two store badges and a link to the practice
 * app in the browser (`/practice/`, a full page load: it is its own bundle). The store links come
 * from GET /info and are cached in local storage (000 §9), so a repeat visit shows them at once.
 */
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconDeviceMobile, IconWorldWww } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { useDocumentTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { uiText } from '../../config/ui-text';
import { cachedStoreLinks, useInfo } from '../../features/info/api/get-info';
import { StoreBadges } from '../../features/info/components/store-badges';
import { signOut, useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';

/** The app page. */
export default function AppDownloadPage() {
  const info = useInfo();
  const { authed } = useAuth();
  const mayUseConsole = useCan('console:signIn');
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
        <IconDeviceMobile size={44} stroke={1.4} color="var(--mantine-color-brand-7)" aria-hidden />
        <div>
          <Title order={1}>{uiText.appPageHeading}</Title>
          <Text c="dimmed" size="sm" mt={8}>
            {uiText.appPageBody}
          </Text>
        </div>
        <StoreBadges iosLink={iosLink} androidLink={androidLink} />
        <Button
          component="a"
          href={paths.practiceApp()}
          variant="light"
          leftSection={<IconWorldWww size={18} aria-hidden />}
        >
          {uiText.practiseInBrowser}
        </Button>
        <Anchor component={Link} to={paths.login()} size="sm">
          {messages.backToLogin}
        </Anchor>
      </Stack>
    </PublicPage>
  );
}
