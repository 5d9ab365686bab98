/**
 * Serving the practice app at /practice beside the console at / (plugins/static-web.ts): its
 * files with the console's cache rules (hashed assets immutable for a year, the rest no-cache,
 * sw.js and manifest.webmanifest revalidated), precompressed copies, SPA fallback to its own
 * index.html for /practice and /practice/… (never the console's), and a plain 404 there when the
 * app is not built.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helpers/build.js';

const consoleHtml = '<!doctype html><title>Practica</title><div id="console"></div>';
const practiceHtml = '<!doctype html><title>Practica Practice</title><div id="practice"></div>';
const assetJs = 'console.log("practice");'.repeat(100);

/** A temporary build folder with `files` (path → content); answers its path. */
function tempDist(files: Record<string, string | Buffer>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'practica-dist-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  return dist;
}

describe('the practice app and the console, both built', () => {
  let ctx: TestContext;
  const dists: string[] = [];
  beforeAll(async () => {
    dists.push(tempDist({ 'index.html': consoleHtml, 'assets/app-abc123.js': 'console.log(1);' }));
    dists.push(
      tempDist({
        'index.html': practiceHtml,
        'assets/index-def456.js': assetJs,
        'assets/index-def456.js.br': brotliCompressSync(assetJs),
        'assets/index-def456.js.gz': gzipSync(assetJs),
        'sw.js': 'self.addEventListener("install", () => {});',
        'manifest.webmanifest': '{"name":"Practica Practice","start_url":"/practice/"}',
      }),
    );
    ctx = await buildTestApp({ WEB_DIST: dists[0], PRACTICE_DIST: dists[1] }, { seed: false });
  });
  afterAll(async () => {
    await ctx.close();
    for (const dist of dists) rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('answers the app’s own index.html, no-cache, for /practice and its routes that are not files', async () => {
    for (const url of [
      '/practice',
      '/practice/',
      '/practice/sign-in',
      '/practice/assignments/12/review',
      '/practice/assignments/12?x=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="practice">');
    }
    const compressed = await get('/practice/assignments/3', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it('leaves the console’s routes to the console', async () => {
    for (const url of ['/', '/login', '/app', '/dbl/dashboard', '/practiceroom']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="console">');
    }
    expect((await get('/assets/app-abc123.js')).statusCode).toBe(200);
  });

  it('serves hashed assets immutable for a year, the precompressed copy when accepted', async () => {
    const res = await get('/practice/assets/index-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    const plain = await get('/practice/assets/index-def456.js');
    expect(plain.body).toBe(assetJs);
  });

  it('answers a missing file with a 404, never the page (a stale build’s script gets no HTML)', async () => {
    for (const url of [
      '/practice/assets/index-gone123.js',
      '/practice/icons/missing.png',
      '/assets/app-gone456.js',
      '/favicon-missing.ico',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });

  it('revalidates the service worker and the manifest every time', async () => {
    const sw = await get('/practice/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toContain('javascript');
    const manifest = await get('/practice/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({ start_url: '/practice/' });
  });

  it('keeps API 404s as JSON envelopes', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('the practice app not built', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = tempDist({ 'index.html': consoleHtml });
    ctx = await buildTestApp({ WEB_DIST: dist }, { seed: false });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers /practice with the plain 404, never the console', async () => {
    for (const url of ['/practice', '/practice/', '/practice/assignments/1/review']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="console">');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/login' })).body).toContain(
      '<div id="console">',
    );
  });
});
