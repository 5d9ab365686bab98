/**
 * The emailed-link calls of the users module (000 §7 'Session and users'): no session, the
 * link's token is the proof.
 */
import { messages, resetPasswordBodySchema, tokenParamSchema } from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { nullAnswer, type ZodApp } from '../../lib/route-kit.js';
import * as service from './service.js';

/**
 * PUT /users/validate-email/{token} and PUT /users/reset-password/{token}: an unknown, used or
 * expired token is a 400 with the catalogue's message.
 */
export function emailLinkRoutes(r: ZodApp): void {
  r.put(
    '/users/validate-email/:token',
    {
      schema: {
        tags: ['users'],
        summary: 'Confirm an email change from the emailed link',
        params: tokenParamSchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      await service.confirmEmailChange(r.db, request.params.token);
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
        response: nullAnswer,
      },
    },
    async (request) => {
      await service.resetPasswordWithToken(r.db, request.params.token, request.body.newPassword);
      return ok(null, messages.passwordUpdated);
    },
  );
}
