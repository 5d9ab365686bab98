/**
 * The status tag of a content item (001 §3 content status, §4): Draft, Review, Active, Inactive,
 * Deleted. When `onToggle` is given (Active ⇄ Inactive, 001 §4) the tag is a button.
 */
import { Badge, UnstyledButton } from '@mantine/core';
import { ContentStatus, contentStatusLabels, type ContentStatusId } from '@practica/contract';
import { contentText } from '../../../config/content-text';

const colors: Record<ContentStatusId, string> = {
  [ContentStatus.Draft]: 'gray',
  [ContentStatus.Review]: 'yellow',
  [ContentStatus.Active]: 'teal',
  [ContentStatus.Inactive]: 'orange',
  [ContentStatus.Deleted]: 'red',
  [ContentStatus.All]: 'gray',
};

export interface ContentStatusBadgeProps {
  statusId: ContentStatusId;
  /** Makes the tag a toggle button (Active ⇄ Inactive). */
  onToggle?: (() => void) | undefined;
  disabled?: boolean;
}

/** A content status tag (001 §4). */
export function ContentStatusBadge({ statusId, onToggle, disabled }: ContentStatusBadgeProps) {
  const label = contentStatusLabels[statusId];
  const badge = (
    <Badge color={colors[statusId]} variant="light" style={onToggle ? { cursor: 'pointer' } : {}}>
      {label}
    </Badge>
  );
  if (!onToggle) return badge;
  return (
    <UnstyledButton
      aria-label={contentText.toggleStatus(label)}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      {badge}
    </UnstyledButton>
  );
}
