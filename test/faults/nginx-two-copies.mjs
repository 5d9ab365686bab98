/**
 * Two `web` copies and one `worker` behind Debian's nginx (round-robin, no stickiness) on one
 * PostgreSQL and one store (the runner's S3 bucket, or with local storage one DATA_DIR shared by
 * the three processes), the deployment of docs/operations.md ('Behind a load balancer'):
 *
 * 1. 50 trainees (invited and registered through nginx, each from a loopback address of its own,
 *    which nginx forwards in X-Forwarded-For) each send a 20 MB answer video at the same time with
 *    tus-js-client (4 MB chunks, the practice app's retry delays): every PATCH may land on either
 *    copy. When 40% of the bytes have arrived, copy A is SIGKILLed and restarted 3 s later; the
 *    clients resume (HEAD, then PATCH) as tus says. Passes when every upload completes with the
 *    server's answer (`{fileId, url}`), and the bytes read back through nginx at that URL have the
 *    sent video's sha256 (0 lost, 0 corrupted).
 * 2. Media: each video is a short real H.264 recording padded to 20 MB with an MP4 `free` box of
 *    random bytes (unique per trainee), so the worker has 50 real copy jobs; one more trainee sends
 *    a VP8 WebM (an encode), and the worker is SIGKILLed while it runs that job and restarted at
 *    once. Passes when every item becomes ready, each through one job done, the killed job run
 *    again after its lease (MEDIA_LEASE_SECONDS, 20 s here) and finished once: one playback MP4 and one poster, no
 *    other file of that trainee.
 * 3. Sign-in limit across copies: LOGIN_RATE_PER_MINUTE=N; N+1 wrong passwords from one address,
 *    spread over both copies by nginx → the (N+1)-th answers 429 (with per-copy counters, 2N
 *    would pass); and LOGIN_FAILURES_MAX+1 wrong passwords for one address → 429 at the last.
 * 4. `/metrics` of each copy (Bearer METRICS_TOKEN; production) shows its share of 200 reads
 *    sent through nginx (each copy 30–70%).
 *
 * Figures: p95 and max seconds per upload, total upload seconds, RSS growth per process (the
 * target ≤ 100 MB per web copy is reported, not a pass condition), lost / corrupted, media jobs and attempts, the limits' answers, the traffic shares.
 *
 * Env: FAULTS_NGINX_TRAINEES (50), FAULTS_NGINX_MB (20), FAULTS_NGINX_CHUNK_MB (4),
 * FAULTS_NGINX_LOGIN_RATE (N, 20). Ports: FAULTS_PORT_BASE + 0 (nginx), + 1 and + 2 (web copies),
 * + 3 (worker). Needs nginx (apt-get install -y nginx) and ffmpeg.
 */
/* global fetch, setInterval, clearInterval */
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import * as tus from 'tus-js-client';
import { runScript } from './lib/cleanup.mjs';
import { inviteBody, setSeats } from './lib/demo.mjs';
import { createClient, dataOf, login } from './lib/http.mjs';
import { startNginx } from './lib/nginx.mjs';
import { query, startCluster } from './lib/postgres.mjs';
import { check, fail, figure, finish, log, percentile, setName } from './lib/report.mjs';
import {
  descendants,
  portBase,
  repoRoot,
  serverEnv,
  startServer,
  tail,
  tempDir,
} from './lib/server.mjs';

setName('nginx-two-copies');
const storage = process.env.FAULTS_S3_ENV ? 's3' : 'local';
const trainees = Number(process.env.FAULTS_NGINX_TRAINEES ?? 50);
const videoBytes = Number(process.env.FAULTS_NGINX_MB ?? 20) * 1024 * 1024;
const chunkSize = Number(process.env.FAULTS_NGINX_CHUNK_MB ?? 4) * 1024 * 1024;
const loginRate = Number(process.env.FAULTS_NGINX_LOGIN_RATE ?? 20);
const loginFailuresMax = 10;
const metricsToken = 'faults-metrics-token-0123456789abcdef';
/** The practice app's retry delays (web/practice upload-queue.ts). */
const retryDelays = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];
/**
 * The media job's lease (MEDIA_LEASE_SECONDS; 120 s by default), after which a killed job is due
 * again: short here, so the script waits 20 s for the killed encode instead of two minutes.
 */
const leaseMs = 20_000;
const vp8Seconds = 8;
/**
 * A web copy's memory settings (docs/operations.md, 'Memory of a web copy'), as an operator runs
 * it: a young generation of at most 2 × 4 MB (V8 grows it to 2 × 16 MB under the uploads'
 * allocation rate, and keeps it), and glibc serving each 64 KB read buffer from a mapping of its
 * own, returned when the Buffer is collected (from its heap, a freed buffer stays resident). Not
 * the worker's: its ffmpeg would inherit the glibc setting.
 */
const webMemorySettings = {
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-semi-space-size=4'].filter(Boolean).join(' '),
  MALLOC_MMAP_THRESHOLD_: '65536',
};
const run = Math.random().toString(36).slice(2, 8);

/**
 * A VP8/Opus WebM (what Firefox records) of `seconds` at 320×240, made with ffmpeg once and kept
 * in the system temp folder for later runs (making it costs about a CPU second per second of
 * video): the worker encodes it, the job's dear path.
 */
function vp8Recording(seconds) {
  const out = path.join(tmpdir(), `practica-faults-vp8-${seconds}s.webm`);
  if (!existsSync(out)) {
    const partial = `${out}.${process.pid}.webm`;
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=30:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '500k'],
      ...['-c:a', 'libopus', '-shortest', partial],
    ]);
    renameSync(partial, out);
  }
  return readFileSync(out);
}

/**
 * `base` (an MP4) padded to `size` bytes with a trailing `free` box: a valid MP4 every reader
 * skips the padding of. The padding repeats a random block of 65,537 bytes of its own (cheap to
 * make, unique per call, and no chunk size is a multiple of it), so bytes of another upload, or
 * of another offset of the same one, change the sha256.
 */
function padMp4(base, size) {
  const box = Buffer.alloc(size - base.length);
  box.fill(randomBytes(65_537), 8);
  box.writeUInt32BE(box.length, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([base, box]);
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The resident set of `pid` in bytes (/proc), 0 when gone. */
function rssBytes(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Samples the RSS of the processes `servers()` answers every 200 ms; `report()` answers, per
 * process instance (a restarted copy is a new one), its first sample and its peak.
 */
function rssSampler(servers) {
  const seen = new Map();
  const timer = setInterval(() => {
    for (const s of servers()) {
      if (s.exit) continue;
      const rss = rssBytes(s.pid);
      if (!rss) continue;
      const key = `${s.name} (pid ${s.pid})`;
      const entry = seen.get(key) ?? { first: rss, peak: rss };
      entry.peak = Math.max(entry.peak, rss);
      seen.set(key, entry);
    }
  }, 200);
  return {
    stop: () => clearInterval(timer),
    report: () => [...seen].map(([name, { first, peak }]) => ({ name, first, peak })),
  };
}

/**
 * Sends `bytes` with tus-js-client to `endpoint` as `token`'s answer to `questionId`; answers
 * `{ok, ms, body, error, retries}` (`body`: the envelope of the request that brought the last
 * byte, as the practice app reads it). `onProgress(bytesAccepted)` is called per chunk.
 */
function tusSend({
  endpoint,
  token,
  assignmentId,
  questionId,
  bytes,
  type,
  duration,
  onChunk,
  onDone = () => {},
}) {
  const started = performance.now();
  let retries = 0;
  return new Promise((settle) => {
    const resolve = (outcome) => {
      onDone();
      settle(outcome);
    };
    const upload = new tus.Upload(bytes, {
      endpoint,
      chunkSize,
      retryDelays,
      metadata: {
        assignmentId: String(assignmentId),
        questionId: String(questionId),
        filetype: type,
        filename: `answer-${questionId}.${type === 'video/webm' ? 'webm' : 'mp4'}`,
        duration: String(duration),
      },
      headers: { authorization: `Bearer ${token}` },
      // Like the practice app: retry what got no answer or a 5xx/409/423, never another refusal.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus?.() ?? 0;
        const again = status === 0 || status >= 500 || status === 409 || status === 423;
        if (again) retries += 1;
        return again;
      },
      onChunkComplete: (_size, accepted) => onChunk?.(accepted),
      onSuccess: ({ lastResponse }) => {
        let body = null;
        try {
          body = JSON.parse(lastResponse.getBody() || 'null');
        } catch {
          /* not JSON: no confirmation */
        }
        resolve({ ok: true, ms: performance.now() - started, body, retries });
      },
      onError: (error) =>
        resolve({
          ok: false,
          ms: performance.now() - started,
          error: String(error.message ?? error).slice(0, 300),
          retries,
        }),
    });
    upload.start();
  });
}

/** GET `url` (redirects followed: S3 reads come from the bucket) and answers `{status, sha}`. */
async function readBack(url) {
  try {
    const res = await fetch(url);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, sha: sha256(bytes), size: bytes.length };
  } catch (error) {
    return { status: 0, sha: '', size: 0, error: String(error.message ?? error) };
  }
}

/** The text of GET /metrics of `server` (Bearer METRICS_TOKEN), or null when it is not served. */
function scrape(server) {
  return new Promise((resolve) => {
    const req = http.get(
      `${server.url}/metrics`,
      { headers: { authorization: `Bearer ${metricsToken}` }, agent: false, timeout: 5_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        // The console's fallback answers 200 with HTML for unknown paths: only Prometheus text counts.
        res.on('end', () =>
          resolve(res.statusCode === 200 && text.includes('# TYPE') ? text : null),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
  });
}

/**
 * The requests counted in a Prometheus text for the route pattern `route` (and `method`): the sum
 * of every `*_requests_total` sample whose labels name it.
 */
function requestsOf(text, route, method) {
  let total = 0;
  for (const line of (text ?? '').split('\n')) {
    if (line.startsWith('#') || !/_requests_total\{/.test(line)) continue;
    const labels = Object.fromEntries(
      [
        ...line.slice(line.indexOf('{') + 1, line.lastIndexOf('}')).matchAll(/(\w+)="([^"]*)"/g),
      ].map((m) => [m[1], m[2]]),
    );
    if ((labels.route ?? labels.path ?? labels.url) !== route) continue;
    if (method && labels.method !== method) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  }
  return total;
}

/** Waits until `fn()` is truthy (polled every `everyMs`) or `ms` passes; answers its last value. */
async function waitFor(fn, ms, everyMs = 250) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value || Date.now() > until) return value;
    await sleep(everyMs);
  }
}

async function main() {
  log('making the recordings');
  // The demo's H.264/AAC answer (9 s): each padded one is a copy job for the worker.
  const h264 = readFileSync(path.join(repoRoot, 'server/src/seed/fixtures/video/answer-q1.mp4'));
  const vp8 = vp8Recording(vp8Seconds);
  const videos = Array.from({ length: trainees }, () => padMp4(h264, videoBytes));

  log('recordings made; starting PostgreSQL');
  const pg = await startCluster();
  const databaseUrl = await pg.createDatabase('nginx');
  const env = serverEnv({
    DATABASE_URL: databaseUrl,
    DATA_DIR: tempDir('nginx-data'), // shared by the three processes with local storage
    TRUST_PROXY: '127.0.0.1', // nginx: the copies read the client's address in X-Forwarded-For
    LOGIN_RATE_PER_MINUTE: String(loginRate),
    LOGIN_FAILURES_MAX: String(loginFailuresMax),
    METRICS_TOKEN: metricsToken,
    MEDIA_POLL_MS: '1000',
    MEDIA_LEASE_SECONDS: String(leaseMs / 1000),
  });
  figure(
    'storage',
    storage === 's3'
      ? `one S3 bucket (${env.S3_ENDPOINT})`
      : 'one DATA_DIR shared by the three processes',
  );
  const webEnv = { ...env, ...webMemorySettings, PRACTICA_ROLE: 'web' };
  const workerEnv = { ...env, PRACTICA_ROLE: 'worker' };
  const ports = { nginx: portBase, a: portBase + 1, b: portBase + 2, worker: portBase + 3 };
  log('starting web-a (migrates and seeds), then web-b and the worker');
  // The first start migrates and seeds; the others start beside it.
  const servers = {
    a: await startServer({ name: 'web-a', port: ports.a, env: webEnv }),
  };
  [servers.b, servers.worker] = await Promise.all([
    startServer({ name: 'web-b', port: ports.b, env: webEnv }),
    startServer({ name: 'worker', port: ports.worker, env: workerEnv }),
  ]);
  const nginx = await startNginx({
    port: ports.nginx,
    upstreams: [`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`],
  });
  log(`nginx on ${nginx.url} → web-a :${ports.a}, web-b :${ports.b}; worker :${ports.worker}`);
  const allServers = () => Object.values(servers);

  // Roles: a worker serves no console, the web copies no background loops.
  const workerInfo = await createClient(servers.worker.url).get('/api/info');
  check(
    workerInfo.status === 404,
    `the worker (PRACTICA_ROLE=worker) answered ${workerInfo.status || workerInfo.error} on /api/info (want 404: no console)`,
  );

  // Seeding through nginx: the staff from 127.0.0.1, each trainee from an address of its own.
  const staff = createClient(nginx.url, { timeoutMs: 30_000 });
  const admin = await login(staff, 'admin@demo.test');
  const manager = await login(staff, 'manager@demo.test');
  const me = dataOf(
    await staff.post('/api/auth', { email: 'manager@demo.test', password: 'demo1234' }),
    'manager',
  );
  await setSeats(staff, admin, me.organizationId, 1_000, 10);
  const demoTrainee = await login(staff, 'trainee@demo.test');
  const open = dataOf(
    await staff.get('/api/me/assignments', { token: demoTrainee }),
    'assignments',
  );
  const assignment = open.list.find((a) => a.canAnswer);
  if (!assignment) throw new Error('trainee@demo.test has no assignment to answer');
  const people = [];
  const seedStarted = performance.now();
  /** Invites trainee `i` (the admin, from 127.0.0.1) and registers it from its own address. */
  const register = async (i) => {
    const client = createClient(nginx.url, {
      timeoutMs: 30_000,
      localAddress: `127.0.1.${i + 1}`,
    });
    const email = `nginx-${run}-${i}@faults.test`;
    const invite = dataOf(
      await staff.post('/api/invites', inviteBody(me.organizationId, email), { token: admin }),
      `invite ${email}`,
    );
    const { id, token } = dataOf(
      await client.post('/api/invites/accept', {
        firstName: 'Nginx',
        lastName: `Trainee ${i}`,
        email,
        token: invite.token,
        password: 'demo1234',
      }),
      `accept ${email}`,
    );
    return { i, id, email, client, token };
  };
  // Trainee 0 sends the VP8 answer; 1..N the padded H.264 ones. Eight registrations at a time.
  for (let i = 0; i <= trainees; i += 8)
    people.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, trainees + 1 - i) }, (_, k) => register(i + k)),
      )),
    );
  dataOf(
    await staff.put(
      `/api/assignments/${assignment.id}/add`,
      { ids: people.map((p) => p.id) },
      { token: manager },
    ),
    'add the trainees to the assignment',
  );
  const detail = dataOf(
    await people[0].client.get(`/api/me/assignments/${assignment.id}`, { token: people[0].token }),
    'my assignment',
  );
  const questionId = detail.questions[0].id;
  figure(
    'seeding through nginx (51 trainees) s',
    ((performance.now() - seedStarted) / 1000).toFixed(1),
  );

  const endpoint = `${nginx.url}/api/me/uploads`;
  const rss = rssSampler(allServers);

  // The demo seed's answer videos are media jobs too: let the worker finish them first, so the
  // VP8 job below is the one it runs.
  const seedWait = performance.now();
  await waitFor(
    async () => {
      const [row] = await query(
        databaseUrl,
        'select count(*)::int as n from media_jobs where status = 0',
      );
      return row.n === 0;
    },
    90_000,
    500,
  );
  figure(
    "waited for the demo seed's media jobs s",
    ((performance.now() - seedWait) / 1000).toFixed(1),
  );

  // 2a. The VP8 answer first: the worker starts encoding it, and is killed mid-job.
  const vp8Result = await tusSend({
    endpoint,
    token: people[0].token,
    assignmentId: assignment.id,
    questionId,
    bytes: vp8,
    type: 'video/webm',
    duration: vp8Seconds,
  });
  check(
    vp8Result.ok && vp8Result.body?.data?.fileId,
    `the VP8 upload: ${vp8Result.error ?? JSON.stringify(vp8Result.body)?.slice(0, 200)}`,
  );
  const [vp8Item] = await query(
    databaseUrl,
    `select ai.id from answer_items ai join answers a on a.id = ai.answer_id where a.user_id = $1`,
    [people[0].id],
  );
  const leased = await waitFor(
    async () => {
      if (!vp8Item) return null;
      const [row] = await query(
        databaseUrl,
        `select id, attempts from media_jobs where answer_item_id = $1 and status = 0 and attempts > 0 and next_attempt_at > now()`,
        [vp8Item.id],
      );
      return row;
    },
    30_000,
    100,
  );
  let workerKilledAt = 0;
  const vp8Jobs = vp8Item
    ? await query(
        databaseUrl,
        `select id, status, attempts, next_attempt_at > now() as leased, last_error from media_jobs where answer_item_id = $1`,
        [vp8Item.id],
      )
    : [];
  if (check(leased, `the worker never started the VP8 job: ${JSON.stringify(vp8Jobs)}`)) {
    // Into the job: until its ffmpeg runs (at most 5 s more).
    await waitFor(() => descendants(servers.worker.pid).length > 0, 5_000, 50);
    const tools = descendants(servers.worker.pid).length;
    figure(
      'worker killed during the VP8 job',
      tools > 0 ? 'with its ffmpeg running' : 'before ffmpeg started',
    );
    log(`SIGKILL worker during media job ${leased.id}`);
    servers.worker.kill('SIGKILL');
    workerKilledAt = Date.now();
    await servers.worker.exited;
    servers.worker = await startServer({ name: 'worker', port: ports.worker, env: workerEnv });
  }

  // 1. 50 uploads at once through nginx; copy A killed at 40% of the bytes, restarted 3 s later.
  let accepted = 0;
  const totalBytes = videos.length * videoBytes;
  let killed = false;
  let restartA = null;
  const uploadsStarted = performance.now();
  let finished = 0;
  const progress = setInterval(
    () =>
      log(
        `uploads: ${Math.round((100 * accepted) / totalBytes)}% of the bytes accepted, ${finished} of ${videos.length} finished`,
      ),
    10_000,
  );
  const results = await Promise.all(
    people.slice(1).map((p, k) => {
      let mine = 0;
      return tusSend({
        endpoint,
        token: p.token,
        assignmentId: assignment.id,
        questionId,
        bytes: videos[k],
        type: 'video/mp4',
        duration: 9,
        onDone: () => (finished += 1),
        onChunk: (bytesAccepted) => {
          accepted += bytesAccepted - mine;
          mine = bytesAccepted;
          if (!killed && accepted >= 0.4 * totalBytes) {
            killed = true;
            log(`SIGKILL web-a at ${Math.round((100 * accepted) / totalBytes)}% of the bytes`);
            servers.a.kill('SIGKILL');
            restartA = sleep(3_000).then(async () => {
              servers.a = await startServer({ name: 'web-a', port: ports.a, env: webEnv });
              log('web-a restarted');
            });
          }
        },
      });
    }),
  );
  clearInterval(progress);
  const uploadSeconds = (performance.now() - uploadsStarted) / 1000;
  await restartA;
  rss.stop();

  const confirmed = results.filter((r) => r.ok && Number.isInteger(r.body?.data?.fileId));
  const unconfirmed = results.filter((r) => r.ok && !Number.isInteger(r.body?.data?.fileId));
  const failed = results.filter((r) => !r.ok);
  const times = results.map((r) => r.ms / 1000);
  figure(
    'uploads (trainees × MB, chunk MB)',
    `${videos.length} × ${videoBytes / 2 ** 20}, ${chunkSize / 2 ** 20}`,
  );
  figure(
    'copy killed',
    killed ? 'web-a at 40% of the bytes, restarted after 3 s' : 'never (uploads too fast?)',
  );
  figure(
    'upload seconds p50 / p95 / max',
    `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} / ${Math.max(...times).toFixed(1)}`,
  );
  figure('all uploads s (wall)', uploadSeconds.toFixed(1));
  figure('throughput MB/s', (totalBytes / 2 ** 20 / uploadSeconds).toFixed(1));
  figure(
    'client retries (HEAD + PATCH resumes)',
    results.reduce((n, r) => n + r.retries, 0),
  );
  figure(
    "uploads confirmed / done without the server's answer / failed",
    `${confirmed.length} / ${unconfirmed.length} / ${failed.length}`,
  );
  check(killed, 'web-a was never killed during the uploads');
  check(failed.length === 0, `${failed.length} uploads failed, e.g. ${failed[0]?.error}`);
  check(
    unconfirmed.length === 0,
    `${unconfirmed.length} uploads ended at the full offset without the server's answer ({fileId, url}): ` +
      `tus-js-client's HEAD after the kill found every byte there and reported success without ` +
      `the server's answer, so the practice app shows 'Something went wrong' for a video it sent whole`,
  );

  // Read each stored video back through nginx at the URL the server answered; for an upload
  // without that answer, at the URL of my answer item, if the server stored one.
  let corrupted = 0;
  let lost = 0;
  let storedUnconfirmed = 0;
  for (const [k, r] of results.entries()) {
    let url = r.body?.data?.url;
    if (!url) {
      const p = people[k + 1];
      const mine = await p.client.get(`/api/me/assignments/${assignment.id}`, { token: p.token });
      url = mine.body?.data?.answer?.items?.find((it) => it.questionId === questionId)?.file?.url;
      if (url) storedUnconfirmed += 1;
    }
    if (!url) {
      lost += 1;
      continue;
    }
    const read = await readBack(new URL(url, nginx.url).href);
    if (read.status !== 200) lost += 1;
    else if (read.sha !== sha256(videos[k])) corrupted += 1;
  }
  if (unconfirmed.length > 0)
    figure('unconfirmed uploads the server had stored anyway', storedUnconfirmed);
  figure('lost / corrupted (sha256 read back through nginx)', `${lost} / ${corrupted}`);
  check(lost === 0, `${lost} of ${results.length} videos not readable back through nginx`);
  check(corrupted === 0, `${corrupted} videos read back with another sha256 than sent`);

  // 3. The sign-in limits across both copies.
  const stranger = createClient(nginx.url, { localAddress: '127.0.0.2', timeoutMs: 30_000 });
  const perIp = [];
  for (let i = 0; i <= loginRate; i += 1)
    perIp.push(
      (
        await stranger.post('/api/auth', {
          email: `nobody-${run}-${i}@faults.test`,
          password: 'wrong-password',
        })
      ).status,
    );
  const first429 = perIp.indexOf(429) + 1;
  figure(`per-address sign-ins (N=${loginRate}, N+1 sent) first 429 at`, first429 || 'never');
  check(
    first429 === loginRate + 1,
    `the per-address sign-in limit of ${loginRate} answered ${first429 ? `429 at attempt ${first429}` : 'no 429'} ` +
      `(want 429 at ${loginRate + 1}: counters per copy allow up to ${2 * loginRate})`,
  );
  const guesser = createClient(nginx.url, { localAddress: '127.0.0.3', timeoutMs: 30_000 });
  const perEmail = [];
  for (let i = 0; i <= loginFailuresMax; i += 1)
    perEmail.push(
      (await guesser.post('/api/auth', { email: people[1].email, password: `wrong-${i}` })).status,
    );
  const firstEmail429 = perEmail.indexOf(429) + 1;
  figure(
    `wrong passwords for one address (max ${loginFailuresMax}) first 429 at`,
    firstEmail429 || 'never',
  );
  check(
    firstEmail429 === loginFailuresMax + 1,
    `failed sign-ins of one address: first 429 at ${firstEmail429 || 'never'} (want ${loginFailuresMax + 1})`,
  );

  // 4. Each copy's share of 200 reads through nginx, from its /metrics.
  const before = await Promise.all([scrape(servers.a), scrape(servers.b)]);
  check(
    before.every(Boolean),
    `/metrics not served by ${['web-a', 'web-b'].filter((_, i) => !before[i]).join(', ')} (Bearer METRICS_TOKEN)`,
  );
  const reads = await Promise.all(
    Array.from({ length: 200 }, () => staff.get('/api/groups', { token: manager })),
  );
  check(
    reads.every((r) => r.status === 200),
    `reads through nginx: ${[...new Set(reads.map((r) => r.status || r.error))]}`,
  );
  const after = await Promise.all([scrape(servers.a), scrape(servers.b)]);
  if (before.every(Boolean) && after.every(Boolean)) {
    const counts = [0, 1].map(
      (i) =>
        requestsOf(after[i], '/api/groups', 'GET') - requestsOf(before[i], '/api/groups', 'GET'),
    );
    const patches = [0, 1].map((i) => requestsOf(after[i], '/api/me/uploads/*', 'PATCH'));
    figure(
      'GET /api/groups per copy (of 200, from /metrics)',
      `web-a ${counts[0]}, web-b ${counts[1]}`,
    );
    figure(
      'tus PATCHes per copy (web-a since its restart)',
      `web-a ${patches[0]}, web-b ${patches[1]}`,
    );
    check(
      counts[0] + counts[1] === 200 && counts.every((c) => c >= 60 && c <= 140),
      `/metrics shares of 200 reads: web-a ${counts[0]}, web-b ${counts[1]} (want each 60–140, sum 200)`,
    );
  }

  // 2b. Media: every item ready, each through one job, the killed one run again once.
  const mediaStarted = Date.now();
  // The killed job is due again when its lease ends; then it runs once more.
  const mediaDeadline = Math.max(
    90_000,
    workerKilledAt ? workerKilledAt + leaseMs + 90_000 - Date.now() : 0,
  );
  const userIds = people.map((p) => p.id);
  // Until no item is Processing (Ready or Failed each).
  const settled = async () => {
    const [row] = await query(
      databaseUrl,
      `select count(*) filter (where ai.media_status = 1)::int as pending, count(*)::int as items
         from answer_items ai join answers a on a.id = ai.answer_id where a.user_id = any($1)`,
      [userIds],
    );
    return row.pending === 0 && row.items > 0 ? row : null;
  };
  await waitFor(settled, mediaDeadline, 1_000);
  const items = await query(
    databaseUrl,
    `select a.user_id, ai.id, ai.media_status, ai.file_id, ai.playback_file_id, ai.poster_file_id,
            (select count(*)::int from media_jobs j where j.answer_item_id = ai.id) as jobs,
            (select count(*)::int from media_jobs j where j.answer_item_id = ai.id and j.status = 1) as done,
            (select max(attempts)::int from media_jobs j where j.answer_item_id = ai.id) as attempts,
            (select max(last_error) from media_jobs j where j.answer_item_id = ai.id) as last_error
       from answer_items ai join answers a on a.id = ai.answer_id where a.user_id = any($1)`,
    [userIds],
  );
  const files = await query(
    databaseUrl,
    `select created_by_id, status, count(*)::int as n from files where created_by_id = any($1) group by 1, 2`,
    [userIds],
  );
  const ready = items.filter((it) => it.media_status === 2);
  const oneJob = items.filter((it) => it.jobs === 1 && it.done === 1);
  figure(
    'answer items / ready / one job done',
    `${items.length} / ${ready.length} / ${oneJob.length}`,
  );
  figure(
    'media seconds after the uploads (killed job waits for its lease)',
    Math.round((Date.now() - mediaStarted) / 1000),
  );
  check(
    items.length === people.length,
    `${items.length} answer items stored for ${people.length} uploads`,
  );
  check(
    ready.length === items.length,
    `${items.length - ready.length} answer items not ready (media)`,
  );
  check(
    oneJob.length === items.length,
    `${items.length - oneJob.length} items without exactly one done media job`,
  );
  const killedItem = items.find((it) => it.user_id === people[0].id);
  const killedFiles = files.filter((f) => f.created_by_id === people[0].id);
  const readyFiles = killedFiles.find((f) => f.status === 1)?.n ?? 0;
  const pendingFiles = killedFiles.find((f) => f.status === 0)?.n ?? 0;
  figure(
    'killed VP8 job: attempts, ready files (original, MP4, poster), pending leftovers',
    `${killedItem?.attempts ?? '-'}, ${readyFiles}, ${pendingFiles}`,
  );
  check(
    killedItem?.media_status === 2 &&
      killedItem.playback_file_id &&
      killedItem.playback_file_id !== killedItem.file_id,
    `the VP8 answer whose worker was killed is not ready with an MP4: ${JSON.stringify(killedItem)}`,
  );
  check(
    readyFiles === 3,
    `the killed job's trainee has ${readyFiles} ready files (want 3: original, MP4, poster)`,
  );
  const extra = files.filter((f) => f.created_by_id !== people[0].id && f.status === 1 && f.n > 3);
  check(
    extra.length === 0,
    `${extra.length} trainees with more than 3 ready files (a job ran twice)`,
  );

  // RSS per process instance, and the end: every process stops cleanly.
  for (const { name, first, peak } of rss.report()) {
    const growth = (peak - first) / 2 ** 20;
    figure(
      `RSS ${name} MB: start → peak (growth)`,
      `${Math.round(first / 2 ** 20)} → ${Math.round(peak / 2 ** 20)} (+${Math.round(growth)})`,
    );
    // The operations target (≤ 100 MB per web copy) is a figure, not a pass condition: the pass
    // conditions are the uploads, the jobs, the limits and the traffic above. On S3 the copy that
    // carries most PATCHes after the other's kill measures 98-101 MB (bench/README.md
    // 'Memory of two copies behind nginx'), at the target's edge; it is printed so that a regression shows.
    if (name.startsWith('web') && growth > 100)
      log(`${name} grew ${Math.round(growth)} MB during the uploads: over the 100 MB target`);
  }
  for (const c of [staff, stranger, guesser, ...people.map((p) => p.client)]) c.close();
  await nginx.stop();
  for (const s of allServers()) {
    const exit = await s.stop();
    check(exit.code === 0, `${s.name} exit ${exit.code ?? exit.signal} after SIGTERM`);
    if (exit.code !== 0) log(tail(s.output()));
  }
}

await runScript(main, (error) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
finish();
