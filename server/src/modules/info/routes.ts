/**
 * GET /info (000 §3 'System info', §7): version and store links from configuration
 * (decisions.md#console-details), plus the marketing page shown at `/`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, infoSchema, type Info } from '@practica/contract';
import { ok } from '../../lib/envelope.js';

export async function infoRoutes(app: FastifyInstance, options: { info: Info }): Promise<void> {
  const answer = ok(options.info);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/info',
    {
      schema: {
        tags: ['system'],
        summary: 'Version, store links and marketing page',
        response: { 200: envelopeSchema(infoSchema) },
      },
    },
    async () => answer,
  );
}
