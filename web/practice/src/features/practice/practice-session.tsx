/**
 * One practice of an assignment: the device check, 'Start practice' (counted
 * once by `POST /me/assignments/{id}/practice`; a reload continues without counting again), then
 * each question in order with its recorder, the Q1..Qn progress, what is still uploading, and
 * 'Submit answers'. The current question is kept per assignment, so a reload returns to it with
 * the takes kept on the device.
 */
import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { meAnswerSchema, messages, type MeAssignmentDetail } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { api } from '@shared/lib/api-client';
import { errorMessage } from '@shared/lib/query-client';
import { fetchMyAssignment, meKeys } from '../../api/my-assignments';
import { clearSession } from '../../lib/session';
import { DeviceCheck } from './device-check';
import {
  clearProgress,
  readProgress,
  writeProgress,
  type PracticeProgress,
} from './practice-progress';
import { practiceText } from './practice-text';
import { QuestionProgress } from './question-progress';
import { QuestionPrompt, type QuestionPromptHandle } from './question-prompt';
import { RecorderPanel } from './recorder-panel';
import { SubmitAnswers } from './submit-answers';
import { newTake } from './takes-store';
import { UploadList } from './upload-list';
import { useCamera } from './use-camera';
import { useUploadQueue } from './use-upload-queue';

export interface PracticeSessionProps {
  detail: MeAssignmentDetail;
  userId: number;
  onSubmitted: () => void;
}

/** The practice of `detail` by `userId`. */
export function PracticeSession({ detail, userId, onSubmitted }: PracticeSessionProps) {
  const queryClient = useQueryClient();
  const camera = useCamera();
  const [progress, setProgress] = useState<PracticeProgress>(() => readProgress(userId, detail.id));
  const [phase, setPhase] = useState<'check' | 'questions'>('check');
  const [sessionExpired, setSessionExpired] = useState(false);
  const promptRef = useRef<QuestionPromptHandle>(null);
  // A take on its way in the recorder (recorded, not yet kept): see `onBusyChange`.
  const [recorderBusy, setRecorderBusy] = useState(false);
  const uploads = useUploadQueue(detail, userId, () => {
    setSessionExpired(true);
    // The API client's 401 path ends the session the app's one way (sign-in, takes kept).
    void fetchMyAssignment(detail.id).catch(() => undefined);
  });

  const total = detail.questions.length;
  const index = Math.min(progress.questionIndex, Math.max(0, total - 1));
  const question = detail.questions[index];

  const update = useCallback(
    (next: PracticeProgress) => {
      setProgress(next);
      writeProgress(userId, detail.id, next);
    },
    [userId, detail.id],
  );

  const start = useMutation({
    mutationFn: () => api.post(`/me/assignments/${detail.id}/practice`, { schema: meAnswerSchema }),
    meta: { silent: true },
    onSuccess: () => {
      update({ ...progress, started: true });
      setPhase('questions');
      void queryClient.invalidateQueries({ queryKey: meKeys.assignments });
    },
  });

  const questionId = question?.id;
  const { keep } = uploads;
  const onTake = useCallback(
    async (blob: Blob, mimeType: string, durationSeconds: number) => {
      if (questionId === undefined) return;
      await keep(
        newTake({ userId, assignmentId: detail.id, questionId, blob, mimeType, durationSeconds }),
      );
    },
    [keep, userId, detail.id, questionId],
  );

  const goTo = (questionIndex: number) => update({ ...progress, questionIndex });

  if (!question) return <Text>{practiceText.notAnswerable}</Text>;

  if (phase === 'check') {
    return (
      <Stack gap="md">
        {start.error && (
          <Alert color="red" role="alert">
            {errorMessage(start.error)}
          </Alert>
        )}
        <DeviceCheck
          camera={camera}
          startLabel={progress.started ? practiceText.continuePractice : practiceText.startPractice}
          starting={start.isPending}
          onStart={() => (progress.started ? setPhase('questions') : start.mutate())}
        />
      </Stack>
    );
  }

  const upload = uploads.snapshot.questions[index]!;
  // Nothing is submitted while a take is recorded or kept: the server still holds the one it
  // replaces.
  const snapshot = recorderBusy ? { ...uploads.snapshot, canSubmit: false } : uploads.snapshot;
  const take = uploads.takes.get(question.id) ?? null;
  const isLast = index === total - 1;

  return (
    <Stack gap="md">
      {sessionExpired && (
        <Alert color="orange" role="alert" title={messages.sessionExpired}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{practiceText.sessionExpiredNote}</Text>
            <Button size="xs" onClick={clearSession}>
              {practiceText.signInAgain}
            </Button>
          </Stack>
        </Alert>
      )}
      <QuestionProgress uploads={uploads.snapshot.questions} currentIndex={index} />
      <QuestionPrompt
        ref={promptRef}
        question={question}
        heading={practiceText.questionOf(index + 1, total)}
      />
      {uploads.loaded && (
        <RecorderPanel
          key={question.id}
          stream={camera.stream}
          takeBlob={take?.blob ?? null}
          takeDurationSeconds={take?.durationSeconds ?? null}
          takeRecordedAt={take?.createdAt ?? null}
          upload={upload}
          onTake={onTake}
          onRequestCamera={() => void camera.request()}
          onRecordingStart={() => promptRef.current?.pause()}
          onBusyChange={setRecorderBusy}
          next={
            isLast ? undefined : (
              <Button onClick={() => goTo(index + 1)}>{practiceText.nextQuestion}</Button>
            )
          }
        />
      )}
      {index > 0 && (
        <Group>
          <Button variant="subtle" size="xs" onClick={() => goTo(index - 1)}>
            {practiceText.previousQuestion}
          </Button>
        </Group>
      )}
      <Divider />
      <UploadList snapshot={snapshot} onRetry={uploads.retry} />
      <SubmitAnswers
        assignmentId={detail.id}
        canSubmit={snapshot.canSubmit}
        onSubmitted={() => {
          clearProgress(userId, detail.id);
          void queryClient.invalidateQueries({ queryKey: meKeys.assignments });
          onSubmitted();
        }}
      />
    </Stack>
  );
}
