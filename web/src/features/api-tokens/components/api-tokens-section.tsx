/**
 * The "API tokens" section of an organization's page (decisions.md#api-tokens), for an Admin or a
 * Manager of the organization: the tokens not revoked (name, scopes, prefix, created, last used,
 * expiry) with a revoke button that asks first, an empty state, and the create dialog.
 */
import {
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
import { dateFormat, type ApiToken } from '@practica/contract';
import { IconKey, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import { ListTable } from '../../../components/list-table';
import { apiTokensText } from '../../../config/api-tokens-text';
import { useApiTokens } from '../api/list-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { CreateApiTokenDialog } from './create-api-token-dialog';

/** A time of the list (date and hh:mm, kept on one line), or `otherwise` when there is none. */
function day(iso: string | null, otherwise: string) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {iso ? dayjs(iso).format(`${dateFormat} HH:mm`) : otherwise}
    </Text>
  );
}

/** The section; `organizationId` the organization whose tokens it lists. */
export function ApiTokensSection({ organizationId }: { organizationId: number }) {
  const query = useApiTokens(organizationId);
  const revoke = useRevokeApiToken(organizationId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const rows = query.data?.list;
  return (
    <Paper p="lg" component="section" aria-labelledby="api-tokens-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} id="api-tokens-title">
            {apiTokensText.title}
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {apiTokensText.create}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {apiTokensText.intro}
        </Text>
        {query.isError ? (
          <Text c="red" size="sm" role="alert">
            {apiTokensText.loadFailed}
          </Text>
        ) : (
          <ListTable<ApiToken>
            label={apiTokensText.tableLabel}
            rows={rows}
            loading={query.isPending}
            withPaging={false}
            rowKey={(row) => row.id}
            empty={{
              title: apiTokensText.emptyTitle,
              description: apiTokensText.emptyDescription,
              icon: <IconKey size={24} stroke={1.5} />,
              action: {
                label: apiTokensText.create,
                onClick: () => setCreating(true),
                icon: <IconPlus size={16} />,
              },
            }}
            columns={[
              { key: 'name', header: apiTokensText.name, cell: (row) => row.name },
              {
                key: 'scopes',
                header: apiTokensText.scopes,
                cell: (row) => (
                  <Group gap={4} miw={200}>
                    {row.scopes.map((scope) => (
                      <Tooltip key={scope} label={apiTokensText.scopeLabels[scope]}>
                        <Badge variant="light" tt="none">
                          {scope}
                        </Badge>
                      </Tooltip>
                    ))}
                  </Group>
                ),
              },
              {
                key: 'prefix',
                header: apiTokensText.prefix,
                cell: (row) => (
                  <Text ff="monospace" size="sm">
                    {row.prefix}…
                  </Text>
                ),
              },
              {
                key: 'created',
                header: apiTokensText.created,
                cell: (row) => (
                  <Stack gap={0}>
                    {day(row.createdAt, '')}
                    {row.createdBy && (
                      <Text size="xs" c="dimmed">
                        {row.createdBy.name}
                      </Text>
                    )}
                  </Stack>
                ),
              },
              {
                key: 'lastUsed',
                header: apiTokensText.lastUsed,
                cell: (row) => day(row.lastUsedAt, apiTokensText.notUsed),
              },
              {
                key: 'expires',
                header: apiTokensText.expires,
                cell: (row) => day(row.expiresAt, apiTokensText.never),
              },
              {
                key: 'revoke',
                header: <VisuallyHidden>{apiTokensText.actions}</VisuallyHidden>,
                align: 'right',
                cell: (row) => (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={apiTokensText.revokeLabel(row.name)}
                    onClick={() => setRevoking(row)}
                  >
                    {apiTokensText.revoke}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Stack>
      <CreateApiTokenDialog
        organizationId={organizationId}
        opened={creating}
        onClose={() => setCreating(false)}
      />
      <DeleteDialog
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={apiTokensText.revokeTitle}
        message={revoking ? apiTokensText.revokeMessage(revoking.name) : ''}
        confirmLabel={apiTokensText.revoke}
        onConfirm={() => (revoking ? revoke.mutateAsync(revoking.id) : undefined)}
      />
    </Paper>
  );
}
