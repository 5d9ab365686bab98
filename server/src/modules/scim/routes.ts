/**
 * The SCIM 2.0 endpoints at `/scim/v2` (decisions.md#scim; RFC 7644 §3, §4): `/Users` and `/Groups`
 * create (POST), read (GET by id), list (GET with `filter`, `startIndex` 1-based, `count` at most
 * `scimMaxResults`), replace (PUT), change (PATCH) and delete (DELETE); the discovery endpoints
 * `/ServiceProviderConfig`, `/Schemas[/{id}]` and `/ResourceTypes[/{name}]` (read only). Bodies are `application/scim+json` or `application/json`; answers
 * are `application/scim+json`, and every error is SCIM's error message (RFC 7644 §3.12), never the
 * API envelope.
 *
 * Authentication first (onRequest, before any body is read): an API token of the organization
 * with the `scim:provision` scope (401 without a token or with a session, 403 without the scope).
 * The routes are hidden from the OpenAPI document (they follow RFC 7644, not the API's envelope);
 * operations.md 'SCIM provisioning' documents them.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import SCIMMY from 'scimmy';
import { UnauthorizedError } from '../../errors.js';
import { linkDeps } from '../../lib/route-kit.js';
import { declareScimDiscovery, scimMaxResults } from './discovery.js';
import { declareScimGroups } from './group-service.js';
import { declareScimUsers, toScimError, type ScimContext } from './service.js';

const scimType = 'application/scim+json; charset=utf-8';
const hidden = { schema: { hide: true } };

/** Statuses SCIMMY's ErrorResponse accepts; others (413 and 429 of the app) keep SCIM's shape by hand. */
const errorStatuses = new Set([307, 308, 400, 401, 403, 404, 409, 412, 413, 500, 501]);

/** SCIM's error message for `error` (ours, SCIMMY's, or Fastify's: a bad JSON body is `invalidSyntax`). */
function scimErrorBody(error: unknown): { status: number; body: Record<string, unknown> } {
  let scimError: InstanceType<typeof SCIMMY.Types.Error>;
  try {
    scimError = toScimError(error);
  } catch {
    const status = (error as FastifyError).statusCode;
    scimError =
      status === 400
        ? new SCIMMY.Types.Error(400, 'invalidSyntax', (error as Error).message)
        : status === 413 || status === 415 || status === 429
          ? new SCIMMY.Types.Error(status, '', (error as Error).message)
          : new SCIMMY.Types.Error(500, '', 'Internal error');
  }
  const status = Number(scimError.status);
  if (errorStatuses.has(status))
    return { status, body: { ...new SCIMMY.Messages.ErrorResponse(scimError) } };
  return {
    status,
    body: {
      schemas: [SCIMMY.Messages.ErrorResponse.id],
      status: String(status),
      detail: scimError.message,
    },
  };
}

/** A PatchOp operation as a directory sends it. */
type Operation = { op?: unknown; path?: unknown; value?: unknown };

/**
 * Entra ID sends `active` in PATCH as the strings "True"/"False" (and capitalized ops, which SCIMMY
 * accepts): turns those strings into booleans so its deactivation is not refused as a bad type.
 */
export function acceptEntraBooleans(body: unknown): unknown {
  const operations = (body as { Operations?: unknown } | null)?.Operations;
  if (!Array.isArray(operations)) return body;
  const bool = (v: unknown) =>
    typeof v === 'string' && /^(true|false)$/i.test(v) ? v.toLowerCase() === 'true' : v;
  return {
    ...(body as object),
    Operations: operations.map((o: Operation) => {
      if (typeof o?.path === 'string' && o.path.toLowerCase() === 'active')
        return { ...o, value: bool(o.value) };
      if (o?.value && typeof o.value === 'object' && 'active' in o.value)
        return {
          ...o,
          value: { ...o.value, active: bool((o.value as { active: unknown }).active) },
        };
      return o;
    }),
  };
}

const send = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).type(scimType).send(JSON.stringify(body));

/**
 * A list answer past its last resource has none: SCIMMY slices by `startIndex` only while the
 * list reaches it, and would answer the whole list for `startIndex` past the end.
 */
function pastTheEnd<L extends { startIndex: number; totalResults: number; Resources: unknown[] }>(
  list: L,
): L {
  if (list.startIndex > list.totalResults) list.Resources = [];
  return list;
}

/**
 * The list parameters of a GET on a resource type (RFC 7644 §3.4.2) as SCIMMY takes them;
 * `count` is cut to `scimMaxResults` (and defaults to SCIMMY's 20).
 */
function listParams(request: FastifyRequest) {
  const q = request.query as Record<string, string | undefined>;
  const int = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const count = int(q.count);
  return {
    ...(q.filter !== undefined ? { filter: q.filter } : {}),
    ...(q.attributes !== undefined ? { attributes: q.attributes } : {}),
    ...(q.excludedAttributes !== undefined ? { excludedAttributes: q.excludedAttributes } : {}),
    ...(q.sortBy !== undefined ? { sortBy: q.sortBy } : {}),
    ...(q.sortOrder !== undefined ? { sortOrder: q.sortOrder } : {}),
    ...(q.startIndex !== undefined ? { startIndex: int(q.startIndex) } : {}),
    ...(count !== undefined ? { count: Math.min(count, scimMaxResults) } : {}),
  };
}

/** Registers `/scim/v2` (the app registers it only where HTTP is served, settings/role.ts). */
export async function scimRoutes(app: FastifyInstance): Promise<void> {
  const basepath = `${app.config.publicUrl.replace(/\/$/, '')}/scim/v2`;
  declareScimUsers(basepath);
  declareScimGroups(basepath);
  declareScimDiscovery(basepath);
  await app.register(
    async (scim) => {
      scim.addContentTypeParser(
        'application/scim+json',
        { parseAs: 'string' },
        scim.getDefaultJsonParser('error', 'error'),
      );
      scim.setErrorHandler((error, request, reply) => {
        const { status, body } = scimErrorBody(error);
        if (status >= 500) request.log.error({ err: error }, 'SCIM call failed');
        return send(reply, status, body);
      });
      scim.addHook('onRequest', async (request) => {
        await app.authenticate(request);
        if (!request.actor?.apiToken) throw new UnauthorizedError();
        request.authorize('scim:provision', { organizationId: request.actor.organizationId });
      });
      const ctx = (request: FastifyRequest): ScimContext => ({
        deps: linkDeps(app),
        actor: request.actor!,
      });
      const User = SCIMMY.Resources.User;
      const { Group, ServiceProviderConfig, Schema, ResourceType } = SCIMMY.Resources;

      scim.get('/Users', hidden, async (request, reply) => {
        const list = await new User(undefined as unknown as string, listParams(request)).read(
          ctx(request),
        );
        return send(reply, 200, pastTheEnd(list as SCIMMY.Messages.ListResponse));
      });
      scim.get('/Users/:id', hidden, async (request, reply) => {
        const { id } = request.params as { id: string };
        return send(reply, 200, await new User(id).read(ctx(request)));
      });
      scim.post('/Users', hidden, async (request, reply) => {
        const created = await new User().write(request.body, ctx(request));
        return send(reply, 201, created);
      });
      scim.put('/Users/:id', hidden, async (request, reply) => {
        const { id } = request.params as { id: string };
        return send(reply, 200, await new User(id).write(request.body, ctx(request)));
      });
      scim.patch('/Users/:id', hidden, async (request, reply) => {
        const { id } = request.params as { id: string };
        const body = acceptEntraBooleans(request.body) as Parameters<
          InstanceType<typeof User>['patch']
        >[0];
        const patched = await new User(id).patch(body, ctx(request));
        if (patched === undefined) return reply.code(204).send();
        return send(reply, 200, patched);
      });
      scim.delete('/Users/:id', hidden, async (request, reply) => {
        const { id } = request.params as { id: string };
        await new User(id).dispose(ctx(request));
        return reply.code(204).send();
      });

      scim.get('/Groups', hidden, async (request, reply) => {
        const list = await new Group(undefined as unknown as string, listParams(request)).read(
          ctx(request),
        );
        return send(reply, 200, pastTheEnd(list as SCIMMY.Messages.ListResponse));
      });
      scim.get('/Groups/:id', hidden, async (request, reply) => {
        const { id } = request.params as { id: string };
        return send(reply, 200, await new Group(id).read(ctx(request)));
      });
      scim.post('/Groups', hidden, async (request, reply) => {
        return send(reply, 201, await new Group().write(request.body, ctx(request)));
      });
      scim.put('/Groups/:id', hidden, async (request, reply) => {
        const { id } = request.params as { id: string };
        return send(reply, 200, await new Group(id).write(request.body, ctx(request)));
      });
      scim.patch('/Groups/:id', hidden, async (request, reply) => {
        const { id } = request.params as { id: string };
        const body = request.body as Parameters<InstanceType<typeof Group>['patch']>[0];
        const patched = await new Group(id).patch(body, ctx(request));
        if (patched === undefined) return reply.code(204).send();
        return send(reply, 200, patched);
      });
      scim.delete('/Groups/:id', hidden, async (request, reply) => {
        const { id } = request.params as { id: string };
        await new Group(id).dispose(ctx(request));
        return reply.code(204).send();
      });

      // Discovery (RFC 7644 §4): what SCIMMY declares, behind the same token as the resources.
      scim.get('/ServiceProviderConfig', hidden, async (_request, reply) =>
        send(reply, 200, await new ServiceProviderConfig().read()),
      );
      scim.get('/Schemas', hidden, async (_request, reply) =>
        send(reply, 200, await new Schema().read()),
      );
      scim.get('/Schemas/:id', hidden, async (request, reply) => {
        const { id } = request.params as { id: string };
        return send(reply, 200, await new Schema(id).read());
      });
      scim.get('/ResourceTypes', hidden, async (_request, reply) =>
        send(reply, 200, await new ResourceType().read()),
      );
      scim.get('/ResourceTypes/:id', hidden, async (request, reply) => {
        const { id } = request.params as { id: string };
        return send(reply, 200, await new ResourceType(id).read());
      });
    },
    { prefix: '/scim/v2' },
  );
}
