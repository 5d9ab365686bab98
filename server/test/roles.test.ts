/**
 * PRACTICA_ROLE (operations.md 'Roles'): a `web` copy serves HTTP and only queues its background
 * work — a saved answer video's media job and a mail stay queued in the database however long it
 * runs — while a `worker` copy on the same database runs them: the jobs queued before it started,
 * and a job queued on the web copy afterwards at once (the queue's notification reaches the
 * worker's LISTEN; on PostgreSQL through a pool and a listening connection of its own, as a
 * separate process has). The worker answers its probes and `/metrics`, and 404 to the API, the
 * docs, the console, the files and the dev mailbox; `all` (the default) serves and runs
 * everything, as before.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Env } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import {
  JobStatus,
  MailStatus,
  answerItems,
  mailOutbox,
  mediaJobs,
} from '../src/db/schema/index.js';
import { buildAnswersScenario, type AnswersScenario } from './helpers/answers.js';
import { buildTestApp, testSecret, type TestContext } from './helpers/build.js';
import { chromiumMp4, mediaSteps } from './helpers/media-answers.js';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';

/** How long the web copy is given to (wrongly) run its queue: many poll periods of 100 ms. */
const idleMs = 1_500;
const resetTo = 'priya@demo.test';

let smtp: SmtpReceiver;
/** The files both copies share (DATA_DIR/files), as copies share a bucket. */
let dataDir: string;
/** A built console for the HTTP checks. */
let webDist: string;
let web: AnswersScenario;
let worker: FastifyInstance | undefined;
/** On PostgreSQL the worker's own pool on the web copy's database; on PGlite the same instance. */
let workerDatabase: Database | undefined;

const steps = mediaSteps(() => web);

/** The configuration every copy here shares; `env` adds the role and its settings. */
const envOf = (env: Partial<Env>): Partial<Env> => ({
  DATA_DIR: dataDir,
  WEB_DIST: webDist,
  SMTP_URL: smtp.url,
  MEDIA_POLL_MS: '100',
  MAIL_POLL_MS: '100',
  ...env,
});

async function jobOf(n: number) {
  const answerId = await web.answerIdOf('trainee');
  const [job] = await web.db
    .select({ status: mediaJobs.status, attempts: mediaJobs.attempts })
    .from(mediaJobs)
    .innerJoin(answerItems, eq(answerItems.id, mediaJobs.answerItemId))
    .where(and(eq(answerItems.answerId, answerId), eq(answerItems.questionId, steps.q(n))));
  return job;
}

const resetMails = () =>
  web.db
    .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, resetTo), eq(mailOutbox.kind, 'password-reset')));

/** Waits until `check` holds, at most `withinMs`; answers the milliseconds it took. */
async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  dataDir = mkdtempSync(path.join(tmpdir(), 'practica-roles-'));
  webDist = path.join(dataDir, 'console');
  mkdirSync(webDist);
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
  web = await buildAnswersScenario(envOf({ PRACTICA_ROLE: 'web' }));
  if (!web.app.media.tools) throw new Error('these tests need ffmpeg and ffprobe');
});
afterAll(async () => {
  await worker?.close();
  if (workerDatabase !== web?.testDb.database) await workerDatabase?.close();
  await web?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a web copy', () => {
  it('queues a media job and a mail and runs neither', async () => {
    await steps.record(0, chromiumMp4, 'answer.mp4');
    const reset = await web.app.inject({
      method: 'PUT',
      url: `/api/auth/reset-password?email=${encodeURIComponent(resetTo)}`,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    expect(await jobOf(0)).toEqual({ status: JobStatus.Pending, attempts: 0 });
    expect(await resetMails()).toEqual([{ status: MailStatus.Pending, attempts: 0 }]);
    expect((await steps.itemOf(0)).media.status).toBe('processing');
    // Asked to, it still runs nothing: it has no worker.
    expect(await web.app.media.drain()).toBe(0);
    expect(await web.app.mail.drain()).toBe(0);
    expect(smtp.received).toEqual([]);
  });
});

describe('a worker copy on the same database', () => {
  beforeAll(async () => {
    workerDatabase = web.testDb.url
      ? await openDatabase({ databaseUrl: web.testDb.url, dataDir: 'memory://', poolSize: 3 })
      : web.testDb.database;
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: testSecret,
      LOG_LEVEL: 'silent',
      PRACTICE_DIST: '/nonexistent',
      // Polls once a minute: a job it runs within seconds after its first round was woken.
      ...envOf({ PRACTICA_ROLE: 'worker', MEDIA_POLL_MS: '60000' }),
    });
    worker = await buildApp(config, { database: workerDatabase, logger: false });
    await worker.ready();
  });

  it('runs the media job and delivers the mail the web copy queued', async () => {
    await until(async () => (await jobOf(0))?.status === JobStatus.Done, 30_000);
    await until(async () => (await resetMails())[0]?.status === MailStatus.Sent, 10_000);
    expect(smtp.received.some((m) => m.to.includes(resetTo))).toBe(true);
    expect((await steps.itemOf(0)).media.status).toBe('ready');
  });

  it('starts a job queued on the web copy at once, woken through the database', async () => {
    await steps.record(1, chromiumMp4, 'answer.mp4');
    expect(
      await until(async () => (await jobOf(1))?.status === JobStatus.Done, 20_000),
    ).toBeLessThan(20_000);
  });

  it('answers its probes and metrics, and 404 to the API, the docs, the console, the files and the mailbox', async () => {
    // `/metrics` too: a loopback client outside production reads it without a token.
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      const res = await worker!.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
    for (const url of [
      '/api/info',
      '/api/auth/session',
      '/api/docs',
      '/',
      '/dbl/dashboard',
      '/practice/',
      '/files/anything.png',
      '/dev/mailbox',
    ]) {
      const res = await worker!.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    const post = await worker!.inject({ method: 'POST', url: '/api/auth', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});

describe('an all copy (the default)', () => {
  let all: TestContext;
  beforeAll(async () => {
    all = await buildTestApp(
      { WEB_DIST: webDist, SMTP_URL: smtp.url, MAIL_POLL_MS: '100' },
      { seed: false },
    );
  });
  afterAll(() => all?.close());

  it('serves the API, the console and the probes, and delivers the mail it queues', async () => {
    expect(all.app.config.role).toBe('all');
    for (const url of ['/api/info', '/', '/dbl/dashboard', '/healthz', '/readyz']) {
      expect((await all.app.inject({ url })).statusCode, url).toBe(200);
    }
    const to = 'all-copy@example.test';
    await all.app.mail.enqueue(all.app.db, { kind: 'test', to, subject: 'Hi', text: 'Hi' });
    await until(async () => smtp.received.some((m) => m.to.includes(to)), 10_000);
  });
});
