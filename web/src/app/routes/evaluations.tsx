/**
 * /dbl/{contentTypeId}/evaluations (001 §2 'Evaluations list'): tabs Ratings and Feedback (the tab
 * is the path's content type), search by name, the add button and the content table. An empty list
 * says what to do next: 'Create rating scale' / 'Create feedback form' for a creator (decisions.md#console-flows §9).
 */
import { Stack, Tabs } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ContentType,
  evaluationTypeIds,
  messages,
  Ownership,
  type EvaluationTypeId,
} from '@practica/contract';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { contentText } from '../../config/content-text';
import { paths } from '@shared/config/paths';
import {
  contentEmptyState,
  ContentListToolbar,
  ContentsTable,
  effectiveSearch,
  useQuestionnaires,
} from '../../features/content';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { usePaging } from '../../lib/paging';

/** The evaluation type of the path; Rating scales when unknown. */
export function evaluationTypeOf(raw: string | undefined): EvaluationTypeId {
  const n = Number(raw);
  return (evaluationTypeIds as readonly number[]).includes(n)
    ? (n as EvaluationTypeId)
    : ContentType.RatingScale;
}

/** The evaluations list (001 §2). */
export default function EvaluationsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const contentTypeId = evaluationTypeOf(params.contentTypeId);
  const { user } = useAuth();
  const { page, pageSize, setPage, setPageSize } = usePaging();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const orgId = user?.organizationId ?? null;
  const mayAuthor = useCan('content:author', { organizationId: orgId });
  const search = effectiveSearch(debounced);
  const { data, isLoading } = useQuestionnaires({
    ...(orgId !== null
      ? { organizationId: orgId, authoring: Ownership.All }
      : { authoring: Ownership.Assigned }),
    contentTypeId,
    search,
    page,
    pageSize,
  });

  return (
    <Stack gap="md">
      <Tabs
        value={String(contentTypeId)}
        onChange={(v) => {
          if (v) {
            setPage(1);
            void navigate(paths.evaluations(v));
          }
        }}
      >
        <Tabs.List aria-label={contentText.evaluationTabs}>
          <Tabs.Tab value={String(ContentType.RatingScale)}>{messages.ratings}</Tabs.Tab>
          <Tabs.Tab value={String(ContentType.Feedback)}>{messages.feedback}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ContentListToolbar
        search={text}
        onSearchChange={(value) => {
          setText(value);
          setPage(1);
        }}
        count={data?.count}
        create={
          mayAuthor
            ? { to: paths.evaluationCreate(contentTypeId), label: messages.newEvaluation }
            : undefined
        }
      />
      <ContentsTable
        label={contentTypeId === ContentType.Feedback ? messages.feedback : messages.ratings}
        rows={data?.list}
        total={data?.count ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        loading={isLoading}
        editPath={(row) => paths.evaluationEdit(row.contentTypeId, row.id)}
        empty={contentEmptyState({
          contentTypeId,
          searching: search !== undefined,
          onCreate: mayAuthor
            ? () => void navigate(paths.evaluationCreate(contentTypeId))
            : undefined,
        })}
      />
    </Stack>
  );
}
