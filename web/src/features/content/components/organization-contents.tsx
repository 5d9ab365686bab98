/**
 * The organization content views (001 §2 'Organization content views (Admin and Manager)'): content
 * sub-tabs Interviews, Rating scales, Feedback forms (default Interviews), the General/Organization
 * switch and the status filters All, Active, Inactive, Deleted, Review, Draft, over
 * GET /organizations/{id}/contents. On the General side an Admin adds or removes items for the
 * organization with the checkbox.
 */
import { Group, SegmentedControl, Stack, Tabs } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ContentStatus,
  contentStatusLabels,
  ContentType,
  messages,
  Ownership,
  type ContentTypeId,
} from '@practica/contract';
import { useState } from 'react';
import { contentText } from '../../../config/content-text';
import { usePaging } from '../../../lib/paging';
import { useOrganizationContents } from '../api/list-contents';
import { ContentListToolbar, effectiveSearch } from './content-list-toolbar';
import { ContentsTable } from './contents-table';

const statusFilters = [
  ContentStatus.All,
  ContentStatus.Active,
  ContentStatus.Inactive,
  ContentStatus.Deleted,
  ContentStatus.Review,
  ContentStatus.Draft,
] as const;

const tabs: { type: ContentTypeId; label: string }[] = [
  { type: ContentType.Interview, label: messages.interviews },
  { type: ContentType.RatingScale, label: messages.ratingScales },
  { type: ContentType.Feedback, label: messages.feedbackForms },
];

export interface OrganizationContentsProps {
  organizationId: number;
  /** The editor of an item of the organization (creators, Draft/Review). */
  editPath?: ((contentTypeId: ContentTypeId, id: number) => string) | undefined;
  /** The chosen content sub-tab when the page remembers it; Interviews at first otherwise. */
  contentType?: ContentTypeId | undefined;
  onContentTypeChange?: ((contentTypeId: ContentTypeId) => void) | undefined;
  /** Inside another page's tab panel (the admin's organization detail): pill sub-tabs. */
  embedded?: boolean;
}

/** The content of one organization (001 §2). */
export function OrganizationContents({
  organizationId,
  editPath,
  contentType,
  onContentTypeChange,
  embedded = false,
}: OrganizationContentsProps) {
  const [ownType, setOwnType] = useState<ContentTypeId>(ContentType.Interview);
  const type = contentType ?? ownType;
  const setType = (next: ContentTypeId) => {
    setOwnType(next);
    onContentTypeChange?.(next);
  };
  const [side, setSide] = useState<string>(String(Ownership.Authored));
  const [status, setStatus] = useState<string>(String(ContentStatus.All));
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const { page, pageSize, setPage, setPageSize } = usePaging();
  const { data, isLoading } = useOrganizationContents(organizationId, {
    contentTypeId: type,
    authoring: Number(side),
    status: Number(status),
    search: effectiveSearch(debounced),
    page,
    pageSize,
  });

  return (
    <Stack gap="md">
      <Tabs
        variant={embedded ? 'pills' : 'default'}
        value={String(type)}
        onChange={(v) => {
          if (v) {
            setType(Number(v) as ContentTypeId);
            setPage(1);
          }
        }}
      >
        <Tabs.List aria-label={contentText.contentTabs}>
          {tabs.map((t) => (
            <Tabs.Tab key={t.type} value={String(t.type)}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="md">
        <SegmentedControl
          aria-label={contentText.scope}
          value={side}
          onChange={(v) => {
            setSide(v);
            setPage(1);
          }}
          data={[
            { value: String(Ownership.Assigned), label: messages.general },
            { value: String(Ownership.Authored), label: messages.organization },
          ]}
        />
        <SegmentedControl
          aria-label={contentText.statusFilter}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          data={statusFilters.map((s) => ({ value: String(s), label: contentStatusLabels[s] }))}
        />
      </Group>
      <ContentListToolbar
        search={text}
        onSearchChange={(v) => {
          setText(v);
          setPage(1);
        }}
        count={data?.count}
      />
      <ContentsTable
        label={tabs.find((t) => t.type === type)?.label ?? messages.contents}
        rows={data?.list}
        total={data?.count ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        loading={isLoading}
        organizationId={organizationId}
        {...(editPath ? { editPath: (row) => editPath(row.contentTypeId, row.id) } : {})}
      />
    </Stack>
  );
}
