/**
 * Test helpers both apps' tests use: a query client without retries, the shared providers around a
 * component, and a session user and its login answer. The console's routes and auth store add their
 * own helpers in src/test/render.tsx, the practice app's in practice/src/test/render.tsx.
 */
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
import { AppProviders } from '../theme/providers';

/** A query client without retries, so failures surface at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders `ui` inside the app's providers (theme, toasts, queries; Mantine's test env). */
export function renderWithProviders(ui: ReactElement) {
  return render(
    <AppProviders queryClient={testQueryClient()} env="test">
      {ui}
    </AppProviders>,
  );
}

/** A session user of the given role (id 10 + role, in 'Demo Academy' unless an Admin). */
export function makeUser(roleId: RoleId, overrides: Partial<SessionUser> = {}): SessionUser {
  const inOrg = roleId !== Role.Admin;
  return {
    id: 10 + roleId,
    firstName: 'Test',
    lastName: roleLabels[roleId],
    roleId,
    role: roleLabels[roleId],
    organization: inOrg ? { id: 1, name: 'Demo Academy' } : null,
    organizationId: inOrg ? 1 : null,
    email: `${roleLabels[roleId].toLowerCase()}@example.test`,
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
