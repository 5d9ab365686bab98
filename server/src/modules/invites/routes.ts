/**
 * The `/invites` calls of 000 §7 'Invites', plus POST /invites/{id}/link (ours: 'copy link').
 * GET /invites/{id} serves two callers: staff with a session and a numeric id (the invite), and
 * the public registration page with the link's token in place of the id (no session).
 * POST /invites/batch (decisions.md#insights-and-administration §2, the CSV import) authorizes before its body is validated.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Actor,
  envelopeSchema,
  format,
  idParamSchema,
  idSchema,
  inviteAcceptBodySchema,
  inviteBatchBodySchema,
  inviteBatchResultSchema,
  inviteBodySchema,
  inviteItemSchema,
  inviteBatchMaxRows,
  inviteLinkSchema,
  invitePublicSchema,
  listSchema,
  loginAnswerSchema,
  messages,
  pageQuerySchema,
  type RoleId,
  roleLabels,
  rolesFilterSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { signSessionToken } from '../../lib/session-token.js';
import { presentSessionUser } from '../auth/index.js';
import { findAccountById } from '../users/index.js';
import { authorizeBatch, importInvites, type BatchOrganization } from './batch.js';
import { presentInvite, presentInvitePublic } from './presenter.js';
import * as service from './service.js';

export interface InviteRoutesOptions {
  secret: Uint8Array;
  sessionTtlSeconds: number;
  /** Requests per IP per minute on the public accept call (the sign-in limit). */
  acceptRatePerMinute: number;
  /** Dry runs of POST /invites/batch per user per minute (`INVITE_BATCH_CHECKS_PER_MINUTE`). */
  batchChecksPerMinute: number;
  /** Sent batches of POST /invites/batch per user per minute (`INVITE_BATCH_SENDS_PER_MINUTE`). */
  batchSendsPerMinute: number;
}

const tags = ['invites'];
/**
 * Body limit of POST /invites/batch: 2 MiB. A row of the longest names (100 characters each) and
 * email (254) is about 520 bytes of JSON, so `inviteBatchMaxRows` (2,000) such rows are about
 * 1.04 MB — just over the API's 1 MiB default; a typical file's 2,000 rows are about 300 KB.
 */
const batchBodyLimit = 2 * 1_048_576;
const secured = { security: [{ bearer: [] }], tags };

/**
 * The rate limit of POST /invites/batch: per signed-in user, dry runs and sends counted apart
 * (`checks` and `sends` a minute), so a script cannot run 2,000-row checks without end while a
 * manager's preview (a check per file and per pause in removing rows) and sending stay well
 * within it. Applied once the body is validated and the caller authorized (preHandler), so the
 * key knows who asks and whether it is a dry run; beyond it, 429 `messages.tooManyRequests` with
 * Retry-After (seconds).
 */
function batchRateLimit(checks: number, sends: number) {
  const kind = (request: FastifyRequest) =>
    (request.body as { dryRun?: unknown } | undefined)?.dryRun === true ? 'check' : 'send';
  return {
    hook: 'preHandler' as const,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      `invite-batch:${request.actor?.id ?? 0}:${kind(request)}`,
    max: (_request: FastifyRequest, key: string) => (key.endsWith(':check') ? checks : sends),
  };
}
const itemAnswer = { 200: envelopeSchema(inviteItemSchema) };

/** Registers the invite routes (inside the `/api` prefix). */
export async function inviteRoutes(
  app: FastifyInstance,
  options: InviteRoutesOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, publicUrl: app.config.publicUrl });
  const actorOf = (request: FastifyRequest): Actor => request.actor!;

  // ----- public: the registration page -----
  r.get(
    '/invites/:id',
    {
      schema: {
        tags,
        summary:
          'A numeric id with a session: the invite (admin, manager of its organization, the instructor who sent it). ' +
          `Otherwise the id is the registration link token (no session): the pending invite as the registration page shows it, or 404 "${messages.inviteInvalid}".`,
        params: z.object({ id: z.string().min(1, { error: messages.inviteInvalid }).max(512) }),
        response: { 200: envelopeSchema(z.union([inviteItemSchema, invitePublicSchema])) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (/^\d{1,9}$/.test(id) && request.headers.authorization) {
        await app.authenticate(request);
        return ok(presentInvite(await service.getInviteFor(app.db, actorOf(request), Number(id))));
      }
      return ok(presentInvitePublic(await service.getInviteByToken(app.db, id)));
    },
  );

  r.post(
    '/invites/accept',
    {
      config: { rateLimit: { max: options.acceptRatePerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          "Register from an invite (no session): creates the user with the invite's role, organization and group, single use. " +
          'Answers the new session (token and session user, like POST /auth) so the registration page can sign in.',
        body: inviteAcceptBodySchema,
        response: { 200: envelopeSchema(loginAnswerSchema) },
      },
    },
    async (request) => {
      const userId = await service.acceptInvite(app.db, request.body);
      const account = (await findAccountById(app.db, userId))!;
      const token = await signSessionToken(
        options.secret,
        { userId, tokenVersion: account.tokenVersion },
        options.sessionTtlSeconds,
      );
      return ok({ ...presentSessionUser(account), token }, messages.userCreated);
    },
  );

  // ----- signed in -----
  await app.register(async (authed) => {
    authed.addHook('onRequest', app.authenticate);
    const a = authed.withTypeProvider<ZodTypeProvider>();

    a.post(
      '/invites',
      {
        schema: {
          ...secured,
          summary:
            'Invite a person (role never Admin; instructors: trainees of their organization only; group only for trainees and instructors). ' +
            'Mails the registration link; trainee invites need a free seat (409 "No trainee seats left"). The answer carries the link token.',
          body: inviteBodySchema,
          response: itemAnswer,
        },
      },
      async (request) => {
        const { invite, token } = await service.createInvite(
          deps(),
          actorOf(request),
          request.body,
        );
        return ok(
          presentInvite(invite, token),
          format.roleSuccessfullyInvited(roleLabels[invite.roleId as RoleId]),
        );
      },
    );

    /**
     * The CSV import (decisions.md#insights-and-administration §2). Its organization is in the body, so — unlike POST /invites,
     * whose body is validated first — the preValidation hook reads the raw `organizationId` and
     * authorizes on it before the body is validated: 404 for a missing or another organization,
     * 403 for the roles without `invite:import`. Without a readable `organizationId` it checks the
     * role alone (403 for an instructor or trainee), then the validation answers 400.
     */
    const batchOrganization = new WeakMap<FastifyRequest, BatchOrganization>();
    a.post(
      '/invites/batch',
      {
        bodyLimit: batchBodyLimit,
        config: {
          rateLimit: batchRateLimit(options.batchChecksPerMinute, options.batchSendsPerMinute),
        },
        schema: {
          ...secured,
          summary:
            'Import invites (the CSV import; admin any organization, a manager its own — checked before the body): ' +
            `body {organizationId, dryRun?, rows: 1..${inviteBatchMaxRows} of {roleId, firstName, lastName, email, groupId?}} ` +
            'with the messages of POST /invites on `rows.<i>.<field>`, no email twice (ignoring case). Per row: the email of ' +
            "a user of the organization (for an admin, of any user) is skipped — a manager is told nothing of other organizations' " +
            'users, whose emails are invited like new ones —, an open invite of the organization is re-sent (7 more days, a new ' +
            'link, the mail again), the rest are created and mailed. All or nothing: 409 when the trainee rows (new, and expired ' +
            'ones renewed) need more seats than are free. dryRun: the same answer, nothing written. Per user, a few dry runs and ' +
            'fewer sends a minute (INVITE_BATCH_CHECKS_PER_MINUTE, INVITE_BATCH_SENDS_PER_MINUTE), then 429 with Retry-After.',
          body: inviteBatchBodySchema,
          response: { 200: envelopeSchema(inviteBatchResultSchema) },
        },
        preValidation: async (request) => {
          const raw = (request.body as { organizationId?: unknown } | null | undefined)
            ?.organizationId;
          const organizationId = idSchema.safeParse(raw);
          if (!organizationId.success) {
            request.authorize('invite:import');
            return; // the validation answers 400
          }
          batchOrganization.set(
            request,
            await authorizeBatch(app.db, actorOf(request), organizationId.data),
          );
        },
      },
      async (request) => {
        const organization =
          batchOrganization.get(request) ??
          (await authorizeBatch(app.db, actorOf(request), request.body.organizationId));
        const { result, message } = await importInvites(
          deps(),
          actorOf(request),
          organization,
          request.body,
        );
        return ok(result, message);
      },
    );

    a.delete(
      '/invites/:id',
      {
        schema: {
          ...secured,
          summary: 'Delete an invite not yet accepted',
          params: idParamSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await service.deleteInvite(app.db, actorOf(request), request.params.id);
        return ok(null, messages.inviteDeleted);
      },
    );

    a.get(
      '/invites/:id/resend',
      {
        schema: {
          ...secured,
          summary:
            'Re-send: renews the expiry to 7 days from now and mails a new link (older links keep working until expiry)',
          params: idParamSchema,
          response: itemAnswer,
        },
      },
      async (request) =>
        ok(
          presentInvite(await service.resendInvite(deps(), actorOf(request), request.params.id)),
          messages.inviteResent,
        ),
    );

    a.post(
      '/invites/:id/link',
      {
        schema: {
          ...secured,
          summary:
            "A fresh registration link for 'copy link' (only token hashes are stored, so an earlier link cannot be shown again). " +
            '400 "This invite has expired." for an expired invite: re-send it instead.',
          params: idParamSchema,
          response: { 200: envelopeSchema(inviteLinkSchema) },
        },
      },
      async (request) =>
        ok(await service.newInviteLink(deps(), actorOf(request), request.params.id)),
    );
  });

  // ----- an organization's pending invites (listed under /organizations) -----
  await app.register(async (authed) => {
    authed.addHook('onRequest', app.authenticate);
    const a = authed.withTypeProvider<ZodTypeProvider>();

    a.get(
      '/organizations/:id/invites',
      {
        schema: {
          ...secured,
          tags: ['organizations'],
          summary:
            'Invites not yet accepted, newest first, each with its expired flag (admin, manager of it)',
          params: idParamSchema,
          querystring: pageQuerySchema.extend({ roles: rolesFilterSchema }),
          response: { 200: envelopeSchema(listSchema(inviteItemSchema)) },
        },
      },
      async (request) => {
        const { rows, count } = await service.listOrganizationInvitesFor(
          app.db,
          actorOf(request),
          request.params.id,
          request.query,
        );
        return ok({ list: rows.map((row) => presentInvite(row)), count });
      },
    );
  });
}
