/**
 * The deliveries table of one webhook endpoint (decisions.md#webhooks §5): event, status (with the
 * last error and the next attempt of a pending one), HTTP code, attempts, response time in ms and
 * when it was queued; paged (1-based, 25/50/100 rows), newest first; an empty state.
 */
import { Badge, Stack, Text, Title } from '@mantine/core';
import {
  dateFormat,
  type PageSize,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@practica/contract';
import { IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { webhooksText } from '../../../config/webhooks-text';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';

const statusColors: Record<WebhookDeliveryStatus, string> = {
  pending: 'yellow',
  delivered: 'teal',
  failed: 'red',
};

/** A time of the tables (date and hh:mm). */
export function whenOf(iso: string): string {
  return dayjs(iso).format(`${dateFormat} HH:mm`);
}

/** A delivery's status as a badge. */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return (
    <Badge variant="light" color={statusColors[status]} tt="none" miw="max-content">
      {webhooksText.statusLabels[status]}
    </Badge>
  );
}

/** The table of `endpoint`'s deliveries, under a heading naming its URL. */
export function WebhookDeliveries({
  organizationId,
  endpoint,
}: {
  organizationId: number;
  endpoint: WebhookEndpoint;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const query = useWebhookDeliveries(organizationId, endpoint.id, page, pageSize);
  const label = webhooksText.deliveriesLabel(endpoint.url);
  return (
    <Stack gap="xs">
      <Title order={3} size="h4" style={{ wordBreak: 'break-all' }}>
        {label}
      </Title>
      {query.isError ? (
        <Text c="red" size="sm" role="alert">
          {webhooksText.deliveriesLoadFailed}
        </Text>
      ) : (
        <ListTable<WebhookDelivery>
          label={label}
          rows={query.data?.list}
          total={query.data?.count ?? 0}
          loading={query.isPending}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          withPaging={(query.data?.count ?? 0) > 0}
          rowKey={(row) => row.id}
          empty={{
            title: webhooksText.deliveriesEmptyTitle,
            description: webhooksText.deliveriesEmptyDescription,
            icon: <IconSend size={24} stroke={1.5} />,
          }}
          columns={[
            {
              key: 'event',
              header: webhooksText.event,
              cell: (row) => (
                <Text size="sm" ff="monospace">
                  {row.event}
                </Text>
              ),
            },
            {
              key: 'status',
              header: webhooksText.status,
              cell: (row) => (
                <Stack gap={2} align="flex-start">
                  <DeliveryStatusBadge status={row.status} />
                  {row.status !== 'delivered' && row.lastError && (
                    <Text size="xs" c="dimmed" maw={260}>
                      {row.lastError}
                    </Text>
                  )}
                  {row.nextAttemptAt && row.attempts > 0 && (
                    <Text size="xs" c="dimmed">
                      {webhooksText.nextAttempt(whenOf(row.nextAttemptAt))}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              key: 'code',
              header: webhooksText.httpCode,
              cell: (row) => row.lastStatusCode ?? '–',
            },
            { key: 'attempts', header: webhooksText.attempts, cell: (row) => row.attempts },
            {
              key: 'time',
              header: webhooksText.responseTime,
              cell: (row) =>
                row.responseTimeMs === null ? '–' : webhooksText.ms(row.responseTimeMs),
            },
            {
              key: 'when',
              header: webhooksText.when,
              cell: (row) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {whenOf(row.createdAt)}
                </Text>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
