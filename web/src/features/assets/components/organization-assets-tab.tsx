/**
 * The Assets tab of an organization (001 §2 'Organization content views'): sub-tabs Avatars and
 * Environments. For the admin every general asset with a toggle that adds it to or removes it
 * from the organization (PUT /assets/{id}/add|remove/{organizationId}; '{type} added
 * organization!' / '{type} removed organization!', on failure messages.failedToAddAsset); read-only
 * (the assets available to the organization) on the manager's organization info page.
 */
import { Badge, Stack, Switch, Tabs, Text } from '@mantine/core';
import { format, messages, type Asset } from '@practica/contract';
import type { ReactNode } from 'react';
import { ListTable } from '../../../components/list-table';
import { assetText } from '@shared/config/ui-text';
import { isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { useAssets } from '../api/list-assets';
import { useOrganizationAssets } from '../api/list-organization-assets';
import { useSetAssetOrganization } from '../api/set-asset-organization';
import { assetKindNames, assetKinds, type AssetKind } from '../kinds';
import { AssetThumbnail } from './asset-thumbnail';

export interface OrganizationAssetsTabProps {
  organizationId: number;
  /** The chosen sub-tab. */
  value: AssetKind;
  onChange: (kind: AssetKind) => void;
  /** The manager's view: the organization's assets without toggles. */
  readOnly?: boolean;
}

/** Avatars and environments of one organization (001 §2). */
export function OrganizationAssetsTab({
  organizationId,
  value,
  onChange,
  readOnly = false,
}: OrganizationAssetsTabProps) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {readOnly ? assetText.readOnlyAssets : assetText.assetsHint}
      </Text>
      <Tabs
        value={value}
        onChange={(next) => {
          const kind = assetKindNames.find((k) => k === next);
          if (kind) onChange(kind);
        }}
        keepMounted={false}
        variant="pills"
      >
        <Tabs.List mb="md">
          {assetKindNames.map((kind) => (
            <Tabs.Tab key={kind} value={kind}>
              {assetKinds[kind].plural}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {assetKindNames.map((kind) => (
          <Tabs.Panel key={kind} value={kind}>
            {readOnly ? (
              <ReadOnlyAssets organizationId={organizationId} kind={kind} />
            ) : (
              <ToggledAssets organizationId={organizationId} kind={kind} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** The table both views share: thumbnail, name and an optional last column. */
function AssetTable({
  kind,
  rows,
  loading,
  last,
}: {
  kind: AssetKind;
  rows: Asset[] | undefined;
  loading: boolean;
  last?: { header: string; cell: (row: Asset) => ReactNode };
}) {
  const info = assetKinds[kind];
  return (
    <ListTable<Asset>
      label={info.plural}
      rows={rows}
      loading={loading}
      rowKey={(row) => row.id}
      withPaging={false}
      columns={[
        {
          key: 'image',
          header: assetText.image,
          width: 72,
          cell: (row) => (
            <AssetThumbnail kind={kind} name={row.name} url={row.image?.url} size={36} />
          ),
        },
        {
          key: 'name',
          header: info.nameLabel,
          cell: (row) => (
            <Text size="sm" fw={500}>
              {row.name}
            </Text>
          ),
        },
        ...(last ? [{ key: 'last', header: last.header, width: 140, cell: last.cell }] : []),
      ]}
    />
  );
}

/** The manager's read-only list (GET /organizations/{id}/assets?type=). */
function ReadOnlyAssets({ organizationId, kind }: { organizationId: number; kind: AssetKind }) {
  const query = useOrganizationAssets(organizationId, assetKinds[kind].typeId);
  return <AssetTable kind={kind} rows={query.data?.list} loading={query.isPending} />;
}

/** The admin's list of every asset of the kind, with a toggle per general asset. */
function ToggledAssets({ organizationId, kind }: { organizationId: number; kind: AssetKind }) {
  const info = assetKinds[kind];
  const query = useAssets(info.typeId);
  const change = useSetAssetOrganization();
  const pendingId = change.isPending ? change.variables.assetId : null;

  const toggle = (asset: Asset, added: boolean) =>
    change.mutate(
      { assetId: asset.id, organizationId, added },
      {
        onSuccess: () =>
          toast.success(
            added
              ? format.assetAddedToOrganization(info.label)
              : format.assetRemovedFromOrganization(info.label),
          ),
        onError: (error) =>
          toast.error(
            isApiError(error) && error.fromServer ? error.message : messages.failedToAddAsset,
          ),
      },
    );

  return (
    <AssetTable
      kind={kind}
      rows={query.data?.list.filter(
        (a) => a.organizationId === null || a.organizationId === organizationId,
      )}
      loading={query.isPending}
      last={{
        header: assetText.available,
        cell: (row) =>
          row.organizationId !== null ? (
            <Badge variant="light" color="gray">
              {assetText.ownAsset}
            </Badge>
          ) : (
            <Switch
              checked={
                pendingId === row.id
                  ? change.variables?.added
                  : row.organizationIds.includes(organizationId)
              }
              disabled={pendingId === row.id}
              onChange={(event) => toggle(row, event.currentTarget.checked)}
              aria-label={assetText.toggleNamed(row.name)}
            />
          ),
      }}
    />
  );
}
