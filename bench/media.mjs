#!/usr/bin/env node
// `node bench/media.mjs` (bench/README.md, 'Media'): the media benchmark of issue 20 §2.
// 1. Transcode: makes a 60 s 720p WebM (VP8/Opus, ffmpeg's testsrc and a sine) and runs the
//    server's own transcode (server/src/modules/media/tools.ts, the media job's arguments) on it:
//    wall seconds and CPU seconds of ffmpeg (all its threads); the target is ≤ 30 CPU seconds,
//    what one core does in 30 s.
// 2. Upload memory: the built server on a throwaway PostgreSQL (local storage driver), 20 uploads
//    of 50 MB at once through POST /api/files/upload and the signed PUT, the server's RSS sampled
//    every 50 ms: the peak must stay within 100 MB of the idle server (streams, never whole files).
// Options: --only transcode|uploads. Exits non-zero when a target is missed.
/* global fetch */
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { freePort, startPostgres } from '../scripts/lib/postgres.mjs';
import { buildServer } from './lib/build-server.mjs';
import { login, startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = { transcodeCpuSeconds: 30, uploadRssGrowthMb: 100 };
const uploads = { count: 20, bytes: 50 * 1024 * 1024 };

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

async function benchTranscode() {
  const media = await tsImport(
    path.join(root, 'server/src/modules/media/tools.ts'),
    import.meta.url,
  );
  const tools = media.findMediaTools();
  if (!tools) throw new Error('no ffmpeg/ffprobe found (apt-get install ffmpeg)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'practica-media-bench-'));
  try {
    const webm = path.join(dir, 'answer.webm');
    process.stdout.write('making a 60 s 720p VP8/Opus WebM … ');
    // prettier-ignore
    const made = spawnSync(tools.ffmpeg, [
      '-hide_banner', '-v', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=30',
      '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
      '-t', '60',
      '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1500k',
      '-c:a', 'libopus', '-b:a', '64k',
      webm,
    ], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (made.status !== 0) throw new Error(`ffmpeg could not make the WebM: ${made.stderr}`);
    const source = await media.probeVideo(tools, webm);
    process.stdout.write(
      `${source.width}×${source.height} ${source.videoCodec}/${source.audioCodec}, ${source.duration} s\n`,
    );

    const mp4 = path.join(dir, 'playback.mp4');
    const cpuBefore = childCpuSeconds();
    const started = performance.now();
    await media.transcodeToMp4(tools, webm, mp4);
    const wall = (performance.now() - started) / 1000;
    const cpu = childCpuSeconds() - cpuBefore;
    const out = await media.probeVideo(tools, mp4);
    const row = {
      wallSeconds: Number(wall.toFixed(1)),
      cpuSeconds: Number(cpu.toFixed(1)),
      output: `${out.width}×${out.height} ${out.videoCodec}/${out.audioCodec} ${out.duration} s`,
      cores: os.cpus().length,
    };
    const ok = cpu <= targets.transcodeCpuSeconds && out.videoCodec === 'h264';
    console.log(
      `transcode 60 s 720p WebM → MP4: ${row.wallSeconds} s wall, ${row.cpuSeconds} s CPU ` +
        `(target ≤ ${targets.transcodeCpuSeconds} s CPU) on ${row.cores} cores → ${row.output} ${ok ? 'OK' : 'MISSED'}`,
    );
    return ok;
  } finally {
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
  const password = 'bench-pass-1';
  const pg = await startPostgres();
  const built = await buildServer();
  let server;
  try {
    process.env.ADMIN_EMAIL = email;
    process.env.ADMIN_PASSWORD = password;
    process.env.UPLOAD_MAX_BYTES_PER_DAY = String(uploads.count * uploads.bytes * 2);
    process.env.STORAGE_DRIVER = 'local';
    server = await startServer({
      main: built.main,
      url: pg.url,
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
    pg.stop();
  }
}

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const results = [];
if (!values.only || values.only === 'transcode') results.push(await benchTranscode());
if (!values.only || values.only === 'uploads') results.push(await benchUploads());
if (results.some((ok) => !ok)) process.exit(1);
