/**
 * The `/groups` calls of 000 §7 'Groups', with the role rules of 000 §6 (instructors cannot
 * create, edit, delete or change members) enforced by the service through the contract's policy.
 * Every call needs a session. Where each call sits:
 *
 * - group-routes.ts: GET /groups, and GET, POST, PUT, DELETE of one group;
 * - group-member-routes.ts: a group's members (add, remove, list);
 * - owner-group-routes.ts: an organization's groups and a user's groups (the user-detail tab).
 */
import type { FastifyInstance } from 'fastify';
import { zodApp } from '../../lib/route-kit.js';
import { groupMemberRoutes } from './group-member-routes.js';
import { groupRoutes as groupRecordRoutes } from './group-routes.js';
import { organizationGroupRoutes, userGroupRoutes } from './owner-group-routes.js';

/** Registers the group routes (inside the `/api` prefix); every call needs a session. */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);
  groupRecordRoutes(r);
  groupMemberRoutes(r);
  organizationGroupRoutes(r);
  userGroupRoutes(r);
}
