#!/usr/bin/env node
// `node bench/media.mjs` (bench/README.md, 'Media'): the media benchmark of decisions.md#media §2.
// 1. Copy: makes two 60 s 720p H.264 recordings as browsers record them — Safari's (fragmented
//    MP4, `iso5`, High profile, AAC) and Chromium's (fragmented MP4, Constrained Baseline, Opus) —
//    and runs the media job's own tool calls on each (server/src/modules/media/tools.ts: probe,
//    copy into a plain MP4, poster): CPU seconds of ffmpeg/ffprobe per answer-minute (target
//    ≤ 1) and wall seconds.
// 2. Encode: the same for a VP8 and a VP9 WebM (Firefox's, older Chrome's), which the job encodes:
//    target ≤ 30 CPU seconds per answer-minute, what one core does in 30 s.
// 3. Ready: the built server (bench/lib/server.mjs) on a throwaway PostgreSQL with the bench
//    dataset at scale 0.01; a trainee uploads the 60 s Safari and Chromium recordings through tus
//    (POST /api/me/uploads, one PATCH), and the time from the PATCH's answer (the upload finished,
//    the item saved) to the item's media status 'ready' is measured: target ≤ 5 s each.
// 4. Upload memory: the built server (local storage driver), 20 uploads of 50 MB at once through
//    POST /api/files/upload and the signed PUT, the server's RSS sampled every 50 ms: the peak
//    must stay within 100 MB of the idle server (streams, never whole files).
// Options: --only copy,encode,ready,uploads (any of them). Exits non-zero when a target is missed.
/* global fetch */
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freePort, startPostgres } from '../scripts/lib/postgres.mjs';
import { buildServer } from './lib/build-server.mjs';
import { prepareDatabase } from './lib/database.mjs';
import { login, startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = {
  copyCpuPerMinute: 1,
  encodeCpuPerMinute: 30,
  readySeconds: 5,
  uploadRssGrowthMb: 100,
};
const uploads = { count: 20, bytes: 50 * 1024 * 1024 };
const password = 'bench-pass-1';

/** The recordings the stages use: ffmpeg arguments after the lavfi inputs, and the extension. */
const recordings = {
  safari: {
    label: 'Safari H.264 High + AAC, fragmented MP4',
    extension: 'mp4',
    // prettier-ignore
    args: [
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p',
      '-b:v', '2500k', '-g', '60',
      '-c:a', 'aac', '-b:a', '64k',
      '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-brand', 'iso5',
    ],
  },
  chromium: {
    label: 'Chromium H.264 Constrained Baseline + Opus, fragmented MP4',
    extension: 'mp4',
    // prettier-ignore
    args: [
      '-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p',
      '-b:v', '2500k', '-g', '60',
      '-c:a', 'libopus', '-b:a', '64k',
      '-movflags', 'frag_keyframe+empty_moov+default_base_moof',
    ],
  },
  vp8: {
    label: 'VP8 + Opus WebM',
    extension: 'webm',
    // prettier-ignore
    args: [
      '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1500k',
      '-c:a', 'libopus', '-b:a', '64k',
    ],
  },
  vp9: {
    label: 'VP9 + Opus WebM',
    extension: 'webm',
    // prettier-ignore
    args: [
      '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1',
      '-b:v', '1500k',
      '-c:a', 'libopus', '-b:a', '64k',
    ],
  },
};

/** CPU seconds used so far by this process's waited-for children (Linux /proc: cutime + cstime). */
function childCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After ')' the fields start at 3 (state); cutime and cstime are fields 16 and 17.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Resident memory of process `pid` in MB (VmRSS). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The server's media tools module (the job's own functions) and the tools it finds. */
async function mediaTools() {
  const media = await tsImport(
    path.join(root, 'server/src/modules/media/tools.ts'),
    import.meta.url,
  );
  const tools = media.findMediaTools();
  if (!tools) throw new Error('no ffmpeg/ffprobe found (apt-get install ffmpeg)');
  return { media, tools };
}

/** Makes the 60 s 1280×720 recording `kind` (testsrc at 30 fps, a 440 Hz sine) in `dir`. */
function makeRecording(tools, dir, kind) {
  const { extension, args, label } = recordings[kind];
  const file = path.join(dir, `${kind}.${extension}`);
  process.stdout.write(`making a 60 s 720p ${label} … `);
  // prettier-ignore
  const made = spawnSync(tools.ffmpeg, [
    '-hide_banner', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=30',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '60', ...args, file,
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (made.status !== 0) throw new Error(`ffmpeg could not make ${kind}: ${made.stderr}`);
  process.stdout.write('done\n');
  return file;
}

/**
 * Runs the media job's tool calls on `file` as the job does (probe, copy or encode, poster, each
 * under prlimit when installed): answers the path taken, wall and CPU seconds, and the output.
 */
async function runJobTools(media, tools, dir, file, extension) {
  const limits = { timeoutMs: 15 * 60_000, cpuSeconds: 600 };
  const playback = path.join(dir, `${path.basename(file)}.playback.mp4`);
  const poster = path.join(dir, `${path.basename(file)}.jpg`);
  const cpuBefore = childCpuSeconds();
  const started = performance.now();
  const probe = await media.probeVideo(tools, file, extension, limits);
  const copy = media.canCopyVideo(probe);
  if (copy) await media.copyToMp4(tools, file, extension, probe, playback, limits);
  else await media.encodeToMp4(tools, file, extension, probe, playback, limits);
  await media.makePoster(tools, playback, poster, Math.min(1, (probe.duration ?? 0) / 2), limits);
  const wall = (performance.now() - started) / 1000;
  const cpu = childCpuSeconds() - cpuBefore;
  const out = await media.probeVideo(tools, playback, 'mp4');
  return {
    path: copy ? 'copy' : 'encode',
    duration: probe.duration,
    wall,
    cpu,
    cpuPerMinute: (cpu * 60) / (probe.duration ?? 60),
    output: `${out.width}×${out.height} ${out.videoCodec}/${out.audioCodec} ${out.duration?.toFixed(1)} s`,
  };
}

/** The copy or the encode stage: `kinds` through the job's tools, each against `target`. */
async function benchJobPath(stage, kinds, target) {
  const { media, tools } = await mediaTools();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'practica-media-bench-'));
  try {
    let ok = true;
    for (const kind of kinds) {
      const file = makeRecording(tools, dir, kind);
      const r = await runJobTools(media, tools, dir, file, recordings[kind].extension);
      const hit = r.path === stage && r.cpuPerMinute <= target;
      ok &&= hit;
      console.log(
        `${stage} ${recordings[kind].label} (${r.duration?.toFixed(1)} s): path ${r.path}, ` +
          `${r.cpu.toFixed(2)} s CPU (${r.cpuPerMinute.toFixed(2)} s per answer-minute, target ≤ ${target}), ` +
          `${r.wall.toFixed(2)} s wall, load ${loadAverage()} → ${r.output} ${hit ? 'OK' : 'MISSED'}`,
      );
    }
    return ok;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `Upload-Metadata` of a tus upload: keys with base64 values. */
const tusMetadata = (values) =>
  Object.entries(values)
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',');

/** A trainee of the dataset with an assignment to answer: `{token, assignmentId, questionId}`. */
async function answerableTrainee(base, dbUrl) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  let emails;
  try {
    // Pending answers on Active assignments open today (the dataset's dates move with it).
    const { rows } = await client.query(
      `select u.email from answers an
       join users u on u.id = an.user_id
       join assignments a on a.id = an.assignment_id
       where a.status_id = 3 and an.status_id = 1 and u.role_id = 1 and u.deleted_at is null
         and u.active and a.start_date <= current_date and a.close_date >= current_date
       order by an.id limit 20`,
    );
    emails = rows.map((r) => r.email);
  } finally {
    await client.end();
  }
  for (const email of emails) {
    const token = await login(base, email, password);
    const headers = { authorization: `Bearer ${token}` };
    const list = await (await fetch(`${base}/api/me/assignments`, { headers })).json();
    const open = list.data?.list?.find((a) => a.canAnswer && a.questionsCount > 0);
    if (!open) continue;
    const detail = await (await fetch(`${base}/api/me/assignments/${open.id}`, { headers })).json();
    const questionId = detail.data?.questions?.[0]?.id;
    if (questionId) return { token, assignmentId: open.id, questionId };
  }
  throw new Error('no trainee of the dataset has an assignment to answer');
}

/**
 * Uploads `bytes` through tus as the trainee's answer to the question, then waits for its media
 * status: answers the seconds from the upload's end (the PATCH answered) to 'ready'.
 */
async function uploadUntilReady(base, trainee, bytes, filetype) {
  const auth = { authorization: `Bearer ${trainee.token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${base}/api/me/uploads`, {
    method: 'POST',
    headers: {
      ...auth,
      'upload-length': String(bytes.length),
      'upload-metadata': tusMetadata({
        assignmentId: trainee.assignmentId,
        questionId: trainee.questionId,
        filetype,
        filename: `answer.${filetype.split('/')[1]}`,
        duration: 60,
      }),
    },
  });
  if (created.status !== 201)
    throw new Error(`tus POST: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location'), base);
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: {
      ...auth,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  // The last PATCH answers once the video is stored and the item saved (200 with the file).
  if (!patched.ok) throw new Error(`tus PATCH: ${patched.status} ${await patched.text()}`);
  const finished = performance.now();
  const headers = { authorization: `Bearer ${trainee.token}` };
  for (;;) {
    const res = await fetch(`${base}/api/me/assignments/${trainee.assignmentId}`, { headers });
    const body = await res.json();
    const items = body.data?.answer?.items ?? [];
    const item = items.find((i) => i.questionId === trainee.questionId);
    const status = item?.media?.status;
    if (status === 'ready') return (performance.now() - finished) / 1000;
    if (status === 'failed' || status === 'original')
      throw new Error(`media status ${status}: ${item.media.failure ?? ''}`);
    if (performance.now() - finished > 120_000) throw new Error('not ready within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function benchReady() {
  const { tools } = await mediaTools();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'practica-media-bench-'));
  const cluster = await startPostgres();
  const built = await buildServer();
  let server;
  try {
    const files = {
      safari: readFileSync(makeRecording(tools, dir, 'safari')),
      chromium: readFileSync(makeRecording(tools, dir, 'chromium')),
    };
    const { hashPassword } = await import(built.password);
    const database = await prepareDatabase(cluster.url, 'bench_media', {
      scale: 0.01,
      passwordHash: await hashPassword(password),
      log: () => {},
    });
    process.env.STORAGE_DRIVER = 'local';
    process.env.UPLOAD_MAX_BYTES_PER_DAY = String(1024 * 1024 * 1024);
    server = await startServer({
      main: built.main,
      url: database.url,
      port: await freePort(),
      loginRatePerMinute: 1000,
    });
    const trainee = await answerableTrainee(server.base, database.url);
    let ok = true;
    for (const kind of ['safari', 'chromium']) {
      const seconds = await uploadUntilReady(server.base, trainee, files[kind], 'video/mp4');
      const hit = seconds <= targets.readySeconds;
      ok &&= hit;
      console.log(
        `ready: 60 s 720p ${recordings[kind].label} (${(files[kind].length / 1024 / 1024).toFixed(1)} MB), ` +
          `tus upload finished → media ready in ${seconds.toFixed(2)} s (target ≤ ${targets.readySeconds} s), ` +
          `load ${loadAverage()} ${hit ? 'OK' : 'MISSED'}`,
      );
    }
    return ok;
  } finally {
    await server?.stop();
    built.remove();
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `bytes` of an MP4 (an `ftyp` box, then zeros) as a stream of 1 MB chunks. */
function mp4Stream(bytes) {
  const head = Buffer.concat([
    Buffer.from([0x00, 0x00, 0x00, 0x18]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0x00, 0x00, 0x02, 0x00]),
    Buffer.from('isommp41', 'latin1'),
  ]);
  const chunk = Buffer.alloc(1024 * 1024);
  let sent = 0;
  return Readable.from(
    (function* () {
      yield head;
      sent = head.length;
      while (sent < bytes) {
        const n = Math.min(chunk.length, bytes - sent);
        sent += n;
        yield n === chunk.length ? chunk : chunk.subarray(0, n);
      }
    })(),
  );
}

async function benchUploads() {
  const email = 'bench-media@bench.test';
  const pgCluster = await startPostgres();
  const built = await buildServer();
  let server;
  try {
    process.env.ADMIN_EMAIL = email;
    process.env.ADMIN_PASSWORD = password;
    process.env.UPLOAD_MAX_BYTES_PER_DAY = String(uploads.count * uploads.bytes * 2);
    process.env.STORAGE_DRIVER = 'local';
    server = await startServer({
      main: built.main,
      url: pgCluster.url,
      port: await freePort(),
      loginRatePerMinute: 1000,
    });
    const token = await login(server.base, email, password);
    const idle = rssMb(server.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
    const started = performance.now();
    const one = async (i) => {
      const res = await fetch(`${server.base}/api/files/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: `bench-${i}.mp4`,
          extension: 'mp4',
          fileTypeId: 3,
          size: uploads.bytes,
        }),
      });
      if (!res.ok) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
      const { data } = await res.json();
      const put = await fetch(new URL(data.url, server.base), {
        method: 'PUT',
        headers: { 'content-length': String(uploads.bytes), 'content-type': 'video/mp4' },
        body: mp4Stream(uploads.bytes),
        duplex: 'half',
      });
      if (!put.ok) throw new Error(`PUT ${i}: ${put.status} ${await put.text()}`);
    };
    await Promise.all(Array.from({ length: uploads.count }, (_, i) => one(i)));
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const growth = peak - idle;
    const ok = growth <= targets.uploadRssGrowthMb;
    console.log(
      `${uploads.count} uploads of ${uploads.bytes / 1024 / 1024} MB at once in ${seconds.toFixed(1)} s: ` +
        `server RSS ${idle.toFixed(0)} MB idle, peak ${peak.toFixed(0)} MB (+${growth.toFixed(0)} MB, ` +
        `target ≤ +${targets.uploadRssGrowthMb} MB) ${ok ? 'OK' : 'MISSED'}`,
    );
    return ok;
  } finally {
    await server?.stop();
    built.remove();
    pgCluster.stop();
  }
}

const stages = {
  copy: () => benchJobPath('copy', ['safari', 'chromium'], targets.copyCpuPerMinute),
  encode: () => benchJobPath('encode', ['vp8', 'vp9'], targets.encodeCpuPerMinute),
  ready: benchReady,
  uploads: benchUploads,
};
const { values } = parseArgs({ options: { only: { type: 'string' } } });
const chosen = values.only ? values.only.split(',').map((s) => s.trim()) : Object.keys(stages);
const unknown = chosen.filter((name) => !(name in stages));
if (unknown.length > 0) {
  console.error(
    `unknown stage(s) ${unknown.join(', ')}: choose among ${Object.keys(stages).join(', ')}`,
  );
  process.exit(2);
}
console.log(`media benchmark on ${os.cpus().length} cores, load average ${loadAverage()}`);
const results = [];
for (const name of chosen) results.push(await stages[name]());
if (results.some((ok) => !ok)) process.exit(1);
