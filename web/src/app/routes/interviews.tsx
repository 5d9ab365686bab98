/**
 * /dbl/interviews (001 §2 'Interviews list'): search, plus button, count and the content table.
 * A user of an organization sees the organization's list (its own interviews and the general ones
 * added to it); a user without one (Admin) sees general interviews. An empty list says what to do
 * next: 'Create interview' for a creator (decisions.md#console-flows §9).
 */
import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ContentType, messages, Ownership } from '@practica/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@shared/config/paths';
import {
  contentEmptyState,
  ContentListToolbar,
  ContentsTable,
  effectiveSearch,
  useInterviews,
} from '../../features/content';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { usePaging } from '../../lib/paging';

/** The interviews list (001 §2). */
export default function InterviewsPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { page, pageSize, setPage, setPageSize } = usePaging();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const search = effectiveSearch(debounced);
  const orgId = user?.organizationId ?? null;
  const mayAuthor = useCan('content:author', { organizationId: orgId });
  const { data, isLoading } = useInterviews({
    ...(orgId !== null
      ? { organizationId: orgId, authoring: Ownership.All }
      : { authoring: Ownership.Assigned }),
    search,
    page,
    pageSize,
  });

  return (
    <Stack gap="md">
      <ContentListToolbar
        search={text}
        onSearchChange={(value) => {
          setText(value);
          setPage(1);
        }}
        count={data?.count}
        create={
          mayAuthor ? { to: paths.interviewCreate(), label: messages.newInterview } : undefined
        }
      />
      <ContentsTable
        label={messages.interviews}
        rows={data?.list}
        total={data?.count ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        loading={isLoading}
        editPath={(row) => paths.interviewEdit(row.id)}
        empty={contentEmptyState({
          contentTypeId: ContentType.Interview,
          searching: search !== undefined,
          onCreate: mayAuthor ? () => void navigate(paths.interviewCreate()) : undefined,
        })}
      />
    </Stack>
  );
}
