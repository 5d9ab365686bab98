/**
 * What is still uploading, in plain text: one line per question with its
 * state and the bytes sent, the server's refusal as given, and a summary line. A take waiting for
 * the connection is no failure: its line says it is kept and uploads by itself, the summary says
 * why (offline, or the server out of reach), and 'Retry uploads' is offered only for real
 * failures.
 */
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { format } from '@practica/contract';
import { formatBytes } from './format';
import { practiceText } from './practice-text';
import type { QuestionUpload, UploadQueueSnapshot } from './upload-queue';

/** A take kept on the device that waits for the connection (sent again by itself). */
const isWaiting = (upload: QuestionUpload) =>
  upload.waiting && (upload.status === 'failed' || upload.status === 'uploading');

function describe(upload: QuestionUpload): string {
  if (isWaiting(upload)) return practiceText.uploadWaiting;
  switch (upload.status) {
    case 'none':
      return practiceText.notRecorded;
    case 'queued':
      return practiceText.uploadQueued;
    case 'uploading':
      return practiceText.uploadProgress(
        formatBytes(upload.bytesSent),
        formatBytes(upload.bytesTotal),
      );
    case 'done':
      return practiceText.uploadDone;
    case 'failed':
      return upload.error
        ? `${practiceText.uploadFailed}: ${upload.error}`
        : practiceText.uploadFailed;
  }
}

export interface UploadListProps {
  snapshot: UploadQueueSnapshot;
  /** Sends again what failed for want of a connection. */
  onRetry: () => void;
}

/** The uploads of every question, in order. */
export function UploadList({ snapshot, onRetry }: UploadListProps) {
  const { online } = useNetwork();
  const waiting = snapshot.questions.some(isWaiting);
  const pending = snapshot.questions.filter(
    (q) => q.status === 'queued' || q.status === 'uploading' || isWaiting(q),
  ).length;
  const failed = (q: QuestionUpload) => q.status === 'failed' && !isWaiting(q);
  const retryable = snapshot.questions.some((q) => failed(q) && !q.refused);
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {practiceText.uploadsTitle}
      </Title>
      <Text size="sm" role="status">
        {waiting
          ? online
            ? practiceText.waitingForServer
            : practiceText.offline
          : pending > 0
            ? practiceText.stillUploading(pending)
            : snapshot.canSubmit
              ? practiceText.allUploaded
              : practiceText.submitBlocked}
      </Text>
      <List size="sm" spacing={2}>
        {snapshot.questions.map((upload, index) => (
          <List.Item key={upload.questionId} c={failed(upload) ? 'red.8' : undefined}>
            {format.questionShortLabel(index + 1)}: {describe(upload)}
          </List.Item>
        ))}
      </List>
      {!waiting && !online && pending > 0 && <Text size="sm">{practiceText.offline}</Text>}
      {retryable && (
        <Button variant="default" size="xs" onClick={onRetry}>
          {practiceText.retryUploads}
        </Button>
      )}
    </Stack>
  );
}
