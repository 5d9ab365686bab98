/**
 * The assignments list (001 §7) and the instructor dashboard's numbers (000 §2.5). Registered in
 * the assignments scope, where every call needs a session.
 */
import {
  assignmentDashboardQuerySchema,
  assignmentDashboardSchema,
  assignmentListQuerySchema,
  assignmentListSchema,
  envelopeSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, secured, type ZodApp } from '../../lib/route-kit.js';
import * as service from './service.js';

/** GET /assignments and GET /assignments/dashboard. */
export function assignmentListRoutes(r: ZodApp): void {
  r.get(
    '/assignments',
    {
      schema: {
        ...secured('assignments'),
        summary:
          'List assignments, newest first (organizationId, status: one id or a comma list, userId: assignments the user is a ' +
          'trainee in or an instructor on — each row then carries its answer —, search of 3+ characters by name, paging), ' +
          'with statusCounts {draft, planned, active, closed} over the same filters minus status. Admin: all or one ' +
          'organization; instructor and manager: their organization',
        querystring: assignmentListQuerySchema,
        response: { 200: envelopeSchema(assignmentListSchema) },
      },
    },
    async (request) => ok(await service.listAssignmentsFor(r.db, actorOf(request), request.query)),
  );

  r.get(
    '/assignments/dashboard',
    {
      schema: {
        ...secured('assignments'),
        summary:
          "The instructor dashboard's numbers (000 §2.5): totalTrainees (active trainees of the organization), " +
          'activeAssignments (status Active) and pendingReview (answers Submitted). Admins may pass organizationId ' +
          '(all organizations when absent)',
        querystring: assignmentDashboardQuerySchema,
        response: { 200: envelopeSchema(assignmentDashboardSchema) },
      },
    },
    async (request) =>
      ok(await service.dashboardFor(r.db, actorOf(request), request.query.organizationId)),
  );
}
