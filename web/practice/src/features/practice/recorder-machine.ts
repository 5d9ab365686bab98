/**
 * The recorder of one question as a pure state machine: a reducer over
 * states idle → previewing → recording → recorded → uploading → uploaded | failed, with guarded
 * events. Times are milliseconds given by the events (`at`), so the reducer stays pure; the
 * recording stops by itself at `answerTimeLimitMs` with `autoStopped` set for the notice.
 * An event the current state does not accept returns the same state object (no change).
 */

import { answerTimeLimitSeconds } from '@practica/contract';

/**
 * Answer time per take, in seconds: the contract's 3 minutes, which the server's media job also
 * holds recordings to (at the recorder's bit rate a take stays far below 100 MB).
 */
export { answerTimeLimitSeconds };
/** `answerTimeLimitSeconds` in milliseconds. */
export const answerTimeLimitMs = answerTimeLimitSeconds * 1000;

/** The states of the recorder. */
export type RecorderStatus =
  'idle' | 'previewing' | 'recording' | 'recorded' | 'uploading' | 'uploaded' | 'failed';

/** The recorder's state: status, measured time and the last failure's message. */
export interface RecorderState {
  status: RecorderStatus;
  /** When the recording started (event time, ms); null outside a recording. */
  startedAt: number | null;
  /** Recorded time in ms (running while recording, final once recorded). */
  elapsedMs: number;
  /** The take was stopped by the time limit, not by the trainee. */
  autoStopped: boolean;
  /** Upload progress of the take, in bytes. */
  bytesSent: number;
  bytesTotal: number;
  /** A take of this question is kept (recorded, uploading, uploaded, or failed to upload). */
  hasTake: boolean;
  /** Why the recorder or the upload failed (shown as given). */
  error: string | null;
}

/** The events the recorder accepts. */
export type RecorderEvent =
  /** The camera preview is on (idle, or failed before a take: a failed upload keeps its take). */
  | { type: 'preview' }
  /** 'Record' pressed at time `at`. */
  | { type: 'record'; at: number }
  /** Clock tick while recording; at the limit the take stops by itself. */
  | { type: 'tick'; at: number }
  /** 'Stop' pressed at time `at`. */
  | { type: 'stop'; at: number }
  /** 'Retake': back to the preview, the kept take is replaced by the next one. */
  | { type: 'retake' }
  /** The kept take's upload began, or progressed. */
  | { type: 'upload-progress'; bytesSent: number; bytesTotal: number }
  /** The server confirmed the take. */
  | { type: 'upload-done' }
  /** The recorder or the upload failed with `message` (an upload failure keeps the take). */
  | { type: 'fail'; message: string }
  /** A take of this question is already kept or on the server (after a reload or going back). */
  | {
      type: 'restore';
      status: 'recorded' | 'uploading' | 'uploaded' | 'failed';
      elapsedMs: number;
      error?: string | null;
    };

/** The state before anything happened. */
export const initialRecorderState: RecorderState = {
  status: 'idle',
  startedAt: null,
  elapsedMs: 0,
  autoStopped: false,
  bytesSent: 0,
  bytesTotal: 0,
  hasTake: false,
  error: null,
};

/** Which states accept each event type (the guards' first half; the rest is in the reducer). */
const accepts: Record<RecorderEvent['type'], readonly RecorderStatus[]> = {
  preview: ['idle', 'failed'],
  record: ['previewing'],
  tick: ['recording'],
  stop: ['recording'],
  retake: ['recorded', 'uploading', 'uploaded', 'failed'],
  'upload-progress': ['recorded', 'uploading', 'failed'],
  'upload-done': ['recorded', 'uploading'],
  fail: ['idle', 'previewing', 'recording', 'recorded', 'uploading'],
  restore: ['idle', 'previewing', 'recorded', 'uploading', 'uploaded', 'failed'],
};

/** Events that also need a kept take (true) or no kept take (false). */
const needsTake: Partial<Record<RecorderEvent['type'], boolean>> = {
  preview: false,
  'upload-progress': true,
  'upload-done': true,
};

/** True when `state` accepts an event of type `type` (e.g. to enable a button). */
export function canSend(state: RecorderState, type: RecorderEvent['type']): boolean {
  const take = needsTake[type];
  return accepts[type].includes(state.status) && (take === undefined || take === state.hasTake);
}

function stopAt(state: RecorderState, at: number): RecorderState {
  const elapsed = Math.max(0, at - (state.startedAt ?? at));
  const autoStopped = elapsed >= answerTimeLimitMs;
  return {
    ...state,
    status: 'recorded',
    startedAt: null,
    hasTake: true,
    elapsedMs: Math.min(elapsed, answerTimeLimitMs),
    autoStopped,
  };
}

/** The next state after `event`; the same object when `state` does not accept it. */
export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  if (!canSend(state, event.type)) return state;
  switch (event.type) {
    case 'preview':
      return { ...initialRecorderState, status: 'previewing' };
    case 'record':
      return { ...initialRecorderState, status: 'recording', startedAt: event.at };
    case 'tick': {
      const elapsed = Math.max(0, event.at - (state.startedAt ?? event.at));
      if (elapsed >= answerTimeLimitMs) return stopAt(state, event.at);
      return elapsed === state.elapsedMs ? state : { ...state, elapsedMs: elapsed };
    }
    case 'stop':
      return stopAt(state, event.at);
    case 'retake':
      return { ...initialRecorderState, status: 'previewing' };
    case 'upload-progress':
      return {
        ...state,
        status: 'uploading',
        bytesSent: event.bytesSent,
        bytesTotal: event.bytesTotal,
        error: null,
      };
    case 'upload-done':
      return { ...state, status: 'uploaded', bytesSent: state.bytesTotal, error: null };
    case 'fail':
      return {
        ...state,
        status: 'failed',
        startedAt: null,
        hasTake: state.status !== 'recording' && state.hasTake,
        error: event.message,
      };
    case 'restore':
      return {
        ...initialRecorderState,
        status: event.status,
        elapsedMs: event.elapsedMs,
        hasTake: true,
        error: event.error ?? null,
      };
  }
}
