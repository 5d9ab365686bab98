/**
 * What is still uploading, in plain text: one line per question with its
 * state and the bytes sent, the server's refusal as given, and a summary line.
 */
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { format } from '@practica/contract';
import { formatBytes } from './format';
import { practiceText } from './practice-text';
import type { QuestionUpload, UploadQueueSnapshot } from './upload-queue';

function describe(upload: QuestionUpload): string {
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
  const pending = snapshot.questions.filter(
    (q) => q.status === 'queued' || q.status === 'uploading',
  ).length;
  const retryable = snapshot.questions.some((q) => q.status === 'failed' && !q.refused);
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {practiceText.uploadsTitle}
      </Title>
      <Text size="sm" role="status">
        {pending > 0
          ? practiceText.stillUploading(pending)
          : snapshot.canSubmit
            ? practiceText.allUploaded
            : practiceText.submitBlocked}
      </Text>
      <List size="sm" spacing={2}>
        {snapshot.questions.map((upload, index) => (
          <List.Item key={upload.questionId} c={upload.status === 'failed' ? 'red.8' : undefined}>
            {format.questionShortLabel(index + 1)}: {describe(upload)}
          </List.Item>
        ))}
      </List>
      {!online && pending > 0 && <Text size="sm">{practiceText.offline}</Text>}
      {retryable && (
        <Button variant="default" size="xs" onClick={onRetry}>
          {practiceText.retryUploads}
        </Button>
      )}
    </Stack>
  );
}
