/**
 * A group's members (000 §7 'Groups'): adding and removing trainees and instructors, and the
 * member list. Registered in the groups scope, where every call needs a session.
 */
import { z } from 'zod';
import {
  envelopeSchema,
  groupMemberSchema,
  groupSchema,
  groupUsersQuerySchema,
  idParamSchema,
  idsBodySchema,
  listSchema,
  userSchema,
  type Actor,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, secured, type ZodApp } from '../../lib/route-kit.js';
import { presentGroupUser } from './presenter.js';
import * as service from './service.js';

/** Adds or removes `ids`; answers the group with its members and the change's message. */
type MemberChange = (
  db: ZodApp['db'],
  actor: Actor,
  id: number,
  ids: number[],
) => ReturnType<typeof service.addMembers>;

/** PUT /groups/{id}/add, PUT /groups/{id}/remove and GET /groups/{id}/users. */
export function groupMemberRoutes(r: ZodApp): void {
  const change = (path: string, summary: string, run: MemberChange) =>
    r.put(
      path,
      {
        schema: {
          ...secured('groups'),
          summary,
          params: idParamSchema,
          body: idsBodySchema,
          response: { 200: envelopeSchema(groupSchema) },
        },
      },
      async (request) => {
        const { group, message } = await run(
          r.db,
          actorOf(request),
          request.params.id,
          request.body.ids,
        );
        return ok(group, message);
      },
    );

  change(
    '/groups/:id/add',
    'Add trainees and instructors of the organization to the group (idempotent); answers the group with its members',
    service.addMembers,
  );
  change(
    '/groups/:id/remove',
    'Remove members from the group (ids that are not members are ignored); answers the group with its members',
    service.removeMembers,
  );

  r.get(
    '/groups/:id/users',
    {
      schema: {
        ...secured('groups'),
        summary:
          "The group's members (roles, paging): whole users for staff, names only (id, names, role) of others for a trainee of the group",
        params: idParamSchema,
        querystring: groupUsersQuerySchema,
        response: { 200: envelopeSchema(listSchema(z.union([userSchema, groupMemberSchema]))) },
      },
    },
    async (request) => {
      const { rows, count } = await service.listGroupUsersFor(
        r.db,
        actorOf(request),
        request.params.id,
        request.query,
      );
      const viewer = actorOf(request);
      return ok({ list: rows.map((row) => presentGroupUser(r.files.urls, viewer, row)), count });
    },
  );
}
