/**
 * App-wide providers (DESIGN.md 'web'): Mantine with the console theme, toasts (000 §9: 5000 ms by
 * default; the container is loaded lazily, see notifications-host.tsx) and TanStack Query. The
 * modals provider wraps the console shell only (`ConsoleProviders` in console-providers.tsx): the
 * public pages open no modals, and leaving the modal code out keeps the sign-in page small.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { theme } from './theme';

// Fetched as soon as the app starts (not at first render), so a toast rarely has to wait for it.
const notificationsHost = import('./notifications-host');
const NotificationsHost = lazy(() => notificationsHost);

/** Wraps the app (and component tests) in the console's providers. */
export function AppProviders({
  queryClient,
  children,
  env = 'default',
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns Mantine's transitions and portals off (component tests). */
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
