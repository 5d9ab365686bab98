/**
 * Serves the built console (web/dist) on the same origin as the API, with SPA fallback:
 * any GET outside /api that is not a file answers index.html (DESIGN.md 'The shape of the system').
 * Hashed assets get long-lived cache headers; index.html is revalidated every time.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** True when the folder holds a built console. */
export function hasWebBuild(webDist: string): boolean {
  return existsSync(path.join(webDist, 'index.html'));
}

export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = readFileSync(path.join(webDist, 'index.html'));
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('spaIndex', indexHtml);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The console's index.html, when a build is served. */
    spaIndex?: Buffer;
  }
}
