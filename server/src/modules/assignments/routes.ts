/**
 * The `/assignments…` calls of 001 §7, the instructor dashboard numbers (000 §2.5) and the user
 * detail's assignments tab (000 §2.10: PUT /users/{id}/assignments). Every call needs a session;
 * the service enforces the policy (404 another organization, then 403) and the rules of 001 §4/§5.
 * Where each call sits:
 *
 * - assignment-list-routes.ts: GET /assignments, GET /assignments/dashboard;
 * - interview-assignment-routes.ts: POST, PUT and DELETE /assignments/interview…;
 * - assignment-routes.ts: GET /assignments/{id} and PUT /assignments/{id}/status;
 * - assignment-member-routes.ts: the members and answers of one assignment, and
 *   PUT /users/{id}/assignments.
 */
import type { FastifyInstance } from 'fastify';
import { zodApp } from '../../lib/route-kit.js';
import { assignmentListRoutes } from './assignment-list-routes.js';
import { assignmentMemberRoutes, userAssignmentRoutes } from './assignment-member-routes.js';
import { assignmentDetailRoutes, assignmentStatusRoutes } from './assignment-routes.js';
import { interviewAssignmentRoutes } from './interview-assignment-routes.js';

/** Registers the assignment routes (inside the `/api` prefix); every call needs a session. */
export async function assignmentRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);
  assignmentListRoutes(r);
  interviewAssignmentRoutes(r);
  assignmentDetailRoutes(r);
  assignmentMemberRoutes(r);
  assignmentStatusRoutes(r);
  userAssignmentRoutes(r);
}
