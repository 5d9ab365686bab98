/**
 * The member tabs of an organization (000 §2.5 manager dashboard, §2.9 detail): Trainees,
 * Instructors, Groups and Managers, each with its count; Trainees by default. People rows open
 * the user detail, group rows the group. A search (3+ characters, 000 §5) narrows the people.
 */
import { Badge, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  defaultPageSize,
  format,
  messages,
  Role,
  roleLabels,
  searchMinLength,
  type Group as GroupItem,
  type RoleId,
  type User,
} from '@practica/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { GroupsTable } from '../../../components/groups-table';
import { ListTable } from '../../../components/list-table';
import { groupText, organizationText } from '../../../config/organization-text';
import { uiText } from '@shared/config/ui-text';
import { usePaging } from '../../../lib/paging';
import { useOrganizationGroups } from '../api/list-organization-groups';
import { useOrganizationUsers } from '../api/list-organization-users';
import { ActiveBadge } from './status-badge';

/** The member sub-tabs, in the spec's order (000 §2.9). */
export const memberTabs = ['trainees', 'instructors', 'groups', 'managers'] as const;
export type MemberTab = (typeof memberTabs)[number];
export const defaultMemberTab: MemberTab = 'trainees';

const tabRole: Record<Exclude<MemberTab, 'groups'>, RoleId> = {
  trainees: Role.Trainee,
  instructors: Role.Instructor,
  managers: Role.Manager,
};
const tabLabel: Record<MemberTab, string> = {
  trainees: messages.trainees,
  instructors: messages.instructors,
  groups: messages.groups,
  managers: messages.managers,
};

/** Narrows a stored string to a member tab. */
export function isMemberTab(value: unknown): value is MemberTab {
  return typeof value === 'string' && (memberTabs as readonly string[]).includes(value);
}

export interface OrganizationMembersTabsProps {
  organizationId: number;
  value: MemberTab;
  onChange: (tab: MemberTab) => void;
  onUserClick: (user: User) => void;
  onGroupClick: (group: GroupItem) => void;
  /** Shown above the groups list (e.g. a create button). */
  groupsAction?: ReactNode;
}

/** The first page's count of one role, for the tab labels. */
function useRoleCount(organizationId: number, roleId: RoleId): number | undefined {
  const query = useOrganizationUsers(organizationId, {
    roles: [roleId],
    page: 1,
    pageSize: defaultPageSize,
  });
  return query.data?.count;
}

function CountBadge({ count }: { count: number | undefined }) {
  return (
    <Badge variant="light" color="gray" size="sm" radius="sm" miw={24}>
      {count ?? uiText.noCount}
    </Badge>
  );
}

/** One role's people, paged and searchable. */
function PeopleTable({
  organizationId,
  roleId,
  label,
  onUserClick,
}: {
  organizationId: number;
  roleId: RoleId;
  label: string;
  onUserClick: (user: User) => void;
}) {
  const paging = usePaging();
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), 300);
  const tooShort = debounced.length > 0 && debounced.length < searchMinLength;
  const search = tooShort || debounced === '' ? undefined : debounced;
  const query = useOrganizationUsers(organizationId, {
    roles: [roleId],
    page: paging.page,
    pageSize: paging.pageSize,
    ...(search ? { search } : {}),
  });
  return (
    <Stack gap="sm">
      <TextInput
        aria-label={organizationText.searchMembers}
        placeholder={messages.searchByName}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          paging.setPage(1);
        }}
        error={tooShort ? messages.searchTooShort : undefined}
        maw={360}
      />
      <ListTable<User>
        label={label}
        empty={{ description: search ? undefined : organizationText.noMembersHint }}
        loading={query.isPending}
        rows={query.data?.list}
        total={query.data?.count ?? 0}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        rowKey={(row) => row.id}
        onRowClick={onUserClick}
        columns={[
          {
            key: 'name',
            header: messages.name,
            cell: (row) => (
              <Text size="sm" fw={500}>
                {`${row.firstName} ${row.lastName}`.trim()}
              </Text>
            ),
          },
          { key: 'email', header: messages.email, cell: (row) => row.email },
          {
            key: 'role',
            header: messages.role,
            cell: (row) => format.roleLabel(roleLabels[row.roleId], row.creator),
            width: 200,
          },
          {
            key: 'status',
            header: messages.status,
            cell: (row) => <ActiveBadge active={row.active} />,
            width: 120,
          },
        ]}
      />
    </Stack>
  );
}

/** The organization's groups, paged. */
function OrganizationGroups({
  organizationId,
  onGroupClick,
}: {
  organizationId: number;
  onGroupClick: (group: GroupItem) => void;
}) {
  const paging = usePaging();
  const query = useOrganizationGroups(organizationId, paging.page, paging.pageSize);
  return (
    <GroupsTable
      empty={{ description: groupText.noGroupsHint }}
      loading={query.isPending}
      rows={query.data?.list}
      total={query.data?.count ?? 0}
      page={paging.page}
      pageSize={paging.pageSize}
      onPageChange={paging.setPage}
      onPageSizeChange={paging.setPageSize}
      onRowClick={onGroupClick}
    />
  );
}

/** Members of an organization in four sub-tabs (000 §2.9). */
export function OrganizationMembersTabs({
  organizationId,
  value,
  onChange,
  onUserClick,
  onGroupClick,
  groupsAction,
}: OrganizationMembersTabsProps) {
  const counts: Record<MemberTab, number | undefined> = {
    trainees: useRoleCount(organizationId, Role.Trainee),
    instructors: useRoleCount(organizationId, Role.Instructor),
    groups: useOrganizationGroups(organizationId, 1, defaultPageSize).data?.count,
    managers: useRoleCount(organizationId, Role.Manager),
  };
  return (
    <Tabs
      value={value}
      onChange={(next) => isMemberTab(next) && onChange(next)}
      keepMounted={false}
      variant="pills"
    >
      <Tabs.List mb="md" aria-label={organizationText.memberTabs}>
        {memberTabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab} rightSection={<CountBadge count={counts[tab]} />}>
            {tabLabel[tab]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {memberTabs.map((tab) => (
        <Tabs.Panel key={tab} value={tab}>
          {tab === 'groups' ? (
            <Stack gap="sm">
              {groupsAction && <Group justify="flex-end">{groupsAction}</Group>}
              <OrganizationGroups organizationId={organizationId} onGroupClick={onGroupClick} />
            </Stack>
          ) : (
            <PeopleTable
              organizationId={organizationId}
              roleId={tabRole[tab]}
              label={tabLabel[tab]}
              onUserClick={onUserClick}
            />
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
