/**
 * The groups of an organization (its detail's tab) and of a user (the user-detail groups tab,
 * 000 §2.10). Registered in the groups scope, where every call needs a session.
 */
import {
  envelopeSchema,
  groupSchema,
  idParamSchema,
  idsBodySchema,
  listSchema,
  messages,
  pageQuerySchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { includesQuerySchema, includesUsers } from '../../lib/includes.js';
import { actorOf, secured, type ZodApp } from '../../lib/route-kit.js';
import { loadUserFor } from '../users/index.js';
import * as service from './service.js';

const groupList = { 200: envelopeSchema(listSchema(groupSchema)) };

/** GET /organizations/{id}/groups (scoped like GET /groups). */
export function organizationGroupRoutes(r: ZodApp): void {
  r.get(
    '/organizations/:id/groups',
    {
      schema: {
        ...secured('organizations'),
        summary: "The organization's groups (scoped like GET /groups; includes=users adds members)",
        params: idParamSchema,
        querystring: pageQuerySchema.extend(includesQuerySchema.shape),
        response: groupList,
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok(
        await service.listOrganizationGroupsFor(r.db, actorOf(request), request.params.id, {
          page,
          pageSize,
          includeUsers: includesUsers(request.query),
        }),
      );
    },
  );
}

/** GET and PUT /users/{id}/groups. */
export function userGroupRoutes(r: ZodApp): void {
  r.get(
    '/users/:id/groups',
    {
      schema: {
        ...secured('groups'),
        summary: "The user's groups (includes=users adds their members)",
        params: idParamSchema,
        querystring: includesQuerySchema,
        response: groupList,
      },
    },
    async (request) => {
      const row = await loadUserFor(r.db, actorOf(request), request.params.id, 'user:read');
      const list = await service.listUserGroups(r.db, row.id, includesUsers(request.query));
      return ok({ list, count: list.length });
    },
  );

  r.put(
    '/users/:id/groups',
    {
      schema: {
        ...secured('groups'),
        summary:
          "Save the user's groups: exactly `ids`, groups of its organization (trainees and instructors; admin, manager)",
        params: idParamSchema,
        body: idsBodySchema,
        response: groupList,
      },
    },
    async (request) => {
      const row = await loadUserFor(r.db, actorOf(request), request.params.id, 'user:editGroups');
      const list = await service.saveUserGroups(r.db, row, request.body.ids);
      return ok({ list, count: list.length }, messages.userGroupsSaved);
    },
  );
}
