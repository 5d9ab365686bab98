/**
 * The review panel's head (001 §2 'Review screen'): 'Review', the green viewed check, Print Report
 * (given by the page) when the answer is Reviewed, and the submission's date and time.
 */
import { Group, Text, Tooltip } from '@mantine/core';
import { AnswerStatus, dateFormat, messages, type AnswerDetail } from '@practica/contract';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { reviewKeysText } from '../../../config/review-keys-text';
import { reviewText } from '../../../config/review-text';

export interface ReviewPanelHeaderProps {
  answer: Pick<AnswerDetail, 'viewed' | 'statusId' | 'submittedAt'>;
  /** Shown when the answer is Reviewed. */
  printReport?: ReactNode;
}

/** The title row and the submitted-at line. */
export function ReviewPanelHeader({ answer, printReport }: ReviewPanelHeaderProps) {
  return (
    <>
      {/* As tall as the Print Report button, so that nothing moves when it appears. On a phone
          Print Report and the Scorecard go under the title, whole, instead of past the edge. */}
      <Group justify="space-between" wrap="wrap" gap="xs" mih={30}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600}>{messages.review}</Text>
          {answer.viewed ? (
            <Tooltip label={reviewText.viewed}>
              <IconCircleCheckFilled
                size={20}
                color="var(--mantine-color-green-6)"
                aria-label={reviewText.viewed}
                role="img"
                data-testid="viewed-check"
              />
            </Tooltip>
          ) : null}
        </Group>
        {answer.statusId === AnswerStatus.Reviewed ? printReport : null}
      </Group>
      {answer.submittedAt ? (
        <Text size="xs" c="dimmed" mt={-8} data-testid="submitted-at">
          {reviewKeysText.submittedAt(dayjs(answer.submittedAt).format(`${dateFormat} HH:mm`))}
        </Text>
      ) : null}
    </>
  );
}
