import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@shared/test/render';
import {
  chromiumSupports,
  fakeRecorderClass,
  lastRecorder,
  mp4Head,
  type FakeBrowser,
} from './fake-media-recorder';
import { practiceText } from './practice-text';
import { answerTimeLimitMs } from './recorder-machine';
import { RecorderPanel, type RecorderPanelProps } from './recorder-panel';
import { questionUpload } from './upload-fixtures';
import type { QuestionUpload } from './upload-queue';

/** Chromium 156: H.264 + Opus in a fragmented MP4, its codecs reported once recording. */
const chromium: FakeBrowser = {
  isTypeSupported: chromiumSupports,
  typeAfterStart: () => 'video/mp4;codecs=avc1,opus',
};

const stream = { getTracks: () => [] } as unknown as MediaStream;
/** Question 11 before any take. */
const none = questionUpload(11);
const day = 24 * 60 * 60 * 1000;

function useBrowser(browser: FakeBrowser) {
  vi.stubGlobal('MediaRecorder', fakeRecorderClass(browser));
}

function renderPanel(props: Partial<RecorderPanelProps> = {}) {
  const onTake = vi.fn((_blob: Blob, _type: string, _seconds: number) => Promise.resolve());
  renderWithProviders(
    <RecorderPanel
      stream={stream}
      takeBlob={null}
      takeDurationSeconds={null}
      upload={none}
      onTake={onTake}
      onRequestCamera={() => undefined}
      {...props}
    />,
  );
  return { onTake };
}

/** Lets the recorder's events and the take's promises run. */
async function settle() {
  await act(async () => {
    await new Promise((done) => setTimeout(done, 10));
  });
}

function setStorage(storage: Partial<StorageManager> | undefined) {
  Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  useBrowser(chromium);
  URL.createObjectURL = () => 'blob:take';
  URL.revokeObjectURL = () => undefined;
  window.HTMLMediaElement.prototype.play = () => Promise.resolve();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setStorage(undefined);
});

// The window outlives this file (the web project shares it between files): put back jsdom's own.
const jsdomOwn = (
  [
    [URL, 'createObjectURL'],
    [URL, 'revokeObjectURL'],
    [window.HTMLMediaElement.prototype, 'play'],
    [navigator, 'storage'],
  ] as const
).map(([target, key]) => ({ target, key, own: Object.getOwnPropertyDescriptor(target, key) }));
afterAll(() => {
  for (const { target, key, own } of jsdomOwn) {
    if (own) Object.defineProperty(target, key, own);
    else Reflect.deleteProperty(target, key);
  }
});

describe('RecorderPanel', () => {
  it('shows the running time, then stops by itself at the limit with a notice', async () => {
    const { onTake } = renderPanel();
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
    // Chromium records H.264 in MP4: the take is typed by what it wrote.
    expect(onTake).toHaveBeenCalledWith(expect.any(Blob), 'video/mp4;codecs=avc1,opus', 180);
    expect(lastRecorder().asked).toBe('video/mp4;codecs=avc1,opus');
  });

  it('a recording of 0 bytes is no take: the trainee reads why and can record again', async () => {
    useBrowser({ ...chromium, lastChunk: () => null });
    const { onTake } = renderPanel();
    act(() => screen.getByRole('button', { name: 'Record' }).click());
    act(() => vi.advanceTimersByTime(5_000));
    act(() => screen.getByRole('button', { name: 'Stop' }).click());
    await settle();
    expect(onTake).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nothing was recorded: your browser gave no video. Select Record to try again.',
    );
    expect(screen.queryByRole('button', { name: 'Retake' })).toBeNull();
    expect(screen.queryByLabelText('Your answer')).toBeNull();

    useBrowser(chromium);
    act(() => screen.getByRole('button', { name: 'Record' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(5_000));
    act(() => screen.getByRole('button', { name: 'Stop' }).click());
    await vi.waitFor(() => expect(onTake).toHaveBeenCalledOnce());
  });

  it('keeps what was recorded when the browser ends the recording by itself', async () => {
    const { onTake } = renderPanel();
    act(() => screen.getByRole('button', { name: 'Record' }).click());
    act(() => vi.advanceTimersByTime(30_000));
    act(() => lastRecorder().emit(new Blob([mp4Head], { type: 'video/mp4' })));
    act(() => lastRecorder().endByItself());
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Recording stopped early: your browser ended the camera or microphone',
    );
    await vi.waitFor(() => expect(onTake).toHaveBeenCalledOnce());
    expect(onTake.mock.calls[0]![2]).toBe(30);
    expect(screen.getByRole('button', { name: 'Retake' })).toBeEnabled();
  });

  it('stops a take before it could outgrow the server’s video limit and keeps it', async () => {
    const { onTake } = renderPanel();
    act(() => screen.getByRole('button', { name: 'Record' }).click());
    act(() => vi.advanceTimersByTime(40_000));
    const fragment = new Blob([mp4Head, new Uint8Array(12 * 1024 * 1024)], { type: 'video/mp4' });
    for (let i = 0; i < 7; i += 1) act(() => lastRecorder().emit(fragment));
    await settle();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Recording stopped early: the video reached the largest size that can be uploaded.',
    );
    await vi.waitFor(() => expect(onTake).toHaveBeenCalledOnce());
    expect(onTake.mock.calls[0]![0].size).toBeLessThan(100 * 1024 * 1024);
  });

  it('says plainly when recording cannot start', () => {
    vi.stubGlobal(
      'MediaRecorder',
      class {
        constructor() {
          throw new DOMException("Failed to construct 'MediaRecorder'", 'NotSupportedError');
        }
      },
    );
    renderPanel();
    act(() => screen.getByRole('button', { name: 'Record' }).click());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Recording could not start. Select Record to try again.',
    );
  });

  describe('a take kept on the device for days', () => {
    const kept = (recordedAt: number, upload: Partial<QuestionUpload> = {}) =>
      renderPanel({
        takeBlob: new Blob([mp4Head], { type: 'video/mp4' }),
        takeDurationSeconds: 40,
        takeRecordedAt: recordedAt,
        upload: { ...none, status: 'queued', bytesTotal: 12, ...upload },
      });

    it('tells the trainee to upload it, and that installing the app keeps it', async () => {
      setStorage({
        persisted: () => Promise.resolve(false),
        persist: () => Promise.resolve(false),
      });
      kept(Date.now() - 4 * day);
      await settle();
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(
        'You recorded this answer 4 days ago and it is still only on this device. Upload it soon',
      );
      expect(alert).toHaveTextContent('after 7 days without a visit');
      expect(alert).toHaveTextContent('Add to Home Screen');
    });

    it('says the same where the browser has no Storage API', async () => {
      setStorage(undefined);
      kept(Date.now() - 5 * day, { status: 'failed', error: 'Check your internet connection.' });
      await settle();
      expect(screen.getByText(/recorded this answer 5 days ago/)).toBeInTheDocument();
      expect(screen.getByText(/Add to Home Screen/)).toBeInTheDocument();
    });

    it('leaves out the deletion warning where the storage is persistent', async () => {
      setStorage({ persisted: () => Promise.resolve(true), persist: () => Promise.resolve(true) });
      kept(Date.now() - 4 * day);
      await settle();
      expect(screen.getByText(/recorded this answer 4 days ago/)).toBeInTheDocument();
      expect(screen.queryByText(/Add to Home Screen/)).toBeNull();
    });

    it('says nothing of a recent take', async () => {
      kept(Date.now() - 2 * day);
      await settle();
      expect(screen.queryByText(/recorded this answer/)).toBeNull();
    });

    it('says nothing of a take on the server', async () => {
      kept(Date.now() - 9 * day, { status: 'done', url: '/f/1' });
      await settle();
      expect(screen.queryByText(/recorded this answer/)).toBeNull();
    });
  });

  it('a take waiting for the connection is no failure: a calm note says it is safe and uploads by itself', async () => {
    renderPanel({
      takeBlob: new Blob([mp4Head], { type: 'video/mp4' }),
      takeDurationSeconds: 40,
      takeRecordedAt: Date.now(),
      upload: {
        ...none,
        status: 'failed',
        bytesSent: 4,
        bytesTotal: 12,
        error: 'Please check your internet connection!',
        waiting: true,
      },
    });
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Please check your internet connection!')).toBeNull();
    expect(screen.getByText(practiceText.takeWaiting).closest('[role="status"]')).not.toBeNull();
    // The take stays watchable and retakable.
    expect(screen.getByLabelText(practiceText.yourTake)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: practiceText.retake })).toBeEnabled();
  });

  // A note the upload brings or takes away by itself (tus retrying a request that got no answer
  // shows 'waiting' for a moment) must not move the buttons: a press on Retake as the note went
  // away ended below the button, the release landed elsewhere and the retake never happened.
  it.each([
    {
      take: 'waiting for the connection',
      upload: { status: 'uploading', waiting: true },
      daysAgo: 0,
      note: () => screen.getByText(practiceText.takeWaiting),
    },
    {
      take: 'failed to upload',
      upload: { status: 'failed', error: 'The server refused the file.' },
      daysAgo: 0,
      note: () => screen.getByRole('alert'),
    },
    {
      take: 'kept for days',
      upload: { status: 'queued' },
      daysAgo: 4,
      note: () => screen.getByText(/recorded this answer 4 days ago/),
    },
  ] as const)(
    'a take $take: its note comes after the buttons, so it never moves them',
    async ({ upload, daysAgo, note }) => {
      renderPanel({
        takeBlob: new Blob([mp4Head], { type: 'video/mp4' }),
        takeDurationSeconds: 40,
        takeRecordedAt: Date.now() - daysAgo * day,
        upload: { ...none, bytesSent: 4, bytesTotal: 12, ...upload },
        next: <button type="button">{practiceText.nextQuestion}</button>,
      });
      await settle();
      const shown = note();
      for (const name of [practiceText.nextQuestion, practiceText.retake]) {
        const control = screen.getByRole('button', { name });
        expect(control.compareDocumentPosition(shown) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
          Node.DOCUMENT_POSITION_FOLLOWING,
        );
      }
    },
  );

  it('offers the camera again when it is gone, also beside a kept take', async () => {
    const onRequestCamera = vi.fn();
    renderPanel({
      stream: null,
      takeBlob: new Blob([mp4Head], { type: 'video/mp4' }),
      takeDurationSeconds: 40,
      takeRecordedAt: Date.now(),
      upload: { ...none, status: 'queued', bytesTotal: 12 },
      onRequestCamera,
    });
    expect(screen.getByRole('button', { name: 'Retake' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRequestCamera).toHaveBeenCalledOnce();
  });
});
