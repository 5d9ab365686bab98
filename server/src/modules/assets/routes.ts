/**
 * The `/assets` calls of 001 §7 (avatars and environments), with the role rules of 001 §6
 * enforced by the service through the contract's policy. Every call needs a session.
 */
import type { FastifyInstance } from 'fastify';
import {
  assetBodySchema,
  assetListQuerySchema,
  assetOrganizationParamSchema,
  assetSchema,
  assetTypeParamSchema,
  envelopeSchema,
  idParamSchema,
  listSchema,
  messages,
  organizationAssetsQuerySchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, nullAnswer, secured, zodApp } from '../../lib/route-kit.js';
import { loadOrganizationFor } from '../organizations/index.js';
import * as service from './service.js';

const assetAnswer = { 200: envelopeSchema(assetSchema) };

/** Registers the asset routes (inside the `/api` prefix). */
export async function assetRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  r.get(
    '/assets',
    {
      schema: {
        ...secured('assets'),
        summary:
          'Avatars (typeId=1) or environments (typeId=2): all for an admin; for other staff those of their organization and the general ones added to it',
        description:
          'Ordered by name. Without page and pageSize the whole list comes back; with either, one page. `count` is the total.',
        querystring: assetListQuerySchema,
        response: { 200: envelopeSchema(listSchema(assetSchema)) },
      },
    },
    async (request) => ok(await service.listAssetsFor(app.files, actorOf(request), request.query)),
  );

  r.get(
    '/assets/:id',
    {
      schema: {
        ...secured('assets'),
        summary: 'One asset (admin, or staff of an organization it is available to)',
        params: idParamSchema,
        response: assetAnswer,
      },
    },
    async (request) =>
      ok(await service.getAssetFor(app.files, actorOf(request), request.params.id)),
  );

  r.post(
    '/assets/:type',
    {
      schema: {
        ...secured('assets'),
        summary: 'Create a general avatar (type 1) or environment (type 2) (admin)',
        description:
          "Body {name, description?, imageId}: the name is required ('Avatar name is required!' / 'Environment title is required!'); imageId is an image uploaded through POST /files/upload (≤ 300 KB).",
        params: assetTypeParamSchema,
        body: assetBodySchema,
        response: assetAnswer,
      },
    },
    async (request) =>
      ok(
        await service.createAsset(app.files, actorOf(request), request.params.type, request.body),
        messages.assetCreated,
      ),
  );

  r.put(
    '/assets/:id',
    {
      schema: {
        ...secured('assets'),
        summary: 'Update the name, description and image of an asset (admin)',
        params: idParamSchema,
        body: assetBodySchema,
        response: assetAnswer,
      },
    },
    async (request) =>
      ok(
        await service.updateAssetFor(app.files, actorOf(request), request.params.id, request.body),
        messages.assetUpdated,
      ),
  );

  r.delete(
    '/assets/:id',
    {
      schema: {
        ...secured('assets'),
        summary:
          'Delete an asset (admin); 409 while an interview role, a question audio or an assignment uses it',
        params: idParamSchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      await service.deleteAssetFor(app.db, actorOf(request), request.params.id);
      return ok(null, messages.assetDeleted);
    },
  );

  for (const added of [true, false]) {
    r.put(
      `/assets/:id/${added ? 'add' : 'remove'}/:organizationId`,
      {
        schema: {
          ...secured('assets'),
          summary: added
            ? 'Make a general asset available to an organization (admin; idempotent)'
            : 'Take a general asset away from an organization (admin; idempotent)',
          params: assetOrganizationParamSchema,
          response: assetAnswer,
        },
      },
      async (request) => {
        const { asset, message } = await service.setAssetOrganization(
          app.files,
          actorOf(request),
          request.params.id,
          request.params.organizationId,
          added,
        );
        return ok(asset, message);
      },
    );
  }

  r.get(
    '/organizations/:id/assets',
    {
      schema: {
        ...secured('assets'),
        tags: ['organizations'],
        summary:
          'The avatars (type=1) or environments (type=2) available to the organization: its own and the general ones added to it',
        params: idParamSchema,
        querystring: organizationAssetsQuerySchema,
        response: { 200: envelopeSchema(listSchema(assetSchema)) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await loadOrganizationFor(app.db, actor, request.params.id, 'organization:read');
      return ok(
        await service.listOrganizationAssets(
          app.files,
          actor,
          request.params.id,
          request.query.type,
        ),
      );
    },
  );
}
