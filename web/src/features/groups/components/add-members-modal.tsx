/**
 * The Add members dialog (000 §2.6): on the left the organization's members by role (trainees or
 * instructors, searchable), each with a plus icon; on the right the selected members, each with a
 * remove icon; Save adds and removes the difference and toasts `format.groupMembersUpdated`.
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
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  format,
  messages,
  Role,
  roleLabels,
  searchMinLength,
  type Group as GroupItem,
  type RoleId,
} from '@practica/contract';
import { IconMinus, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { groupText } from '../../../config/organization-text';
import { toast } from '../../../lib/toast';
import { useSetGroupMembers } from '../api/change-group-members';
import { useMemberCandidates } from '../api/list-member-candidates';

/** A member as both lists show it. */
interface Person {
  id: number;
  firstName: string;
  lastName: string;
  roleId: RoleId;
}

const memberRoles = [Role.Trainee, Role.Instructor] as const;
const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`.trim();

function PersonRow({ person, action }: { person: Person; action: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" px="sm" py={6}>
      <Box miw={0}>
        <Text size="sm" fw={500} truncate>
          {nameOf(person)}
        </Text>
        <Text size="xs" c="dimmed">
          {roleLabels[person.roleId]}
        </Text>
      </Box>
      {action}
    </Group>
  );
}

function Column({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <Paper p={0} style={{ overflow: 'hidden' }}>
      <Group justify="space-between" px="sm" py="xs" bg="var(--mantine-color-gray-0)">
        <Title order={3} fz="sm">
          {title}
        </Title>
        {count !== undefined && (
          <Badge variant="light" color="gray" size="sm" radius="sm">
            {count}
          </Badge>
        )}
      </Group>
      <ScrollArea h={320} type="auto">
        {children}
      </ScrollArea>
    </Paper>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Center h={200} px="md">
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Center>
  );
}

export interface AddMembersModalProps {
  opened: boolean;
  onClose: () => void;
  group: GroupItem;
  /** The role shown first (the panel's current tab). */
  initialRole: RoleId;
}

/** The dialog's body; the modal mounts it on open, so it starts from the group's members each time. */
function AddMembersBody({ group, initialRole, onClose }: Omit<AddMembersModalProps, 'opened'>) {
  const current = useMemo<Person[]>(() => group.users ?? [], [group.users]);
  const [selected, setSelected] = useState<Person[]>(current);
  const [role, setRole] = useState<RoleId>(initialRole);
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), 300);
  const tooShort = debounced.length > 0 && debounced.length < searchMinLength;
  const search = tooShort || debounced === '' ? undefined : debounced;
  const candidates = useMemberCandidates(group.organizationId, role, search, true);
  const save = useSetGroupMembers(group.id);

  const selectedIds = new Set(selected.map((p) => p.id));
  const available = (candidates.data?.list ?? []).filter((u) => !selectedIds.has(u.id));

  const onSave = () => {
    const before = new Set(current.map((p) => p.id));
    const add = selected.filter((p) => !before.has(p.id));
    const remove = current.filter((p) => !selectedIds.has(p.id));
    if (add.length === 0 && remove.length === 0) {
      onClose();
      return;
    }
    const changed = [...add, ...remove];
    const onlyInstructors = changed.every((p) => p.roleId === Role.Instructor);
    save.mutate(
      { add: add.map((p) => p.id), remove: remove.map((p) => p.id) },
      {
        onSuccess: () => {
          toast.success(format.groupMembersUpdated(onlyInstructors ? 'instructors' : 'trainees'));
          onClose();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap="xs">
          <SegmentedControl
            fullWidth
            aria-label={messages.role}
            value={String(role)}
            onChange={(value) => {
              const next = memberRoles.find((r) => String(r) === value);
              if (next) setRole(next);
            }}
            data={[
              { value: String(Role.Trainee), label: messages.trainees },
              { value: String(Role.Instructor), label: messages.instructors },
            ]}
          />
          <TextInput
            aria-label={messages.searchByName}
            placeholder={messages.searchByName}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={tooShort ? messages.searchTooShort : undefined}
          />
          <Column title={groupText.organizationMembers}>
            {candidates.isPending ? (
              <Center h={200} role="status">
                <Group gap="xs">
                  <Loader size="sm" />
                  <Text size="sm" c="dimmed">
                    {messages.loading}
                  </Text>
                </Group>
              </Center>
            ) : available.length === 0 ? (
              <Empty>
                {(candidates.data?.count ?? 0) === 0
                  ? messages.noRecordsFound
                  : groupText.nobodyLeft}
              </Empty>
            ) : (
              <ul
                role="list"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
                aria-label={groupText.organizationMembers}
              >
                {available.map((user) => (
                  <li key={user.id}>
                    <PersonRow
                      person={user}
                      action={
                        <ActionIcon
                          variant="light"
                          aria-label={groupText.addMember(nameOf(user))}
                          onClick={() =>
                            setSelected((list) => [
                              ...list,
                              {
                                id: user.id,
                                firstName: user.firstName,
                                lastName: user.lastName,
                                roleId: user.roleId,
                              },
                            ])
                          }
                        >
                          <IconPlus size={16} />
                        </ActionIcon>
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </Column>
        </Stack>
        <Column title={groupText.selectedMembers} count={selected.length}>
          {selected.length === 0 ? (
            <Empty>{groupText.nobodySelected}</Empty>
          ) : (
            <ul
              role="list"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
              aria-label={groupText.selectedMembers}
            >
              {selected.map((person) => (
                <li key={person.id}>
                  <PersonRow
                    person={person}
                    action={
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={groupText.unselectMember(nameOf(person))}
                        onClick={() =>
                          setSelected((list) => list.filter((p) => p.id !== person.id))
                        }
                      >
                        <IconMinus size={16} />
                      </ActionIcon>
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </Column>
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          {messages.cancel}
        </Button>
        <Button onClick={onSave} loading={save.isPending}>
          {messages.save}
        </Button>
      </Group>
    </Stack>
  );
}

/** Add members dialog (000 §2.6). */
export function AddMembersModal({ opened, onClose, group, initialRole }: AddMembersModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={messages.addMembers} size="xl">
      <AddMembersBody group={group} initialRole={initialRole} onClose={onClose} />
    </Modal>
  );
}
