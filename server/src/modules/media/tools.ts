/**
 * ffmpeg and ffprobe (issue 20 §2): where they are, and the three things the media jobs ask of them
 * — probe a video, transcode it to an H.264/AAC MP4 that plays in every browser, grab a JPEG
 * poster. They run as child processes (`execFile`, no shell); their arguments are server-made
 * paths and constants, never user input.
 *
 * Location, first found wins: FFMPEG_PATH / FFPROBE_PATH when set (only those then); Debian's
 * `/usr/bin/ffmpeg` or one on PATH; the binaries shipped in `@ffmpeg-installer/ffmpeg` and
 * `@ffprobe-installer/ffprobe`. `findMediaTools` answers null when no executable pair is found:
 * media processing is then off and the originals play where the browser can. (A binary that is
 * there but does not run fails its jobs, with ffmpeg's error as their `last_error`.)
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The ffmpeg and ffprobe executables to use (absolute paths). */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/** What `probeVideo` learns of a file. */
export interface VideoProbe {
  /** Seconds, or null when the container does not say (a MediaRecorder WebM without a duration). */
  duration: number | null;
  /** ffprobe's `format_name`, e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `matroska,webm`. */
  formatName: string;
  /** The first video stream's codec (`h264`, `vp8`, `hevc` …), null without video. */
  videoCodec: string | null;
  /** The first audio stream's codec (`aac`, `opus` …), null without audio. */
  audioCodec: string | null;
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

/** The binary a `@ffmpeg-installer/*`-style package ships, or null when it is not installed here. */
function fromPackage(name: string): string | null {
  try {
    const required = createRequire(import.meta.url)(name) as { path?: unknown };
    return typeof required.path === 'string' ? executable(required.path) : null;
  } catch {
    return null; // not installed, or no build for this platform
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
 * The ffmpeg/ffprobe pair to use (see the module note), or null when none is found; looked up once
 * per process for the same settings. `env`: FFMPEG_PATH, FFPROBE_PATH and PATH.
 */
export function findMediaTools(env: MediaToolsEnv = process.env): MediaTools | null {
  const key = JSON.stringify([env.FFMPEG_PATH, env.FFPROBE_PATH, env.PATH]);
  if (!found.has(key)) found.set(key, lookUp(env));
  return found.get(key) ?? null;
}

const pair = (ffmpeg: string | null, ffprobe: string | null): MediaTools | null =>
  ffmpeg && ffprobe ? { ffmpeg, ffprobe } : null;

function lookUp(env: MediaToolsEnv): MediaTools | null {
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

/** How long a tool may run (milliseconds, then it is killed), and a signal that kills it sooner. */
export interface ToolOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/**
 * The niceness media tools run at: below the API's, so a transcode (which uses every core) takes
 * what requests leave instead of slowing them.
 */
const toolPriority = 10;

/**
 * Runs a tool at `toolPriority`; a failure's error names the tool and carries the end of its
 * stderr.
 */
async function runTool(
  file: string,
  args: readonly string[],
  { timeoutMs, signal }: ToolOptions,
): Promise<{ stdout: string }> {
  try {
    const running = run(file, args, {
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
      maxBuffer: 4 * 1024 * 1024,
      ...(signal ? { signal } : {}),
    });
    try {
      if (running.child.pid !== undefined) os.setPriority(running.child.pid, toolPriority);
    } catch {
      // Not allowed here (or already gone): it runs at the server's priority.
    }
    const { stdout } = await running;
    return { stdout };
  } catch (error) {
    const e = error as Error & { stderr?: string; killed?: boolean };
    const tail = (e.stderr ?? '').trim().split('\n').slice(-3).join(' | ');
    const why = e.killed ? `timed out after ${Math.round(timeoutMs / 1000)} s` : tail || e.message;
    throw new Error(`${path.basename(file)} failed: ${why}`, { cause: error });
  }
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
}

const seconds = (value: string | undefined): number | null => {
  const n = value === undefined ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * Probes `file` with ffprobe (`options`: timeout, default 60 s, and abort signal). Throws when
 * ffprobe cannot read it (not a media file, broken).
 */
export async function probeVideo(
  tools: MediaTools,
  file: string,
  options: Partial<ToolOptions> = {},
): Promise<VideoProbe> {
  const { stdout } = await runTool(
    tools.ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeoutMs: 60_000, ...options },
  );
  const json = JSON.parse(stdout) as ProbeJson;
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!json.format || !video) throw new Error('ffprobe found no video stream');
  const matrix = video.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const rotation = ((Math.round(matrix ?? Number(video.tags?.rotate ?? 0)) % 360) + 360) % 360 || 0;
  return {
    duration: seconds(json.format.duration) ?? seconds(video.duration),
    formatName: json.format.format_name ?? '',
    videoCodec: video.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    width: video.width ?? null,
    height: video.height ?? null,
    rotation,
  };
}

/**
 * Whether a video already plays in every browser as it is: an MP4 (`extension` mp4, an ISO BMFF
 * container) of H.264 video and AAC audio (or none).
 */
export function isPlayableMp4(probe: VideoProbe, extension: string): boolean {
  return (
    extension === 'mp4' &&
    probe.formatName.split(',').includes('mp4') &&
    probe.videoCodec === 'h264' &&
    (probe.audioCodec === null || probe.audioCodec === 'aac')
  );
}

/**
 * Scales to at most 720 lines on the short side keeping the aspect ratio (even sizes, as 4:2:0
 * needs); ffmpeg has already applied the rotation, so a portrait phone video stays ≤ 720 wide.
 */
const scaleTo720 =
  "scale='if(gte(iw,ih),-2,trunc(min(720,iw)/2)*2)':'if(gte(iw,ih),trunc(min(720,ih)/2)*2,-2)'";

/**
 * Transcodes `input` to `output`, an H.264/AAC MP4 fit for speech: libx264 veryfast CRF 28,
 * yuv420p, at most 720p, AAC 64 kbit/s, `+faststart` (the index first, so playback starts before
 * the whole file arrived). `options`: timeout (default 15 minutes) and abort signal. Throws with
 * ffmpeg's last lines when it fails.
 */
export async function transcodeToMp4(
  tools: MediaTools,
  input: string,
  output: string,
  options: Partial<ToolOptions> = {},
): Promise<void> {
  // prettier-ignore
  await runTool(tools.ffmpeg, [
    '-hide_banner', '-nostdin', '-v', 'error', '-y',
    '-i', input,
    '-map', '0:v:0', '-map', '0:a:0?',
    '-vf', scaleTo720,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '64k',
    '-movflags', '+faststart',
    '-f', 'mp4', output,
  ], { timeoutMs: 15 * 60_000, ...options });
}

/**
 * Writes a JPEG still of `input` taken `atSeconds` in (at most 720p) to `output` (`options`:
 * timeout, default 60 s, and abort signal). Throws when ffmpeg fails; a seek past the last frame
 * writes nothing.
 */
export async function makePoster(
  tools: MediaTools,
  input: string,
  output: string,
  atSeconds: number,
  options: Partial<ToolOptions> = {},
): Promise<void> {
  // prettier-ignore
  await runTool(tools.ffmpeg, [
    '-hide_banner', '-nostdin', '-v', 'error', '-y',
    '-ss', atSeconds.toFixed(3),
    '-i', input,
    '-frames:v', '1',
    '-vf', scaleTo720,
    '-q:v', '4',
    '-f', 'image2', '-c:v', 'mjpeg', output,
  ], { timeoutMs: 60_000, ...options });
}
