/**
 * Insights (decisions.md#insights-and-administration §1): GET /assignments/{id}/insights, GET /users/{id}/progress and GET
 * /organizations/{id}/reviewer-consistency. Every call needs a session; the service enforces the
 * policy (404 another organization, then 403).
 */
import type { FastifyInstance } from 'fastify';
import {
  assignmentInsightsSchema,
  envelopeSchema,
  idParamSchema,
  reviewerConsistencySchema,
  traineeProgressSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, secured, zodApp } from '../../lib/route-kit.js';
import * as service from './service.js';

/** Registers the insight routes (inside the `/api` prefix). */
export async function insightRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  r.get(
    '/assignments/:id/insights',
    {
      schema: {
        ...secured('insights'),
        summary:
          'Per-criterion analytics of the assignment over the latest review of each Reviewed answer: ' +
          'the rating scale’s criteria; per criterion count, mean and 1–5 star distribution overall, per ' +
          'group and per reviewer; the reviewed trainees best score first with their stars; answers by ' +
          'status now and per day (per week past 90 days). Staff of the organization; a trainee 403; ' +
          'another organization 404',
        params: idParamSchema,
        response: { 200: envelopeSchema(assignmentInsightsSchema) },
      },
    },
    async (request) =>
      ok(await service.assignmentInsightsFor(app.db, actorOf(request), request.params.id)),
  );

  r.get(
    '/users/:id/progress',
    {
      schema: {
        ...secured('insights'),
        summary:
          'A trainee’s reviewed answers oldest first (assignment, score, stars per criterion) and its ' +
          'answers by status with the practice sessions, over assignments that are not Draft. Staff of ' +
          'the organization; a trainee 403; not a trainee or another organization 404',
        params: idParamSchema,
        response: { 200: envelopeSchema(traineeProgressSchema) },
      },
    },
    async (request) =>
      ok(await service.traineeProgressFor(app.db, actorOf(request), request.params.id)),
  );

  r.get(
    '/organizations/:id/reviewer-consistency',
    {
      schema: {
        ...secured('insights'),
        summary:
          'Over every review the history keeps of the organization’s answers: per reviewer the reviews, ' +
          'mean score and per criterion count, mean, standard deviation and delta to the organization’s ' +
          'mean; per pair of reviewers of the same answers their agreement (exact, within one star). ' +
          'An admin or the organization’s manager; others 403; another organization 404',
        params: idParamSchema,
        response: { 200: envelopeSchema(reviewerConsistencySchema) },
      },
    },
    async (request) =>
      ok(await service.reviewerConsistencyFor(app.db, actorOf(request), request.params.id)),
  );
}
