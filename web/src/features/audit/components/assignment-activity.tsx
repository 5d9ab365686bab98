/**
 * The assignment's Activity (decisions.md#review-loop §5): its audit log for Managers and Admins ('audit:read') —
 * when, and who did what in words, newest first, with an action filter and the console's paged table
 * (25 / 50 / 100). Nothing here changes the log: the API has no such call.
 */
import { Center, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import {
  auditActions,
  dateFormat,
  type AuditActionName,
  type AuditEvent,
} from '@practica/contract';
import { IconHistory } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { activityText as text } from '../../../config/review-history-text';
import { useCan } from '../../../lib/can';
import { usePaging } from '../../../lib/paging';
import { useAuditLog } from '../api/list-audit';
import { describeAuditEvent } from '../describe-event';

export interface AssignmentActivityProps {
  assignmentId: number;
}

/** The Activity section; nothing for a user the policy does not show it to. */
export function AssignmentActivity({ assignmentId }: AssignmentActivityProps) {
  const allowed = useCan('audit:read');
  const paging = usePaging();
  const [action, setAction] = useState<AuditActionName | undefined>();
  const filterId = useId();
  const log = useAuditLog(
    assignmentId,
    { action, page: paging.page, pageSize: paging.pageSize },
    allowed && assignmentId > 0,
  );
  if (!allowed) return null;
  const total = log.data?.count ?? 0;
  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby={`${filterId}-title`}>
      <Group justify="space-between" align="flex-end">
        <Title order={3} id={`${filterId}-title`}>
          {text.title}
        </Title>
        <NativeSelect
          id={filterId}
          label={text.filter}
          size="xs"
          w={220}
          value={action ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setAction(value === '' ? undefined : (value as AuditActionName));
            paging.setPage(1);
          }}
          data={[
            { value: '', label: text.allActions },
            ...auditActions.map((a) => ({ value: a, label: text.actions[a] })),
          ]}
        />
      </Group>
      {log.isError ? (
        <Text c="red" size="sm">
          {text.loadFailed}
        </Text>
      ) : log.data && total === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Center>
            <Stack align="center" gap={4}>
              <IconHistory size={28} aria-hidden />
              <Text size="sm" c="dimmed">
                {action ? text.emptyFiltered : text.empty}
              </Text>
            </Stack>
          </Center>
        </Paper>
      ) : (
        <ListTable<AuditEvent>
          label={text.title}
          loading={log.isLoading}
          rows={log.data?.list}
          total={total}
          page={paging.page}
          pageSize={paging.pageSize}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'when',
              header: text.when,
              width: 120,
              cell: (row) => (
                <Text size="sm">{dayjs(row.createdAt).format(`${dateFormat} HH:mm`)}</Text>
              ),
            },
            {
              key: 'what',
              header: text.what,
              cell: (row) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {row.actorName}
                  </Text>
                  <Text size="sm">{describeAuditEvent(row)}</Text>
                </Stack>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
