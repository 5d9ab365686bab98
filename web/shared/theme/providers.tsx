/**
 * App-wide providers (architecture.md 'web'): Mantine with the console theme, toasts (000 §9: 5000 ms by
 * default; the container is loaded lazily, see notifications-host.tsx) and TanStack Query. The
 * modals provider wraps the console shell only (`ConsoleProviders` in console-providers.tsx): the
 * public pages open no modals, and leaving the modal code out keeps the sign-in page small.
 * `ThemeProviders` is the part without queries: the practice app's public pages use it alone and
 * add the query client in its signed-in layout. Styles are each entry's: the console's app.tsx
 * imports Mantine's whole styles.css, the practice app only what it uses (practice/src/styles.css).
 */
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { theme } from './theme';

const loadNotificationsHost = () => import('./notifications-host');
const NotificationsHost = lazy(loadNotificationsHost);

/** True once a toast has been shown (or queued) in Mantine's notifications store. */
const anyToast = () => {
  const state = notificationsStore.getState();
  return state.notifications.length > 0 || state.queue.length > 0;
};

let toastShown = false;
function subscribeToasts(listener: () => void): () => void {
  return notificationsStore.subscribe(() => {
    if (!toastShown && anyToast()) {
      toastShown = true;
      listener();
    }
  });
}
const readToastShown = () => toastShown || anyToast();

/** Mounts the toast container when the first toast is shown. */
function OnDemandNotificationsHost() {
  const shown = useSyncExternalStore(subscribeToasts, readToastShown, readToastShown);
  return shown ? <NotificationsHost /> : null;
}

/** How the toast container loads: 'eager' fetches it at start, 'on-demand' at the first toast. */
export type NotificationsLoading = 'eager' | 'on-demand';

/**
 * Mantine with the theme and the lazily loaded toast container.
 * @param env 'test' turns Mantine's transitions and portals off (component tests).
 * @param notifications when the toast container's code is fetched (default 'eager').
 */
export function ThemeProviders({
  children,
  env = 'default',
  notifications = 'eager',
}: {
  children: ReactNode;
  env?: 'default' | 'test';
  notifications?: NotificationsLoading;
}) {
  // Fetched as soon as the app starts (not at first render), so a toast rarely has to wait for it.
  if (notifications === 'eager') void loadNotificationsHost();
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <Suspense fallback={null}>
        {notifications === 'eager' ? <NotificationsHost /> : <OnDemandNotificationsHost />}
      </Suspense>
      {children}
    </MantineProvider>
  );
}

/** Wraps an app (and component tests) in the providers: theme, toasts and queries. */
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
    <ThemeProviders env={env}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProviders>
  );
}
