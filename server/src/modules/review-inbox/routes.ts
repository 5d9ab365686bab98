/**
 * The review inbox's calls (decisions.md#review-loop §1): GET /reviews/inbox and GET /reviews/inbox/neighbors.
 * Every call needs a session; the service enforces the policy ('answer:review') before reading.
 */
import type { FastifyInstance } from 'fastify';
import {
  envelopeSchema,
  reviewInboxListSchema,
  reviewInboxNeighborsQuerySchema,
  reviewInboxNeighborsSchema,
  reviewInboxQuerySchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, secured, zodApp } from '../../lib/route-kit.js';
import * as service from './service.js';

/** Registers the review inbox routes (inside the `/api` prefix); every call needs a session. */
export async function reviewInboxRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  r.get(
    '/reviews/inbox',
    {
      schema: {
        ...secured('reviews'),
        summary:
          'The review inbox: every answer waiting for review (Submitted) the caller may review, across assignments, ' +
          'oldest submission first. Filters: assignmentId, groupId (the trainee is a member), search (trainee name or ' +
          'email, 3+ characters), claim (mine: a live claim of the caller; unclaimed: no live claim), organizationId ' +
          '(required for an Admin); page (from 1), pageSize 25 | 50 | 100 (default 25). Managers and Instructors: their ' +
          'organization (404 another); trainees 403',
        querystring: reviewInboxQuerySchema,
        response: { 200: envelopeSchema(reviewInboxListSchema) },
      },
    },
    async (request) => ok(await service.listInboxFor(app.db, actorOf(request), request.query)),
  );

  r.get(
    '/reviews/inbox/neighbors',
    {
      schema: {
        ...secured('reviews'),
        summary:
          'The answers before and after answerId in the review inbox with the same filters as GET /reviews/inbox, ' +
          'skipping answers another reviewer holds a live claim on; nextWaitingId, where “Submit and next” goes: nextId, ' +
          'else (after the last) the first such answer of the inbox, never answerId itself, null when none is left; ' +
          'position (1-based, null when the answer is not ' +
          'waiting, e.g. just reviewed: its submission time still places it) and the inbox count',
        querystring: reviewInboxNeighborsQuerySchema,
        response: { 200: envelopeSchema(reviewInboxNeighborsSchema) },
      },
    },
    async (request) => ok(await service.neighborsFor(app.db, actorOf(request), request.query)),
  );
}
