/**
 * The review screen's navigation in the inbox (decisions.md#review-loop §1, §2): "Previous" / "Next" buttons and
 * the `k` / `j` keys (wherever the focus is but in a text field: `lib/screen-hotkeys.ts`), the
 * answer's place ("3 of 30") and "Back to inbox" keeping the inbox's filters. The
 * neighbors come from `useInboxNeighbors` (the page fetches them once and shares them with
 * 'Submit and next').
 */
import { Anchor, Button, Group, Kbd, Paper, Text } from '@mantine/core';
import type { ReviewInboxNeighbors } from '@practica/contract';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { reviewInboxText as text } from '../../../config/review-inbox-text';
import { useScreenHotkeys } from '../../../lib/screen-hotkeys';

/** The default keys: `j` next, `k` previous (decisions.md#review-loop §2). */
export const inboxHotkeys = { next: 'j', previous: 'k' } as const;

export interface ReviewNavigationProps {
  neighbors: ReviewInboxNeighbors | undefined;
  /** Goes to the answer `answerId` (the page keeps the filters in its link). */
  onGo: (answerId: number) => void;
  /** The inbox with the same filters. */
  inboxHref: string;
  /** The hotkeys (`@mantine/hooks` strings); default `j` / `k`. */
  hotkeys?: { next: string; previous: string };
}

/** The bar above the review screen: back to the inbox, the position, previous and next. */
export function ReviewNavigation({
  neighbors,
  onGo,
  inboxHref,
  hotkeys = inboxHotkeys,
}: ReviewNavigationProps) {
  const previousId = neighbors?.previousId ?? null;
  const nextId = neighbors?.nextId ?? null;
  useScreenHotkeys([
    [hotkeys.next, () => nextId !== null && onGo(nextId)],
    [hotkeys.previous, () => previousId !== null && onGo(previousId)],
  ]);
  return (
    <Paper
      component="nav"
      aria-label={text.navigationLabel}
      px="sm"
      py={6}
      mb="md"
      withBorder
      data-testid="review-navigation"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to={inboxHref} size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {text.backToInbox}
          </Group>
        </Anchor>
        <Group gap="xs" wrap="nowrap">
          {neighbors ? (
            <Text
              size="sm"
              c="dimmed"
              aria-live="polite"
              data-testid="inbox-position"
              style={{ whiteSpace: 'nowrap' }}
            >
              {text.position(neighbors.position, neighbors.count)}
            </Text>
          ) : null}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
            rightSection={
              <Kbd size="xs" visibleFrom="sm">
                {hotkeys.previous}
              </Kbd>
            }
            disabled={previousId === null}
            onClick={() => previousId !== null && onGo(previousId)}
            aria-keyshortcuts={hotkeys.previous}
          >
            {text.previous}
          </Button>
          <Button
            variant="default"
            size="xs"
            rightSection={
              <Group gap={4} wrap="nowrap">
                <Kbd size="xs" visibleFrom="sm">
                  {hotkeys.next}
                </Kbd>
                <IconChevronRight size={14} aria-hidden />
              </Group>
            }
            disabled={nextId === null}
            onClick={() => nextId !== null && onGo(nextId)}
            aria-keyshortcuts={hotkeys.next}
          >
            {text.next}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
