/**
 * The `/invites` calls of 000 §7 'Invites', plus POST /invites/{id}/link (ours: 'copy link').
 * Where each call sits:
 *
 * - public, the registration page: registration-routes.ts (GET /invites/{id}, which also serves
 *   staff with a session and a numeric id, and POST /invites/accept);
 * - signed in: invite-routes.ts (POST /invites; DELETE /invites/{id}, its resend and link) and
 *   invite-batch-routes.ts (POST /invites/batch, the CSV import of
 *   decisions.md#insights-and-administration §2, which authorizes before its body is validated);
 * - signed in, an organization's pending invites: invite-routes.ts (GET
 *   /organizations/{id}/invites).
 */
import type { FastifyInstance } from 'fastify';
import { signedIn, zodApp } from '../../lib/route-kit.js';
import { inviteBatchRoutes, type BatchRateOptions } from './invite-batch-routes.js';
import { inviteActionRoutes, newInviteRoutes, organizationInviteRoutes } from './invite-routes.js';
import { registrationRoutes, type RegistrationOptions } from './registration-routes.js';

export type InviteRoutesOptions = RegistrationOptions & BatchRateOptions;

/** Registers the invite routes (inside the `/api` prefix). */
export async function inviteRoutes(
  app: FastifyInstance,
  options: InviteRoutesOptions,
): Promise<void> {
  registrationRoutes(zodApp(app), options);
  await signedIn(app, (r) => {
    newInviteRoutes(r);
    inviteBatchRoutes(r, options);
    inviteActionRoutes(r);
  });
  await signedIn(app, organizationInviteRoutes);
}
