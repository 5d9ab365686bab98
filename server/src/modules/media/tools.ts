/**
 * ffmpeg and ffprobe (decisions.md#media §2): where they are, and what the media jobs ask of them — probe a
 * recording, copy its H.264 video into a new MP4 (or encode it when it is anything else), grab a
 * JPEG poster. They run as child processes (`execFile`, no shell) with server-made paths and
 * constants as arguments, never user input.
 *
 * Every run is boxed, because the bytes are a trainee's upload:
 * - the input is named `file:<path>` under `-protocol_whitelist file` (no network, no pipes), read
 *   by the one demuxer its extension claims (`-f webm` / `-f mp4`, and `-format_whitelist` of just
 *   that one), so an HLS playlist or a concat list saved as .mp4 is never parsed as one and
 *   nothing it names is opened, and a file that is not what it claims fails ('unreadable');
 * - nothing is written past `recordingCapSeconds` (`-t`), frames keep their timestamps
 *   (`-vsync passthrough`: a gap of hours is not filled with copies of a frame);
 * - each run is killed at the job's time bound (`timeoutMs`) and, where util-linux `prlimit` is
 *   installed, at a CPU-time limit (`cpuSeconds`); an encode runs below the API's priority.
 * Failures caused by the recording itself are `MediaContentError`s (final, never retried); others
 * (the binary would not start, the disk is full) are plain errors worth a retry.
 *
 * Binaries: Debian's ffmpeg 5.1 is what runs here; the 2018 static build of
 * `@ffmpeg-installer/ffmpeg` understands the same arguments (`-vsync passthrough` rather than 5.1's
 * newer `-fps_mode passthrough` for that reason). Location, first found wins: FFMPEG_PATH /
 * FFPROBE_PATH when set (only those then); `/usr/bin` or PATH; the `@ffmpeg-installer/ffmpeg` and
 * `@ffprobe-installer/ffprobe` binaries. `findMediaTools` answers null when no executable pair is
 * found: media processing is then off and the originals play where the browser can.
 */
import { execFile } from 'node:child_process';
import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { recordingCapSeconds } from './limits.js';

const run = promisify(execFile);

/** The ffmpeg and ffprobe executables to use (absolute paths). */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** util-linux `prlimit`, which caps a run's CPU time; null or absent: no CPU cap. */
  prlimit?: string | null;
  /** Threads one encode may use (`-threads`); absent: ffmpeg's choice, about one per core. */
  encodeThreads?: number | undefined;
}

/** Why a recording could not be processed: the codes kept in a failed job's `last_error`. */
export type MediaFailureReason = 'unreadable' | 'too-long' | 'too-slow';

/**
 * A failure caused by the recording itself (not read as the type it claims, undecodable, longer
 * than the cap, over its time or CPU bound): the job fails for good at once. `reason` says which.
 */
export class MediaContentError extends Error {
  constructor(
    readonly reason: MediaFailureReason,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MediaContentError';
  }
}

/** The containers an answer video may claim, by extension. */
export type VideoContainer = 'webm' | 'mp4';

/**
 * The demuxer each container is read with: ffmpeg's `matroska,webm` for WebM (Firefox's and
 * Chrome's MediaRecorder; Matroska carrying H.264 included) and `mov,mp4,…` for MP4 (Safari's
 * fragmented MP4, Chrome's MP4). `-f`/`-format_whitelist` name one of its names.
 */
const demuxerName: Record<VideoContainer, string> = { webm: 'webm', mp4: 'mp4' };

/** The container `extension` claims; throws MediaContentError('unreadable') for any other. */
export function containerOf(extension: string): VideoContainer {
  const lower = extension.toLowerCase();
  if (lower === 'webm' || lower === 'mp4') return lower;
  throw new MediaContentError('unreadable', `not a video type the job reads: .${extension}`);
}

/** The boxed input arguments: `file` read from the local disk only, by the `container`'s demuxer only. */
function inputArgs(file: string, container: VideoContainer): string[] {
  const name = demuxerName[container];
  // prettier-ignore
  return [
    '-protocol_whitelist', 'file',
    '-f', name, '-format_whitelist', name,
    '-i', `file:${file}`,
  ];
}

/** What `probeVideo` learns of a file. */
export interface VideoProbe {
  /**
   * Seconds from the first to the last moment any packet covers (real, not the header's claim),
   * or the header's duration when no packet has a time; null when neither says.
   */
  duration: number | null;
  /** ffprobe's `format_name`, e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `matroska,webm`. */
  formatName: string;
  /** The first video stream's codec (`h264`, `vp8`, `vp9` …). */
  videoCodec: string;
  /** Its profile as ffprobe names it (`Constrained Baseline`, `Main`, `High` …), or null. */
  videoProfile: string | null;
  /** Its pixel format (`yuv420p` …), or null. */
  pixelFormat: string | null;
  /** Video frames per second over the recording (packets / time), or null when unknown. */
  frameRate: number | null;
  /** The first audio stream's codec (`aac`, `opus` …), null without audio. */
  audioCodec: string | null;
  /** Its channel count, null without audio or when unknown. */
  audioChannels: number | null;
  width: number | null;
  height: number | null;
  /** Display rotation in degrees (0, 90, 180, 270), from the display matrix or the `rotate` tag. */
  rotation: number;
}

function executable(file: string | undefined): string | null {
  if (!file) return null;
  try {
    accessSync(file, constants.X_OK);
    return path.resolve(file);
  } catch {
    return null;
  }
}

/** `name` in /usr/bin or on PATH, or null. */
function onPath(name: string, envPath: string | undefined): string | null {
  const dirs = ['/usr/bin', ...(envPath ?? '').split(path.delimiter).filter(Boolean)];
  for (const dir of dirs) {
    const found = executable(path.join(dir, name));
    if (found) return found;
  }
  return null;
}

/**
 * The binary a `@ffmpeg-installer/*`-style package ships, or null when it is not installed here.
 * `@ffprobe-installer`'s binary arrives without its execute bit, which only its install script
 * (declined by `allowScripts` in package.json) would set: it is set here, as that script does.
 */
export function fromPackage(name: string): string | null {
  try {
    const required = createRequire(import.meta.url)(name) as { path?: unknown };
    if (typeof required.path !== 'string') return null;
    if (!executable(required.path)) chmodSync(required.path, statSync(required.path).mode | 0o100);
    return executable(required.path);
  } catch {
    return null; // not installed, no build for this platform, or not ours to change
  }
}

/** The settings `findMediaTools` reads. */
export interface MediaToolsEnv {
  FFMPEG_PATH?: string | undefined;
  FFPROBE_PATH?: string | undefined;
  PATH?: string | undefined;
}

/** Lookups made in this process, by their settings (each app of a test file asks again). */
const found = new Map<string, MediaTools | null>();

/**
 * The ffmpeg/ffprobe pair to use (see the module note) with `prlimit` when installed, or null
 * when no pair is found; looked up once per process for the same settings. `env`: FFMPEG_PATH,
 * FFPROBE_PATH and PATH.
 */
export function findMediaTools(env: MediaToolsEnv = process.env): MediaTools | null {
  const key = JSON.stringify([env.FFMPEG_PATH, env.FFPROBE_PATH, env.PATH]);
  if (!found.has(key)) found.set(key, lookUp(env));
  return found.get(key) ?? null;
}

function lookUp(env: MediaToolsEnv): MediaTools | null {
  const pair = (ffmpeg: string | null, ffprobe: string | null): MediaTools | null =>
    ffmpeg && ffprobe ? { ffmpeg, ffprobe, prlimit: onPath('prlimit', env.PATH) } : null;
  if (env.FFMPEG_PATH || env.FFPROBE_PATH)
    return pair(
      env.FFMPEG_PATH ? executable(env.FFMPEG_PATH) : onPath('ffmpeg', env.PATH),
      env.FFPROBE_PATH ? executable(env.FFPROBE_PATH) : onPath('ffprobe', env.PATH),
    );
  return (
    pair(onPath('ffmpeg', env.PATH), onPath('ffprobe', env.PATH)) ??
    pair(fromPackage('@ffmpeg-installer/ffmpeg'), fromPackage('@ffprobe-installer/ffprobe'))
  );
}

/** How long a tool may run and what else may stop it. */
export interface ToolOptions {
  /** Wall time in milliseconds; past it the tool is killed and the run fails as 'too-slow'. */
  timeoutMs: number;
  /** CPU seconds the tool may use (through `prlimit`, when installed); past it: 'too-slow'. */
  cpuSeconds?: number | undefined;
  /** Kills the tool at once; the run then rejects with an AbortError. */
  signal?: AbortSignal | undefined;
}

/**
 * The niceness an encode runs at: below the API's, so an encode (which uses every core for tens
 * of seconds) takes what requests leave instead of slowing them. Probes, copies and posters (under
 * a CPU second per minute of video) keep the server's priority: at a lower one a busy machine
 * stretched a one-second copy to several seconds, and the reviewer waited for it.
 */
const encodeNiceness = 10;

/** ffprobe's JSON of a long recording (about 100 bytes a packet) fits many times over. */
const maxOutputBytes = 16 * 1024 * 1024;

/** The command line that runs `file` under a CPU-time limit when `prlimit` is there. */
function boxed(
  tools: MediaTools,
  file: string,
  args: readonly string[],
  cpuSeconds: number | undefined,
): [string, string[]] {
  if (!tools.prlimit || cpuSeconds === undefined) return [file, [...args]];
  // SIGXCPU at the soft limit (no core file), SIGKILL two CPU seconds later.
  const cpu = Math.max(1, Math.ceil(cpuSeconds));
  return [tools.prlimit, [`--cpu=${cpu}:${cpu + 2}`, '--core=0', '--', file, ...args]];
}

/**
 * Runs `file` (ffmpeg or ffprobe) boxed as the module note says; answers its stdout. Throws an
 * AbortError when `signal` aborted it, MediaContentError when the recording is to blame (a
 * non-zero exit: 'unreadable'; the time or CPU limit: 'too-slow'), a plain Error otherwise
 * (the binary did not start, the disk is full), each naming the tool with the end of its stderr.
 */
async function runTool(
  tools: MediaTools,
  file: string,
  args: readonly string[],
  { timeoutMs, cpuSeconds, signal }: ToolOptions,
  niceness = 0,
): Promise<string> {
  const tool = path.basename(file);
  if (timeoutMs <= 0) throw new MediaContentError('too-slow', `${tool} not started: out of time`);
  const [command, argv] = boxed(tools, file, args, cpuSeconds);
  try {
    const running = run(command, argv, {
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
      maxBuffer: maxOutputBytes,
      ...(signal ? { signal } : {}),
    });
    try {
      if (niceness > 0 && running.child.pid !== undefined)
        os.setPriority(running.child.pid, niceness);
    } catch {
      // Not allowed here (or already gone): it runs at the server's priority.
    }
    return (await running).stdout;
  } catch (error) {
    if (signal?.aborted) throw error;
    const e = error as Error & {
      stderr?: string;
      killed?: boolean;
      signal?: NodeJS.Signals | null;
      code?: number | string | null;
    };
    const tail = (e.stderr ?? '').trim().split('\n').slice(-3).join(' | ');
    if (e.killed && e.signal === 'SIGKILL')
      throw new MediaContentError(
        'too-slow',
        `${tool} ran past the job's time bound (${Math.round(timeoutMs / 1000)} s)`,
        { cause: error },
      );
    if (e.signal === 'SIGXCPU' || e.signal === 'SIGKILL')
      throw new MediaContentError(
        'too-slow',
        `${tool} ran past its CPU limit (${cpuSeconds ?? '?'} s)${tail ? `: ${tail}` : ''}`,
        { cause: error },
      );
    if (e.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
      throw new MediaContentError('unreadable', `${tool} wrote too much: too many packets`, {
        cause: error,
      });
    // A number: the tool ran and gave up on this input. A string: it never ran (ENOENT, EAGAIN).
    if (typeof e.code === 'number' && !/No space left on device/i.test(tail))
      throw new MediaContentError('unreadable', `${tool} failed: ${tail || e.message}`, {
        cause: error,
      });
    throw new Error(`${tool} failed: ${tail || e.message}`, { cause: error });
  }
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: {
    index?: number;
    codec_type?: string;
    codec_name?: string;
    profile?: string;
    pix_fmt?: string;
    channels?: number;
    width?: number;
    height?: number;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
  packets?: { stream_index?: number; pts_time?: string; duration_time?: string }[];
}

const seconds = (value: string | undefined): number | null => {
  const n = value === undefined ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** The span the packets cover (seconds) and the number of packets with a time per stream index. */
function packetSpan(packets: NonNullable<ProbeJson['packets']>) {
  let start = Infinity;
  let end = -Infinity;
  const counts = new Map<number, number>();
  for (const p of packets) {
    const pts = Number(p.pts_time);
    if (p.pts_time === undefined || !Number.isFinite(pts)) continue;
    const length = Number(p.duration_time);
    start = Math.min(start, pts);
    end = Math.max(end, pts + (Number.isFinite(length) && length > 0 ? length : 0));
    const index = p.stream_index ?? -1;
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }
  return { span: end > start ? end - start : null, counts };
}

/**
 * Probes `file`, read as the `extension` it was uploaded with (webm or mp4), with ffprobe: the
 * container and codecs, and the real duration from every packet's time (a MediaRecorder WebM has
 * no duration in its header; a hostile one may lie). `options`: time and CPU limits and abort
 * signal. Throws MediaContentError('unreadable') when ffprobe cannot read it as that type or finds
 * no video, and as `runTool` says otherwise.
 */
export async function probeVideo(
  tools: MediaTools,
  file: string,
  extension: string,
  options: Partial<ToolOptions> = {},
): Promise<VideoProbe> {
  const container = containerOf(extension);
  // prettier-ignore
  const stdout = await runTool(tools, tools.ffprobe, [
    '-v', 'error', '-print_format', 'json=c=1',
    '-show_format', '-show_streams',
    '-show_entries', 'packet=stream_index,pts_time,duration_time',
    ...inputArgs(file, container),
  ], { timeoutMs: 60_000, ...options });
  let json: ProbeJson;
  try {
    json = JSON.parse(stdout) as ProbeJson;
  } catch (error) {
    throw new MediaContentError('unreadable', 'ffprobe answered no JSON', { cause: error });
  }
  const formatName = json.format?.format_name ?? '';
  if (!formatName.split(',').includes(demuxerName[container]))
    throw new MediaContentError(
      'unreadable',
      `ffprobe read ${formatName || 'nothing'}, not ${container}`,
    );
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video?.codec_name)
    throw new MediaContentError('unreadable', `ffprobe found no video stream in this ${container}`);
  const { span, counts } = packetSpan(json.packets ?? []);
  const duration = span ?? seconds(json.format?.duration) ?? seconds(video.duration);
  const videoPackets = counts.get(video.index ?? -1) ?? 0;
  const matrix = video.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const rotation = ((Math.round(matrix ?? Number(video.tags?.rotate ?? 0)) % 360) + 360) % 360 || 0;
  return {
    duration,
    formatName,
    videoCodec: video.codec_name,
    videoProfile: video.profile ?? null,
    pixelFormat: video.pix_fmt ?? null,
    frameRate: duration && videoPackets > 1 ? videoPackets / duration : null,
    audioCodec: audio?.codec_name ?? null,
    audioChannels: audio?.channels ?? null,
    width: video.width ?? null,
    height: video.height ?? null,
    rotation,
  };
}

/** H.264 profiles every browser decodes (with 8-bit 4:2:0). */
const playableProfiles = new Set(['Constrained Baseline', 'Main', 'High']);

/**
 * Whether the recording's video can be copied as it is into the playback MP4: H.264, 8-bit 4:2:0,
 * a profile every browser plays (constrained baseline, main, high). Anything else is encoded.
 */
export function canCopyVideo(probe: VideoProbe): boolean {
  return (
    probe.videoCodec === 'h264' &&
    (probe.pixelFormat === 'yuv420p' || probe.pixelFormat === 'yuvj420p') &&
    probe.videoProfile !== null &&
    playableProfiles.has(probe.videoProfile)
  );
}

/**
 * Audio as the playback MP4 takes it: AAC copied, anything else (Opus) encoded to AAC 64 kbit/s,
 * mono or stereo as the source, with ffmpeg's fast coder: for speech it sounds the same as the
 * default one and costs about half (≈ 0.3 instead of 0.7 CPU seconds per minute), which is most
 * of what copying a Chromium recording costs.
 */
function audioArgs(probe: VideoProbe): string[] {
  if (probe.audioCodec === null) return [];
  if (probe.audioCodec === 'aac') return ['-c:a', 'copy'];
  // prettier-ignore
  return [
    '-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '64k',
    '-ac', probe.audioChannels === 1 ? '1' : '2',
  ];
}

/** The output arguments every playback MP4 shares: capped, index first, a new plain MP4. */
function mp4OutputArgs(output: string): string[] {
  // prettier-ignore
  return [
    '-t', String(recordingCapSeconds),
    '-movflags', '+faststart',
    '-f', 'mp4', `file:${output}`,
  ];
}

/** What every ffmpeg run starts with: no banner, no stdin, errors only, `output` overwritten. */
const ffmpegQuiet = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

/** How long making a playback MP4 may take unless the job's options say less: 15 minutes. */
const playbackTimeoutMs = 15 * 60_000;

/**
 * The ffmpeg arguments that make `output`, the playback MP4 of the recording `input` (read as
 * `extension`, boxed): its first video stream as `videoArgs` say, its first audio stream (if any)
 * as `audioArgs` takes it, then `mp4OutputArgs`. Throws `MediaContentError` ('unreadable') for an
 * extension the job does not read.
 */
function playbackArgs(
  input: string,
  extension: string,
  probe: VideoProbe,
  output: string,
  videoArgs: readonly string[],
): string[] {
  // prettier-ignore
  return [
    ...ffmpegQuiet,
    ...inputArgs(input, containerOf(extension)),
    '-map', '0:v:0', '-map', '0:a:0?',
    ...videoArgs,
    ...audioArgs(probe),
    ...mp4OutputArgs(output),
  ];
}

/**
 * Writes `output`, a new non-fragmented MP4 (index first: `+faststart`) of the recording `input`
 * (read as `extension`) with its H.264 video copied bit for bit (`-c:v copy`, rotation kept) and
 * its audio copied when AAC, else encoded to AAC. Only for a probe `canCopyVideo` accepts.
 * `options`: time and CPU limits, abort signal. Throws as `runTool` says.
 */
export async function copyToMp4(
  tools: MediaTools,
  input: string,
  extension: string,
  probe: VideoProbe,
  output: string,
  options: Partial<ToolOptions> = {},
): Promise<void> {
  await runTool(
    tools,
    tools.ffmpeg,
    playbackArgs(input, extension, probe, output, ['-c:v', 'copy']),
    { timeoutMs: playbackTimeoutMs, ...options },
  );
}

/**
 * Scales to at most 720 lines on the short side keeping the aspect ratio (even sizes, as 4:2:0
 * needs); ffmpeg has already applied the rotation, so a portrait phone video stays ≤ 720 wide.
 */
const scaleTo720 =
  "scale='if(gte(iw,ih),-2,trunc(min(720,iw)/2)*2)':'if(gte(iw,ih),trunc(min(720,ih)/2)*2,-2)'";

/** Frame rates above this are brought down to 30 frames per second (speech needs no more). */
const maxFrameRate = 31;

/**
 * Encodes the recording `input` (read as `extension`) to `output`, an H.264/AAC MP4 fit for
 * speech: libx264 veryfast CRF 28, yuv420p, at most 720p and 30 fps, each frame at its own time
 * (no frames duplicated to fill gaps), audio as `copyToMp4` takes it (AAC 64 kbit/s mono or
 * stereo as the source when encoded), `+faststart`,
 * at most `recordingCapSeconds` long, on at most `tools.encodeThreads` threads when set.
 * `options`: time and CPU limits, abort signal. Throws as `runTool` says.
 */
export async function encodeToMp4(
  tools: MediaTools,
  input: string,
  extension: string,
  probe: VideoProbe,
  output: string,
  options: Partial<ToolOptions> = {},
): Promise<void> {
  const filters = [scaleTo720, ...((probe.frameRate ?? 0) > maxFrameRate ? ['fps=30'] : [])];
  // prettier-ignore
  const video = [
    '-vf', filters.join(','),
    '-vsync', 'passthrough',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p',
    ...(tools.encodeThreads ? ['-threads', String(tools.encodeThreads)] : []),
  ];
  await runTool(
    tools,
    tools.ffmpeg,
    playbackArgs(input, extension, probe, output, video),
    { timeoutMs: playbackTimeoutMs, ...options },
    encodeNiceness,
  );
}

/**
 * Writes a JPEG still of `input` (an MP4 the job made) taken `atSeconds` in (at most 720p) to
 * `output`. `options`: time and CPU limits, abort signal. Throws as `runTool` says; a seek past
 * the last frame writes nothing.
 */
export async function makePoster(
  tools: MediaTools,
  input: string,
  output: string,
  atSeconds: number,
  options: Partial<ToolOptions> = {},
): Promise<void> {
  // prettier-ignore
  await runTool(tools, tools.ffmpeg, [
    ...ffmpegQuiet,
    '-ss', atSeconds.toFixed(3),
    ...inputArgs(input, 'mp4'),
    '-frames:v', '1',
    '-vf', scaleTo720,
    '-q:v', '4',
    '-f', 'image2', '-c:v', 'mjpeg', `file:${output}`,
  ], { timeoutMs: 60_000, ...options });
}
