import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { AnswerStatus, AssignmentStatus, type MeAssignmentDetail } from '@practica/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UploadOptions } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@shared/test/render';
import { PracticeSession } from './practice-session';
import { takesStore } from './takes-store';

const uploads = vi.hoisted(() => [] as { options: UploadOptions; file: Blob; started: boolean }[]);
vi.mock('tus-js-client', () => ({
  Upload: class {
    url: string | null = null;
    started = false;
    constructor(
      readonly file: Blob,
      readonly options: UploadOptions,
    ) {
      uploads.push(this);
    }
    start() {
      this.started = true;
    }
    abort() {
      return Promise.resolve();
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    resumeFromPreviousUpload() {}
  },
}));

const question = (id: number, number: number, text: string) => ({
  id,
  number,
  text,
  description: '',
  roleId: 1,
  roleName: 'Hiring manager',
  avatar: null,
  audio: null,
  audios: [],
});

const detail = {
  id: 7,
  name: 'Behavioural interview',
  description: '',
  statusId: AssignmentStatus.Active,
  startDate: null,
  closeDate: null,
  interview: { id: 1, name: 'Interview', description: '' },
  roles: [],
  environment: null,
  questions: [question(11, 1, 'Tell me about yourself.'), question(12, 2, 'Why this job?')],
  answer: {
    id: 5,
    statusId: AnswerStatus.Pending,
    practiceCounter: 0,
    submittedAt: null,
    reviewedAt: null,
    score: null,
    assignmentId: 7,
    updatedAt: '2026-01-01T00:00:00.000Z',
    items: [],
  },
  canAnswer: true,
  review: null,
} satisfies MeAssignmentDetail;

class FakeRecorder {
  static isTypeSupported = (type: string) => type === 'video/webm;codecs=vp8,opus';
  state = 'inactive';
  mimeType = 'video/webm;codecs=vp8,opus';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['video-bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const track = (kind: string) => ({ kind, readyState: 'live', stop: vi.fn() });
const stream = {
  getVideoTracks: () => [track('video')],
  getAudioTracks: () => [track('audio')],
  getTracks: () => [track('video'), track('audio')],
};

let calls: { method: string; url: string }[] = [];

beforeEach(() => {
  calls = [];
  uploads.length = 0;
  // jsdom's Blob cannot be kept in IndexedDB; Node's can (as browsers' can).
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.resolve(stream) },
  });
  URL.createObjectURL = () => 'blob:take';
  URL.revokeObjectURL = () => undefined;
  window.HTMLMediaElement.prototype.play = () => Promise.resolve();
  window.HTMLMediaElement.prototype.pause = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', url });
      const body = { success: true, message: '', data: detail.answer, error: null };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await takesStore.close();
  indexedDB.deleteDatabase('practica-practice');
});

function finishUpload(index: number, fileId: number) {
  const upload = uploads[index]!;
  act(() => {
    upload.options.onProgress?.(upload.file.size, upload.file.size);
    upload.options.onSuccess?.({
      lastResponse: {
        getStatus: () => 200,
        getHeader: () => undefined,
        getBody: () => JSON.stringify({ success: true, data: { fileId, url: `/f/${fileId}` } }),
        getUnderlyingObject: () => null,
      },
    });
  });
}

async function recordTake(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Record' }));
  expect(await screen.findByText('Recording started.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Stop' }));
  await screen.findByRole('button', { name: 'Retake' });
}

describe('PracticeSession', () => {
  it('records, uploads, resumes after a reload and submits only when every video is on the server', async () => {
    const user = userEvent.setup();
    const onSubmitted = vi.fn();
    const view = renderWithProviders(
      <PracticeSession detail={detail} userId={3} onSubmitted={onSubmitted} />,
    );

    await user.click(await screen.findByRole('button', { name: 'Start practice' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', url: '/api/me/assignments/7/practice' }),
    );
    const heading = await screen.findByRole('heading', { name: 'Question 1 of 2' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Tell me about yourself.')).toBeInTheDocument();

    await recordTake(user);
    expect(await screen.findByText('Your answer is uploading.')).toBeInTheDocument();
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.options.metadata).toMatchObject({
      assignmentId: '7',
      questionId: '11',
      filetype: 'video/webm;codecs=vp8,opus',
    });
    expect(Number(uploads[0]!.options.metadata!.duration)).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next question' }));
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toHaveFocus();
    await recordTake(user);
    await waitFor(async () => expect(await takesStore.list(3, 7)).toHaveLength(2));

    // A reload: the same question, with its take kept; no second practice counted.
    view.unmount();
    renderWithProviders(<PracticeSession detail={detail} userId={3} onSubmitted={onSubmitted} />);
    await user.click(await screen.findByRole('button', { name: 'Continue practice' }));
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Retake' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/practice'))).toHaveLength(1);

    await waitFor(() => expect(uploads.filter((u) => u.started).length).toBeGreaterThan(1));
    const q1 = uploads.findLast((u) => u.options.metadata!.questionId === '11')!;
    finishUpload(uploads.indexOf(q1), 101);
    await waitFor(() => expect(uploads.at(-1)!.options.metadata!.questionId).toBe('12'));
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeDisabled();
    finishUpload(uploads.length - 1, 102);
    expect(await screen.findByText('Every answer is on the server.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Submit answers' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledOnce());
    expect(calls).toContainEqual({ method: 'POST', url: '/api/me/assignments/7/submit' });
    expect(await takesStore.list(3, 7)).toEqual([]);
  });

  it('submits nothing while a retake is recorded: the server still holds the take it replaces', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PracticeSession detail={detail} userId={3} onSubmitted={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Start practice' }));
    await screen.findByRole('heading', { name: 'Question 1 of 2' });
    await recordTake(user);
    await waitFor(() => expect(uploads).toHaveLength(1));
    finishUpload(0, 101);
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    await screen.findByRole('heading', { name: 'Question 2 of 2' });
    await recordTake(user);
    await waitFor(() => expect(uploads).toHaveLength(2));
    finishUpload(1, 102);
    expect(await screen.findByText('Every answer is on the server.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit answers' });
    expect(submit).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Retake' }));
    await user.click(await screen.findByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Recording started.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeDisabled();
    expect(screen.queryByText('Every answer is on the server.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeDisabled();
    finishUpload(2, 103);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit answers' })).toBeEnabled(),
    );
  });
});
