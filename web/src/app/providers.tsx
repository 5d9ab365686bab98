/**
 * App-wide providers (DESIGN.md 'web'): Mantine with the console theme, toasts (000 §9: 5000 ms by
 * default) and TanStack Query. The modals provider wraps the console shell only (`ConsoleProviders` in console-providers.tsx):
 * the public pages open no modals, and leaving the modal code out keeps the sign-in page small.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { defaultToastMs } from '@practica/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { theme } from './theme';

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
      <Notifications position="bottom-right" autoClose={defaultToastMs} limit={4} zIndex={1000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
