/**
 * Reading and creating users (000 §2.9–§2.10, §7 'Users'): the lists, one user, and an admin's
 * POST /users. Every call needs a session (registered in a `signedIn` scope).
 */
import type { FastifyInstance } from 'fastify';
import {
  createUserBodySchema,
  createUserQuerySchema,
  envelopeSchema,
  idParamSchema,
  listSchema,
  messages,
  organizationUsersQuerySchema,
  userListQuerySchema,
  userSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { includesName, includesQuerySchema } from '../../lib/includes.js';
import { actorOf, linkDeps, secured, type ZodApp } from '../../lib/route-kit.js';
import { presentUser } from './presenter.js';
import * as service from './service.js';

/** The groups of a user as `{id, name}`, by name (the groups module's, given by the app). */
export type GroupRefsOfUser = (
  db: FastifyInstance['db'],
  userId: number,
) => Promise<{ id: number; name: string }[]>;

const userList = { 200: envelopeSchema(listSchema(userSchema)) };

/** GET /users, GET /users/{id} (`includes=groups` through `groupRefsOfUser`) and POST /users. */
export function userRecordRoutes(r: ZodApp, groupRefsOfUser: GroupRefsOfUser): void {
  r.get(
    '/users',
    {
      schema: {
        ...secured('users'),
        summary: 'List users (roles, search, deleted, paging)',
        querystring: userListQuerySchema,
        response: userList,
      },
    },
    async (request) => {
      const { rows, count } = await service.listUsersFor(r.db, actorOf(request), request.query);
      return ok({ list: rows.map((row) => presentUser(r.files.urls, row)), count });
    },
  );

  r.get(
    '/users/:id',
    {
      schema: {
        ...secured('users'),
        summary: 'One user (includes=groups adds its groups as {id, name})',
        params: idParamSchema,
        querystring: includesQuerySchema,
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request) => {
      const row = await service.loadUserFor(r.db, actorOf(request), request.params.id, 'user:read');
      const groups = includesName(request.query.includes, 'groups')
        ? await groupRefsOfUser(r.db, row.id)
        : undefined;
      return ok(presentUser(r.files.urls, row, groups));
    },
  );

  r.post(
    '/users',
    {
      // Admins only (000 §2.9, §6): refused before the query and body are validated.
      preValidation: async (request) => request.authorize('admin:create'),
      schema: {
        ...secured('users'),
        summary:
          'Create a user of any role (admin; the Add Admin modal sends roleId=4), mailed a link to choose a password',
        description:
          'A manager (2), instructor (3) or trainee (1) needs `organizationId` (trainee seats apply: 409 "No trainee seats left"); an admin (4) has none.',
        querystring: createUserQuerySchema,
        body: createUserBodySchema,
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request) => {
      const row = await service.createUser(
        linkDeps(r),
        actorOf(request),
        request.query.roleId,
        request.body,
      );
      return ok(presentUser(r.files.urls, row), messages.userCreated);
    },
  );
}

/** GET /organizations/{id}/users: the organization's members (listed under /organizations). */
export function organizationUserRoutes(r: ZodApp): void {
  r.get(
    '/organizations/:id/users',
    {
      schema: {
        ...secured('organizations'),
        summary: 'Members of the organization (roles, search of 3+ characters, paging)',
        params: idParamSchema,
        querystring: organizationUsersQuerySchema,
        response: userList,
      },
    },
    async (request) => {
      const { rows, count } = await service.listOrganizationUsersFor(
        r.db,
        actorOf(request),
        request.params.id,
        request.query,
      );
      return ok({ list: rows.map((row) => presentUser(r.files.urls, row)), count });
    },
  );
}
