/** Test helpers: the app's providers around a component or around a memory router of the app's routes. */
import {
  Role,
  roleLabels,
  type LoginAnswer,
  type RoleId,
  type SessionUser,
} from '@practica/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { reloadAuthFromStorage } from '../lib/auth';
import { writeLocal, writeLocalJson } from '../lib/storage';

/** A query client without retries, so failures surface at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders `ui` inside the app's providers. */
export function renderWithProviders(ui: ReactElement) {
  return render(
    <AppProviders queryClient={testQueryClient()} env="test">
      {ui}
    </AppProviders>,
  );
}

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

const roleNames = roleLabels;

/** A session user of the given role. */
export function makeUser(roleId: RoleId, overrides: Partial<SessionUser> = {}): SessionUser {
  const inOrg = roleId !== Role.Admin;
  return {
    id: 10 + roleId,
    firstName: 'Test',
    lastName: roleNames[roleId],
    roleId,
    role: roleNames[roleId],
    organization: inOrg ? { id: 1, name: 'Demo Academy' } : null,
    organizationId: inOrg ? 1 : null,
    email: `${roleNames[roleId].toLowerCase()}@example.test`,
    phoneNumber: null,
    creator: false,
    imageUrl: null,
    ...overrides,
  };
}

/** A login answer for `user`. */
export function makeLoginAnswer(user: SessionUser): LoginAnswer {
  return { ...user, token: 'test-token' };
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
