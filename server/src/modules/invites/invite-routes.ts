/**
 * Sending and handling invites (000 §7 'Invites'): one invite, deleting, re-sending, a fresh
 * link for 'copy link', and an organization's pending invites. Every call needs a session
 * (registered in a `signedIn` scope).
 */
import {
  envelopeSchema,
  format,
  idParamSchema,
  inviteBodySchema,
  inviteItemSchema,
  inviteLinkSchema,
  listSchema,
  messages,
  pageQuerySchema,
  roleLabels,
  rolesFilterSchema,
  type RoleId,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, linkDeps, nullAnswer, secured, type ZodApp } from '../../lib/route-kit.js';
import { presentInvite } from './presenter.js';
import * as service from './service.js';

const itemAnswer = { 200: envelopeSchema(inviteItemSchema) };

/** POST /invites: mails the registration link; the answer carries the link token. */
export function newInviteRoutes(r: ZodApp): void {
  r.post(
    '/invites',
    {
      schema: {
        ...secured('invites'),
        summary:
          'Invite a person (role never Admin; instructors: trainees of their organization only; group only for trainees and instructors). ' +
          'Mails the registration link; trainee invites need a free seat (409 "No trainee seats left"). The answer carries the link token.',
        body: inviteBodySchema,
        response: itemAnswer,
      },
    },
    async (request) => {
      const { invite, token } = await service.createInvite(
        linkDeps(r),
        actorOf(request),
        request.body,
      );
      return ok(
        presentInvite(invite, token),
        format.roleSuccessfullyInvited(roleLabels[invite.roleId as RoleId]),
      );
    },
  );
}

/** DELETE /invites/{id}, GET /invites/{id}/resend and POST /invites/{id}/link. */
export function inviteActionRoutes(r: ZodApp): void {
  r.delete(
    '/invites/:id',
    {
      schema: {
        ...secured('invites'),
        summary: 'Delete an invite not yet accepted',
        params: idParamSchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      await service.deleteInvite(r.db, actorOf(request), request.params.id);
      return ok(null, messages.inviteDeleted);
    },
  );

  r.get(
    '/invites/:id/resend',
    {
      schema: {
        ...secured('invites'),
        summary:
          'Re-send: renews the expiry to 7 days from now and mails a new link (older links keep working until expiry)',
        params: idParamSchema,
        response: itemAnswer,
      },
    },
    async (request) =>
      ok(
        presentInvite(await service.resendInvite(linkDeps(r), actorOf(request), request.params.id)),
        messages.inviteResent,
      ),
  );

  r.post(
    '/invites/:id/link',
    {
      schema: {
        ...secured('invites'),
        summary:
          "A fresh registration link for 'copy link' (only token hashes are stored, so an earlier link cannot be shown again). " +
          '400 "This invite has expired." for an expired invite: re-send it instead.',
        params: idParamSchema,
        response: { 200: envelopeSchema(inviteLinkSchema) },
      },
    },
    async (request) =>
      ok(await service.newInviteLink(linkDeps(r), actorOf(request), request.params.id)),
  );
}

/** GET /organizations/{id}/invites: not yet accepted, newest first (listed under /organizations). */
export function organizationInviteRoutes(r: ZodApp): void {
  r.get(
    '/organizations/:id/invites',
    {
      schema: {
        ...secured('organizations'),
        summary:
          'Invites not yet accepted, newest first, each with its expired flag (admin, manager of it)',
        params: idParamSchema,
        querystring: pageQuerySchema.extend({ roles: rolesFilterSchema }),
        response: { 200: envelopeSchema(listSchema(inviteItemSchema)) },
      },
    },
    async (request) => {
      const { rows, count } = await service.listOrganizationInvitesFor(
        r.db,
        actorOf(request),
        request.params.id,
        request.query,
      );
      return ok({ list: rows.map((row) => presentInvite(row)), count });
    },
  );
}
