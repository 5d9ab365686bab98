/**
 * The admin list of avatars or environments (001 §2 'Avatars and environments'): image thumbnail,
 * name (avatars) or title (environments), description, edit and delete. Deleting asks first and
 * toasts messages.assetDeleted, or the server's message (messages.failedToDeleteAvatar /
 * messages.failedToDeleteEnvironment while the asset is in use, 001 §8).
 */
import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { messages, type Asset } from '@practica/contract';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CreateButton } from '../../../components/create-button';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import { ListTable } from '../../../components/list-table';
import { assetText } from '@shared/config/ui-text';
import { isApiError } from '@shared/lib/api-client';
import { usePaging } from '../../../lib/paging';
import { toast } from '@shared/lib/toast';
import { useDeleteAsset } from '../api/delete-asset';
import { useAssets } from '../api/list-assets';
import { assetKinds, type AssetKind } from '../kinds';
import { AssetThumbnail } from './asset-thumbnail';
import { MobileAssetsBanner } from './mobile-assets-banner';

/** Avatars or environments, paged, for the admin (001 §2). */
export function AssetsList({ kind }: { kind: AssetKind }) {
  const info = assetKinds[kind];
  const navigate = useNavigate();
  const { page, pageSize, setPage, setPageSize } = usePaging();
  const query = useAssets(info.typeId, { page, pageSize });
  const remove = useDeleteAsset();
  const [deleting, setDeleting] = useState<Asset | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(messages.assetDeleted);
    } catch (error) {
      toast.error(isApiError(error) && error.fromServer ? error.message : info.deleteFailed);
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <MobileAssetsBanner />
      <Paper p="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {info.intro}
            </Text>
            <CreateButton to={info.createPath()}>{info.newLabel}</CreateButton>
          </Group>
          <ListTable<Asset>
            label={info.plural}
            empty={{
              description: info.intro,
              action: {
                label: info.newLabel,
                icon: <IconPlus size={16} aria-hidden />,
                onClick: () => void navigate(info.createPath()),
              },
            }}
            rows={query.data?.list}
            total={query.data?.count ?? 0}
            loading={query.isPending}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
            rowKey={(row) => row.id}
            onRowClick={(row) => void navigate(info.editPath(row.id))}
            columns={[
              {
                key: 'image',
                header: assetText.image,
                width: 72,
                cell: (row) => <AssetThumbnail kind={kind} name={row.name} url={row.image?.url} />,
              },
              {
                key: 'name',
                header: info.nameLabel,
                cell: (row) => (
                  <Text fw={500} size="sm">
                    {row.name}
                  </Text>
                ),
              },
              {
                key: 'description',
                header: messages.description,
                cell: (row) => (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {row.description}
                  </Text>
                ),
              },
              {
                key: 'actions',
                header: assetText.actions,
                width: 110,
                align: 'right',
                cell: (row) => (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={messages.edit}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        component={Link}
                        to={info.editPath(row.id)}
                        aria-label={assetText.editNamed(row.name)}
                        onClick={(e) => e.stopPropagation()}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={messages.delete}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={assetText.deleteNamed(row.name)}
                        onClick={(e) => {
                          e.stopPropagation();
                          setDeleting(row);
                        }}
                        onKeyDown={(e) => e.stopPropagation()}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ),
              },
            ]}
          />
        </Stack>
      </Paper>
      <DeleteDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title={assetText.deleteTitle(info.label)}
        message={deleting ? assetText.deleteConfirm(deleting.name) : ''}
      />
    </Stack>
  );
}
