// `npx tsx bench/metrics-cost.mjs [requests]`: what `/metrics` adds to a request (operations.md
// 'Metrics'). Builds the production app twice in one process on the embedded database, with and
// without the metrics module (`buildApp(config, { metrics: false })`), and sends `GET /api/info`
// (no database) through `app.inject` in alternating rounds of `requests` (default 2,000) to each,
// fifteen rounds per app after a warm-up. Prints each app's median CPU microseconds per request over
// the rounds and the difference: the CPU the metrics hooks add to a request (inject runs the
// whole request in this process), and the time of one scrape.
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';

const requests = Number(process.argv[2] ?? 2000);
const rounds = 15;

const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: 'memory://',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  PRACTICE_DIST: '/nonexistent',
  MEDIA_POLL_MS: '0',
  NOTIFY_POLL_MS: '0',
  METRICS_TOKEN: 'bench-metrics-token-0123456789-abcdefgh',
});

const apps = {
  on: await buildApp(config, { logger: false }),
  off: await buildApp(config, { logger: false, metrics: false }),
};
for (const app of Object.values(apps)) await app.ready();

/**
 * CPU microseconds (user + system, this process) per request of `requests` sequential
 * `GET /api/info` to `app`: CPU time, not wall time, so other work on the machine moves it less.
 */
async function round(app) {
  const started = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const res = await app.inject({ url: '/api/info' });
    if (res.statusCode !== 200) throw new Error(`GET /api/info answered ${res.statusCode}`);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / requests;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times = { on: [], off: [] };
await round(apps.on);
await round(apps.off);
// Alternate which app goes first, so neither profits from the other's warm caches.
for (let r = 0; r < rounds; r++) {
  for (const which of r % 2 ? ['off', 'on'] : ['on', 'off'])
    times[which].push(await round(apps[which]));
}
const on = median(times.on);
const off = median(times.off);
console.log(`GET /api/info, ${rounds} rounds of ${requests} per app (median CPU µs per request):`);
console.log(
  `  metrics on  ${on.toFixed(1)} µs   rounds ${times.on.map((t) => t.toFixed(1)).join(' ')}`,
);
console.log(
  `  metrics off ${off.toFixed(1)} µs   rounds ${times.off.map((t) => t.toFixed(1)).join(' ')}`,
);
console.log(
  `  added       ${(on - off).toFixed(1)} µs (${(((on - off) / off) * 100).toFixed(1)} %)`,
);

const scrape = await apps.on.inject({
  url: '/metrics',
  headers: { authorization: `Bearer ${config.metrics.token}` },
});
const scrapeStarted = process.hrtime.bigint();
for (let i = 0; i < 20; i++)
  await apps.on.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${config.metrics.token}` },
  });
const scrapeMs = Number(process.hrtime.bigint() - scrapeStarted) / 1e6 / 20;
console.log(`  one scrape  ${scrapeMs.toFixed(1)} ms (${scrape.body.length} bytes)`);

for (const app of Object.values(apps)) await app.close();
