/**
 * What every route file shares (architecture.md 'Layout'): the app typed by the zod schemas, the
 * signed-in caller, the OpenAPI security of a call that needs a session, the answer whose data is
 * null, and a scope whose every call needs a session. A module's `routes.ts` lists its scopes and
 * hooks; each `*-routes.ts` beside it registers one resource's calls with their schemas.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, type Actor } from '@practica/contract';

/** `app` with the zod type provider: request params, query and body are typed by the schemas. */
export const zodApp = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The app route files register on (see `zodApp`). */
export type ZodApp = ReturnType<typeof zodApp>;

/**
 * The signed-in caller of a call behind `app.authenticate` (which answers 401 first, so it is
 * never null there).
 */
export const actorOf = (request: FastifyRequest): Actor => request.actor!;

/** OpenAPI `security` (the bearer session) and `tags` of a call that needs a session. */
export const secured = (...tags: string[]) => ({ security: [{ bearer: [] }], tags });

/** What the services that mail a link need: the database and the public URL the link starts with. */
export const linkDeps = (app: FastifyInstance) => ({ db: app.db, publicUrl: app.config.publicUrl });

/** The 200 answer of a call whose envelope carries `data: null` (deletions, emailed links). */
export const nullAnswer = { 200: envelopeSchema(z.null()) };

/**
 * Registers `routes` in a child scope of `app` whose every call checks the session first
 * (`app.authenticate` on onRequest: 401 before the body is read); calls registered on `app`
 * itself stay public.
 */
export async function signedIn(
  app: FastifyInstance,
  routes: (r: ZodApp) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', app.authenticate);
    await routes(zodApp(scope));
  });
}
