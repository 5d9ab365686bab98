/**
 * The uploads list: a take waiting for the connection is said to be safe and to upload by itself,
 * never 'upload failed' in red with 'Retry uploads'; a real failure still is.
 */
import { messages } from '@practica/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@shared/test/render';
import { practiceText } from './practice-text';
import type { QuestionUpload, UploadQueueSnapshot } from './upload-queue';
import { questionUpload } from './upload-fixtures';
import { UploadList } from './upload-list';

const snapshotOf = (questions: QuestionUpload[]): UploadQueueSnapshot => ({
  questions,
  sessionExpired: false,
  pending: questions.filter((q) => q.status !== 'done' && q.status !== 'none').length,
  canSubmit: false,
});

/** A take whose upload got no answer (offline): kept, waiting, sent again by itself. */
const waiting = (questionId: number) =>
  questionUpload(questionId, {
    status: 'failed',
    bytesSent: 5,
    bytesTotal: 10,
    error: messages.checkInternetConnection,
    waiting: true,
  });

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
}

afterEach(() => vi.restoreAllMocks());

describe('UploadList', () => {
  it('offline: says the answers are kept and upload by themselves, with no failure and no retry button', () => {
    setOnline(false);
    renderWithProviders(
      <UploadList
        snapshot={snapshotOf([questionUpload(1, { status: 'done' }), waiting(2), waiting(3)])}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(practiceText.offline);
    expect(screen.getAllByText(`Q2: ${practiceText.uploadWaiting}`)).toHaveLength(1);
    expect(screen.getByText(`Q3: ${practiceText.uploadWaiting}`)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(practiceText.uploadFailed))).not.toBeInTheDocument();
    expect(screen.queryByText(new RegExp(messages.checkInternetConnection))).toBeNull();
    expect(screen.queryByRole('button', { name: practiceText.retryUploads })).toBeNull();
  });

  it('online but the server out of reach: says so, and that they upload when it answers', () => {
    setOnline(true);
    renderWithProviders(
      <UploadList snapshot={snapshotOf([waiting(1)])} onRetry={() => undefined} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(practiceText.waitingForServer);
    expect(screen.queryByRole('button', { name: practiceText.retryUploads })).toBeNull();
  });

  it('a real failure is still said as one, with Retry uploads', () => {
    setOnline(true);
    renderWithProviders(
      <UploadList
        snapshot={snapshotOf([
          questionUpload(1, {
            status: 'failed',
            bytesTotal: 10,
            error: messages.somethingWentWrongTryLater,
          }),
        ])}
        onRetry={() => undefined}
      />,
    );
    expect(
      screen.getByText(`Q1: ${practiceText.uploadFailed}: ${messages.somethingWentWrongTryLater}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: practiceText.retryUploads })).toBeInTheDocument();
  });
});
