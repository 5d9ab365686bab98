/**
 * Test helpers of the console: a memory router of the console's routes inside the app's providers,
 * and its auth store's session. The helpers both apps use (providers around a component, a session
 * user) are web/shared's (shared/test/render.tsx), re-exported here for the console's tests.
 */
import type { SessionUser } from '@practica/contract';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { writeLocal, writeLocalJson } from '@shared/lib/storage';
import { testQueryClient } from '@shared/test/render';
import { AppProviders } from '@shared/theme/providers';
import { routes } from '../app/router';
import { reloadAuthFromStorage } from '../lib/auth';

export {
  makeLoginAnswer,
  makeUser,
  renderWithProviders,
  testQueryClient,
} from '@shared/test/render';

/** Renders the app's route tree at `path` (optionally with earlier history entries). */
export function renderRoutes(entries: string[]) {
  const router = createMemoryRouter(routes, {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const view = render(
    <AppProviders queryClient={testQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** Stores a session as a sign-in would, and reloads the auth store. */
export function signInAsUser(user: SessionUser): void {
  writeLocal('authToken', 'test-token');
  writeLocalJson('user', user);
  reloadAuthFromStorage();
}

/** Forgets any session. */
export function signedOut(): void {
  window.localStorage.clear();
  reloadAuthFromStorage();
}
