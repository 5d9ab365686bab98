/**
 * The review player's playback state (decisions.md#review-loop §2, §3, §7): a seek — the slider's,
 * an arrow key's or a time-coded comment's — lands within the video; going to another question
 * starts it paused at 0 and never past the ends; a video that ends goes on to the next question
 * only with autoplay on, and that one starts once loaded. jsdom has no media: a real `<video>`
 * element with its duration and play/pause stubbed.
 */
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPlayback } from '../../../test/fake-playback';
import { useVideoPlayback } from './use-video-playback';

let mediaDuration = Number.NaN;
beforeEach(() => {
  mediaDuration = Number.NaN;
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockImplementation(() => mediaDuration);
  stubPlayback();
});
afterEach(() => vi.restoreAllMocks());

/** The hook over `count` questions, its index state like the player's, with a video element. */
function renderPlayback({ count = 3, autoplay = false, itemDuration = 60 } = {}) {
  const video = document.createElement('video');
  const hook = renderHook(() => {
    const [index, setIndex] = useState(0);
    const playback = useVideoPlayback({
      index,
      setIndex,
      count,
      url: `/files/q${index + 1}.mp4`,
      itemDuration,
      rate: 1,
      autoplay,
    });
    playback.videoRef.current = video;
    return { index, ...playback };
  });
  // The element's play and pause events, as React hands them to the player.
  video.addEventListener('play', () => hook.result.current.videoEvents.onPlay());
  video.addEventListener('pause', () => hook.result.current.videoEvents.onPause());
  return { video, result: hook.result };
}

/** The element's loadedmetadata, as React hands it to the player. */
const loaded = (video: HTMLVideoElement) =>
  ({ currentTarget: video }) as unknown as Parameters<
    ReturnType<typeof useVideoPlayback>['videoEvents']['onLoadedMetadata']
  >[0];

describe('useVideoPlayback', () => {
  it("seeks to a comment's time, never before 0 nor past the video's end", () => {
    mediaDuration = 60;
    const { video, result } = renderPlayback();
    act(() => result.current.seek(42));
    expect(video.currentTime).toBe(42);
    expect(result.current.time).toBe(42);
    act(() => result.current.seek(90));
    expect(video.currentTime).toBe(60);
    act(() => result.current.seek(-3));
    expect(video.currentTime).toBe(0);
    act(() => result.current.seekBy(5));
    expect(result.current.currentTime()).toBe(5);
  });

  it('seeks anywhere forward while the video does not know its duration yet', () => {
    const { video, result } = renderPlayback();
    act(() => result.current.seek(75));
    expect(video.currentTime).toBe(75);
  });

  it('goes to another question paused at 0, and not past the first or the last', () => {
    mediaDuration = 60;
    const { result } = renderPlayback({ count: 2 });
    act(() => result.current.seek(30));
    act(() => result.current.go(1));
    expect(result.current).toMatchObject({ index: 1, time: 0, playing: false });
    act(() => result.current.go(2));
    expect(result.current.index).toBe(1);
    act(() => result.current.go(-1));
    expect(result.current.index).toBe(1);
  });

  it('uses the recorded duration until the video knows its own', () => {
    const { video, result } = renderPlayback({ itemDuration: 75 });
    expect(result.current.duration).toBe(75);
    mediaDuration = 74.5;
    act(() => result.current.videoEvents.onLoadedMetadata(loaded(video)));
    expect(result.current.duration).toBe(74.5);
  });

  it('stays on the question when a video ends without autoplay', () => {
    const { result } = renderPlayback();
    act(() => result.current.videoEvents.onEnded());
    expect(result.current.index).toBe(0);
  });

  it('with autoplay, goes on to the next question when a video ends and plays it once loaded', () => {
    const { video, result } = renderPlayback({ autoplay: true });
    act(() => result.current.videoEvents.onEnded());
    expect(result.current.index).toBe(1);
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    act(() => result.current.videoEvents.onLoadedMetadata(loaded(video)));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(result.current.playing).toBe(true);
  });

  it('with autoplay, stays on the last question when its video ends', () => {
    const { result } = renderPlayback({ count: 1, autoplay: true });
    act(() => result.current.videoEvents.onEnded());
    expect(result.current.index).toBe(0);
  });

  it('a reloaded source of the same question resumes at the same time, still playing', () => {
    mediaDuration = 60;
    const { video, result } = renderPlayback();
    act(() => result.current.toggle());
    expect(result.current.playing).toBe(true);
    act(() => result.current.seek(20));
    // The MP4 became ready: a new element loads and reports its metadata.
    const next = document.createElement('video');
    act(() => {
      result.current.videoRef.current = next;
      result.current.videoEvents.onLoadedMetadata(loaded(next));
    });
    expect(next.currentTime).toBe(20);
    expect(next.paused).toBe(false);
    expect(video.paused).toBe(false);
  });
});
