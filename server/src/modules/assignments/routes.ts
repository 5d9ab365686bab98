/**
 * The `/assignments…` calls of 001 §7, the instructor dashboard numbers (000 §2.5) and the user
 * detail's assignments tab (000 §2.10: PUT /users/{id}/assignments). Every call needs a session;
 * the service enforces the policy (404 another organization, then 403) and the rules of 001 §4/§5.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentAnswerSchema,
  assignmentAnswersQuerySchema,
  assignmentCandidateSchema,
  assignmentCandidatesQuerySchema,
  assignmentDashboardQuerySchema,
  assignmentDashboardSchema,
  assignmentDetailQuerySchema,
  assignmentDetailSchema,
  assignmentListItemSchema,
  assignmentListQuerySchema,
  assignmentListSchema,
  assignmentMembersBodySchema,
  assignmentStatusQuerySchema,
  assignmentUserSchema,
  assignmentUsersQuerySchema,
  createInterviewAssignmentBodySchema,
  envelopeSchema,
  idParamSchema,
  idsBodySchema,
  listSchema,
  messages,
  updateInterviewAssignmentBodySchema,
  userAssignmentsBodySchema,
  type Actor,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { loadUserFor } from '../users/index.js';
import type { AssignmentRow } from './repository.js';
import * as service from './service.js';

const secured = { security: [{ bearer: [] }], tags: ['assignments'] };
const detailAnswer = { 200: envelopeSchema(assignmentDetailSchema) };
const itemAnswer = { 200: envelopeSchema(assignmentListItemSchema) };

/** Registers the assignment routes (inside the `/api` prefix); every call needs a session. */
export async function assignmentRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest): Actor => request.actor!;

  r.get(
    '/assignments',
    {
      schema: {
        ...secured,
        summary:
          'List assignments, newest first (organizationId, status: one id or a comma list, userId: assignments the user is a ' +
          'trainee in or an instructor on — each row then carries its answer —, search of 3+ characters by name, paging), ' +
          'with statusCounts {draft, planned, active, closed} over the same filters minus status. Admin: all or one ' +
          'organization; instructor and manager: their organization',
        querystring: assignmentListQuerySchema,
        response: { 200: envelopeSchema(assignmentListSchema) },
      },
    },
    async (request) =>
      ok(await service.listAssignmentsFor(app.db, actorOf(request), request.query)),
  );

  r.get(
    '/assignments/dashboard',
    {
      schema: {
        ...secured,
        summary:
          "The instructor dashboard's numbers (000 §2.5): totalTrainees (active trainees of the organization), " +
          'activeAssignments (status Active) and pendingReview (answers Submitted). Admins may pass organizationId ' +
          '(all organizations when absent)',
        querystring: assignmentDashboardQuerySchema,
        response: { 200: envelopeSchema(assignmentDashboardSchema) },
      },
    },
    async (request) =>
      ok(await service.dashboardFor(app.db, actorOf(request), request.query.organizationId)),
  );

  r.post(
    '/assignments/interview',
    {
      schema: {
        ...secured,
        summary:
          'Create an interview assignment (Draft, start date today): an Active interview assignable to the organization, ' +
          'an avatar for each of its roles, an environment, an Active rating scale and feedback form. Answers the detail',
        body: createInterviewAssignmentBodySchema,
        response: detailAnswer,
      },
    },
    async (request) =>
      ok(
        await service.createInterviewAssignment(app.db, actorOf(request), request.body),
        messages.interviewAssignmentCreated,
      ),
  );

  r.put(
    '/assignments/interview/:id',
    {
      schema: {
        ...secured,
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
          app.db,
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
        ...secured,
        summary:
          'Delete a Draft assignment with its roles, instructors and Pending answers (400 otherwise)',
        params: idParamSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.deleteInterviewAssignment(app.files, actorOf(request), request.params.id);
      return ok(null, messages.assignmentDeleted);
    },
  );

  r.get(
    '/assignments/:id',
    {
      schema: {
        ...secured,
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
      ok(await service.getAssignmentFor(app.db, actorOf(request), request.params.id)),
  );

  r.get(
    '/assignments/:id/users',
    {
      schema: {
        ...secured,
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
          app.db,
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
        ...secured,
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
      ok(
        await service.listCandidatesFor(app.db, actorOf(request), request.params.id, request.query),
      ),
  );

  r.get(
    '/assignments/:id/answers',
    {
      schema: {
        ...secured,
        summary: "The assignment's answers as an array (optional status filter)",
        params: idParamSchema,
        querystring: assignmentAnswersQuerySchema,
        response: { 200: envelopeSchema(z.array(assignmentAnswerSchema)) },
      },
    },
    async (request) =>
      ok(
        await service.listAssignmentAnswersFor(
          app.db,
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
        ...secured,
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
          app.db,
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
        ...secured,
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
          app.files,
          actorOf(request),
          request.params.id,
          request.body.ids,
        ),
        messages.traineeRemoved,
      ),
  );

  /** The assignment the status call's preValidation hook authorized, for its handler. */
  const statusTargets = new WeakMap<FastifyRequest, AssignmentRow>();
  r.put(
    '/assignments/:id/status',
    {
      schema: {
        ...secured,
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
            app.db,
            actorOf(request),
            params.data.id,
            'assignment:changeStatus',
          ),
        );
      },
    },
    async (request) => {
      const { assignment, message } = await service.changeAssignmentStatus(
        app.db,
        actorOf(request),
        request.params.id,
        request.query.statusId,
        statusTargets.get(request),
      );
      return ok(assignment, message);
    },
  );

  // The user-detail assignments tab (000 §2.10); GET /assignments?userId= reads it.
  r.put(
    '/users/:id/assignments',
    {
      schema: {
        ...secured,
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
      const user = await loadUserFor(app.db, actor, request.params.id, 'user:read');
      return ok(
        await service.saveUserAssignments(app.files, actor, user, request.body.ids),
        messages.traineeAssignmentsSaved,
      );
    },
  );
}
