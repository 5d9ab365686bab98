import { act, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCamera } from './use-camera';

interface FakeTrack {
  kind: string;
  readyState: string;
  onended: (() => void) | null;
  stop: ReturnType<typeof vi.fn>;
}

function fakeStream() {
  const tracks: FakeTrack[] = ['video', 'audio'].map((kind) => ({
    kind,
    readyState: 'live',
    onended: null,
    stop: vi.fn(),
  }));
  return { tracks, stream: { getTracks: () => tracks } as unknown as MediaStream };
}

let streams: ReturnType<typeof fakeStream>[] = [];

beforeEach(() => {
  streams = [];
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('MediaRecorder', class {});
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: () => {
        const made = fakeStream();
        streams.push(made);
        return Promise.resolve(made.stream);
      },
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// The window outlives this file (the web project shares it between files): jsdom has no cameras.
afterAll(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('useCamera', () => {
  it('drops a stream whose track the browser ended, with a problem Try again can fix', async () => {
    const { result } = renderHook(() => useCamera());
    await act(() => result.current.request());
    expect(result.current.status).toBe('ready');
    const first = streams[0]!;

    // iOS hands the camera to another app: the browser ends the video track.
    act(() => first.tracks[0]!.onended?.());
    expect(result.current).toMatchObject({ status: 'failed', stream: null });
    expect(result.current.problem).toMatchObject({
      title: 'Camera or microphone stopped',
      canRetry: true,
    });
    // The microphone is let go too (no half-working stream is kept).
    expect(first.tracks[1]!.stop).toHaveBeenCalled();

    await act(() => result.current.request());
    expect(result.current).toMatchObject({ status: 'ready', stream: streams[1]!.stream });
  });

  it('ignores the end of a stream it already replaced', async () => {
    const { result } = renderHook(() => useCamera());
    await act(() => result.current.request());
    await act(() => result.current.request());
    act(() => streams[0]!.tracks[0]!.onended?.());
    expect(result.current).toMatchObject({ status: 'ready', stream: streams[1]!.stream });
  });
});
