/**
 * Providers of the signed-in console: Mantine's modals manager (`modals.openConfirmModal`, …).
 * Kept apart from `AppProviders` so the public pages do not load the modal code.
 */
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';

/** Wraps the console shell. */
export function ConsoleProviders({ children }: { children: ReactNode }) {
  return <ModalsProvider>{children}</ModalsProvider>;
}
