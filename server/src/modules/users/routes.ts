/**
 * The `/users` calls of 000 §7 'Session and users', with the role rules of 000 §6 enforced by
 * the service through the contract's policy.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Actor,
  createUserBodySchema,
  createUserQuerySchema,
  envelopeSchema,
  idParamSchema,
  listSchema,
  messages,
  organizationUsersQuerySchema,
  resetPasswordBodySchema,
  tokenParamSchema,
  updateEmailBodySchema,
  updatePasswordBodySchema,
  updateUserBodySchema,
  userListQuerySchema,
  userSchema,
} from '@practica/contract';
import { includesName, includesQuerySchema } from '../../lib/includes.js';
import { ok } from '../../lib/envelope.js';
import { signSessionToken } from '../../lib/session-token.js';
import { findAccountById } from './repository.js';
import { type findUser } from './list-repository.js';
import { presentUser } from './presenter.js';
import * as service from './service.js';

export interface UserRoutesOptions {
  secret: Uint8Array;
  sessionTtlSeconds: number;
  /**
   * The groups of a user as `{id, name}`, by name, for `GET /users/{id}?includes=groups`. Given by
   * the app from the groups module, which sits above users (its members are users).
   */
  groupRefsOfUser: (
    db: FastifyInstance['db'],
    userId: number,
  ) => Promise<{ id: number; name: string }[]>;
}

/** A user, plus a fresh session token when the caller changed its own password. */
const userWithTokenSchema = userSchema.extend({ token: z.string().optional() });
const userAnswer = { 200: envelopeSchema(userSchema) };
const secured = { security: [{ bearer: [] }], tags: ['users'] };

export async function userRoutes(app: FastifyInstance, options: UserRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, publicUrl: app.config.publicUrl });
  const actorOf = (request: FastifyRequest): Actor => request.actor!;

  /** When the actor changed its own password, its old token stopped working: hand it a new one. */
  async function freshTokenIfSelf(actor: Actor, userId: number): Promise<string | undefined> {
    if (actor.id !== userId) return undefined;
    const account = await findAccountById(app.db, userId);
    if (!account) return undefined;
    return signSessionToken(
      options.secret,
      { userId, tokenVersion: account.tokenVersion },
      options.sessionTtlSeconds,
    );
  }

  // ----- emailed-token flows: no session -----
  r.put(
    '/users/validate-email/:token',
    {
      schema: {
        tags: ['users'],
        summary: 'Confirm an email change from the emailed link',
        params: tokenParamSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.confirmEmailChange(app.db, request.params.token);
      return ok(null, messages.emailUpdated);
    },
  );
  r.put(
    '/users/reset-password/:token',
    {
      schema: {
        tags: ['users'],
        summary: 'Set a new password from the emailed reset link',
        params: tokenParamSchema,
        body: resetPasswordBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.resetPasswordWithToken(app.db, request.params.token, request.body.newPassword);
      return ok(null, messages.passwordUpdated);
    },
  );

  // ----- signed-in calls -----
  await app.register(async (authed) => {
    authed.addHook('onRequest', app.authenticate);
    const a = authed.withTypeProvider<ZodTypeProvider>();

    a.get(
      '/users',
      {
        schema: {
          ...secured,
          summary: 'List users (roles, search, deleted, paging)',
          querystring: userListQuerySchema,
          response: { 200: envelopeSchema(listSchema(userSchema)) },
        },
      },
      async (request) => {
        const { rows, count } = await service.listUsersFor(app.db, actorOf(request), request.query);
        return ok({ list: rows.map((row) => presentUser(row)), count });
      },
    );

    a.get(
      '/users/:id',
      {
        schema: {
          ...secured,
          summary: 'One user (includes=groups adds its groups as {id, name})',
          params: idParamSchema,
          querystring: includesQuerySchema,
          response: userAnswer,
        },
      },
      async (request) => {
        const row = await service.loadUserFor(
          app.db,
          actorOf(request),
          request.params.id,
          'user:read',
        );
        const groups = includesName(request.query.includes, 'groups')
          ? await options.groupRefsOfUser(app.db, row.id)
          : undefined;
        return ok(presentUser(row, groups));
      },
    );

    a.post(
      '/users',
      {
        // Admins only (000 §2.9, §6): refused before the query and body are validated.
        preValidation: async (request) => request.authorize('admin:create'),
        schema: {
          ...secured,
          summary:
            'Create a user of any role (admin; the Add Admin modal sends roleId=4), mailed a link to choose a password',
          description:
            'A manager (2), instructor (3) or trainee (1) needs `organizationId` (trainee seats apply: 409 "No trainee seats left"); an admin (4) has none.',
          querystring: createUserQuerySchema,
          body: createUserBodySchema,
          response: userAnswer,
        },
      },
      async (request) => {
        const row = await service.createUser(
          deps(),
          actorOf(request),
          request.query.roleId,
          request.body,
        );
        return ok(presentUser(row), messages.userCreated);
      },
    );

    a.put(
      '/users/:id',
      {
        schema: {
          ...secured,
          summary: 'Update names, phone, image and optionally the password',
          params: idParamSchema,
          body: updateUserBodySchema.extend({ id: z.number().int().optional() }),
          response: { 200: envelopeSchema(userWithTokenSchema) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const { user, passwordChanged } = await service.updateUser(
          deps(),
          actor,
          request.params.id,
          request.body,
        );
        const token = passwordChanged ? await freshTokenIfSelf(actor, user.id) : undefined;
        return ok({ ...presentUser(user), ...(token ? { token } : {}) }, messages.userUpdated);
      },
    );

    a.put(
      '/users/:id/update-email',
      {
        schema: {
          ...secured,
          summary: 'Send a confirmation link to a new email address',
          params: idParamSchema,
          body: updateEmailBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await service.requestEmailChange(
          deps(),
          actorOf(request),
          request.params.id,
          request.body.email,
        );
        return ok(null, messages.emailUpdateLinkSent);
      },
    );

    a.put(
      '/users/:id/update-password',
      {
        schema: {
          ...secured,
          summary: 'Set a new password',
          params: idParamSchema,
          body: updatePasswordBodySchema,
          response: { 200: envelopeSchema(userWithTokenSchema) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const user = await service.updatePassword(
          deps(),
          actor,
          request.params.id,
          request.body.password,
        );
        const token = await freshTokenIfSelf(actor, user.id);
        return ok({ ...presentUser(user), ...(token ? { token } : {}) }, messages.passwordUpdated);
      },
    );

    const toggle = (
      path: string,
      summary: string,
      run: (
        actor: Actor,
        id: number,
      ) => Promise<{ message: string; row: Awaited<ReturnType<typeof findUser>> }>,
    ) =>
      a.put(
        path,
        { schema: { ...secured, summary, params: idParamSchema, response: userAnswer } },
        async (request) => {
          const { message, row } = await run(actorOf(request), request.params.id);
          return ok(presentUser(row!), message);
        },
      );

    toggle('/users/:id/activate', 'Activate a user', async (actor, id) => ({
      row: await service.setActive(deps(), actor, id, true),
      message: service.toggleMessages.active(true),
    }));
    toggle('/users/:id/deactivate', 'Deactivate a user (ends its sessions)', async (actor, id) => ({
      row: await service.setActive(deps(), actor, id, false),
      message: service.toggleMessages.active(false),
    }));
    toggle(
      '/users/:id/enable-creator',
      'Give the creator flag (never to trainees; creator seats apply)',
      async (actor, id) => ({
        row: await service.setCreator(deps(), actor, id, true),
        message: service.toggleMessages.creator(true),
      }),
    );
    toggle('/users/:id/disable-creator', 'Remove the creator flag', async (actor, id) => ({
      row: await service.setCreator(deps(), actor, id, false),
      message: service.toggleMessages.creator(false),
    }));
    toggle(
      '/users/:id/delete',
      'Soft delete (admin only; never admin 1 nor oneself)',
      async (actor, id) => ({
        row: await service.softDelete(deps(), actor, id),
        message: messages.userDeleted,
      }),
    );
    toggle('/users/:id/restore', 'Restore a soft-deleted user (admin only)', async (actor, id) => ({
      row: await service.restore(deps(), actor, id),
      message: messages.userRestored,
    }));

    a.delete(
      '/users/:id',
      {
        schema: {
          ...secured,
          summary: 'Erase a soft-deleted user for good (admin only)',
          params: idParamSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await service.erase(
          {
            ...deps(),
            storage: app.files.storage,
            log: request.log,
            removePartialUploads: (userId) => app.partialUploads.removeOf(userId),
          },
          actorOf(request),
          request.params.id,
        );
        return ok(null, messages.userErased);
      },
    );
  });

  // ----- an organization's members (listed under /organizations) -----
  await app.register(async (authed) => {
    authed.addHook('onRequest', app.authenticate);
    const a = authed.withTypeProvider<ZodTypeProvider>();

    a.get(
      '/organizations/:id/users',
      {
        schema: {
          ...secured,
          tags: ['organizations'],
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
  });
}
