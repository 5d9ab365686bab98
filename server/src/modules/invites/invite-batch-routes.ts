/**
 * POST /invites/batch, the CSV import (decisions.md#insights-and-administration §2): many invites
 * of one organization at once, with a dry run. Needs a session (registered in a `signedIn` scope).
 */
import type { FastifyRequest } from 'fastify';
import {
  envelopeSchema,
  idSchema,
  inviteBatchBodySchema,
  inviteBatchMaxRows,
  inviteBatchResultSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, linkDeps, secured, type ZodApp } from '../../lib/route-kit.js';
import { authorizeBatch, importInvites, type BatchOrganization } from './batch.js';

export interface BatchRateOptions {
  /** Dry runs of POST /invites/batch per user per minute (`INVITE_BATCH_CHECKS_PER_MINUTE`). */
  batchChecksPerMinute: number;
  /** Sent batches of POST /invites/batch per user per minute (`INVITE_BATCH_SENDS_PER_MINUTE`). */
  batchSendsPerMinute: number;
}

/**
 * Body limit of POST /invites/batch: 2 MiB. A row of the longest names (100 characters each) and
 * email (254) is about 520 bytes of JSON, so `inviteBatchMaxRows` (2,000) such rows are about
 * 1.04 MB — just over the API's 1 MiB default; a typical file's 2,000 rows are about 300 KB.
 */
const batchBodyLimit = 2 * 1_048_576;

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

/**
 * POST /invites/batch. Its organization is in the body, so — unlike POST /invites, whose body is
 * validated first — the preValidation hook reads the raw `organizationId` and authorizes on it
 * before the body is validated: 404 for a missing or another organization, 403 for the roles
 * without `invite:import`. Without a readable `organizationId` it checks the role alone (403 for
 * an instructor or trainee), then the validation answers 400.
 */
export function inviteBatchRoutes(r: ZodApp, options: BatchRateOptions): void {
  const batchOrganization = new WeakMap<FastifyRequest, BatchOrganization>();
  r.post(
    '/invites/batch',
    {
      bodyLimit: batchBodyLimit,
      config: {
        rateLimit: batchRateLimit(options.batchChecksPerMinute, options.batchSendsPerMinute),
      },
      schema: {
        ...secured('invites'),
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
          await authorizeBatch(r.db, actorOf(request), organizationId.data),
        );
      },
    },
    async (request) => {
      const organization =
        batchOrganization.get(request) ??
        (await authorizeBatch(r.db, actorOf(request), request.body.organizationId));
      const { result, message } = await importInvites(
        linkDeps(r),
        actorOf(request),
        organization,
        request.body,
      );
      return ok(result, message);
    },
  );
}
