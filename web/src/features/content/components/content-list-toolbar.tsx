/**
 * The toolbar of the content lists (001 §2): the search box messages.searchByName (sent from 3
 * characters, 001 §9), the count of items and the plus button that creates one.
 */
import { ActionIcon, Badge, Group, TextInput, Tooltip } from '@mantine/core';
import { messages, searchMinLength } from '@practica/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { contentText } from '../../../config/content-text';

export interface ContentListToolbarProps {
  search: string;
  onSearchChange: (text: string) => void;
  count: number | undefined;
  /** The create link and its label; absent: no plus button. */
  create?: { to: string; label: string } | undefined;
}

/** The search term the API receives: 3+ characters, else none (001 §9). */
export function effectiveSearch(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length >= searchMinLength ? trimmed : undefined;
}

/** Search, count and create button of a content list. */
export function ContentListToolbar({
  search,
  onSearchChange,
  count,
  create,
}: ContentListToolbarProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <TextInput
          aria-label={messages.searchByName}
          placeholder={messages.searchByName}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => onSearchChange(e.currentTarget.value)}
          w={280}
        />
        <Badge variant="light" size="lg" data-testid="content-count">
          {contentText.count(count ?? 0)}
        </Badge>
      </Group>
      {create && (
        <Tooltip label={create.label}>
          <ActionIcon
            component={Link}
            to={create.to}
            size="lg"
            radius="xl"
            aria-label={create.label}
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
