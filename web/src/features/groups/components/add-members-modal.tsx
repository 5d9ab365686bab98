/**
 * The Add members dialog (000 §2.6): on the left the organization's members by role (trainees or
 * instructors, searchable), each with a plus icon; on the right the selected members, each with a
 * remove icon; Save adds and removes the difference and toasts `format.groupMembersUpdated`.
 */
import { Modal, SegmentedControl, Text, TextInput } from '@mantine/core';
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
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { TransferPicker } from '../../../components/transfer-picker';
import { groupText } from '../../../config/organization-text';
import { toast } from '@shared/lib/toast';
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

export interface AddMembersModalProps {
  opened: boolean;
  onClose: () => void;
  group: GroupItem;
  /** The role shown first (the panel's current tab). */
  initialRole: RoleId;
}

/** The dialog's body; the modal mounts it on open, so it starts from the group's members each time. */
function AddMembersBody({ group, initialRole, onClose }: Omit<AddMembersModalProps, 'opened'>) {
  const current: readonly Person[] = group.users ?? [];
  const [role, setRole] = useState<RoleId>(initialRole);
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), 300);
  const tooShort = debounced.length > 0 && debounced.length < searchMinLength;
  const search = tooShort || debounced === '' ? undefined : debounced;
  const candidates = useMemberCandidates(group.organizationId, role, search, true);
  const save = useSetGroupMembers(group.id);

  const onSave = (selected: Person[]) => {
    const before = new Set(current.map((p) => p.id));
    const selectedIds = new Set(selected.map((p) => p.id));
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
    <TransferPicker<Person>
      initial={current}
      options={candidates.data?.list ?? []}
      loading={candidates.isPending}
      itemKey={(p) => p.id}
      itemName={nameOf}
      itemDetail={(p) => (
        <Text size="xs" c="dimmed">
          {roleLabels[p.roleId]}
        </Text>
      )}
      availableTitle={groupText.organizationMembers}
      chosenTitle={groupText.selectedMembers}
      addLabel={(p) => groupText.addMember(nameOf(p))}
      removeLabel={(p) => groupText.unselectMember(nameOf(p))}
      allChosenText={groupText.nobodyLeft}
      noneChosenText={groupText.nobodySelected}
      availableHeader={
        <>
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
        </>
      }
      countAvailable={false}
      listHeight={320}
      saving={save.isPending}
      onSave={onSave}
      onCancel={onClose}
    />
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
