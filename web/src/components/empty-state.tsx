/**
 * The console's one empty state (decisions.md#console-flows §12): an icon, a title, a line saying what to do
 * next and an optional action button. Used inside list tables (the shared `ListTable` shows it
 * when a list has no rows), in cards and on whole pages, so every "nothing here yet" looks alike.
 */
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateAction {
  /** The button's text (a create-button text, e.g. `messages.addGroup`). */
  label: string;
  onClick: () => void;
  /** Shown left of the label; the create buttons use a plus icon. */
  icon?: ReactNode;
}

export interface EmptyStateProps {
  /** The title, e.g. `messages.noRecordsFound`. */
  title: string;
  /** What the user can do next (one short sentence); omitted when there is nothing to do. */
  description?: ReactNode;
  /** Defaults to an empty-database icon. */
  icon?: ReactNode;
  /** An optional button doing the next step (usually the screen's create action). */
  action?: EmptyStateAction;
  /** Vertical padding: `md` inside tables and cards, `xl` on a whole page. Defaults to `md`. */
  size?: 'md' | 'xl';
}

/**
 * A centred "nothing here yet" block. The title is plain text (not a heading) so that a table
 * cell or a card keeps its own heading order; give the page its heading elsewhere.
 */
export function EmptyState({ title, description, icon, action, size = 'md' }: EmptyStateProps) {
  return (
    <Stack align="center" gap={6} ta="center" py={size === 'xl' ? 64 : 40} data-empty-state>
      <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
        {icon ?? <IconDatabaseOff size={24} stroke={1.5} />}
      </ThemeIcon>
      <Text fw={600} size="sm" mt={4}>
        {title}
      </Text>
      {description && (
        <Text c="dimmed" size="sm" maw={420}>
          {description}
        </Text>
      )}
      {action && (
        <Button
          mt="xs"
          size="sm"
          variant="light"
          leftSection={action.icon}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      )}
    </Stack>
  );
}
