/**
 * The camera and microphone stream of the practice screen: asks once (`request()`, again on 'Try
 * again'), keeps the stream for the device check and the recordings, and stops its tracks when the
 * screen goes. A failure becomes a `DeviceProblem` to explain. A track the browser ends by itself
 * (iOS hands the camera to another app or a call, a camera unplugged) drops the stream with a
 * problem that 'Try again' can fix, instead of a frozen preview that records nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { deviceProblemOf, environmentProblem, type DeviceProblem } from './device-problem';
import { mediaConstraints } from './media-recording';
import { practiceText } from './practice-text';

/** Where the devices stand. */
export interface CameraState {
  status: 'idle' | 'asking' | 'ready' | 'failed';
  stream: MediaStream | null;
  problem: DeviceProblem | null;
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The problem of a camera or microphone track the browser ended. */
export const cameraStoppedProblem: DeviceProblem = {
  kind: 'other',
  title: practiceText.cameraStoppedTitle,
  text: practiceText.cameraStopped,
  canRetry: true,
};

/** The state and `request()` (asks for camera and microphone; resolves when answered). */
export function useCamera(): CameraState & { request: () => Promise<void> } {
  const [state, setState] = useState<CameraState>({ status: 'idle', stream: null, problem: null });
  const streamRef = useRef<MediaStream | null>(null);

  const request = useCallback(async () => {
    const problem = environmentProblem({
      secure: window.isSecureContext,
      hasMediaDevices: Boolean(navigator.mediaDevices?.getUserMedia),
      hasMediaRecorder: typeof MediaRecorder !== 'undefined',
    });
    if (problem) {
      setState({ status: 'failed', stream: null, problem });
      return;
    }
    setState((s) => ({ ...s, status: 'asking', problem: null }));
    stopTracks(streamRef.current);
    streamRef.current = null;
    try {
      const stream = await navigator.mediaDevices.getUserMedia(mediaConstraints);
      streamRef.current = stream;
      // 'ended' fires only when the browser ends a track, never for our own track.stop().
      const onEnded = () => {
        if (streamRef.current !== stream) return;
        stopTracks(stream);
        streamRef.current = null;
        setState({ status: 'failed', stream: null, problem: cameraStoppedProblem });
      };
      for (const track of stream.getTracks()) track.onended = onEnded;
      setState({ status: 'ready', stream, problem: null });
    } catch (error) {
      setState({
        status: 'failed',
        stream: null,
        problem: deviceProblemOf(error, navigator.userAgent),
      });
    }
  }, []);

  useEffect(
    () => () => {
      stopTracks(streamRef.current);
      streamRef.current = null;
    },
    [],
  );

  return { ...state, request };
}
