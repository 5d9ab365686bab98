import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../src/test/render';
import { answerTimeLimitMs } from './recorder-machine';
import { RecorderPanel } from './recorder-panel';
import type { QuestionUpload } from './upload-queue';

class FakeRecorder {
  static isTypeSupported = () => true;
  state = 'inactive';
  mimeType = 'video/webm;codecs=vp9,opus';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const stream = { getTracks: () => [] } as unknown as MediaStream;
const none: QuestionUpload = {
  questionId: 11,
  status: 'none',
  bytesSent: 0,
  bytesTotal: 0,
  error: null,
  refused: false,
  fileId: null,
  url: null,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  URL.createObjectURL = () => 'blob:take';
  URL.revokeObjectURL = () => undefined;
  window.HTMLMediaElement.prototype.play = () => Promise.resolve();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RecorderPanel', () => {
  it('shows the running time, then stops by itself at the limit with a notice', async () => {
    const onTake = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <RecorderPanel
        stream={stream}
        takeBlob={null}
        takeDurationSeconds={null}
        upload={none}
        onTake={onTake}
        onRequestCamera={() => undefined}
      />,
    );
    act(() => screen.getByRole('button', { name: 'Record' }).click());
    expect(screen.getByRole('button', { name: 'Stop' })).toHaveFocus();
    expect(screen.getByText('Recording started.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(42_000));
    expect(screen.getByText('0:42 / 3:00')).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(answerTimeLimitMs);
      await Promise.resolve();
    });
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Recording stopped by itself: an answer can be up to 3 minutes long.',
    );
    expect(
      screen.getByText('Recording stopped: the time limit of 3 minutes was reached.'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(onTake).toHaveBeenCalledOnce());
    expect(onTake).toHaveBeenCalledWith(expect.any(Blob), 'video/webm;codecs=vp9,opus', 180);
  });
});
