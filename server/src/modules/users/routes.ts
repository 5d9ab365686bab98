/**
 * The `/users` calls of 000 §7 'Session and users', with the role rules of 000 §6 enforced by
 * the service through the contract's policy. Where each call sits:
 *
 * - public, the emailed links: email-link-routes.ts (PUT /users/validate-email/{token},
 *   PUT /users/reset-password/{token});
 * - signed in: user-routes.ts (GET /users, GET /users/{id}, POST /users), profile-routes.ts
 *   (PUT /users/{id}, its email and password), user-state-routes.ts (activate, deactivate, the
 *   creator flag, soft delete, restore, DELETE /users/{id});
 * - signed in, an organization's members: user-routes.ts (GET /organizations/{id}/users).
 */
import type { FastifyInstance } from 'fastify';
import { signedIn, zodApp } from '../../lib/route-kit.js';
import { emailLinkRoutes } from './email-link-routes.js';
import { profileRoutes, type SessionOptions } from './profile-routes.js';
import { organizationUserRoutes, userRecordRoutes, type GroupRefsOfUser } from './user-routes.js';
import { userStateRoutes } from './user-state-routes.js';

export interface UserRoutesOptions extends SessionOptions {
  /**
   * The groups of a user as `{id, name}`, by name, for `GET /users/{id}?includes=groups`. Given by
   * the app from the groups module, which sits above users (its members are users).
   */
  groupRefsOfUser: GroupRefsOfUser;
}

/** Registers the user routes (inside the `/api` prefix). */
export async function userRoutes(app: FastifyInstance, options: UserRoutesOptions): Promise<void> {
  emailLinkRoutes(zodApp(app));
  await signedIn(app, (r) => {
    userRecordRoutes(r, options.groupRefsOfUser);
    profileRoutes(r, options);
    userStateRoutes(r);
  });
  await signedIn(app, organizationUserRoutes);
}
