/**
 * The API token calls (decisions.md#api-tokens §1) under `/organizations/{id}/api-tokens`: list,
 * create (the secret answered once) and revoke, for an Admin or a Manager of the organization.
 * Every call needs a session; POST decides who may call in a preValidation hook, before its body.
 */
import type { FastifyInstance } from 'fastify';
import {
  apiTokenListSchema,
  apiTokenParamSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
  envelopeSchema,
  idParamSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, nullAnswer, secured, signedIn } from '../../lib/route-kit.js';
import * as service from './service.js';

/** Registers the API token routes (inside the `/api` prefix); every call needs a session. */
export async function apiTokenRoutes(app: FastifyInstance): Promise<void> {
  await signedIn(app, (r) => {
    r.get(
      '/organizations/:id/api-tokens',
      {
        schema: {
          ...secured('organizations'),
          summary:
            'The organization’s API tokens that are not revoked, newest first: name, scopes, prefix (the first ' +
            'characters, never the secret), creator, createdAt, lastUsedAt, expiresAt. Admin, or a manager of ' +
            'the organization',
          params: idParamSchema,
          response: { 200: envelopeSchema(apiTokenListSchema) },
        },
      },
      async (request) =>
        ok(await service.listApiTokensFor(app.db, actorOf(request), request.params.id)),
    );

    r.post(
      '/organizations/:id/api-tokens',
      {
        schema: {
          ...secured('organizations'),
          summary:
            'Create an API token for the organization: body {name, scopes (answers:read, reviews:read, ' +
            'invites:write, users:read, reports:read, scim:provision; at least one), expiresInDays? (1–365; none: never)}. ' +
            'Answers the token with its secret `token` (pra_…), shown this once and never again. A request with ' +
            '`Authorization: Bearer pra_…` acts as a manager of the organization limited to the scopes. Admin, ' +
            'or a manager of the organization; who may call is checked before the body',
          params: idParamSchema,
          body: createApiTokenBodySchema,
          response: { 200: envelopeSchema(createdApiTokenSchema) },
        },
        preValidation: async (request) => {
          const params = idParamSchema.safeParse(request.params);
          if (!params.success) return; // the validation answers 400
          await service.authorizeApiTokens(app.db, actorOf(request), params.data.id);
        },
      },
      async (request) =>
        ok(
          await service.createApiTokenFor(
            app.db,
            actorOf(request),
            request.params.id,
            request.body,
          ),
        ),
    );

    r.delete(
      '/organizations/:id/api-tokens/:tokenId',
      {
        schema: {
          ...secured('organizations'),
          summary:
            'Revoke an API token of the organization: its next request answers 401. Admin, or a manager of ' +
            'the organization',
          params: apiTokenParamSchema,
          response: nullAnswer,
        },
      },
      async (request) => {
        await service.revokeApiTokenFor(
          app.db,
          actorOf(request),
          request.params.id,
          request.params.tokenId,
        );
        return ok(null);
      },
    );
  });
}
