/**
 * The `/contents` calls of 001 §7: the status change of the state machine (001 §4) and the admin's
 * add/remove of general content for an organization (decisions.md#content).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  contentAddedMessage,
  contentListItemSchema,
  contentOrganizationParamSchema,
  contentRemovedMessage,
  contentSchema,
  contentStatusBodySchema,
  contentStatusQuerySchema,
  envelopeSchema,
  idParamSchema,
  listSchema,
  messages,
  organizationContentsQuerySchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, linkDeps, secured, zodApp } from '../../lib/route-kit.js';
import { presentContent } from './presenter.js';
import { loadOrganizationFor } from '../organizations/index.js';
import type { ContentRow } from './repository.js';
import * as service from './service.js';

/** Registers the content routes (inside the `/api` prefix); every call needs a session. */
export async function contentStatusRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  /** The row the preValidation hook authorized, handed to the handler. */
  const authorized = new WeakMap<FastifyRequest, ContentRow>();
  r.put(
    '/contents/:id/status',
    {
      schema: {
        ...secured('contents'),
        summary:
          'Change the status (001 §4): Draft→Review (submit), Review→Draft, Review→Active (approve: admin, manager), Active⇄Inactive (admin, or staff of the owning organization), Inactive→Deleted (admin), Active→Draft (no Active assignment uses it). ' +
          'Optional body {reason} (decisions.md#console-flows §7): why a reviewer returns an item in Review to Draft, shown to its creator as `returnReason`; cleared when the item is sent to Review again. Who may call is checked before the body',
        params: idParamSchema,
        querystring: contentStatusQuerySchema,
        body: contentStatusBodySchema,
        response: { 200: envelopeSchema(contentSchema) },
      },
      preValidation: async (request) => {
        const params = idParamSchema.safeParse(request.params);
        const query = contentStatusQuerySchema.safeParse(request.query);
        if (!params.success || !query.success) return; // the validation answers 400
        authorized.set(
          request,
          await service.authorizeStatusChange(
            app.db,
            actorOf(request),
            params.data.id,
            query.data.statusId,
          ),
        );
      },
    },
    async (request) =>
      ok(
        presentContent(
          await service.changeContentStatus(
            linkDeps(app),
            actorOf(request),
            authorized.get(request) ?? request.params.id,
            request.query.statusId,
            request.body.reason,
          ),
        ),
        messages.contentStatusUpdated,
      ),
  );

  for (const add of [true, false]) {
    r.put(
      `/contents/:id/${add ? 'add' : 'remove'}/:organizationId`,
      {
        schema: {
          ...secured('contents'),
          summary: add
            ? 'Add general Active content to an organization (admin)'
            : 'Remove general content from an organization (admin)',
          params: contentOrganizationParamSchema,
          response: { 200: envelopeSchema(contentListItemSchema) },
        },
      },
      async (request) => {
        const item = await service.setContentOrganization(
          app.db,
          actorOf(request),
          request.params.id,
          request.params.organizationId,
          add,
        );
        return ok(
          item,
          add ? contentAddedMessage(item.contentTypeId) : contentRemovedMessage(item.contentTypeId),
        );
      },
    );
  }

  r.get(
    '/organizations/:id/contents',
    {
      schema: {
        ...secured('contents'),
        tags: ['organizations'],
        summary:
          "The organization's contents (001 §2): contentTypeId, status (6 all but Deleted), authoring (0 all, 1 authored = its own, 2 assigned = general content added to it; an admin sees every general item with the organizations it was added to), search, paging",
        params: idParamSchema,
        querystring: organizationContentsQuerySchema,
        response: { 200: envelopeSchema(listSchema(contentListItemSchema)) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await loadOrganizationFor(app.db, actor, request.params.id, 'organization:read');
      const { status, ...query } = request.query;
      return ok(
        await service.listOrganizationContentsFor(app.db, actor, request.params.id, {
          ...query,
          status: status !== undefined ? [status] : undefined,
        }),
      );
    },
  );
}
