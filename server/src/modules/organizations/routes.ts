/**
 * The `/organizations` calls of 000 §7 'Organizations' (plus activate/deactivate, DECISIONS.md),
 * with the role rules of 000 §6 enforced by the services through the contract's policy.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assetSchema,
  contentListItemSchema,
  createOrganizationBodySchema,
  envelopeSchema,
  format,
  groupSchema,
  idParamSchema,
  inviteItemSchema,
  listSchema,
  messages,
  organizationAssetsQuerySchema,
  organizationContentsQuerySchema,
  organizationDetailSchema,
  organizationListItemSchema,
  organizationSeatsBodySchema,
  organizationUsersQuerySchema,
  pageQuerySchema,
  rolesFilterSchema,
  updateOrganizationBodySchema,
  userSchema,
  type Actor,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { listOrganizationAssets } from '../assets/service.js';
import { listOrganizationContentsFor } from '../contents/index.js';
import { includesQuerySchema, includesUsers } from '../groups/includes.js';
import { listOrganizationGroupsFor } from '../groups/service.js';
import { presentInvite } from '../invites/presenter.js';
import { listOrganizationInvitesFor } from '../invites/service.js';
import { presentUser } from '../users/presenter.js';
import { presentOrganizationDetail, presentOrganizationListItem } from './presenter.js';
import * as service from './service.js';

const secured = { security: [{ bearer: [] }], tags: ['organizations'] };
const detailAnswer = { 200: envelopeSchema(organizationDetailSchema) };
/** Registers the organization routes (inside the `/api` prefix); every call needs a session. */
export async function organizationRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest): Actor => request.actor!;

  r.get(
    '/organizations',
    {
      schema: {
        ...secured,
        summary: 'List organizations with counts of groups, trainees and interviews (admin)',
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(listSchema(organizationListItemSchema)) },
      },
    },
    async (request) => {
      const { rows, count } = await service.listOrganizationsFor(
        app.db,
        actorOf(request),
        request.query,
      );
      return ok({ list: rows.map(presentOrganizationListItem), count });
    },
  );

  r.get(
    '/organizations/:id',
    {
      schema: {
        ...secured,
        summary: 'One organization with its counts and seat usage (admin, or staff of it)',
        params: idParamSchema,
        response: detailAnswer,
      },
    },
    async (request) =>
      ok(
        presentOrganizationDetail(
          await service.getOrganizationDetailFor(app.db, actorOf(request), request.params.id),
        ),
      ),
  );

  r.post(
    '/organizations',
    {
      schema: {
        ...secured,
        summary: 'Create an organization with its contact and seats (admin)',
        body: createOrganizationBodySchema,
        response: detailAnswer,
      },
    },
    async (request) =>
      ok(
        presentOrganizationDetail(
          await service.createOrganization(app.db, actorOf(request), request.body),
        ),
        messages.organizationCreated,
      ),
  );

  r.put(
    '/organizations/:id',
    {
      schema: {
        ...secured,
        summary:
          'Update name, address and image (admin); the contact is set at creation: a changed `contact` is a 400, the unchanged one is accepted',
        params: idParamSchema,
        body: updateOrganizationBodySchema,
        response: detailAnswer,
      },
    },
    async (request) =>
      ok(
        presentOrganizationDetail(
          await service.updateOrganization(
            app.db,
            actorOf(request),
            request.params.id,
            request.body,
          ),
        ),
        messages.organizationUpdated,
      ),
  );

  r.put(
    '/organizations/:id/seats',
    {
      schema: {
        ...secured,
        summary:
          'Set trainee and creator seats, 0..10000 each; lowering below usage is allowed (admin)',
        params: idParamSchema,
        body: organizationSeatsBodySchema,
        response: detailAnswer,
      },
    },
    async (request) =>
      ok(
        presentOrganizationDetail(
          await service.updateSeats(app.db, actorOf(request), request.params.id, request.body),
        ),
        messages.organizationSeatsUpdated,
      ),
  );

  for (const active of [true, false]) {
    r.put(
      `/organizations/:id/${active ? 'activate' : 'deactivate'}`,
      {
        schema: {
          ...secured,
          summary: active
            ? 'Activate an organization (admin)'
            : 'Deactivate an organization (admin): its members cannot sign in and their sessions end',
          params: idParamSchema,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          presentOrganizationDetail(
            await service.setOrganizationActive(
              app.db,
              actorOf(request),
              request.params.id,
              active,
            ),
          ),
          format.statusUpdatedTo(active ? messages.active : messages.inactive),
        ),
    );
  }

  r.get(
    '/organizations/:id/users',
    {
      schema: {
        ...secured,
        summary: 'Members of the organization (roles, search of 3+ characters, paging)',
        params: idParamSchema,
        querystring: organizationUsersQuerySchema,
        response: { 200: envelopeSchema(listSchema(userSchema)) },
      },
    },
    async (request) => {
      const { rows, count } = await service.listOrganizationUsersFor(
        app.db,
        actorOf(request),
        request.params.id,
        request.query,
      );
      return ok({ list: rows.map((row) => presentUser(row)), count });
    },
  );

  r.get(
    '/organizations/:id/groups',
    {
      schema: {
        ...secured,
        summary: "The organization's groups (scoped like GET /groups; includes=users adds members)",
        params: idParamSchema,
        querystring: pageQuerySchema.extend(includesQuerySchema.shape),
        response: { 200: envelopeSchema(listSchema(groupSchema)) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok(
        await listOrganizationGroupsFor(app.db, actorOf(request), request.params.id, {
          page,
          pageSize,
          includeUsers: includesUsers(request.query),
        }),
      );
    },
  );

  r.get(
    '/organizations/:id/invites',
    {
      schema: {
        ...secured,
        summary:
          'Invites not yet accepted, newest first, each with its expired flag (admin, manager of it)',
        params: idParamSchema,
        querystring: pageQuerySchema.extend({ roles: rolesFilterSchema }),
        response: { 200: envelopeSchema(listSchema(inviteItemSchema)) },
      },
    },
    async (request) => {
      const { rows, count } = await listOrganizationInvitesFor(
        app.db,
        actorOf(request),
        request.params.id,
        request.query,
      );
      return ok({ list: rows.map((row) => presentInvite(row)), count });
    },
  );

  r.get(
    '/organizations/:id/assets',
    {
      schema: {
        ...secured,
        summary:
          'The avatars (type=1) or environments (type=2) available to the organization: its own and the general ones added to it',
        params: idParamSchema,
        querystring: organizationAssetsQuerySchema,
        response: { 200: envelopeSchema(listSchema(assetSchema)) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await service.loadOrganizationFor(app.db, actor, request.params.id, 'organization:read');
      return ok(await listOrganizationAssets(app.db, actor, request.params.id, request.query.type));
    },
  );

  r.get(
    '/organizations/:id/contents',
    {
      schema: {
        ...secured,
        summary:
          "The organization's contents (001 §2): contentTypeId, status (6 all but Deleted), authoring (0 all, 1 authored = its own, 2 assigned = general content added to it; an admin sees every general item with the organizations it was added to), search, paging",
        params: idParamSchema,
        querystring: organizationContentsQuerySchema,
        response: { 200: envelopeSchema(listSchema(contentListItemSchema)) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await service.loadOrganizationFor(app.db, actor, request.params.id, 'organization:read');
      const { status, ...query } = request.query;
      return ok(
        await listOrganizationContentsFor(app.db, actor, request.params.id, {
          ...query,
          status: status !== undefined ? [status] : undefined,
        }),
      );
    },
  );
}
