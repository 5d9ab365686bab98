/**
 * What the console's and the practice app's Vite builds (and Vitest) share: the `@shared/…` alias
 * of web/shared, the API proxy target, the chunk groups, the side-effect-free marking of our
 * sources and the precompressed copies.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * `@shared/…` is web/shared, the code both apps use (architecture.md 'web'); the same path is
 * declared in web/tsconfig.json.
 */
export const sharedAlias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

export const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/**
 * Chunk groups: the framework code every route needs is split by library so browsers cache it
 * across releases (zod too: every console page validates with it, the sign-in page does not);
 * everything a page needs beyond that stays in the page's own lazy chunk.
 */
export const chunkGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
];

/**
 * The contract package is plain declarations (enums, messages, zod schemas) and our own modules
 * (the console's, the practice app's and web/shared) run nothing on import that another module
 * relies on (no module is imported for its side effects; styles are CSS files): marked side-effect
 * free, a page that imports a few names from a feature's index gets those and what they use, not
 * the whole feature (the instructor dashboard pulled in the assignment wizard through
 * `features/assignments`).
 */
export const sourceIsSideEffectFree: Plugin = {
  name: 'practica:source-side-effect-free',
  transform: {
    filter: {
      id: /((packages[\\/]contract|web|web[\\/]practice)[\\/]src|web[\\/]shared)[\\/].*\.tsx?$/,
    },
    handler(code, id) {
      if (/[\\/]src[\\/]main\.tsx$/.test(id)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  },
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing (source maps are never served to users' pages). */
const compressible = /\.(js|css|html|svg|json|txt)$/;

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])),
  );
  return nested.flat();
}

/**
 * Writes a `.br` and a `.gz` next to every compressible file of the build (≥ 1 KB), at the best
 * ratio: the server sends them as they are (@fastify/static `preCompressed`, static-web.ts)
 * instead of compressing on every request.
 */
export const precompress: Plugin = {
  name: 'practica:precompress',
  apply: 'build',
  async writeBundle(options) {
    const dir = options.dir;
    if (!dir) return;
    const targets = (await filesUnder(dir)).filter(
      (file) => compressible.test(file) && !file.split(sep).includes('.vite'),
    );
    await Promise.all(
      targets.map(async (file) => {
        if ((await stat(file)).size < 1024) return;
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      }),
    );
  },
};

/** The dev server's proxy of the API, the files and the health and dev routes to the server. */
export const apiProxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/files': { target: apiTarget, changeOrigin: false },
  '/healthz': { target: apiTarget },
  '/readyz': { target: apiTarget },
  '/dev': { target: apiTarget },
};

/** Rolldown's code splitting of both builds. */
export const codeSplitting = {
  groups: chunkGroups,
  // Shared chunks under 10 KB (before minification) are copied into the chunks that use
  // them instead of being fetched on their own (Rolldown keeps one module instance through
  // its runtime registry): the console page loaded 94 files, /login 38, most of them a few
  // hundred bytes, and each costs a request on a slow network. Chunks holding styles stay
  // files, as Rolldown's guide asks of Vite builds.
  experimentalInlineCommonChunks: {
    maxSize: 10_000,
    exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
  },
};
