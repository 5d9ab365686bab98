/**
 * The review inbox (decisions.md#review-loop §1): every answer waiting for review that the user may review, across
 * assignments, oldest submission first; filters (assignment, group, trainee search, 'All / Claimed
 * by me / Unclaimed') come from and go to the URL through `filters` / `onFiltersChange`; the
 * console's paged table (25/50/100) with the columns Trainee, Assignment, Submitted (date and
 * time), Waiting for and Claim; a row (click or Enter) opens the answer through `onOpen`. With
 * nothing waiting it says so and what to do. Reached from 'Submit and next' with nothing left for
 * the reviewer (`fromSubmitAndNext`), it says 'All caught up' only when its own list is empty, and
 * when every answer it lists is another reviewer's claim, that those are being reviewed.
 */
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { dateFormat, type ReviewInboxItem } from '@practica/contract';
import { IconConfetti, IconInbox, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { reviewInboxText as text } from '../../../config/review-inbox-text';
import { usePaging } from '../../../lib/paging';
import { useInboxOptions } from '../api/list-inbox-options';
import { useReviewInbox } from '../api/list-review-inbox';
import { hasInboxFilter, type InboxFilters } from '../inbox-filters';

export interface ReviewInboxProps {
  filters: InboxFilters;
  onFiltersChange: (filters: InboxFilters) => void;
  /** Opens the answer of `row` (the page adds the filters to its link). */
  onOpen: (row: ReviewInboxItem) => void;
  /** The assignments list, offered when nothing is waiting. */
  assignmentsHref?: string;
  /** Whether the inbox can be asked (an Admin must name an organization first). */
  enabled?: boolean;
  /** Now, for the waiting times and claim ages (tests fix it). */
  now?: () => number;
  /** Reached from 'Submit and next', which found no other answer for the reviewer. */
  fromSubmitAndNext?: boolean;
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** The claim badge of a row: 'Maya Manning · 3 min', blue when it is the user's own. */
function ClaimBadge({ claim, now }: { claim: ReviewInboxItem['claim']; now: number }) {
  if (!claim) return null;
  const name = fullName(claim.user);
  return (
    <Tooltip label={claim.mine ? text.claimMineTitle : text.claimOtherTitle(name)}>
      <Badge
        variant="light"
        color={claim.mine ? 'blue' : 'orange'}
        radius="sm"
        tt="none"
        fw={500}
        data-testid="claim-badge"
      >
        {text.claimBadge(name, now - Date.parse(claim.claimedAt))}
      </Badge>
    </Tooltip>
  );
}

/** The 'Reviews' page's content. */
export function ReviewInbox({
  filters,
  onFiltersChange,
  onOpen,
  assignmentsHref,
  enabled = true,
  now = Date.now,
  fromSubmitAndNext = false,
}: ReviewInboxProps) {
  const paging = usePaging();
  const [term, setTerm] = useState(filters.search ?? '');
  // The URL's search (Back, a shared link) wins over what was typed.
  useEffect(() => {
    const search = filters.search ?? '';
    setTerm((current) => (current.trim() === search ? current : search));
  }, [filters.search]);
  const inbox = useReviewInbox(
    { ...filters, page: paging.page, pageSize: paging.pageSize },
    enabled,
  );
  const options = useInboxOptions(filters.organizationId, enabled);
  const change = (next: Partial<InboxFilters>) => {
    paging.setPage(1);
    onFiltersChange({ ...filters, ...next });
  };
  const filtered = hasInboxFilter(filters);
  const count = inbox.data?.count ?? 0;
  const at = now();
  const empty = enabled && !inbox.isLoading && !inbox.isError && count === 0;
  // What 'Submit and next' found, as this list (fresh, not a placeholder) shows it.
  const fresh = inbox.isSuccess && !inbox.isPlaceholderData && !inbox.isFetching;
  const rows = inbox.data?.list ?? [];
  const othersOnly =
    count > 0 && rows.length === count && rows.every((r) => r.claim !== null && !r.claim.mine);

  return (
    <Stack gap="md">
      {fromSubmitAndNext && fresh && (count === 0 || othersOnly) ? (
        <Alert
          color={count === 0 ? 'green' : 'blue'}
          icon={count === 0 ? <IconConfetti size={18} aria-hidden /> : undefined}
          role="status"
          data-testid="caught-up"
        >
          {count === 0 ? text.caughtUp : text.othersReviewing}
        </Alert>
      ) : null}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={text.assignmentFilter}
          placeholder={text.allAssignments}
          data={options.data?.assignments ?? []}
          value={filters.assignmentId !== undefined ? String(filters.assignmentId) : null}
          onChange={(value) => change({ assignmentId: value ? Number(value) : undefined })}
          clearable
          searchable
          w={{ base: '100%', xs: 240 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={text.groupFilter}
          placeholder={text.allGroups}
          data={options.data?.groups ?? []}
          value={filters.groupId !== undefined ? String(filters.groupId) : null}
          onChange={(value) => change({ groupId: value ? Number(value) : undefined })}
          clearable
          searchable
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={term}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setTerm(value);
            change({ search: value.trim() || undefined });
          }}
          w={{ base: '100%', xs: 240 }}
        />
        <Box>
          <Text size="sm" fw={500} mb={4} id="review-inbox-claim-label">
            {text.claimFilter}
          </Text>
          <SegmentedControl
            aria-labelledby="review-inbox-claim-label"
            value={filters.claim ?? 'all'}
            onChange={(value) =>
              change({ claim: value === 'mine' || value === 'unclaimed' ? value : undefined })
            }
            data={[
              { value: 'all', label: text.claimAll },
              { value: 'mine', label: text.claimMine },
              { value: 'unclaimed', label: text.claimUnclaimed },
            ]}
          />
        </Box>
      </Group>
      {empty ? (
        <Paper p="xl" data-testid="review-inbox-empty">
          <Center>
            <Stack gap="xs" align="center" maw={420} ta="center">
              <IconInbox size={32} stroke={1.5} color="var(--mantine-color-gray-5)" aria-hidden />
              <Text fw={600}>{filtered ? text.emptyFilteredTitle : text.emptyTitle}</Text>
              <Text size="sm" c="dimmed">
                {filtered ? text.emptyFilteredHint : text.emptyHint}
              </Text>
              {filtered ? (
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => {
                    setTerm('');
                    onFiltersChange({ organizationId: filters.organizationId });
                  }}
                >
                  {text.clearFilters}
                </Button>
              ) : assignmentsHref ? (
                <Anchor component={Link} to={assignmentsHref} size="sm">
                  {text.openAssignments}
                </Anchor>
              ) : null}
            </Stack>
          </Center>
        </Paper>
      ) : (
        <ListTable<ReviewInboxItem>
          label={text.tableLabel}
          loading={inbox.isLoading}
          columns={[
            {
              key: 'trainee',
              header: text.traineeColumn,
              cell: (row) => (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {fullName(row.user)}
                  </Text>
                  {row.reviewedBefore ? (
                    <Badge size="xs" variant="outline" color="gray" tt="none">
                      {text.reviewedBefore}
                    </Badge>
                  ) : null}
                </Group>
              ),
            },
            {
              key: 'assignment',
              header: text.assignmentColumn,
              cell: (row) => row.assignment.name,
            },
            {
              key: 'submitted',
              header: text.submittedColumn,
              cell: (row) => dayjs(row.submittedAt).format(`${dateFormat} HH:mm`),
            },
            {
              key: 'waiting',
              header: text.waitingColumn,
              cell: (row) => text.waiting(at - Date.parse(row.submittedAt)),
            },
            {
              key: 'claim',
              header: text.claimColumn,
              cell: (row) => <ClaimBadge claim={row.claim} now={at} />,
            },
          ]}
          rows={inbox.data?.list}
          total={count}
          rowKey={(row) => row.answerId}
          onRowClick={onOpen}
          page={paging.page}
          pageSize={paging.pageSize}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
        />
      )}
    </Stack>
  );
}
