/**
 * 'Submit answers': disabled until every question's video is on the server, then
 * a confirmation and `POST /me/assignments/{id}/submit`; a refusal shows the server's message.
 */
import { Alert, Button, Stack } from '@mantine/core';
import { meAnswerSchema } from '@practica/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@shared/components/confirm-dialog';
import { api } from '@shared/lib/api-client';
import { errorMessage } from '@shared/lib/query-client';
import { practiceText } from './practice-text';

export interface SubmitAnswersProps {
  assignmentId: number;
  canSubmit: boolean;
  onSubmitted: () => void;
}

/** The submit button with its confirmation. */
export function SubmitAnswers({ assignmentId, canSubmit, onSubmitted }: SubmitAnswersProps) {
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      await api.post(`/me/assignments/${assignmentId}/submit`, { schema: meAnswerSchema });
    } catch (cause) {
      setError(errorMessage(cause));
      setOpened(false);
      throw cause;
    }
    onSubmitted();
  };

  return (
    <Stack gap="xs" align="flex-start">
      {error && (
        <Alert color="red" role="alert" w="100%">
          {error}
        </Alert>
      )}
      <Button size="md" disabled={!canSubmit} onClick={() => setOpened(true)}>
        {practiceText.submitAnswers}
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onConfirm={submit}
        title={practiceText.submitTitle}
        message={practiceText.submitMessage}
        confirmLabel={practiceText.submitAnswers}
      />
    </Stack>
  );
}
