/**
 * The Content tab of the organization detail page (000 §2.9): sub-tabs Interviews, Rating scales
 * and Feedback forms (Interviews by default) with the General / Organization and status filters.
 * The content issue (001) fills the lists; until then they show the empty state.
 */
import { Group, NativeSelect, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import {
  ContentStatus,
  contentStatusLabels,
  defaultPageSize,
  messages,
  Scope,
  type ContentStatusId,
} from '@practica/contract';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { organizationText } from '../../../config/organization-text';
import { contentTabs, type ContentTab } from './detail-tabs';

const labels: Record<ContentTab, string> = {
  interviews: messages.interviews,
  ratings: messages.ratingScales,
  feedback: messages.feedbackForms,
};

const statusChoices = (Object.keys(contentStatusLabels) as unknown as ContentStatusId[]).map(
  (id) => ({ value: String(id), label: contentStatusLabels[id] }),
);

/** Content sub-tabs of one organization (000 §2.9). */
export function OrganizationContentTabs({
  value,
  onChange,
}: {
  value: ContentTab;
  onChange: (tab: ContentTab) => void;
}) {
  const [scope, setScope] = useState<string>(String(Scope.Organization));
  const [status, setStatus] = useState<string>(String(ContentStatus.All));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {organizationText.contentHint}
      </Text>
      <Tabs
        value={value}
        onChange={(next) => {
          const tab = contentTabs.find((t) => t === next);
          if (tab) onChange(tab);
        }}
        keepMounted={false}
        variant="pills"
      >
        <Group justify="space-between" mb="md" gap="sm">
          <Tabs.List>
            {contentTabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {labels[tab]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Group gap="sm">
            <SegmentedControl
              aria-label={organizationText.scope}
              value={scope}
              onChange={setScope}
              data={[
                { value: String(Scope.General), label: messages.general },
                { value: String(Scope.Organization), label: messages.organization },
              ]}
            />
            <NativeSelect
              aria-label={messages.status}
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value)}
              data={statusChoices}
              w={130}
            />
          </Group>
        </Group>
        {contentTabs.map((tab) => (
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
                { key: 'status', header: messages.status, cell: () => null, width: 140 },
                { key: 'edited', header: messages.lastEdited, cell: () => null, width: 160 },
              ]}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
