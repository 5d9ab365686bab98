/**
 * decisions.md#hardening 'Invite tokens never reach a log': the server's own JSON log (LOG_FILE, as the
 * end-to-end run and production write it) after a run of the invite flows — the registration page
 * and GET /api/invites/<token> (request log), the invite mails of the dev mail log (no SMTP_URL,
 * outside production, their links are logged) — holds none of the tokens used, while the lines
 * themselves are there, redacted. Reset and email-change links are held to the same rule, and so
 * is an API token (decisions.md#api-tokens) created, used and refused once revoked, and a webhook's
 * signing secret (decisions.md#webhooks) created and used for a failed test ping.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@practica/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { FastifyInstance } from 'fastify';
import { seedDemo } from '../../src/seed/demo.js';
import { bearer, testSecret, tokenFor } from '../helpers/build.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { mailsTo, tokenFromMail } from '../helpers/users.js';

let app: FastifyInstance;
let testDb: TestDatabase;
const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'practica-log-')), 'server.log');

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seedDemo(testDb.database.db);
  app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      JWT_SECRET: testSecret,
      LOG_LEVEL: 'info',
      LOG_FILE: logFile,
      WEB_DIST: '/nonexistent',
      MAIL_POLL_MS: '3600000',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    }),
    { database: testDb.database },
  );
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

/** The log's lines, parsed. */
function logLines(): { msg?: string; req?: { url?: string }; mail?: { links?: string[] } }[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, never>);
}

describe('the server log after the invite flows', () => {
  it('holds no invite, reset or email-change token, in request lines or the dev mail log', async () => {
    const manager = await tokenFor(app, 'manager@demo.test');
    const used: string[] = [];
    await app.mail.drain(); // the mail log starts from here

    const email = 'logged-invitee@demo.test';
    const created = await app.inject({
      method: 'POST',
      url: '/api/invites',
      headers: bearer(manager),
      payload: {
        organizationId: 1,
        roleId: Role.Instructor,
        firstName: 'Lo',
        lastName: 'G',
        email,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, token } = (created.json() as { data: { id: number; token: string } }).data;
    used.push(token);
    const resent = await app.inject({
      url: `/api/invites/${id}/resend`,
      headers: bearer(manager),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const mailed = /\/invite-registration\/([\w-]+)/.exec(
      (await mailsTo(app.db, email))[0]!.textBody,
    );
    used.push(mailed![1]!);
    const copied = await app.inject({
      method: 'POST',
      url: `/api/invites/${id}/link`,
      headers: bearer(manager),
    });
    const link = (copied.json() as { data: { token: string } }).data.token;
    used.push(link);
    for (const url of [
      `/invite-registration/${link}`,
      `/api/invites/${link}`,
      `/api/invites/${link}?x=1`,
    ])
      await app.inject({ url });

    // Reset and email change, for the same rule.
    await app.inject({ method: 'PUT', url: '/api/auth/reset-password?email=nina@demo.test' });
    const reset = tokenFromMail(
      (await mailsTo(app.db, 'nina@demo.test'))[0]!.textBody,
      '/password-reset',
    );
    used.push(reset);
    await app.inject({ url: `/password-reset?token=${reset}` });
    await app.inject({
      method: 'PUT',
      url: `/api/users/reset-password/${reset}`,
      payload: { newPassword: 'logged12' },
    });
    // An API token (decisions.md#api-tokens): created, used, then revoked and refused.
    const madeToken = await app.inject({
      method: 'POST',
      url: '/api/organizations/1/api-tokens',
      headers: bearer(manager),
      payload: { name: 'Logged system', scopes: ['users:read'] },
    });
    expect(madeToken.statusCode, madeToken.body).toBe(200);
    const apiToken = (madeToken.json() as { data: { id: number; token: string } }).data;
    used.push(apiToken.token);
    expect(
      (await app.inject({ url: '/api/organizations/1/users', headers: bearer(apiToken.token) }))
        .statusCode,
    ).toBe(200);
    await app.inject({
      method: 'DELETE',
      url: `/api/organizations/1/api-tokens/${apiToken.id}`,
      headers: bearer(manager),
    });
    expect(
      (await app.inject({ url: '/api/organizations/1/users', headers: bearer(apiToken.token) }))
        .statusCode,
    ).toBe(401);
    // A webhook's signing secret (decisions.md#webhooks §3): created, then a test ping whose
    // attempt fails (nothing listens on the discard port) and is logged.
    const madeHook = await app.inject({
      method: 'POST',
      url: '/api/organizations/1/webhooks',
      headers: bearer(manager),
      payload: { url: 'http://127.0.0.1:9/logged-hook', events: ['answer.submitted'] },
    });
    expect(madeHook.statusCode, madeHook.body).toBe(200);
    const hook = (madeHook.json() as { data: { id: number; secret: string } }).data;
    used.push(hook.secret);
    const ping = await app.inject({
      method: 'POST',
      url: `/api/organizations/1/webhooks/${hook.id}/test`,
      headers: bearer(manager),
    });
    expect(ping.json().data.status).toBe('pending');
    await app.mail.drain();
    // The log is written asynchronously: wait for the last mail line (the reset link) to land.
    await expect
      .poll(() => readFileSync(logFile, 'utf8').includes('"kind":"password-reset"'), {
        timeout: 5_000,
      })
      .toBe(true);

    const text = readFileSync(logFile, 'utf8');
    for (const token of used) expect(text).not.toContain(token);
    expect(text).toContain('webhook delivery failed; will retry');
    // The lines are there, redacted: the scan above looked at something.
    const urls = logLines().flatMap((l) => (l.req?.url ? [l.req.url] : []));
    expect(urls).toContain('/invite-registration/[redacted]');
    expect(urls).toContain('/api/invites/[redacted]');
    expect(urls).toContain('/api/invites/[redacted]?x=1');
    expect(urls).toContain(`/api/invites/${id}/resend`);
    expect(urls).toContain(`/api/invites/${id}/link`);
    const mailLinks = logLines().flatMap((l) => l.mail?.links ?? []);
    expect(mailLinks.some((l) => l.endsWith('/invite-registration/[redacted]'))).toBe(true);
    expect(mailLinks.some((l) => l.endsWith('/password-reset?token=[redacted]'))).toBe(true);
  });
});
