/**
 * GET /info (000 §3 'System info', §7): version and store links from configuration
 * (decisions.md#console-details), plus the marketing page shown at `/`.
 */
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, infoSchema, type Info } from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { zodApp } from '../../lib/route-kit.js';

/** Registers GET /info (no session): answers `info` as it was given at start. */
export async function infoRoutes(app: FastifyInstance, options: { info: Info }): Promise<void> {
  const answer = ok(options.info);
  zodApp(app).get(
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
