/**
 * How far a media job may go with one recording: how long a video may be, how long (wall and CPU)
 * its processing may take, and how often a running job checks it is still wanted. Numbers only;
 * job.ts and tools.ts apply them.
 */
import { answerTimeLimitSeconds } from '@practica/contract';

/**
 * Seconds of recording above the practice app's answer time limit still accepted: the recorder
 * stops at the limit, but its last chunk, the audio encoder's delay and a timestamp that does not
 * start at 0 can add a few seconds. 10 s is far above what a real take shows (well under a second)
 * and still refuses a file that claims hours.
 */
export const recordingMarginSeconds = 10;

/**
 * The longest video a job processes, in seconds (the answer time limit plus the margin): a longer
 * one fails as too long, and no ffmpeg output is ever written beyond it (`-t`).
 */
export const recordingCapSeconds = answerTimeLimitSeconds + recordingMarginSeconds;

/** The least time any job is given, in milliseconds, however short its video. */
export const minJobBoundMs = 30_000;

/**
 * The time a job's probing, conversion and poster may take together, in milliseconds:
 * max(`minBoundMs`, 2 × min(duration, cap)), `durationSeconds` being the video's real (probed)
 * duration, or the cap when unknown. Past it the job fails for good as too slow.
 */
export function jobBoundMs(durationSeconds: number | null, minBoundMs = minJobBoundMs): number {
  const seconds = Math.min(durationSeconds ?? recordingCapSeconds, recordingCapSeconds);
  return Math.max(minBoundMs, Math.ceil(2 * seconds * 1000));
}

/**
 * The CPU time one ffmpeg run may use, in whole seconds, given the job's bound (`boundMs`): as
 * many CPU seconds as the bound has wall seconds, i.e. one core on average. A speech-fit
 * encode needs about 0.4 CPU seconds per second of video, a copy next to nothing, so only a file
 * built to be expensive to decode reaches it.
 */
export function cpuLimitSeconds(boundMs: number): number {
  return Math.max(1, Math.ceil(boundMs / 1000));
}

/** How often a running job checks its item still shows its video and its owner still exists, ms. */
export const jobWatchMs = 2_000;

/**
 * How long a job whose owner is soft-deleted waits before it is looked at again, in milliseconds:
 * it is not processed meanwhile (the user may be erased), nor lost (the user may be restored).
 */
export const ownerDeletedRetryMs = 60 * 60 * 1000;
