/**
 * Creating, editing and deleting an interview assignment (001 §4, §7; the wizard's calls).
 * Registered in the assignments scope, where every call needs a session.
 */
import {
  assignmentDetailSchema,
  createInterviewAssignmentBodySchema,
  envelopeSchema,
  idParamSchema,
  messages,
  updateInterviewAssignmentBodySchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, nullAnswer, secured, type ZodApp } from '../../lib/route-kit.js';
import * as service from './service.js';

const detailAnswer = { 200: envelopeSchema(assignmentDetailSchema) };

/** POST /assignments/interview, PUT and DELETE /assignments/interview/{id}. */
export function interviewAssignmentRoutes(r: ZodApp): void {
  r.post(
    '/assignments/interview',
    {
      schema: {
        ...secured('assignments'),
        summary:
          'Create an interview assignment (Draft, start date today): an Active interview assignable to the organization, ' +
          'an avatar for each of its roles, an environment, an Active rating scale and feedback form. Answers the detail',
        body: createInterviewAssignmentBodySchema,
        response: detailAnswer,
      },
    },
    async (request) =>
      ok(
        await service.createInterviewAssignment(r.files, actorOf(request), request.body),
        messages.interviewAssignmentCreated,
      ),
  );

  r.put(
    '/assignments/interview/:id',
    {
      schema: {
        ...secured('assignments'),
        summary:
          'Update an interview assignment (the id is the assignment id, also its specification id). Draft: the whole form ' +
          '(start date today); Planned or Active: name, description and closeDate only (another composition is a 400); ' +
          'Closed: 400',
        params: idParamSchema,
        body: updateInterviewAssignmentBodySchema,
        response: detailAnswer,
      },
    },
    async (request) =>
      ok(
        await service.updateInterviewAssignment(
          r.files,
          actorOf(request),
          request.params.id,
          request.body,
        ),
        messages.interviewAssignmentUpdated,
      ),
  );

  r.delete(
    '/assignments/interview/:id',
    {
      schema: {
        ...secured('assignments'),
        summary:
          'Delete a Draft assignment with its roles, instructors and Pending answers (400 otherwise)',
        params: idParamSchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      await service.deleteInterviewAssignment(r.files, actorOf(request), request.params.id);
      return ok(null, messages.assignmentDeleted);
    },
  );
}
