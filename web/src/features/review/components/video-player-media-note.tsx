/**
 * The note under the review player's controls about the question's video (decisions.md#media §2):
 * 'processing' while the MP4 is made; when processing failed, why (if the server knows) and, for
 * whoever may review the answer (`answer:review`), 'Try again' with its pending state and the
 * server's refusal. Nothing for the other states.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { AnswerItem } from '@practica/contract';
import { reviewText } from '../../../config/review-text';
import { useCan } from '../../../lib/can';
import { errorMessage } from '@shared/lib/query-client';
import { useRetryMedia } from '../api/retry-media';

export interface MediaNoteProps {
  /** The answer (for the retry call) and its organization (who may retry). */
  answerId: number;
  organizationId: number;
  /** The question's recorded item, undefined when none. */
  item: AnswerItem | undefined;
}

/** The processing or failure note of `item`'s video. */
export function MediaNote({ answerId, organizationId, item }: MediaNoteProps) {
  const canRetry = useCan('answer:review', { organizationId });
  const retry = useRetryMedia(answerId);
  const retryingThis = retry.variables === item?.id;
  const media = item?.media;
  if (media?.status === 'processing')
    return (
      <Text size="sm" c="dimmed" role="status">
        {reviewText.mediaProcessing}
      </Text>
    );
  if (media?.status !== 'failed' || !item) return null;
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {reviewText.mediaFailed}
          </Text>
          {/* Why, when the server knows: not readable, too long, took too long. */}
          {media.failure && (
            <Text size="sm" c="dimmed">
              {media.failure}
            </Text>
          )}
        </Stack>
        {canRetry && (
          <Button
            size="xs"
            variant="default"
            style={{ flexShrink: 0 }}
            loading={retryingThis && retry.isPending}
            onClick={() => retry.mutate(item.id)}
          >
            {reviewText.mediaRetry}
          </Button>
        )}
      </Group>
      {retryingThis && retry.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(retry.error)}
        </Text>
      )}
    </Stack>
  );
}
