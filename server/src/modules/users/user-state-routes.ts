/**
 * A user's state (000 §2.9–§2.10, §6): active or not, the creator flag, soft delete and restore,
 * each a PUT on /users/{id}/… answering the user; and DELETE /users/{id}, which erases a
 * soft-deleted user for good. Every call needs a session (registered in a `signedIn` scope).
 */
import {
  envelopeSchema,
  idParamSchema,
  messages,
  userSchema,
  type Actor,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, linkDeps, nullAnswer, secured, type ZodApp } from '../../lib/route-kit.js';
import type { UserRow } from './list-repository.js';
import { presentUser } from './presenter.js';
import * as service from './service.js';

/** A state change: the user it leaves and the message of the answer. */
type StateChange = (actor: Actor, id: number) => Promise<{ row: UserRow; message: string }>;

/** The six PUT /users/{id}/… state changes, then DELETE /users/{id}. */
export function userStateRoutes(r: ZodApp): void {
  const deps = () => linkDeps(r);
  const change = (path: string, summary: string, run: StateChange) =>
    r.put(
      path,
      {
        schema: {
          ...secured('users'),
          summary,
          params: idParamSchema,
          response: { 200: envelopeSchema(userSchema) },
        },
      },
      async (request) => {
        const { message, row } = await run(actorOf(request), request.params.id);
        return ok(presentUser(r.files.urls, row), message);
      },
    );

  change('/users/:id/activate', 'Activate a user', async (actor, id) => ({
    row: await service.setActive(deps(), actor, id, true),
    message: service.toggleMessages.active(true),
  }));
  change('/users/:id/deactivate', 'Deactivate a user (ends its sessions)', async (actor, id) => ({
    row: await service.setActive(deps(), actor, id, false),
    message: service.toggleMessages.active(false),
  }));
  change(
    '/users/:id/enable-creator',
    'Give the creator flag (never to trainees; creator seats apply)',
    async (actor, id) => ({
      row: await service.setCreator(deps(), actor, id, true),
      message: service.toggleMessages.creator(true),
    }),
  );
  change('/users/:id/disable-creator', 'Remove the creator flag', async (actor, id) => ({
    row: await service.setCreator(deps(), actor, id, false),
    message: service.toggleMessages.creator(false),
  }));
  change(
    '/users/:id/delete',
    'Soft delete (admin only; never admin 1 nor oneself)',
    async (actor, id) => ({
      row: await service.softDelete(deps(), actor, id),
      message: messages.userDeleted,
    }),
  );
  change('/users/:id/restore', 'Restore a soft-deleted user (admin only)', async (actor, id) => ({
    row: await service.restore(deps(), actor, id),
    message: messages.userRestored,
  }));

  r.delete(
    '/users/:id',
    {
      schema: {
        ...secured('users'),
        summary: 'Erase a soft-deleted user for good (admin only)',
        params: idParamSchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      await service.erase(
        {
          ...deps(),
          storage: r.files.storage,
          log: request.log,
          removePartialUploads: (userId) => r.partialUploads.removeOf(userId),
        },
        actorOf(request),
        request.params.id,
      );
      return ok(null, messages.userErased);
    },
  );
}
