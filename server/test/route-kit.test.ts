/**
 * The route kit's `signedIn` scope (lib/route-kit.ts): a call registered in it checks the session
 * before its body is validated (401, never a 400 that tells a stranger about the body), while a
 * call registered beside it on the app stays public.
 */
import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedIn, zodApp } from '../src/lib/route-kit.js';

describe('signedIn', () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (!request.headers.authorization)
      throw Object.assign(new Error('no session'), { statusCode: 401 });
  });
  const body = z.object({ n: z.number() });
  zodApp(app).post('/public', { schema: { body } }, async (request) => ({ n: request.body.n }));
  const ready = signedIn(app, (r) => {
    r.post('/private', { schema: { body } }, async (request) => ({ n: request.body.n }));
  }).then(() => app.ready());
  afterAll(() => app.close());

  const post = (url: string, payload: unknown, authorization?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: authorization ? { authorization } : {},
    });

  it('answers 401 without a session before the body is validated', async () => {
    await ready;
    expect((await post('/private', { n: 'not a number' })).statusCode).toBe(401);
    expect((await post('/private', { n: 1 })).statusCode).toBe(401);
  });

  it('validates the body and answers once the session passes', async () => {
    await ready;
    expect((await post('/private', { n: 'not a number' }, 'Bearer x')).statusCode).toBe(400);
    const res = await post('/private', { n: 2 }, 'Bearer x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: 2 });
  });

  it('leaves the calls registered beside the scope public', async () => {
    await ready;
    const res = await post('/public', { n: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: 3 });
  });
});
