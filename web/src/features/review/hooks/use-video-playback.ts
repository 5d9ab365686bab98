/**
 * The review player's playback state (001 §2 'Review screen', decisions.md#review-loop §2, §7):
 * which question plays, playing or not, the playhead and the duration, for one `<video>` element
 * at a time (`videoRef`, its events in `videoEvents`). Seeking stays within the video; going to
 * another question starts it paused at 0; a (re)loaded source of the same question (its MP4
 * became ready, a signed URL was renewed) resumes at the same time and keeps playing; when a video
 * ends with autoplay on, the next question's starts once loaded. Times are in seconds.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
  type SyntheticEvent,
} from 'react';
import { usableDuration } from '../player-time';

export interface VideoPlaybackOptions {
  /** The question shown (0-based) and its setter: the caller owns it, as its source depends on it. */
  index: number;
  setIndex: Dispatch<SetStateAction<number>>;
  /** How many questions there are. */
  count: number;
  /** The URL playing (null: no video); a new one applies the speed again. */
  url: string | null;
  /** The recorded item's duration in seconds, used until the video knows its own. */
  itemDuration: number | undefined;
  /** The playback speed, a factor. */
  rate: number;
  /** Whether the next question's video starts when one ends. */
  autoplay: boolean;
}

type VideoEvent = SyntheticEvent<HTMLVideoElement>;

export interface VideoPlayback {
  videoRef: RefObject<HTMLVideoElement | null>;
  playing: boolean;
  /** The playhead, in seconds. */
  time: number;
  /** The video's duration in seconds (else the item's; 0 while unknown). */
  duration: number;
  /** Shows question `next` (0-based), paused at 0; out of range does nothing. */
  go: (next: number) => void;
  /** Plays or pauses the video (nothing without one). */
  toggle: () => void;
  /** Moves the playhead to `seconds`, within 0 and the video's duration. */
  seek: (seconds: number) => void;
  /** Moves the playhead by `seconds` (negative: back). */
  seekBy: (seconds: number) => void;
  play: () => void;
  pause: () => void;
  /** The playhead now, in seconds (read from the element, else the last known). */
  currentTime: () => number;
  /** The handlers of the `<video>` element. */
  videoEvents: {
    onClick: () => void;
    onPlay: () => void;
    onPause: () => void;
    onEnded: () => void;
    onTimeUpdate: (event: VideoEvent) => void;
    onLoadedMetadata: (event: VideoEvent) => void;
    onDurationChange: (event: VideoEvent) => void;
  };
}

/** The playback of the question `options.index` (see the module note). */
export function useVideoPlayback({
  index,
  setIndex,
  count,
  url,
  itemDuration,
  rate,
  autoplay,
}: VideoPlaybackOptions): VideoPlayback {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(0);
  /** Set when a video ended with autoplay on: the next one plays once loaded. */
  const playOnLoad = useRef(false);
  const duration = usableDuration(mediaDuration, itemDuration);

  const go = useCallback(
    (next: number) => {
      if (next < 0 || next >= count) return;
      setIndex(next);
      setTime(0);
      setMediaDuration(0);
      setPlaying(false);
    },
    [count, setIndex],
  );

  /** A (re)loaded source of the same question continues where the previous one was. */
  const resume = (video: HTMLVideoElement) => {
    video.playbackRate = rate;
    if (time > 0) video.currentTime = time;
    const start = playing || playOnLoad.current;
    playOnLoad.current = false;
    if (start && video.paused) void video.play().catch(() => setPlaying(false));
  };

  // The speed holds for every video (each new element starts at 1: `resume` sets it too).
  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = rate;
  }, [rate, url]);

  /** A video ended: the next question's plays when the reviewer chose autoplay. */
  const ended = () => {
    setPlaying(false);
    if (!autoplay || index >= count - 1) return;
    go(index + 1);
    playOnLoad.current = true;
  };

  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!video || !url) return;
    if (video.paused) void video.play().catch(() => setPlaying(false));
    else video.pause();
  }, [url]);

  const seek = useCallback((seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    const limit = usableDuration(video.duration, undefined) || Number.MAX_SAFE_INTEGER;
    video.currentTime = Math.min(Math.max(0, seconds), limit);
    setTime(video.currentTime);
  }, []);

  const seekBy = (seconds: number) => {
    const video = videoRef.current;
    if (video) seek(video.currentTime + seconds);
  };

  return {
    videoRef,
    playing,
    time,
    duration,
    go,
    toggle,
    seek,
    seekBy,
    play: () => void videoRef.current?.play().catch(() => setPlaying(false)),
    pause: () => videoRef.current?.pause(),
    currentTime: () => videoRef.current?.currentTime ?? time,
    videoEvents: {
      onClick: toggle,
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
      onEnded: ended,
      onTimeUpdate: (e) => setTime(e.currentTarget.currentTime),
      onLoadedMetadata: (e) => {
        setMediaDuration(e.currentTarget.duration);
        resume(e.currentTarget);
      },
      onDurationChange: (e) => setMediaDuration(e.currentTarget.duration),
    },
  };
}
