/**
 * Groups themselves (000 §7 'Groups'): the list, one group, creating, editing and deleting.
 * Registered in the groups scope, where every call needs a session.
 */
import {
  createGroupBodySchema,
  envelopeSchema,
  groupListQuerySchema,
  groupSchema,
  idParamSchema,
  listSchema,
  messages,
  updateGroupBodySchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { includesQuerySchema, includesUsers } from '../../lib/includes.js';
import { actorOf, nullAnswer, secured, type ZodApp } from '../../lib/route-kit.js';
import * as service from './service.js';

const groupAnswer = { 200: envelopeSchema(groupSchema) };

/** GET /groups, GET /groups/{id}, POST /groups, PUT and DELETE /groups/{id}. */
export function groupRoutes(r: ZodApp): void {
  r.get(
    '/groups',
    {
      schema: {
        ...secured('groups'),
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
        await service.listGroupsFor(r.db, actorOf(request), {
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
        ...secured('groups'),
        summary: 'One group with its counts (includes=users adds members)',
        params: idParamSchema,
        querystring: includesQuerySchema,
        response: groupAnswer,
      },
    },
    async (request) =>
      ok(
        await service.getGroupFor(
          r.db,
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
        ...secured('groups'),
        summary: 'Create a group (admin, manager of the organization)',
        body: createGroupBodySchema,
        response: groupAnswer,
      },
    },
    async (request) =>
      ok(await service.createGroup(r.db, actorOf(request), request.body), messages.groupCreated),
  );

  r.put(
    '/groups/:id',
    {
      schema: {
        ...secured('groups'),
        summary: 'Rename or describe a group (admin, manager of the organization)',
        params: idParamSchema,
        body: updateGroupBodySchema,
        response: groupAnswer,
      },
    },
    async (request) =>
      ok(
        await service.updateGroup(r.db, actorOf(request), request.params.id, request.body),
        messages.groupUpdated,
      ),
  );

  r.delete(
    '/groups/:id',
    {
      schema: {
        ...secured('groups'),
        summary: 'Delete a group (admin, manager of the organization)',
        params: idParamSchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      await service.deleteGroup(r.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );
}
