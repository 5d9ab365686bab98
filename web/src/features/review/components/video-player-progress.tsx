/**
 * The review player's segmented progress bar Q1..Qn (001 §2 'Review screen'): a segment per
 * question, filled up to the playhead in the current one, each a button to go there; the questions
 * whose video is processing, failed or deleted carry a mark and say so (decisions.md#media §2).
 */
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import {
  format,
  type AnswerItem,
  type AnswerItemMedia,
  type AnswerQuestion,
} from '@practica/contract';
import { IconAlertTriangle, IconHourglassHigh, IconTrash } from '@tabler/icons-react';
import { reviewText } from '../../../config/review-text';

/** The media states the progress bar marks (the others simply play). */
type MarkedState = keyof typeof reviewText.mediaState;
const stateIcons: Record<MarkedState, typeof IconTrash> = {
  processing: IconHourglassHigh,
  failed: IconAlertTriangle,
  deleted: IconTrash,
};

/** The state the progress bar marks for `media`, else null. */
function markedState(media: AnswerItemMedia | undefined): MarkedState | null {
  const status = media?.status;
  return status === 'processing' || status === 'failed' || status === 'deleted' ? status : null;
}

/**
 * How full segment `i` is, in percent: the questions before the current one 100, after it 0, the
 * current one up to the playhead (`time` of `duration`, seconds; 0 while the duration is unknown).
 */
export function segmentFill(i: number, index: number, time: number, duration: number): number {
  if (i !== index) return i < index ? 100 : 0;
  return duration > 0 ? (time / duration) * 100 : 0;
}

export interface QuestionProgressProps {
  questions: readonly AnswerQuestion[];
  /** The recorded item of each question id. */
  itemOf: ReadonlyMap<number, AnswerItem>;
  /** The question shown (0-based). */
  index: number;
  /** The playhead and the duration, in seconds. */
  time: number;
  duration: number;
  go: (next: number) => void;
}

/** The progress bar under the controls. */
export function QuestionProgress({
  questions,
  itemOf,
  index,
  time,
  duration,
  go,
}: QuestionProgressProps) {
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={reviewText.questionProgress}>
      {questions.map((q, i) => {
        const segment = format.questionShortLabel(q.number);
        const state = markedState(itemOf.get(q.id)?.media);
        const StateIcon = state ? stateIcons[state] : null;
        const fill = segmentFill(i, index, time, duration);
        return (
          <UnstyledButton
            key={q.id}
            onClick={() => go(i)}
            aria-label={reviewText.goToQuestion(
              segment,
              state ? reviewText.mediaState[state] : undefined,
            )}
            aria-current={i === index ? 'step' : undefined}
            // Out of the Tab order (decisions.md#review-loop §7: fewer stops before the first rating);
            // the keyboard has Previous / Next and n / p.
            tabIndex={-1}
            style={{ flex: 1, minWidth: 0 }}
          >
            <Box h={6} bg="gray.3" style={{ borderRadius: 3, overflow: 'hidden' }}>
              <Box h="100%" bg="red.7" style={{ width: `${fill}%` }} />
            </Box>
            <Group gap={2} justify="center" wrap="nowrap">
              <Text size="xs" fw={i === index ? 700 : 400} c={i === index ? undefined : 'dimmed'}>
                {segment}
              </Text>
              {StateIcon && (
                <StateIcon
                  size={12}
                  aria-hidden
                  color={state === 'failed' ? 'var(--mantine-color-red-8)' : undefined}
                />
              )}
            </Group>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
