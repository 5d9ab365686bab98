/**
 * The `/groups` calls of 000 §7 'Groups', with the role rules of 000 §6 (instructors cannot
 * create, edit, delete or change members) enforced by the service through the contract's policy.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Actor,
  createGroupBodySchema,
  envelopeSchema,
  groupListQuerySchema,
  groupMemberSchema,
  groupSchema,
  groupUsersQuerySchema,
  idParamSchema,
  idsBodySchema,
  listSchema,
  messages,
  pageQuerySchema,
  updateGroupBodySchema,
  userSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { presentGroupUser } from './presenter.js';
import { includesQuerySchema, includesUsers } from '../../lib/includes.js';
import { loadUserFor } from '../users/index.js';
import * as service from './service.js';

const secured = { security: [{ bearer: [] }], tags: ['groups'] };
const groupAnswer = { 200: envelopeSchema(groupSchema) };

/** Registers the group routes (inside the `/api` prefix); every call needs a session. */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest): Actor => request.actor!;

  r.get(
    '/groups',
    {
      schema: {
        ...secured,
        summary:
          'List groups (userId, organizationId, search, paging; includes=users adds members). Admin: all or one organization; ' +
          "manager: its organization's; instructor and trainee: the groups they belong to",
        querystring: groupListQuerySchema.extend(includesQuerySchema.shape),
        response: { 200: envelopeSchema(listSchema(groupSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        await service.listGroupsFor(app.db, actorOf(request), {
          page: q.page,
          pageSize: q.pageSize,
          organizationId: q.organizationId,
          userId: q.userId,
          search: q.search,
          includeUsers: includesUsers(q),
        }),
      );
    },
  );

  r.get(
    '/groups/:id',
    {
      schema: {
        ...secured,
        summary: 'One group with its counts (includes=users adds members)',
        params: idParamSchema,
        querystring: includesQuerySchema,
        response: groupAnswer,
      },
    },
    async (request) =>
      ok(
        await service.getGroupFor(
          app.db,
          actorOf(request),
          request.params.id,
          includesUsers(request.query),
        ),
      ),
  );

  r.post(
    '/groups',
    {
      schema: {
        ...secured,
        summary: 'Create a group (admin, manager of the organization)',
        body: createGroupBodySchema,
        response: groupAnswer,
      },
    },
    async (request) =>
      ok(await service.createGroup(app.db, actorOf(request), request.body), messages.groupCreated),
  );

  r.put(
    '/groups/:id',
    {
      schema: {
        ...secured,
        summary: 'Rename or describe a group (admin, manager of the organization)',
        params: idParamSchema,
        body: updateGroupBodySchema,
        response: groupAnswer,
      },
    },
    async (request) =>
      ok(
        await service.updateGroup(app.db, actorOf(request), request.params.id, request.body),
        messages.groupUpdated,
      ),
  );

  r.delete(
    '/groups/:id',
    {
      schema: {
        ...secured,
        summary: 'Delete a group (admin, manager of the organization)',
        params: idParamSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.deleteGroup(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );

  r.put(
    '/groups/:id/add',
    {
      schema: {
        ...secured,
        summary:
          'Add trainees and instructors of the organization to the group (idempotent); answers the group with its members',
        params: idParamSchema,
        body: idsBodySchema,
        response: groupAnswer,
      },
    },
    async (request) => {
      const { group, message } = await service.addMembers(
        app.db,
        actorOf(request),
        request.params.id,
        request.body.ids,
      );
      return ok(group, message);
    },
  );

  r.put(
    '/groups/:id/remove',
    {
      schema: {
        ...secured,
        summary:
          'Remove members from the group (ids that are not members are ignored); answers the group with its members',
        params: idParamSchema,
        body: idsBodySchema,
        response: groupAnswer,
      },
    },
    async (request) => {
      const { group, message } = await service.removeMembers(
        app.db,
        actorOf(request),
        request.params.id,
        request.body.ids,
      );
      return ok(group, message);
    },
  );

  r.get(
    '/groups/:id/users',
    {
      schema: {
        ...secured,
        summary:
          "The group's members (roles, paging): whole users for staff, names only (id, names, role) of others for a trainee of the group",
        params: idParamSchema,
        querystring: groupUsersQuerySchema,
        response: { 200: envelopeSchema(listSchema(z.union([userSchema, groupMemberSchema]))) },
      },
    },
    async (request) => {
      const { rows, count } = await service.listGroupUsersFor(
        app.db,
        actorOf(request),
        request.params.id,
        request.query,
      );
      const viewer = actorOf(request);
      return ok({ list: rows.map((row) => presentGroupUser(viewer, row)), count });
    },
  );

  r.get(
    '/organizations/:id/groups',
    {
      schema: {
        ...secured,
        tags: ['organizations'],
        summary: "The organization's groups (scoped like GET /groups; includes=users adds members)",
        params: idParamSchema,
        querystring: pageQuerySchema.extend(includesQuerySchema.shape),
        response: { 200: envelopeSchema(listSchema(groupSchema)) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok(
        await service.listOrganizationGroupsFor(app.db, actorOf(request), request.params.id, {
          page,
          pageSize,
          includeUsers: includesUsers(request.query),
        }),
      );
    },
  );

  // ----- a user's groups: the user-detail groups tab (000 §2.10) -----
  r.get(
    '/users/:id/groups',
    {
      schema: {
        ...secured,
        summary: "The user's groups (includes=users adds their members)",
        params: idParamSchema,
        querystring: includesQuerySchema,
        response: { 200: envelopeSchema(listSchema(groupSchema)) },
      },
    },
    async (request) => {
      const row = await loadUserFor(app.db, actorOf(request), request.params.id, 'user:read');
      const list = await service.listUserGroups(app.db, row.id, includesUsers(request.query));
      return ok({ list, count: list.length });
    },
  );

  r.put(
    '/users/:id/groups',
    {
      schema: {
        ...secured,
        summary:
          "Save the user's groups: exactly `ids`, groups of its organization (trainees and instructors; admin, manager)",
        params: idParamSchema,
        body: idsBodySchema,
        response: { 200: envelopeSchema(listSchema(groupSchema)) },
      },
    },
    async (request) => {
      const row = await loadUserFor(app.db, actorOf(request), request.params.id, 'user:editGroups');
      const list = await service.saveUserGroups(app.db, row, request.body.ids);
      return ok({ list, count: list.length }, messages.userGroupsSaved);
    },
  );
}
