/**
 * One assignment (001 §4, §7): its detail, and its status changes with the rules of 001 §4.
 * Registered in the assignments scope, where every call needs a session.
 */
import type { FastifyRequest } from 'fastify';
import {
  assignmentDetailQuerySchema,
  assignmentDetailSchema,
  assignmentStatusQuerySchema,
  envelopeSchema,
  idParamSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, linkDeps, secured, type ZodApp } from '../../lib/route-kit.js';
import type { AssignmentRow } from './repository.js';
import * as service from './service.js';

const detailAnswer = { 200: envelopeSchema(assignmentDetailSchema) };

/** GET /assignments/{id}. */
export function assignmentDetailRoutes(r: ZodApp): void {
  r.get(
    '/assignments/:id',
    {
      schema: {
        ...secured('assignments'),
        summary:
          'One assignment with its contents (interview with roles and questions, rating scale and feedback form with ' +
          'questions and options) and assets (environment, avatars, image URLs), counts, averageScore of Reviewed ' +
          'answers and the flags canReturnToDraft, canClose, canPrintReport (001 §4)',
        params: idParamSchema,
        querystring: assignmentDetailQuerySchema,
        response: detailAnswer,
      },
    },
    async (request) =>
      ok(await service.getAssignmentFor(r.files, actorOf(request), request.params.id)),
  );
}

/**
 * PUT /assignments/{id}/status: who may change it is decided in preValidation, before the query
 * is validated (403/404 before 400); the handler reuses the assignment loaded there.
 */
export function assignmentStatusRoutes(r: ZodApp): void {
  /** The assignment the status call's preValidation hook authorized, for its handler. */
  const statusTargets = new WeakMap<FastifyRequest, AssignmentRow>();
  r.put(
    '/assignments/:id/status',
    {
      schema: {
        ...secured('assignments'),
        summary:
          'Change the status (statusId 1 Draft, 2 Planned, 3 Active, 5 Closed): Draft → Planned | Active, Planned → Active | ' +
          'Draft, Active → Draft while no trainee completed, → Closed once one completed; Closed → Active (reopen) only ' +
          "by an admin or the organization's manager (403 otherwise), answers, reviews and due date kept. Publishing " +
          're-checks the composition. Who may call is checked before the query. Answers the detail',
        params: idParamSchema,
        querystring: assignmentStatusQuerySchema,
        response: detailAnswer,
      },
      preValidation: async (request) => {
        const params = idParamSchema.safeParse(request.params);
        if (!params.success) return; // the validation answers 400
        statusTargets.set(
          request,
          await service.loadAssignmentFor(
            r.db,
            actorOf(request),
            params.data.id,
            'assignment:changeStatus',
          ),
        );
      },
    },
    async (request) => {
      const { assignment, message } = await service.changeAssignmentStatus(
        { ...linkDeps(r), urls: r.files.urls },
        actorOf(request),
        request.params.id,
        request.query.statusId,
        statusTargets.get(request),
      );
      return ok(assignment, message);
    },
  );
}
