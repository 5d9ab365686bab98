/**
 * `GET /metrics` (operations.md 'Metrics'): requests counted per route pattern with their status
 * class and timed in a latency histogram; the media job queue's depth and the wait of its oldest
 * due job read from the database at scrape time; a copied video's job timed in the `copy` series;
 * the database pool on PostgreSQL only; who may read it (loopback outside production, the bearer
 * METRICS_TOKEN in production, never listed in the OpenAPI document); a worker copy serving it; and
 * two apps in one process counting apart. Runs on PGlite and on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { answerItems, mediaJobs } from '../src/db/schema/index.js';
import type { AnswersScenario } from './helpers/answers.js';
import { buildTestApp, type TestContext } from './helpers/build.js';
import { onPostgres } from './helpers/database.js';
import { buildMediaScenario, mediaSteps, safariMp4 } from './helpers/media-answers.js';

const metricsToken = 'metrics-token-0123456789-abcdefghijklmnop';
/** A client address that is not loopback (TEST-NET-3). */
const remote = '203.0.113.9';

let s: AnswersScenario;
let close: () => Promise<void>;
const opened: TestContext[] = [];

beforeAll(async () => {
  ({ s, close } = await buildMediaScenario('practica-metrics-test-'));
});
afterAll(async () => {
  for (const ctx of opened) await ctx.close();
  await close?.();
});

/** Builds a plain app (no demo data) with `env`; closed after the file. */
async function plainApp(env: Parameters<typeof buildTestApp>[0]) {
  const ctx = await buildTestApp(env, { seed: false });
  opened.push(ctx);
  return ctx.app;
}

/** One sample of the Prometheus text: its metric name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus' text format (the lines that are not comments). */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** GET /metrics from loopback; fails the test unless it answers 200. */
async function scrape(app = s.app): Promise<Sample[]> {
  const res = await app.inject({ url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseSamples(res.body);
}

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.find(
    (x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v),
  )?.value;
}

describe('GET /metrics', () => {
  it('counts requests per route pattern and status class, with a latency histogram', async () => {
    const before = await scrape();
    const info = await s.app.inject({ url: '/api/info' });
    expect(info.statusCode).toBe(200);
    const missing = await s.call('GET', '/api/groups/987654', 'manager');
    expect(missing.statusCode).toBe(404);
    const anonymous = await s.call('GET', '/api/groups');
    expect(anonymous.statusCode).toBe(401);
    const res = await s.app.inject({ url: '/metrics' });
    const after = parseSamples(res.body);

    const grown = (labels: Record<string, string>) =>
      (valueOf(after, 'http_requests_total', labels) ?? 0) -
      (valueOf(before, 'http_requests_total', labels) ?? 0);
    expect(grown({ method: 'GET', route: '/api/info', status_class: '2xx' })).toBe(1);
    expect(grown({ method: 'GET', route: '/api/groups/:id', status_class: '4xx' })).toBe(1);
    expect(grown({ method: 'GET', route: '/api/groups', status_class: '4xx' })).toBe(1);
    expect(grown({ method: 'GET', route: '/api/groups', status_class: '2xx' })).toBe(0);
    // The pattern, never the URL with its ids.
    expect(res.body).not.toContain('987654');

    const info200 = { method: 'GET', route: '/api/info' };
    const count = valueOf(after, 'http_request_duration_seconds_count', info200)!;
    expect(count).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'http_request_duration_seconds_sum', info200)).toBeGreaterThan(0);
    const buckets = after
      .filter((x) => x.name === 'http_request_duration_seconds_bucket')
      .filter((x) => x.labels['route'] === '/api/info' && x.labels['method'] === 'GET');
    expect(buckets.map((b) => b.labels['le'])).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    expect(buckets.at(-1)!.value).toBe(count);
    // Default Node process metrics are on the app's registry too.
    expect(valueOf(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it("times a copied video's job in the copy series", async () => {
    const series = { path: 'copy', outcome: 'done' };
    const before = valueOf(await scrape(), 'practica_media_job_duration_seconds_count', series);
    const { record } = mediaSteps(() => s);
    await record(1, safariMp4, 'answer-q2.mp4');
    expect(await s.app.media.drain()).toBe(1);
    const after = await scrape();
    expect(valueOf(after, 'practica_media_job_duration_seconds_count', series)).toBe(
      (before ?? 0) + 1,
    );
    expect(valueOf(after, 'practica_media_job_duration_seconds_sum', series)).toBeGreaterThan(0);
    expect(
      valueOf(after, 'practica_media_job_duration_seconds_count', { path: 'encode' }) ?? 0,
    ).toBe(0);
  });

  it('reads the media queue at scrape time: depth and how long its oldest due job waited', async () => {
    // The item the copy test recorded; any item will do, the job is never run.
    const [item] = await s.db.select({ id: answerItems.id }).from(answerItems).limit(1);
    const before = await scrape();
    const depthBefore = valueOf(before, 'practica_queue_depth', { queue: 'media_jobs' })!;
    expect(depthBefore).toBeGreaterThanOrEqual(0);
    const [job] = await s.db
      .insert(mediaJobs)
      .values({
        answerItemId: item!.id,
        sourceFileId: 0,
        createdAt: sql`now() - interval '30 seconds'`,
        nextAttemptAt: sql`now() - interval '30 seconds'`,
      })
      .returning({ id: mediaJobs.id });
    try {
      const after = await scrape();
      const media = { queue: 'media_jobs' };
      expect(valueOf(after, 'practica_queue_depth', media)).toBe(depthBefore + 1);
      expect(valueOf(after, 'practica_queue_due', media)).toBeGreaterThanOrEqual(1);
      const oldest = valueOf(after, 'practica_queue_oldest_due_seconds', media)!;
      expect(oldest).toBeGreaterThanOrEqual(30);
      expect(oldest).toBeLessThan(90);
      for (const queue of ['mail_outbox', 'storage_deletions'])
        expect(valueOf(after, 'practica_queue_depth', { queue })).toBeGreaterThanOrEqual(0);
    } finally {
      await s.db.delete(mediaJobs).where(eq(mediaJobs.id, job!.id));
    }
    const gone = await scrape();
    expect(valueOf(gone, 'practica_queue_depth', { queue: 'media_jobs' })).toBe(depthBefore);
  });

  it.runIf(onPostgres)('shows the database pool on PostgreSQL', async () => {
    const samples = await scrape();
    expect(valueOf(samples, 'practica_db_pool_max')).toBe(5);
    expect(valueOf(samples, 'practica_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'practica_db_pool_idle')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'practica_db_pool_waiting')).toBe(0);
  });

  it.skipIf(onPostgres)('leaves the pool out on PGlite, which has none', async () => {
    expect(valueOf(await scrape(), 'practica_db_pool_max')).toBeUndefined();
  });

  it('is not in the OpenAPI document', async () => {
    const res = await s.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as { paths: object }).paths)).not.toContain('/metrics');
  });
});

describe('who may read /metrics', () => {
  it('outside production: loopback clients without a token, others get 404', async () => {
    expect((await s.app.inject({ url: '/metrics' })).statusCode).toBe(200);
    const far = await s.app.inject({ url: '/metrics', remoteAddress: remote });
    expect(far.statusCode).toBe(404);
    // X-Forwarded-For is not believed.
    const forwarded = await s.app.inject({
      url: '/metrics',
      remoteAddress: remote,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(404);
  });

  it('in production: only with the bearer METRICS_TOKEN, loopback included', async () => {
    const app = await plainApp({ NODE_ENV: 'production', METRICS_TOKEN: metricsToken });
    const get = (remoteAddress: string, authorization?: string) =>
      app.inject({
        url: '/metrics',
        remoteAddress,
        ...(authorization ? { headers: { authorization } } : {}),
      });
    const refused = await get(remote);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    expect((await get('127.0.0.1')).statusCode).toBe(401);
    expect((await get(remote, `Bearer ${metricsToken}x`)).statusCode).toBe(401);
    expect((await get(remote, `Basic ${metricsToken}`)).statusCode).toBe(401);
    const allowed = await get(remote, `Bearer ${metricsToken}`);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_requests_total');
  });

  it('in production without METRICS_TOKEN: 404 to everyone', async () => {
    const app = await plainApp({ NODE_ENV: 'production' });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/metrics', remoteAddress: remote })).statusCode).toBe(404);
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters at start', () => {
    expect(() => loadConfig({ DATA_DIR: 'memory://', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN/,
    );
  });
});

describe('a worker copy', () => {
  it('answers /metrics beside its probes, and counts what it refuses as unmatched', async () => {
    const worker = await plainApp({ PRACTICA_ROLE: 'worker' });
    expect((await worker.inject({ url: '/api/info' })).statusCode).toBe(404);
    const samples = await scrape(worker);
    expect(
      valueOf(samples, 'http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(valueOf(samples, 'practica_queue_depth', { queue: 'media_jobs' })).toBe(0);
  });
});

describe('two apps in one process', () => {
  it('count their own requests', async () => {
    const other = await plainApp({});
    const infoOf = async (app: typeof other) =>
      valueOf(await scrape(app), 'http_requests_total', {
        method: 'GET',
        route: '/api/info',
        status_class: '2xx',
      }) ?? 0;
    const mine = await infoOf(s.app);
    expect(await infoOf(other)).toBe(0);
    for (let i = 0; i < 3; i++) await other.inject({ url: '/api/info' });
    await s.app.inject({ url: '/api/info' });
    expect(await infoOf(other)).toBe(3);
    expect(await infoOf(s.app)).toBe(mine + 1);
  });
});
