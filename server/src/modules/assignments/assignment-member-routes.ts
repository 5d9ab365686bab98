/**
 * Who is on an assignment (001 §5, §7): its members, the users the assign dialog offers, its
 * answers, adding and removing members; and the user detail's assignments tab (000 §2.10), which
 * saves a user's assignments. Registered in the assignments scope, where every call needs a
 * session.
 */
import { z } from 'zod';
import {
  assignmentAnswerSchema,
  assignmentAnswersQuerySchema,
  assignmentCandidateSchema,
  assignmentCandidatesQuerySchema,
  assignmentListItemSchema,
  assignmentMembersBodySchema,
  assignmentUserSchema,
  assignmentUsersQuerySchema,
  envelopeSchema,
  idParamSchema,
  idsBodySchema,
  listSchema,
  messages,
  userAssignmentsBodySchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, linkDeps, secured, type ZodApp } from '../../lib/route-kit.js';
import { loadUserFor } from '../users/index.js';
import * as service from './service.js';

const itemAnswer = { 200: envelopeSchema(assignmentListItemSchema) };

/** GET /assignments/{id}/users, /candidates and /answers; PUT /assignments/{id}/add and /remove. */
export function assignmentMemberRoutes(r: ZodApp): void {
  r.get(
    '/assignments/:id/users',
    {
      schema: {
        ...secured('assignments'),
        summary:
          "The assignment's members (roles: 1 trainees, 2 instructors; status: answer status of trainees; search; " +
          'paging); trainees carry their answer (score only when Reviewed)',
        params: idParamSchema,
        querystring: assignmentUsersQuerySchema,
        response: { 200: envelopeSchema(listSchema(assignmentUserSchema)) },
      },
    },
    async (request) =>
      ok(
        await service.listAssignmentUsersFor(
          r.files,
          actorOf(request),
          request.params.id,
          request.query,
        ),
      ),
  );

  r.get(
    '/assignments/:id/candidates',
    {
      schema: {
        ...secured('assignments'),
        summary:
          'The users the assign dialog offers (decisions.md#console-flows §5): roleId 1 trainees (default) or 2 instructors of the ' +
          "assignment's organization, not deleted, inactive ones included with active false (the add call refuses " +
          'them); an instructor gets the users of its own groups, a manager or admin the whole organization. search ' +
          '(3+ characters: first, last or full name, email), groupId (404 for another organization), paging. Each ' +
          'with its groups, member (already on the assignment) and a trainee’s answerStatusId',
        params: idParamSchema,
        querystring: assignmentCandidatesQuerySchema,
        response: { 200: envelopeSchema(listSchema(assignmentCandidateSchema)) },
      },
    },
    async (request) =>
      ok(await service.listCandidatesFor(r.db, actorOf(request), request.params.id, request.query)),
  );

  r.get(
    '/assignments/:id/answers',
    {
      schema: {
        ...secured('assignments'),
        summary: "The assignment's answers as an array (optional status filter)",
        params: idParamSchema,
        querystring: assignmentAnswersQuerySchema,
        response: { 200: envelopeSchema(z.array(assignmentAnswerSchema)) },
      },
    },
    async (request) =>
      ok(
        await service.listAssignmentAnswersFor(
          r.db,
          actorOf(request),
          request.params.id,
          request.query.status,
        ),
      ),
  );

  r.put(
    '/assignments/:id/add',
    {
      schema: {
        ...secured('assignments'),
        summary:
          'Add members of the organization: trainees get a Pending answer (idempotent), instructors join; groupIds add ' +
          "their trainees. Refused when Closed. Answers the assignment's counts",
        params: idParamSchema,
        body: assignmentMembersBodySchema,
        response: itemAnswer,
      },
    },
    async (request) =>
      ok(
        await service.addAssignmentMembers(
          linkDeps(r),
          actorOf(request),
          request.params.id,
          request.body,
        ),
        messages.assignmentTraineesSaved,
      ),
  );

  r.put(
    '/assignments/:id/remove',
    {
      schema: {
        ...secured('assignments'),
        summary:
          'Remove members: trainees only while their answer is Pending (400 otherwise, nothing removed), instructors; ' +
          "ids that are not members are ignored. Refused when Closed. Answers the assignment's counts",
        params: idParamSchema,
        body: idsBodySchema,
        response: itemAnswer,
      },
    },
    async (request) =>
      ok(
        await service.removeAssignmentMembers(
          r.files,
          actorOf(request),
          request.params.id,
          request.body.ids,
        ),
        messages.traineeRemoved,
      ),
  );
}

/** PUT /users/{id}/assignments: the user-detail assignments tab (GET /assignments?userId= reads it). */
export function userAssignmentRoutes(r: ZodApp): void {
  r.put(
    '/users/:id/assignments',
    {
      schema: {
        ...secured('assignments'),
        tags: ['assignments', 'users'],
        summary:
          "Save a user's assignments: exactly `ids` among those not Closed (trainees: Pending answers, removal only while " +
          'Pending; instructors: the Instructors tab). Answers all its assignments with its answer on each',
        params: idParamSchema,
        body: userAssignmentsBodySchema,
        response: { 200: envelopeSchema(listSchema(assignmentListItemSchema)) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user = await loadUserFor(r.db, actor, request.params.id, 'user:read');
      return ok(
        await service.saveUserAssignments(
          { ...r.files, publicUrl: r.config.publicUrl },
          actor,
          user,
          request.body.ids,
        ),
        messages.traineeAssignmentsSaved,
      );
    },
  );
}
