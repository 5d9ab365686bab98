/**
 * The "Webhooks" section of an organization's "Sign-in and integrations" page
 * (decisions.md#webhooks), for an Admin or a Manager of the organization: the endpoints (URL,
 * events, active or paused, last delivery) with Send test, Deliveries, Edit and Delete (which asks
 * first), an empty state, the create dialog, the result of the last test, and the deliveries table
 * of the endpoint chosen (or last tested).
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { WebhookDelivery, WebhookEndpoint } from '@practica/contract';
import {
  IconList,
  IconPencil,
  IconPlus,
  IconSend,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import { ListTable } from '../../../components/list-table';
import { webhooksText } from '../../../config/webhooks-text';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';
import { useWebhooks } from '../api/list-webhooks';
import { useTestWebhook } from '../api/test-webhook';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { EditWebhookDialog } from './edit-webhook-dialog';
import { DeliveryStatusBadge, WebhookDeliveries, whenOf } from './webhook-deliveries';

/** The newest delivery of an endpoint (the first row of its deliveries' first page). */
function LastDelivery({
  organizationId,
  endpointId,
}: {
  organizationId: number;
  endpointId: number;
}) {
  const query = useWebhookDeliveries(organizationId, endpointId);
  const last = query.data?.list[0];
  if (!last) {
    return (
      <Text size="sm" c="dimmed">
        {query.isPending ? '' : webhooksText.noDelivery}
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <DeliveryStatusBadge status={last.status} />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {whenOf(last.createdAt)}
      </Text>
    </Stack>
  );
}

/** What the last "Send test" answered, as one sentence. */
function testOutcome(delivery: WebhookDelivery): string {
  return delivery.status === 'delivered'
    ? webhooksText.testDelivered(delivery.lastStatusCode, delivery.responseTimeMs)
    : webhooksText.testNotDelivered(
        delivery.lastError ?? webhooksText.statusLabels[delivery.status],
      );
}

/** The section; `organizationId` the organization whose endpoints it lists. */
export function WebhooksSection({ organizationId }: { organizationId: number }) {
  const query = useWebhooks(organizationId);
  const remove = useDeleteWebhook(organizationId);
  const test = useTestWebhook(organizationId);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const [tested, setTested] = useState<{ url: string; delivery: WebhookDelivery } | null>(null);
  const rows = query.data?.list;
  const shown = rows?.find((row) => row.id === shownId) ?? null;

  const sendTest = (endpoint: WebhookEndpoint) => {
    setTested(null);
    test.mutate(endpoint.id, {
      onSuccess: (delivery) => {
        setTested({ url: endpoint.url, delivery });
        setShownId(endpoint.id);
      },
    });
  };

  return (
    <Paper p="lg" component="section" aria-labelledby="webhooks-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} id="webhooks-title">
            {webhooksText.title}
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {webhooksText.create}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {webhooksText.intro}
        </Text>
        {tested && (
          <Alert
            role="status"
            color={tested.delivery.status === 'delivered' ? 'teal' : 'yellow'}
            withCloseButton
            closeButtonLabel={webhooksText.done}
            onClose={() => setTested(null)}
            data-testid="webhook-test-result"
          >
            <Text size="sm" style={{ wordBreak: 'break-all' }} fw={500}>
              {tested.url}
            </Text>
            <Text size="sm">{testOutcome(tested.delivery)}</Text>
          </Alert>
        )}
        {query.isError ? (
          <Text c="red" size="sm" role="alert">
            {webhooksText.loadFailed}
          </Text>
        ) : (
          <ListTable<WebhookEndpoint>
            label={webhooksText.tableLabel}
            rows={rows}
            loading={query.isPending}
            withPaging={false}
            rowKey={(row) => row.id}
            empty={{
              title: webhooksText.emptyTitle,
              description: webhooksText.emptyDescription,
              icon: <IconWebhook size={24} stroke={1.5} />,
              action: {
                label: webhooksText.create,
                onClick: () => setCreating(true),
                icon: <IconPlus size={16} />,
              },
            }}
            columns={[
              {
                key: 'url',
                header: webhooksText.url,
                cell: (row) => (
                  <Text
                    size="sm"
                    ff="monospace"
                    miw={200}
                    maw={320}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {row.url}
                  </Text>
                ),
              },
              {
                key: 'events',
                header: webhooksText.events,
                cell: (row) => (
                  <Group gap={4} miw={160}>
                    {row.events.map((event) => (
                      <Tooltip key={event} label={webhooksText.eventLabels[event]}>
                        <Badge variant="light" tt="none">
                          {event}
                        </Badge>
                      </Tooltip>
                    ))}
                  </Group>
                ),
              },
              {
                key: 'active',
                header: webhooksText.status,
                cell: (row) => (
                  <Badge
                    variant="dot"
                    color={row.active ? 'teal' : 'gray'}
                    tt="none"
                    miw="max-content"
                  >
                    {row.active ? webhooksText.active : webhooksText.paused}
                  </Badge>
                ),
              },
              {
                key: 'last',
                header: webhooksText.lastDelivery,
                cell: (row) => <LastDelivery organizationId={organizationId} endpointId={row.id} />,
              },
              {
                key: 'actions',
                header: <VisuallyHidden>{webhooksText.actions}</VisuallyHidden>,
                align: 'right',
                cell: (row) => (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      variant="light"
                      size="xs"
                      leftSection={<IconSend size={14} />}
                      aria-label={webhooksText.sendTestLabel(row.url)}
                      loading={test.isPending && test.variables === row.id}
                      onClick={() => sendTest(row)}
                    >
                      {webhooksText.sendTest}
                    </Button>
                    <Button
                      variant={shownId === row.id ? 'light' : 'subtle'}
                      size="xs"
                      leftSection={<IconList size={14} />}
                      aria-pressed={shownId === row.id}
                      aria-label={webhooksText.deliveriesLabel(row.url)}
                      onClick={() => setShownId(shownId === row.id ? null : row.id)}
                    >
                      {webhooksText.deliveries}
                    </Button>
                    <Tooltip label={webhooksText.edit}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={webhooksText.editLabel(row.url)}
                        onClick={() => setEditing(row)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={webhooksText.delete}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={webhooksText.deleteLabel(row.url)}
                        onClick={() => setDeleting(row)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ),
              },
            ]}
          />
        )}
        {shown && <WebhookDeliveries organizationId={organizationId} endpoint={shown} />}
      </Stack>
      <CreateWebhookDialog
        organizationId={organizationId}
        opened={creating}
        onClose={() => setCreating(false)}
      />
      <EditWebhookDialog
        organizationId={organizationId}
        endpoint={editing}
        onClose={() => setEditing(null)}
      />
      <DeleteDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={webhooksText.deleteTitle}
        message={deleting ? webhooksText.deleteMessage(deleting.url) : ''}
        onConfirm={() =>
          deleting
            ? remove.mutateAsync(deleting.id).then(() => {
                if (shownId === deleting.id) setShownId(null);
              })
            : undefined
        }
      />
    </Paper>
  );
}
