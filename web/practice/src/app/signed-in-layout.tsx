/**
 * The trainee's layout: a top bar with the app's name, the trainee's name, 'Settings' and 'Sign out' (which
 * forgets the session only; recorded takes stay in IndexedDB), a banner while the device is
 * offline saying what still works, and the page. It owns the app's query client (created per
 * sign-in, so one trainee never sees another's cached answers).
 */
import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '@shared/components/brand-mark';
import { createQueryClient } from '@shared/lib/query-client';
import { signOut, useSession } from '../lib/session';
import { practicePaths } from './paths';
import { appText } from './app-text';
import { notificationsText } from '@shared/config/notifications-text';

/** The top bar, the offline banner and the current page. */
export default function SignedInLayout() {
  const [queryClient] = useState(createQueryClient);
  const { user } = useSession();
  const { online } = useNetwork();
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const name = user ? `${user.firstName} ${user.lastName}` : '';
  return (
    <QueryClientProvider client={queryClient}>
      <Box
        component="header"
        py="xs"
        bg="white"
        pos="sticky"
        top={0}
        style={{ zIndex: 10, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size={960} px="md">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Anchor component={Link} to={practicePaths.home} underline="never" c="inherit">
              <Group gap={8} wrap="nowrap">
                <BrandLogo size={28} />
                <Text fw={700} size="md" component="span">
                  {appText.appName}
                </Text>
              </Group>
            </Anchor>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed" visibleFrom="xs" truncate maw={220}>
                {name}
              </Text>
              <Button component={Link} to={practicePaths.settings} variant="subtle" size="xs">
                {notificationsText.settingsLink}
              </Button>
              <Button variant="default" size="xs" onClick={signOut}>
                {appText.signOut}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      {!online && (
        <Box
          role="status"
          bg="yellow.1"
          py="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-yellow-3)' }}
        >
          <Container size={960} px="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconWifiOff size={20} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
              <Text size="sm">{appText.offline}</Text>
            </Group>
          </Container>
        </Box>
      )}
      <Container component="main" id="main" size={960} px="md" py="lg">
        <Text size="sm" c="dimmed" hiddenFrom="xs" mb="sm">
          {appText.signedInAs(name)}
        </Text>
        <Outlet />
      </Container>
    </QueryClientProvider>
  );
}
