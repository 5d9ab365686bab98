/**
 * The app's shared behaviour: the envelope on every error (including a forced 500), rate limits,
 * probes, OpenAPI, security headers, request ids, the SPA fallback and GET /api/info.
 */
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@practica/contract';
import { buildTestApp, type TestContext } from '../helpers/build.js';

describe('errors and envelope', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({}, { ready: false });
    ctx.app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    await ctx.app.ready();
  });
  afterAll(() => ctx.close());

  it('answers a forced 500 with a generic message, a request id and no stack', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      message: messages.somethingWentWrong,
      data: null,
      error: { code: 'INTERNAL', message: messages.somethingWentWrong },
    });
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts:');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null, error: { code: 'NOT_FOUND' } });
  });

  it('answers a wrong content type with a 400 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
  });

  it('answers an oversized body with a 413 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'a@b.c', password: 'x'.repeat(2_000_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'TOO_LARGE' } });
  });

  it('sends a request id, security headers and no x-powered-by', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/info' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('GET /api/info, probes and OpenAPI', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(
      {
        APP_VERSION: '9.9.9',
        IOS_LINK: 'https://example.test/ios',
        ANDROID_LINK: 'https://example.test/android',
      },
      { seed: false },
    );
  });
  afterAll(() => ctx.close());

  it('answers the version and store links from configuration', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/info' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: messages.ok,
      data: {
        version: '9.9.9',
        iosLink: 'https://example.test/ios',
        androidLink: 'https://example.test/android',
        marketingUrl: '/marketing.html',
      },
      error: null,
    });
  });

  it('answers /healthz and /readyz, and /readyz fails while closing', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    ctx.app.lifecycle.closing = true;
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      ctx.app.lifecycle.closing = false;
    }
  });

  it('publishes the OpenAPI document with the session calls', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth', '/api/info', '/api/auth/reset-password']),
    );
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ LOGIN_FAILURES_MAX: '3', LOGIN_RATE_PER_MINUTE: '8' });
  });
  afterAll(() => ctx.close());

  it('answers 429 with Retry-After after too many failed sign-ins for one address, and others still sign in', async () => {
    const attempt = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { email: 'manager@demo.test', password },
        remoteAddress: '10.0.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).statusCode).toBe(400);
    const limited = await attempt('demo1234');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      success: false,
      error: { code: 'RATE_LIMITED', message: messages.tooManyRequests },
    });
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'instructor@demo.test', password: 'demo1234' },
      remoteAddress: '10.0.0.2',
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers 429 in the envelope when one address sends too many sign-in requests', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { email: `user${i}@demo.test`, password: 'x' },
        remoteAddress: '10.0.0.9',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses.slice(0, 8).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });
});

describe('serving the console', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'practica-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Practica</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);'.repeat(200));
    ctx = await buildTestApp({ WEB_DIST: dist }, { seed: false });
  });
  afterAll(() => ctx.close());

  it('answers index.html for console routes (SPA fallback) with no-cache', async () => {
    for (const url of ['/', '/login', '/dbl/dashboard', '/some/unknown/page']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const res = await ctx.app.inject({ method: 'GET', url: '/dbl/dashboard' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with long-lived cache headers, compressed on request', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('keeps API 404s as JSON envelopes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('closing', () => {
  it('answers requests that arrive while the server closes with the envelope 503, not a bare body', async () => {
    const ctx = await buildTestApp({}, { seed: false });
    try {
      ctx.app.lifecycle.stopped = true;
      const res = await ctx.app.inject({ method: 'GET', url: '/api/info' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({
        success: false,
        message: messages.serviceUnavailable,
        error: { code: 'UNAVAILABLE' },
      });
      ctx.app.lifecycle.stopped = false;
      expect((await ctx.app.inject({ method: 'GET', url: '/api/info' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
    // Closing sets both flags first (preClose), so readiness fails and new requests get the 503.
    expect(ctx.app.lifecycle).toEqual({ closing: true, stopped: true });
  });
});

describe('Content-Security-Policy', () => {
  it("lets the report writer zip in a blob: worker, while scripts stay 'self' only", async () => {
    const ctx = await buildTestApp({}, { seed: false });
    try {
      const csp = String(
        (await ctx.app.inject({ method: 'GET', url: '/api/info' })).headers[
          'content-security-policy'
        ],
      );
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
    } finally {
      await ctx.close();
    }
  });
});
