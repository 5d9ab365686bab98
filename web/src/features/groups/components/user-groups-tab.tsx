/**
 * The groups tab of the user detail page (000 §2.10): the user's groups, and for admins and
 * managers a picker modal to choose them — the organization's groups on the left with plus icons,
 * the chosen ones on the right with remove icons — saved with PUT /users/{id}/groups
 * (`messages.userGroupsSaved`; on failure the server's message, else
 * `messages.failedToSaveUserGroups`). Groups hold trainees and instructors only.
 */
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  defaultPageSize,
  messages,
  pageSizeOptions,
  Role,
  type Group as GroupItem,
  type User,
} from '@practica/contract';
import { IconMinus, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { paths } from '../../../config/paths';
import { groupText } from '../../../config/organization-text';
import { useCan } from '../../../lib/can';
import { useGroups } from '../api/list-groups';
import { useSaveUserGroups, useUserGroups } from '../api/user-groups';

type GroupRef = Pick<GroupItem, 'id' | 'name'>;
const largestPage = pageSizeOptions[2];

function PickerColumn({
  title,
  count,
  children,
}: {
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Paper p={0} style={{ overflow: 'hidden' }}>
      <Group justify="space-between" px="sm" py="xs" bg="var(--mantine-color-gray-0)">
        <Title order={3} fz="sm">
          {title}
        </Title>
        <Badge variant="light" color="gray" size="sm" radius="sm">
          {count}
        </Badge>
      </Group>
      <ScrollArea h={300} type="auto">
        {children}
      </ScrollArea>
    </Paper>
  );
}

function PickerRow({ group, action }: { group: GroupRef; action: ReactNode }) {
  return (
    <li>
      <Group justify="space-between" wrap="nowrap" gap="xs" px="sm" py={8}>
        <Text size="sm" fw={500} truncate>
          {group.name}
        </Text>
        {action}
      </Group>
    </li>
  );
}

function Hint({ children }: { children: ReactNode }) {
  return (
    <Center h={180} px="md">
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Center>
  );
}

/** The picker's body; the modal mounts it on open, so it starts from the saved groups. */
function GroupsPicker({
  user,
  current,
  onClose,
}: {
  user: User;
  current: readonly GroupRef[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<GroupRef[]>([...current]);
  const all = useGroups({
    organizationId: user.organizationId ?? undefined,
    page: 1,
    pageSize: largestPage,
  });
  const save = useSaveUserGroups(user.id);
  const chosenIds = new Set(chosen.map((g) => g.id));
  const available = (all.data?.list ?? []).filter((g) => !chosenIds.has(g.id));
  const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PickerColumn title={groupText.availableGroups} count={available.length}>
          {all.isPending ? (
            <Center h={180} role="status">
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm" c="dimmed">
                  {messages.loading}
                </Text>
              </Group>
            </Center>
          ) : available.length === 0 ? (
            <Hint>
              {(all.data?.count ?? 0) === 0 ? messages.noRecordsFound : groupText.allGroupsChosen}
            </Hint>
          ) : (
            <ul role="list" aria-label={groupText.availableGroups} style={listStyle}>
              {available.map((group) => (
                <PickerRow
                  key={group.id}
                  group={group}
                  action={
                    <ActionIcon
                      variant="light"
                      aria-label={groupText.addMember(group.name)}
                      onClick={() =>
                        setChosen((list) => [...list, { id: group.id, name: group.name }])
                      }
                    >
                      <IconPlus size={16} />
                    </ActionIcon>
                  }
                />
              ))}
            </ul>
          )}
        </PickerColumn>
        <PickerColumn title={groupText.chosenGroups} count={chosen.length}>
          {chosen.length === 0 ? (
            <Hint>{groupText.noUserGroups}</Hint>
          ) : (
            <ul role="list" aria-label={groupText.chosenGroups} style={listStyle}>
              {chosen.map((group) => (
                <PickerRow
                  key={group.id}
                  group={group}
                  action={
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={groupText.unselectMember(group.name)}
                      onClick={() => setChosen((list) => list.filter((g) => g.id !== group.id))}
                    >
                      <IconMinus size={16} />
                    </ActionIcon>
                  }
                />
              ))}
            </ul>
          )}
        </PickerColumn>
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          {messages.cancel}
        </Button>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              chosen.map((g) => g.id),
              { onSuccess: onClose },
            )
          }
        >
          {messages.save}
        </Button>
      </Group>
    </Stack>
  );
}

/** The user detail's groups tab (000 §2.10). */
export function UserGroupsTab({ user }: { user: User }) {
  const navigate = useNavigate();
  const query = useUserGroups(user.id);
  const [picking, setPicking] = useState(false);
  const groupable = user.roleId === Role.Trainee || user.roleId === Role.Instructor;
  const mayEdit =
    useCan('user:editGroups', {
      organizationId: user.organizationId,
      userId: user.id,
      roleId: user.roleId,
    }) &&
    groupable &&
    user.organizationId !== null &&
    user.deletedAt === null;
  const mayOpenGroup = useCan('page:groupDetail');
  const groups = query.data?.list ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {groupable ? groupText.userGroupsHint : groupText.notGroupable}
        </Text>
        {mayEdit && (
          <Button
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setPicking(true)}
          >
            {groupText.editGroups}
          </Button>
        )}
      </Group>
      <ListTable<GroupItem>
        label={messages.groups}
        loading={query.isPending}
        rows={groups}
        total={query.data?.count ?? 0}
        page={1}
        pageSize={defaultPageSize}
        onPageChange={() => undefined}
        onPageSizeChange={() => undefined}
        withPaging={false}
        rowKey={(row) => row.id}
        {...(mayOpenGroup
          ? {
              onRowClick: (row: GroupItem) =>
                void navigate(paths.groupDetail(row.id, row.organizationId)),
            }
          : {})}
        columns={[
          {
            key: 'name',
            header: messages.name,
            cell: (row) => (
              <Text size="sm" fw={500}>
                {row.name}
              </Text>
            ),
          },
          {
            key: 'description',
            header: messages.description,
            cell: (row) => (
              <Text size="sm" c="dimmed" lineClamp={1}>
                {row.description}
              </Text>
            ),
          },
          {
            key: 'trainees',
            header: messages.trainees,
            cell: (row) => row.traineesCount ?? 0,
            align: 'right',
            width: 110,
          },
          {
            key: 'instructors',
            header: messages.instructors,
            cell: (row) => row.instructorsCount ?? 0,
            align: 'right',
            width: 120,
          },
        ]}
      />
      {mayEdit && (
        <Modal
          opened={picking}
          onClose={() => setPicking(false)}
          title={groupText.chooseGroups}
          size="lg"
        >
          <Box>
            <GroupsPicker user={user} current={groups} onClose={() => setPicking(false)} />
          </Box>
        </Modal>
      )}
    </Stack>
  );
}
