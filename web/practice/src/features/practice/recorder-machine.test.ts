import { describe, expect, it } from 'vitest';
import {
  answerTimeLimitMs,
  answerTimeLimitSeconds,
  canSend,
  initialRecorderState,
  recorderReducer,
  type RecorderEvent,
  type RecorderState,
} from './recorder-machine';

const run = (events: RecorderEvent[], from: RecorderState = initialRecorderState) =>
  events.reduce(recorderReducer, from);

const previewing = run([{ type: 'preview' }]);
const recording = run([{ type: 'record', at: 1_000 }], previewing);
const recorded = run([{ type: 'stop', at: 43_500 }], recording);
const uploading = run([{ type: 'upload-progress', bytesSent: 10, bytesTotal: 100 }], recorded);
const uploaded = run([{ type: 'upload-done' }], uploading);
const uploadFailed = run([{ type: 'fail', message: 'The file is too large.' }], uploading);
const deviceFailed = run([{ type: 'fail', message: 'Camera blocked' }]);

const states = { idle: initialRecorderState, previewing, recording, recorded, uploading, uploaded };

const sample: Record<RecorderEvent['type'], RecorderEvent> = {
  preview: { type: 'preview' },
  record: { type: 'record', at: 0 },
  tick: { type: 'tick', at: 5_000 },
  stop: { type: 'stop', at: 5_000 },
  retake: { type: 'retake' },
  'upload-progress': { type: 'upload-progress', bytesSent: 1, bytesTotal: 2 },
  'upload-done': { type: 'upload-done' },
  fail: { type: 'fail', message: 'x' },
  restore: { type: 'restore', status: 'recorded', elapsedMs: 1_000 },
};

describe('recorder machine', () => {
  it('limits a take to 3 minutes', () => {
    expect(answerTimeLimitSeconds).toBe(180);
    expect(answerTimeLimitMs).toBe(180_000);
  });

  it('goes idle → previewing → recording → recorded → uploading → uploaded', () => {
    expect(previewing.status).toBe('previewing');
    expect(recording).toMatchObject({ status: 'recording', startedAt: 1_000, elapsedMs: 0 });
    expect(recorded).toMatchObject({
      status: 'recorded',
      elapsedMs: 42_500,
      autoStopped: false,
      hasTake: true,
      startedAt: null,
    });
    expect(uploading).toMatchObject({ status: 'uploading', bytesSent: 10, bytesTotal: 100 });
    expect(uploaded).toMatchObject({ status: 'uploaded', bytesSent: 100, elapsedMs: 42_500 });
  });

  it('measures the running time on each tick', () => {
    const s = run([{ type: 'tick', at: 3_400 }], recording);
    expect(s).toMatchObject({ status: 'recording', elapsedMs: 2_400 });
    expect(recorderReducer(s, { type: 'tick', at: 3_400 })).toBe(s);
  });

  it('stops by itself at the limit with the notice flag', () => {
    const s = run([{ type: 'tick', at: 1_000 + answerTimeLimitMs + 250 }], recording);
    expect(s).toMatchObject({
      status: 'recorded',
      elapsedMs: answerTimeLimitMs,
      autoStopped: true,
      hasTake: true,
    });
    const late = run([{ type: 'stop', at: 1_000 + answerTimeLimitMs }], recording);
    expect(late).toMatchObject({ elapsedMs: answerTimeLimitMs, autoStopped: true });
  });

  it('a retake from any kept take goes back to the preview and clears the take', () => {
    for (const from of [recorded, uploading, uploaded, uploadFailed]) {
      expect(recorderReducer(from, { type: 'retake' })).toEqual({
        ...initialRecorderState,
        status: 'previewing',
      });
    }
  });

  it('an upload failure keeps the take and its message; progress retries it', () => {
    expect(uploadFailed).toMatchObject({
      status: 'failed',
      hasTake: true,
      error: 'The file is too large.',
      elapsedMs: 42_500,
    });
    expect(canSend(uploadFailed, 'preview')).toBe(false);
    const again = run([{ type: 'upload-progress', bytesSent: 50, bytesTotal: 100 }], uploadFailed);
    expect(again).toMatchObject({ status: 'uploading', error: null, bytesSent: 50 });
  });

  it('a device failure has no take: the preview starts again', () => {
    expect(deviceFailed).toMatchObject({
      status: 'failed',
      hasTake: false,
      error: 'Camera blocked',
    });
    expect(canSend(deviceFailed, 'upload-progress')).toBe(false);
    expect(run([{ type: 'preview' }], deviceFailed)).toMatchObject({
      status: 'previewing',
      error: null,
    });
  });

  it('a recorder failure while recording loses the take', () => {
    const s = run([{ type: 'fail', message: 'Recorder stopped' }], recording);
    expect(s).toMatchObject({ status: 'failed', hasTake: false, startedAt: null });
  });

  it('restores a kept take after a reload', () => {
    const s = run([{ type: 'restore', status: 'failed', elapsedMs: 9_000, error: 'Refused' }]);
    expect(s).toMatchObject({
      status: 'failed',
      hasTake: true,
      elapsedMs: 9_000,
      error: 'Refused',
    });
    expect(run([{ type: 'restore', status: 'uploaded', elapsedMs: 1 }], previewing).status).toBe(
      'uploaded',
    );
  });

  const legal: Record<keyof typeof states, RecorderEvent['type'][]> = {
    idle: ['preview', 'fail', 'restore'],
    previewing: ['record', 'fail', 'restore'],
    recording: ['tick', 'stop', 'fail'],
    recorded: ['retake', 'upload-progress', 'upload-done', 'fail', 'restore'],
    uploading: ['retake', 'upload-progress', 'upload-done', 'fail', 'restore'],
    uploaded: ['retake', 'restore'],
  };

  for (const [name, state] of Object.entries(states) as [keyof typeof states, RecorderState][]) {
    it(`${name}: refuses every other event and leaves the state as it is`, () => {
      for (const type of Object.keys(sample) as RecorderEvent['type'][]) {
        const allowed = legal[name].includes(type);
        expect(canSend(state, type), `${name} + ${type}`).toBe(allowed);
        if (!allowed) expect(recorderReducer(state, sample[type]), `${name} + ${type}`).toBe(state);
        else expect(recorderReducer(state, sample[type]), `${name} + ${type}`).not.toBe(state);
      }
    });
  }

  it('failed (upload): accepts retake, progress, restore only', () => {
    const allowed = ['retake', 'upload-progress', 'restore'];
    for (const type of Object.keys(sample) as RecorderEvent['type'][]) {
      expect(canSend(uploadFailed, type), type).toBe(allowed.includes(type));
    }
  });
});
