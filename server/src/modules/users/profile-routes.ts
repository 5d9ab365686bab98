/**
 * Editing a user's profile (000 §2.8, §2.10, §7 'Users'): names, phone and image, the email (by a
 * confirmation link) and the password. Every call needs a session (registered in a `signedIn`
 * scope). A caller that changes its own password gets a fresh session token in the answer, since
 * the change ends its old one.
 */
import { z } from 'zod';
import {
  envelopeSchema,
  idParamSchema,
  messages,
  updateEmailBodySchema,
  updatePasswordBodySchema,
  updateUserBodySchema,
  userSchema,
  type Actor,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, linkDeps, nullAnswer, secured, type ZodApp } from '../../lib/route-kit.js';
import { signSessionToken } from '../../lib/session-token.js';
import { presentUser } from './presenter.js';
import { findAccountById } from './repository.js';
import * as service from './service.js';

/** How the session token handed back after a password change is signed. */
export interface SessionOptions {
  secret: Uint8Array;
  sessionTtlSeconds: number;
}

/** A user, plus a fresh session token when the caller changed its own password. */
const userWithTokenSchema = userSchema.extend({ token: z.string().optional() });

/** PUT /users/{id}, PUT /users/{id}/update-email and PUT /users/{id}/update-password. */
export function profileRoutes(r: ZodApp, options: SessionOptions): void {
  /** When the actor changed its own password, its old token stopped working: hand it a new one. */
  async function freshTokenIfSelf(actor: Actor, userId: number): Promise<string | undefined> {
    if (actor.id !== userId) return undefined;
    const account = await findAccountById(r.db, userId);
    if (!account) return undefined;
    return signSessionToken(
      options.secret,
      { userId, tokenVersion: account.tokenVersion },
      options.sessionTtlSeconds,
    );
  }

  r.put(
    '/users/:id',
    {
      schema: {
        ...secured('users'),
        summary: 'Update names, phone, image and optionally the password',
        params: idParamSchema,
        body: updateUserBodySchema.extend({ id: z.number().int().optional() }),
        response: { 200: envelopeSchema(userWithTokenSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { user, passwordChanged } = await service.updateUser(
        { ...linkDeps(r), directUploads: r.files.directUploads },
        actor,
        request.params.id,
        request.body,
      );
      const token = passwordChanged ? await freshTokenIfSelf(actor, user.id) : undefined;
      return ok(
        { ...presentUser(r.files.urls, user), ...(token ? { token } : {}) },
        messages.userUpdated,
      );
    },
  );

  r.put(
    '/users/:id/update-email',
    {
      schema: {
        ...secured('users'),
        summary: 'Send a confirmation link to a new email address',
        params: idParamSchema,
        body: updateEmailBodySchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      await service.requestEmailChange(
        linkDeps(r),
        actorOf(request),
        request.params.id,
        request.body.email,
      );
      return ok(null, messages.emailUpdateLinkSent);
    },
  );

  r.put(
    '/users/:id/update-password',
    {
      schema: {
        ...secured('users'),
        summary: 'Set a new password',
        params: idParamSchema,
        body: updatePasswordBodySchema,
        response: { 200: envelopeSchema(userWithTokenSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user = await service.updatePassword(
        linkDeps(r),
        actor,
        request.params.id,
        request.body.password,
      );
      const token = await freshTokenIfSelf(actor, user.id);
      return ok(
        { ...presentUser(r.files.urls, user), ...(token ? { token } : {}) },
        messages.passwordUpdated,
      );
    },
  );
}
