/**
 * The progress bar Q1..Qn of a practice: one section per question, filled once its take is on the
 * server, lighter while it is kept, uploading or waiting for the connection, red when its upload
 * failed, outlined for the current question.
 */
import { Progress } from '@mantine/core';
import { format } from '@practica/contract';
import { practiceText } from './practice-text';
import type { QuestionUpload } from './upload-queue';

export interface QuestionProgressProps {
  uploads: QuestionUpload[];
  currentIndex: number;
}

const colorOf = (upload: QuestionUpload) =>
  upload.status === 'done'
    ? 'teal.9'
    : upload.status === 'failed' && !upload.waiting
      ? 'red.9'
      : upload.status === 'none'
        ? 'gray.4'
        : 'blue.8';

/** Q1..Qn with the current question marked. */
export function QuestionProgress({ uploads, currentIndex }: QuestionProgressProps) {
  const done = uploads.filter((u) => u.status === 'done').length;
  const width = 100 / Math.max(1, uploads.length);
  return (
    <Progress.Root
      size={22}
      role="progressbar"
      aria-label={practiceText.progressLabel}
      aria-valuemin={0}
      aria-valuemax={uploads.length}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${uploads.length}`}
    >
      {uploads.map((upload, index) => (
        <Progress.Section
          key={upload.questionId}
          value={width}
          color={colorOf(upload)}
          withAria={false}
          style={{
            borderRight: '2px solid var(--mantine-color-body)',
            outline: index === currentIndex ? '2px solid var(--mantine-color-dark-6)' : undefined,
            outlineOffset: -2,
          }}
        >
          <Progress.Label c={upload.status === 'none' ? 'dark.7' : 'white'}>
            {format.questionShortLabel(index + 1)}
          </Progress.Label>
        </Progress.Section>
      ))}
    </Progress.Root>
  );
}
