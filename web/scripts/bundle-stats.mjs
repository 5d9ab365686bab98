/**
 * What a console build loads, read from its Vite manifest (`.vite/manifest.json`) and source maps:
 * the gzipped JavaScript of the /login page, each route's own chunk, and which chunks hold a given
 * module (to check that the xlsx writer and the video player load only when used). Shared by
 * login-bundle-size.mjs (`npm run size -w web`) and bench/web.mjs (`npm run bench:web`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The default build folder: web/dist. */
export const defaultDist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** The practice app's build folder: web/dist-practice. */
export const defaultPracticeDist = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'dist-practice',
);

/** Gzipped size in bytes of a build file (level 9, as a server would send it). */
function gzipSize(dist, file) {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/**
 * Reads a build: its manifest, the entry key, and a size cache.
 * @param {string} dist the build folder
 */
export function readBuild(dist = defaultDist) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`no Vite manifest in ${dist}: build the console first (npm run build)`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const sizes = new Map();
  const size = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(dist, file));
    return sizes.get(file);
  };
  return { dist, manifest, entryKey, size };
}

/**
 * The JavaScript files a page loads before it renders: the chunks of `keys` and everything they
 * import statically, recursively (dynamic imports are left out: they load when used).
 */
export function staticClosure(build, keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = build.manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Sums the gzipped sizes of `files`; answers the total and the files largest first. */
function measured(build, files) {
  const rows = files.map((file) => ({ file, bytes: build.size(file) }));
  rows.sort((a, b) => b.bytes - a.bytes);
  return { bytes: rows.reduce((sum, row) => sum + row.bytes, 0), files: rows };
}

/** The manifest key of a route module (e.g. 'login' → src/app/routes/login.tsx). */
function routeKey(build, route) {
  return Object.keys(build.manifest).find((key) => key.endsWith(`app/routes/${route}.tsx`));
}

/** The gzipped JavaScript /login loads: the entry, the login route and their static imports. */
export function loginBundle(build) {
  const key = routeKey(build, 'login');
  if (!key) throw new Error('no login route chunk in the manifest');
  return measured(build, staticClosure(build, [build.entryKey, key]));
}

/**
 * The gzipped JavaScript the practice app's sign-in page loads (web/dist-practice): the entry, the
 * sign-in route's chunk when it has one (practice/src/routes/sign-in.tsx; it is part of the entry
 * otherwise) and their static imports.
 */
export function practiceSignInBundle(build) {
  const key = Object.keys(build.manifest).find((k) => k.endsWith('src/routes/sign-in.tsx'));
  return measured(build, staticClosure(build, key ? [build.entryKey, key] : [build.entryKey]));
}

/** The pages outside the signed-in console shell (app/router.tsx): they load without it. */
const publicRoutes = new Set([
  'landing',
  'login',
  'app-download',
  'invite-registration',
  'email-update',
  'password-reset',
  'not-found',
]);

/**
 * Every lazily loaded page (routes, dashboards, the console shell): its own chunk's gzipped size,
 * and what opening it downloads beyond what is already there (the entry, and for console pages the
 * console shell): its chunk plus the shared chunks it imports that those do not. Largest first.
 */
export function routeChunks(build) {
  const shellKey = Object.keys(build.manifest).find((key) =>
    key.endsWith('shell/console-layout.tsx'),
  );
  const entryFiles = new Set(staticClosure(build, [build.entryKey]));
  const consoleFiles = new Set(staticClosure(build, [build.entryKey, shellKey]));
  const rows = [];
  for (const [key, chunk] of Object.entries(build.manifest)) {
    if (!chunk.isDynamicEntry || !/src\/app\/(routes|shell)\//.test(key)) continue;
    const name = key.replace(/^src\/app\//, '').replace(/\.tsx?$/, '');
    const loaded =
      key === shellKey || publicRoutes.has(name.replace(/^routes\//, ''))
        ? entryFiles
        : consoleFiles;
    const extra = staticClosure(build, [key]).filter((file) => !loaded.has(file));
    rows.push({
      route: name,
      file: chunk.file,
      ownBytes: build.size(chunk.file),
      extraBytes: measured(build, extra).bytes,
    });
  }
  rows.sort((a, b) => b.ownBytes - a.ownBytes);
  return rows;
}

/** The source files of a built chunk, from its source map (empty when there is none). */
function chunkSources(build, file) {
  const map = join(build.dist, `${file}.map`);
  if (!existsSync(map)) return [];
  return JSON.parse(readFileSync(map, 'utf8')).sources ?? [];
}

/**
 * Where a module lands and who loads it: the chunks whose sources match `pattern`, and the pages
 * (the entry, i.e. every page, and each route) whose first load includes one of them.
 */
export function moduleLoading(build, pattern) {
  const chunks = Object.values(build.manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'))
    .filter((file) => chunkSources(build, file).some((source) => pattern.test(source)));
  const holding = new Set(chunks);
  const loadedBy = [];
  const pages = Object.entries(build.manifest).filter(
    ([key, chunk]) => chunk.isEntry || (chunk.isDynamicEntry && /src\/app\//.test(key)),
  );
  for (const [key, chunk] of pages) {
    if (staticClosure(build, [key]).some((file) => holding.has(file))) {
      loadedBy.push(chunk.isEntry ? 'entry (every page)' : key.replace(/^src\/app\//, ''));
    }
  }
  return { chunks, bytes: measured(build, chunks).bytes, loadedBy };
}

/** Bytes as KB with one decimal. */
export function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}
