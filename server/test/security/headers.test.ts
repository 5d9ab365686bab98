/**
 * decisions.md#reliability-and-security 'Sessions and secrets': the security headers on every answer — API JSON, errors (400,
 * 401, 404, 413, 500), the console's static files, the SPA fallback, stored files, the probes and
 * the API docs: a Content-Security-Policy whose script-src allows no inline script, with
 * frame-ancestors; X-Content-Type-Options nosniff; a Referrer-Policy; no X-Powered-By; and HSTS
 * when served over HTTPS (behind the trusted proxy that says so).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@practica/contract';
import { users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/lib/password.js';
import { bearer, buildTestApp, type TestContext } from '../helpers/build.js';
import * as media from '../helpers/media-fixtures.js';

let ctx: TestContext;
let webDist: string;
let token: string;
let fileUrl: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'practica-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("console");');
  writeFileSync(path.join(webDist, 'marketing.html'), '<!doctype html><p>Practica</p>');
  ctx = await buildTestApp(
    { WEB_DIST: webDist, TRUST_PROXY: '127.0.0.1', MAIL_POLL_MS: '3600000' } as never,
    { seed: false, ready: false },
  );
  // A route that fails, to see the headers of a 500.
  ctx.app.get('/api/security-test-failure', async () => {
    throw new Error('boom');
  });
  await ctx.app.ready();
  await ctx.testDb.database.db.insert(users).values({
    email: 'admin@headers.test',
    firstName: 'Ada',
    lastName: 'Admin',
    passwordHash: await hashPassword('pass1234'),
    roleId: Role.Admin,
  });
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { email: 'admin@headers.test', password: 'pass1234' },
  });
  token = (login.json() as { data: { token: string } }).data.token;
  const ticket = await ctx.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: bearer(token),
    payload: { name: 'logo.png', extension: 'png', fileTypeId: 1, size: media.png.length },
  });
  const put = await ctx.app.inject({
    method: 'PUT',
    url: (ticket.json() as { data: { url: string } }).data.url,
    payload: media.png,
  });
  fileUrl = (put.json() as { data: { url: string } }).data.url;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

/** The directives of a CSP header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, `${what}: Content-Security-Policy`).not.toBe('');
  const d = directives(csp);
  const scripts = d.get('script-src') ?? d.get('default-src');
  expect(scripts, `${what}: script-src`).toBeDefined();
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(scripts, `${what}: script-src`).not.toContain('*');
  const attributes = d.get('script-src-attr');
  if (attributes) expect(attributes, `${what}: script-src-attr`).not.toContain("'unsafe-inline'");
  expect(d.get('frame-ancestors'), `${what}: frame-ancestors`).toBeDefined();
  expect(d.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(res.headers['referrer-policy'], `${what}: Referrer-Policy`).toBeTruthy();
  expect(res.headers['x-powered-by'], `${what}: X-Powered-By`).toBeUndefined();
  expect(String(res.headers['server'] ?? ''), `${what}: Server`).not.toMatch(/fastify|node/i);
}

const answers: [string, () => Promise<LightMyRequestResponse>, number][] = [
  ['API JSON', () => ctx.app.inject({ url: '/api/info' }), 200],
  [
    'API JSON with a session',
    () => ctx.app.inject({ url: '/api/auth/session', headers: bearer(token) }),
    200,
  ],
  ['401', () => ctx.app.inject({ url: '/api/users' }), 401],
  [
    '400 malformed JSON',
    () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
    400,
  ],
  ['400 validation', () => ctx.app.inject({ method: 'POST', url: '/api/auth', payload: {} }), 400],
  ['404 API', () => ctx.app.inject({ url: '/api/no-such-thing' }), 404],
  ['404 API method', () => ctx.app.inject({ method: 'DELETE', url: '/api/info' }), 404],
  [
    '404 outside the API (not GET)',
    () => ctx.app.inject({ method: 'POST', url: '/somewhere' }),
    404,
  ],
  [
    '413',
    () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(1_100_000), password: 'p' }),
      }),
    413,
  ],
  ['500', () => ctx.app.inject({ url: '/api/security-test-failure' }), 500],
  ['static file', () => ctx.app.inject({ url: '/assets/app.js' }), 200],
  ['index.html', () => ctx.app.inject({ url: '/index.html' }), 200],
  ['marketing page', () => ctx.app.inject({ url: '/marketing.html' }), 200],
  ['SPA fallback', () => ctx.app.inject({ url: '/dbl/dashboard' }), 200],
  ['SPA fallback HEAD', () => ctx.app.inject({ method: 'HEAD', url: '/login' }), 200],
  ['stored file', () => ctx.app.inject({ url: fileUrl }), 200],
  [
    'stored file, range',
    () => ctx.app.inject({ url: fileUrl, headers: { range: 'bytes=0-9' } }),
    206,
  ],
  [
    'stored file missing',
    () => ctx.app.inject({ url: ctx.app.files.urls.sign('2026/01/' + '0'.repeat(32) + '.png') }),
    404,
  ],
  [
    'stored file unsigned',
    () => ctx.app.inject({ url: '/files/2026/01/' + '0'.repeat(32) + '.png' }),
    403,
  ],
  [
    'signed upload refused',
    () =>
      ctx.app.inject({
        method: 'PUT',
        url: '/files/upload/2026/01/x.png?expires=1&signature=x',
        payload: 'x',
      }),
    403,
  ],
  ['health probe', () => ctx.app.inject({ url: '/healthz' }), 200],
  ['readiness probe', () => ctx.app.inject({ url: '/readyz' }), 200],
  ['API docs', () => ctx.app.inject({ url: '/api/docs/' }), 200],
  ['OpenAPI document', () => ctx.app.inject({ url: '/api/docs/json' }), 200],
  ['dev mailbox', () => ctx.app.inject({ url: '/dev/mailbox' }), 200],
];

describe('security headers on every kind of answer', () => {
  for (const [what, send, status] of answers) {
    it(what, async () => {
      const res = await send();
      expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
      expectSecurityHeaders(res, what);
    });
  }

  it('serves the SPA fallback as HTML whose only script is the external bundle', async () => {
    const res = await ctx.app.inject({ url: '/dbl/assignments' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('keeps the stack out of a 500 and gives its request id', async () => {
    const res = await ctx.app.inject({ url: '/api/security-test-failure' });
    const body = res.json() as { error: { requestId?: string; message: string } };
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('boom');
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});

describe('HSTS', () => {
  it('is sent over HTTPS, as the trusted proxy reports it', async () => {
    for (const url of ['/api/info', '/dbl/dashboard', '/assets/app.js', '/api/users']) {
      const res = await ctx.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      const hsts = String(res.headers['strict-transport-security'] ?? '');
      expect(hsts, url).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(15_552_000); // 180 days
    }
  });
});
