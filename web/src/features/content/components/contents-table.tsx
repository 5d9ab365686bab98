/**
 * The table of the content lists (001 §2 Interviews list, Evaluations list, Organization content
 * views): columns Status, Name, Questions, Last edited, Content Type, Creators and an action
 * column. A row click opens the editor for a creator on Draft/Review items, otherwise the preview
 * dialog. An Admin (or staff of the owning organization) toggles Active/Inactive on the status tag;
 * an Admin marks an Inactive item Deleted with the trash icon and, given `organizationId`, offers
 * general Active items to that organization with a checkbox. Admins and managers get a Review
 * action on items in Review. Non-admins see general content read-only with the logo. A Draft returned
 * with a reason shows it under its name (decisions.md#console-flows §7); `empty` says what to do on an empty list.
 */
import { ActionIcon, Button, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import {
  ContentStatus,
  can,
  contentTypeLabels,
  dateFormat,
  messages,
  Role,
  type ContentListItem,
  type PageSize,
} from '@practica/contract';
import { IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BrandLogo } from '@shared/components/brand-mark';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import {
  ListTable,
  type ListTableColumn,
  type ListTableProps,
} from '../../../components/list-table';
import { contentApprovalText } from '../../../config/content-approval-text';
import { contentText } from '../../../config/content-text';
import { useAuth } from '../../../lib/auth';
import { toActor } from '../../../lib/can';
import { useChangeContentStatus, useSetContentOrganization } from '../api/change-content';
import { ContentPreviewDialog } from './content-preview-dialog';
import { ContentStatusBadge } from './content-status-badge';

export interface ContentsTableProps {
  rows: readonly ContentListItem[] | undefined;
  total: number;
  page: number;
  pageSize: PageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: PageSize) => void;
  loading?: boolean;
  label: string;
  /** The editor of an item (creators, Draft/Review); absent: rows always preview. */
  editPath?: (row: ContentListItem) => string;
  /** The organization the admin's checkbox adds general items to. */
  organizationId?: number | undefined;
  /** The empty state: what to do next when the list has no rows (decisions.md#console-flows §9). */
  empty?: ListTableProps<ContentListItem>['empty'];
}

const editable: readonly number[] = [ContentStatus.Draft, ContentStatus.Review];

/** The content list table (001 §2). */
export function ContentsTable({
  rows,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  loading,
  label,
  editPath,
  organizationId,
  empty,
}: ContentsTableProps) {
  const { user } = useAuth();
  const actor = toActor(user);
  const navigate = useNavigate();
  const [preview, setPreview] = useState<ContentListItem | null>(null);
  const [trash, setTrash] = useState<ContentListItem | null>(null);
  const status = useChangeContentStatus();
  const offer = useSetContentOrganization();
  const isAdmin = user?.roleId === Role.Admin;

  const target = (row: ContentListItem) => ({
    organizationId: row.organizationId,
    ...(row.createdBy ? { createdById: row.createdBy.id } : {}),
  });

  const open = (row: ContentListItem) => {
    if (editPath && editable.includes(row.statusId) && can(actor, 'content:author', target(row))) {
      void navigate(editPath(row));
    } else {
      setPreview(row);
    }
  };

  const mayToggle = (row: ContentListItem) =>
    (row.statusId === ContentStatus.Active || row.statusId === ContentStatus.Inactive) &&
    can(actor, 'content:toggleActive', target(row));

  const columns: ListTableColumn<ContentListItem>[] = [
    {
      key: 'status',
      header: messages.status,
      // Wide enough for the longest tag, INACTIVE, untruncated.
      width: 132,
      cell: (row) => (
        <ContentStatusBadge
          statusId={row.statusId}
          disabled={status.isPending}
          onToggle={
            mayToggle(row)
              ? () =>
                  status.mutate({
                    id: row.id,
                    statusId:
                      row.statusId === ContentStatus.Active
                        ? ContentStatus.Inactive
                        : ContentStatus.Active,
                  })
              : undefined
          }
        />
      ),
    },
    {
      key: 'name',
      header: messages.name,
      cell: (row) => (
        <>
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
          {row.statusId === ContentStatus.Draft && row.returnReason && (
            <Text size="xs" c="orange.8" lineClamp={1} title={row.returnReason} maw={420}>
              {contentApprovalText.returnedShort(row.returnReason)}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'questions',
      header: messages.questions,
      align: 'center',
      cell: (r) => r.questionsCount,
    },
    {
      key: 'updated',
      header: messages.lastEdited,
      cell: (row) => dayjs(row.updatedAt).format(dateFormat),
    },
    {
      key: 'type',
      header: messages.contentTypeColumn,
      cell: (row) => contentTypeLabels[row.contentTypeId],
    },
    {
      key: 'creator',
      header: messages.creators,
      cell: (row) => (row.createdBy ? `${row.createdBy.firstName} ${row.createdBy.lastName}` : ''),
    },
    {
      key: 'actions',
      header: contentText.actions,
      align: 'right',
      cell: (row) => {
        if (!isAdmin && row.organizationId === null) {
          return (
            <Group justify="flex-end" gap={6}>
              {organizationId !== undefined && row.organizationIds.includes(organizationId) && (
                <Checkbox checked readOnly aria-label={contentText.offerToOrganization(row.name)} />
              )}
              <Tooltip label={contentText.systemContent}>
                <span aria-label={contentText.systemContent} role="img">
                  <BrandLogo size={22} />
                </span>
              </Tooltip>
            </Group>
          );
        }
        return (
          <Group justify="flex-end" gap={6} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
            {row.statusId === ContentStatus.Review &&
              can(actor, 'content:approve', target(row)) && (
                <Button size="compact-xs" variant="light" onClick={() => setPreview(row)}>
                  {messages.review}
                </Button>
              )}
            {isAdmin &&
              organizationId !== undefined &&
              row.organizationId === null &&
              row.statusId === ContentStatus.Active && (
                <Checkbox
                  aria-label={contentText.offerToOrganization(row.name)}
                  checked={row.organizationIds.includes(organizationId)}
                  disabled={offer.isPending}
                  onChange={(e) =>
                    offer.mutate({ id: row.id, organizationId, add: e.currentTarget.checked })
                  }
                />
              )}
            {row.statusId === ContentStatus.Inactive && can(actor, 'content:markDeleted') && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={contentText.deleteItem(row.name)}
                onClick={() => setTrash(row)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        );
      },
    },
  ];

  return (
    <>
      <ListTable
        columns={columns}
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        loading={loading ?? false}
        rowKey={(row) => row.id}
        onRowClick={open}
        label={label}
        empty={empty}
      />
      <ContentPreviewDialog item={preview} onClose={() => setPreview(null)} />
      <DeleteDialog
        opened={trash !== null}
        onClose={() => setTrash(null)}
        title={messages.delete}
        message={trash ? contentText.markDeletedConfirm(trash.name) : ''}
        onConfirm={() =>
          trash ? status.mutateAsync({ id: trash.id, statusId: ContentStatus.Deleted }) : undefined
        }
      />
    </>
  );
}
