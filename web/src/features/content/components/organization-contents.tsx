/**
 * The organization content views (001 §2 'Organization content views (Admin and Manager)'): content
 * sub-tabs Interviews, Rating scales, Feedback forms (default Interviews), the General/Organization
 * switch and the status filters All, Active, Inactive, Deleted, Review, Draft, over
 * GET /organizations/{id}/contents. On the General side an Admin adds or removes items for the
 * organization with the checkbox.
 *
 * decisions.md#console-flows §9: until the user picks a side, it opens on the side that has items — General when the
 * organization's own list of that type is empty; an empty list says what to do next (a creator's
 * create button, or the way to the other side or to all statuses). With `syncUrl` (the manager's
 * page) the type, side and status live in the address (`contentTypeId`, `view`, `statusId`), so a
 * reload or a link (the dashboard's 'Review items') opens the same view.
 */
import { Box, Group, SegmentedControl, Stack, Tabs } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ContentStatus,
  contentStatusLabels,
  ContentType,
  messages,
  Ownership,
  contentTypeIds,
  type ContentTypeId,
} from '@practica/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { contentApprovalText } from '../../../config/content-approval-text';
import { contentText } from '../../../config/content-text';
import { usePaging } from '../../../lib/paging';
import { useOrganizationContents } from '../api/list-contents';
import { contentEmptyState } from './content-empty-state';
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

/** The address keys of the view (with `syncUrl`). */
export const organizationContentsParams = {
  contentTypeId: 'contentTypeId',
  view: 'view',
  statusId: 'statusId',
} as const;
/** The `view` values: the organization's own items, or the general ones added to it. */
export const organizationContentsViews = {
  organization: 'organization',
  general: 'general',
} as const;

/**
 * The search part (without '?') of the organization contents page showing `contentTypeId` items of
 * `statusId` on one side (e.g. the dashboard's link to the items in Review).
 */
export function organizationContentsSearch(view: {
  contentTypeId?: ContentTypeId;
  side?: keyof typeof organizationContentsViews;
  statusId?: number;
}): string {
  const search = new URLSearchParams();
  if (view.contentTypeId)
    search.set(organizationContentsParams.contentTypeId, String(view.contentTypeId));
  if (view.side) search.set(organizationContentsParams.view, organizationContentsViews[view.side]);
  if (view.statusId) search.set(organizationContentsParams.statusId, String(view.statusId));
  return search.toString();
}

const sideOfView = (raw: string | null): string | null =>
  raw === organizationContentsViews.general
    ? String(Ownership.Assigned)
    : raw === organizationContentsViews.organization
      ? String(Ownership.Authored)
      : null;
const viewOfSide = (side: string) =>
  side === String(Ownership.Assigned)
    ? organizationContentsViews.general
    : organizationContentsViews.organization;

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
  /** Keeps the type, side and status in the address (the manager's page). */
  syncUrl?: boolean;
  /** Opens the create screen of a type; absent: no create button in the empty state. */
  onCreate?: ((contentTypeId: ContentTypeId) => void) | undefined;
}

/** The content of one organization (001 §2). */
export function OrganizationContents({
  organizationId,
  editPath,
  contentType,
  onContentTypeChange,
  embedded = false,
  syncUrl = false,
  onCreate,
}: OrganizationContentsProps) {
  const [params, setParams] = useSearchParams();
  const fromUrl = (key: string) => (syncUrl ? params.get(key) : null);
  const setInUrl = (key: string, value: string | null) => {
    if (!syncUrl) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  };
  const urlType = Number(fromUrl(organizationContentsParams.contentTypeId));
  const [ownType, setOwnType] = useState<ContentTypeId>(
    (contentTypeIds as readonly number[]).includes(urlType)
      ? (urlType as ContentTypeId)
      : ContentType.Interview,
  );
  const type = contentType ?? ownType;
  const setType = (next: ContentTypeId) => {
    setOwnType(next);
    setInUrl(organizationContentsParams.contentTypeId, String(next));
    onContentTypeChange?.(next);
  };
  // null until the user (or the address) picks a side: then the side that has items.
  const [chosenSide, setChosenSide] = useState<string | null>(
    sideOfView(fromUrl(organizationContentsParams.view)),
  );
  const urlStatus = fromUrl(organizationContentsParams.statusId);
  const [status, setStatusState] = useState<string>(
    urlStatus && statusFilters.some((s) => String(s) === urlStatus)
      ? urlStatus
      : String(ContentStatus.All),
  );
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const search = effectiveSearch(debounced);
  const { page, pageSize, setPage, setPageSize } = usePaging();
  // The organization's own items of this type (the default view's first page): empty → General.
  const own = useOrganizationContents(
    organizationId,
    {
      contentTypeId: type,
      authoring: Ownership.Authored,
      status: ContentStatus.All,
      page: 1,
      pageSize,
    },
    chosenSide === null,
  );
  // A placeholder (the previous type's answer) decides nothing.
  const ownCount = own.isPlaceholderData ? undefined : own.data?.count;
  const autoSide = ownCount === 0 ? String(Ownership.Assigned) : String(Ownership.Authored);
  const side = chosenSide ?? autoSide;
  const deciding = chosenSide === null && ownCount === undefined && !own.isError;
  const setSide = (next: string) => {
    setChosenSide(next);
    setInUrl(organizationContentsParams.view, viewOfSide(next));
  };
  const setStatus = (next: string) => {
    setStatusState(next);
    setInUrl(organizationContentsParams.statusId, next === String(ContentStatus.All) ? null : next);
  };
  const { data, isLoading } = useOrganizationContents(
    organizationId,
    {
      contentTypeId: type,
      authoring: Number(side),
      status: Number(status),
      search,
      page,
      pageSize,
    },
    !deciding,
  );
  const general = side === String(Ownership.Assigned);

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
        {/* Narrow screens scroll the six filters inside their own row, never cut one off. */}
        <Box style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <SegmentedControl
            aria-label={contentText.statusFilter}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            data={statusFilters.map((s) => ({ value: String(s), label: contentStatusLabels[s] }))}
          />
        </Box>
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
        loading={isLoading || deciding}
        organizationId={organizationId}
        empty={contentEmptyState({
          contentTypeId: type,
          searching: search !== undefined,
          statusId: Number(status),
          onShowAll: () => {
            setStatus(String(ContentStatus.All));
            setPage(1);
          },
          ...(general
            ? { description: contentApprovalText.generalEmpty }
            : { onCreate: onCreate ? () => onCreate(type) : undefined }),
        })}
        {...(editPath ? { editPath: (row) => editPath(row.contentTypeId, row.id) } : {})}
      />
    </Stack>
  );
}
