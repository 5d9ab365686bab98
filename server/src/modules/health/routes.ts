/**
 * Probes for orchestrators and load balancers: `/healthz` (the process answers) and `/readyz`
 * (the database answers and the server is not shutting down). Outside `/api`, not in OpenAPI.
 */
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (app.lifecycle.closing) return reply.code(503).send({ status: 'closing' });
    const up = await app.database.ping(2_000);
    return up ? { status: 'ready' } : reply.code(503).send({ status: 'database unavailable' });
  });
}
