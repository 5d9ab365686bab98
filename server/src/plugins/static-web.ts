/**
 * Serves the built console (web/dist) on the same origin as the API, with SPA fallback:
 * any GET outside /api that is not a file answers index.html (DESIGN.md 'The shape of the system').
 * Hashed assets get long-lived cache headers; index.html is revalidated every time. The build
 * writes a brotli and a gzip copy of every text file (web/vite.config.ts 'precompress'): those are
 * sent as they are to browsers that accept them, so no request pays for compressing a bundle.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** True when the folder holds a built console. */
export function hasWebBuild(webDist: string): boolean {
  return existsSync(path.join(webDist, 'index.html'));
}

/**
 * Serves the files of the console build at `webDist` (precompressed copies first) and keeps its
 * index.html for the SPA fallback (`app.spaIndex`), sent compressed as well.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = readFileSync(path.join(webDist, 'index.html'));
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('spaIndex', indexHtml);

  // The SPA fallback (app.ts's not-found handler) sends index.html outside any route, where
  // @fastify/compress does not reach: send the compressed copy the browser accepts.
  const encoded = { br: brotliCompressSync(indexHtml), gzip: gzipSync(indexHtml, { level: 9 }) };
  app.addHook('onSend', async (request, reply, payload) => {
    if (payload !== indexHtml) return payload;
    reply.header('vary', 'accept-encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return encoded[encoding];
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The console's index.html, when a build is served. */
    spaIndex?: Buffer;
  }
}
