/**
 * GET /assignments/{id}/audit (decisions.md#review-loop §5): the assignment's audit log for Managers and Admins.
 * No call writes, changes or deletes an event.
 */
import type { FastifyInstance } from 'fastify';
import {
  auditListSchema,
  auditQuerySchema,
  envelopeSchema,
  idParamSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, secured, zodApp } from '../../lib/route-kit.js';
import { auditLogFor } from './service.js';

/** Registers the audit log route (inside the `/api` prefix); it needs a session. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  r.get(
    '/assignments/:id/audit',
    {
      schema: {
        ...secured('assignments'),
        summary:
          'The assignment’s audit log, newest first: status changes of the assignment and its answers, reviews ' +
          'and claims taken over — action, actor (null and actorName ‘Deleted user’ once erased), answerId and ' +
          'trainee (null for the assignment’s own changes), before/after values, createdAt. Filter action ' +
          '(assignment.status, answer.status, review.submitted, claim.takenOver); page (1-based), pageSize ' +
          '25 | 50 | 100 (default 25). Managers of the organization and admins; never editable',
        params: idParamSchema,
        querystring: auditQuerySchema,
        response: { 200: envelopeSchema(auditListSchema) },
      },
    },
    async (request) =>
      ok(await auditLogFor(app.db, actorOf(request), request.params.id, request.query)),
  );
}
