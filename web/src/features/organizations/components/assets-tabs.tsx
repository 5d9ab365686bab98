/**
 * The Assets tab (000 §2.9): sub-tabs Avatars and Environments, each item with a toggle to add it
 * to or remove it from the organization (admin); read-only on the manager's organization info
 * page. The assets issue (001) fills the lists; until then they show the empty state.
 */
import { Stack, Tabs, Text } from '@mantine/core';
import { defaultPageSize, messages } from '@practica/contract';
import { ListTable } from '../../../components/list-table';
import { organizationText } from '../../../config/organization-text';
import { assetTabs, type AssetTab } from './detail-tabs';

const labels: Record<AssetTab, string> = {
  avatars: messages.avatars,
  environments: messages.environments,
};

/** Avatars and environments of one organization (000 §2.9). */
export function OrganizationAssetsTabs({
  value,
  onChange,
  readOnly = false,
}: {
  value: AssetTab;
  onChange: (tab: AssetTab) => void;
  readOnly?: boolean;
}) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {readOnly ? organizationText.readOnlyAssets : organizationText.assetsHint}
      </Text>
      <Tabs
        value={value}
        onChange={(next) => {
          const tab = assetTabs.find((t) => t === next);
          if (tab) onChange(tab);
        }}
        keepMounted={false}
        variant="pills"
      >
        <Tabs.List mb="md">
          {assetTabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {labels[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {assetTabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            <ListTable<{ id: number }>
              label={labels[tab]}
              rows={[]}
              total={0}
              page={1}
              pageSize={defaultPageSize}
              onPageChange={() => undefined}
              onPageSizeChange={() => undefined}
              rowKey={(row) => row.id}
              withPaging={false}
              columns={[
                { key: 'name', header: messages.name, cell: () => null },
                ...(readOnly
                  ? []
                  : [{ key: 'active', header: messages.active, cell: () => null, width: 120 }]),
              ]}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
