/**
 * What the content lists say when they have no rows (decisions.md#console-flows §9): 'No interviews yet' (or rating
 * scales, feedback forms) and what to do next — a creator gets the button that creates one, anyone
 * else learns where items come from; a search that finds nothing says so; a status filter that
 * hides everything offers to show all statuses.
 */
import {
  ContentStatus,
  contentStatusLabels,
  messages,
  type ContentTypeId,
} from '@practica/contract';
import { IconPlus } from '@tabler/icons-react';
import type { ListTableProps } from '../../../components/list-table';
import { contentApprovalText } from '../../../config/content-approval-text';
import type { ContentListItem } from '@practica/contract';

export interface ContentEmptyStateOptions {
  contentTypeId: ContentTypeId;
  /** A search term is applied. */
  searching?: boolean;
  /** The status filter (All or absent: none). */
  statusId?: number | undefined;
  /** Shows all statuses again. */
  onShowAll?: (() => void) | undefined;
  /** Opens the create screen; absent when the viewer may not create. */
  onCreate?: (() => void) | undefined;
  /** Replaces the default next-step line. */
  description?: string | undefined;
}

/** The empty state of a content list, for `ContentsTable`'s `empty`. */
export function contentEmptyState({
  contentTypeId,
  searching = false,
  statusId,
  onShowAll,
  onCreate,
  description,
}: ContentEmptyStateOptions): NonNullable<ListTableProps<ContentListItem>['empty']> {
  if (searching)
    return { title: messages.noRecordsFound, description: contentApprovalText.noSearchResults };
  if (statusId !== undefined && statusId !== ContentStatus.All) {
    const label = contentStatusLabels[statusId as keyof typeof contentStatusLabels] ?? '';
    return {
      title: contentApprovalText.noItemsWithStatus(contentTypeId, label),
      ...(onShowAll
        ? { action: { label: contentApprovalText.otherStatus, onClick: onShowAll } }
        : {}),
    };
  }
  return {
    title: contentApprovalText.noItemsYet(contentTypeId),
    description:
      description ??
      (onCreate
        ? contentApprovalText.createFirst(contentTypeId)
        : contentApprovalText.askCreator(contentTypeId)),
    ...(onCreate
      ? {
          action: {
            label: contentApprovalText.createItem(contentTypeId),
            onClick: onCreate,
            icon: <IconPlus size={16} aria-hidden />,
          },
        }
      : {}),
  };
}
