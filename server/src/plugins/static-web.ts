/**
 * Serves the built web apps on the same origin as the API (architecture.md 'The shape of the system'):
 * the console (web/dist) at `/` and the trainees' practice app (web/dist-practice) at `/practice/`,
 * each through `registerStaticWeb`, with SPA fallback: a GET under an app's prefix that is neither
 * a file nor an API call answers that app's index.html (`spaIndexFor`, used by app.ts's not-found
 * handler); the longest prefix wins, so the console never answers for `/practice/…`. Hashed assets
 * (`assets/`) are cached for a year as immutable; everything else (index.html, sw.js,
 * manifest.webmanifest, …) is revalidated every time. The builds write a brotli and a gzip copy of
 * every text file (web/vite.shared.ts 'precompress'): those are sent as they are to browsers that
 * accept them, so no request pays for compressing a bundle. An app whose folder has no build keeps
 * its prefix: its paths answer the plain 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** One app served by `registerStaticWeb`: its URL prefix and its index.html (null: no build). */
interface WebMount {
  prefix: string;
  index: Buffer | null;
}

/** True when the folder holds a built app (its index.html). */
export function hasWebBuild(dist: string): boolean {
  return existsSync(path.join(dist, 'index.html'));
}

/**
 * Serves the build at `root` under `prefix` ('/' or '/practice/', with the trailing slash): its
 * files (precompressed copies first; `.webmanifest` as application/manifest+json) and its
 * index.html for the SPA fallback, sent compressed as well. Without a build it only reserves the
 * prefix, so `spaIndexFor` answers none there. Call it once per app, the longer prefixes in any
 * order.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  { root, prefix }: { root: string; prefix: string },
): Promise<void> {
  if (!app.hasDecorator('webMounts')) app.decorate('webMounts', [] as WebMount[]);
  if (!hasWebBuild(root)) {
    app.webMounts.push({ prefix, index: null });
    return;
  }
  const indexHtml = readFileSync(path.join(root, 'index.html'));
  app.webMounts.push({ prefix, index: indexHtml });
  await app.register(fastifyStatic, {
    root,
    prefix,
    wildcard: false,
    index: false,
    preCompressed: true,
    decorateReply: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (filePath.endsWith('.webmanifest'))
        reply.header('content-type', 'application/manifest+json');
    },
  });

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

/**
 * The index.html the SPA fallback answers for the path of `url`: the one of the app with the
 * longest prefix containing it (`/practice` counts as `/practice/`); undefined under /api, for a
 * path ending in a file name (`….js`, `….png`), under an app without a build, or when none is
 * served.
 */
export function spaIndexFor(app: FastifyInstance, url: string): Buffer | undefined {
  const pathname = url.split('?')[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/')) return undefined;
  // A missing file (an asset of an older build, a mistyped icon) is a 404, not the page: a
  // browser that asked for a script must not get HTML.
  if (/\.[a-z0-9]{1,8}$/i.test(pathname)) return undefined;
  const dir = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const mounts = app.hasDecorator('webMounts') ? app.webMounts : [];
  let best: WebMount | undefined;
  for (const mount of mounts)
    if (dir.startsWith(mount.prefix) && mount.prefix.length > (best?.prefix.length ?? -1))
      best = mount;
  return best?.index ?? undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The apps `registerStaticWeb` serves (or reserves), for `spaIndexFor`. */
    webMounts: WebMount[];
  }
}
