/**
 * The `/organizations` calls of 000 §7 'Organizations' (plus activate/deactivate, decisions.md),
 * with the role rules of 000 §6 enforced by the services through the contract's policy.
 */
import type { FastifyInstance } from 'fastify';
import {
  createOrganizationBodySchema,
  envelopeSchema,
  format,
  idParamSchema,
  listSchema,
  messages,
  organizationDetailSchema,
  organizationListItemSchema,
  organizationSeatsBodySchema,
  pageQuerySchema,
  updateOrganizationBodySchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, secured, zodApp } from '../../lib/route-kit.js';
import { presentOrganizationDetail, presentOrganizationListItem } from './presenter.js';
import * as service from './service.js';

const detailAnswer = { 200: envelopeSchema(organizationDetailSchema) };
/** Registers the organization routes (inside the `/api` prefix); every call needs a session. */
export async function organizationRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  r.get(
    '/organizations',
    {
      schema: {
        ...secured('organizations'),
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
      return ok({
        list: rows.map((row) => presentOrganizationListItem(app.files.urls, row)),
        count,
      });
    },
  );

  r.get(
    '/organizations/:id',
    {
      schema: {
        ...secured('organizations'),
        summary: 'One organization with its counts and seat usage (admin, or staff of it)',
        params: idParamSchema,
        response: detailAnswer,
      },
    },
    async (request) =>
      ok(
        presentOrganizationDetail(
          app.files.urls,
          await service.getOrganizationDetailFor(app.db, actorOf(request), request.params.id),
        ),
      ),
  );

  r.post(
    '/organizations',
    {
      schema: {
        ...secured('organizations'),
        summary: 'Create an organization with its contact and seats (admin)',
        body: createOrganizationBodySchema,
        response: detailAnswer,
      },
    },
    async (request) =>
      ok(
        presentOrganizationDetail(
          app.files.urls,
          await service.createOrganization(app.files, actorOf(request), request.body),
        ),
        messages.organizationCreated,
      ),
  );

  r.put(
    '/organizations/:id',
    {
      schema: {
        ...secured('organizations'),
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
          app.files.urls,
          await service.updateOrganization(
            app.files,
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
        ...secured('organizations'),
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
          app.files.urls,
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
          ...secured('organizations'),
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
            app.files.urls,
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
}
