/**
 * The review panel's foot (001 §2 'Review screen', decisions.md#review-loop §1): the average score
 * with one decimal (stars and number), and Submit — 'Submit and next' with 'Submit' in its menu
 * when the page goes on to the next answer (`withNext`), its key Ctrl/⌘+Enter in a tooltip.
 */
import { Button, Group, Menu, Rating, Text, Tooltip } from '@mantine/core';
import { messages, ratingScaleMax } from '@practica/contract';
import { IconChevronDown } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { reviewInboxText } from '../../../config/review-inbox-text';
import { reviewText } from '../../../config/review-text';
import { shortcutOf } from '../review-shortcuts';

export interface ReviewSubmitBarProps {
  /** The draft's average score (1–5), null while no rating is given. */
  score: number | null;
  /** 'Submit and next' with 'Submit' in a menu; else a plain Submit. */
  withNext: boolean;
  /** Whether Submit is off (cannot review, or read only). */
  disabled: boolean;
  pending: boolean;
  submitRef: RefObject<HTMLButtonElement | null>;
  /** Submits; `next`: then go on to the next answer. */
  onSubmit: (next: boolean) => void;
}

/** The average score and the submit button(s). */
export function ReviewSubmitBar({
  score,
  withNext,
  disabled,
  pending,
  submitRef,
  onSubmit,
}: ReviewSubmitBarProps) {
  return (
    // Wraps at 375 px: 'Submit and next' and its menu go under the average, whole.
    <Group justify="space-between" mt="auto" wrap="wrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {messages.averageScore}
        </Text>
        <Rating value={score ?? 0} fractions={10} count={ratingScaleMax} readOnly size="sm" />
        <Text fw={600} data-testid="average-score">
          {score === null ? reviewText.noScore : score.toFixed(1)}
        </Text>
      </Group>
      <Group gap={0} wrap="nowrap" ml="auto" style={{ flexShrink: 0 }}>
        <Tooltip label={shortcutOf('submit').keys.join(' ')} openDelay={400}>
          <Button
            ref={submitRef}
            onClick={() => onSubmit(true)}
            loading={pending}
            disabled={disabled}
            style={
              withNext
                ? { flexShrink: 0, borderTopRightRadius: 0, borderBottomRightRadius: 0 }
                : { flexShrink: 0 }
            }
            aria-keyshortcuts="Control+Enter Meta+Enter"
          >
            {withNext ? reviewInboxText.submitAndNext : messages.submit}
          </Button>
        </Tooltip>
        {withNext ? (
          <Menu position="top-end" withinPortal>
            <Menu.Target>
              <Button
                px={6}
                disabled={disabled || pending}
                aria-label={reviewInboxText.moreSubmitActions}
                style={{
                  flexShrink: 0,
                  borderTopLeftRadius: 0,
                  borderBottomLeftRadius: 0,
                  borderLeft: '1px solid var(--mantine-color-blue-4)',
                }}
              >
                <IconChevronDown size={16} aria-hidden />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onSubmit(false)}>{reviewInboxText.submitOnly}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Group>
  );
}
