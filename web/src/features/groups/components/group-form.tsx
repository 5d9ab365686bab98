/**
 * The Create/Edit Group form (000 §2.6, §5): name and description, both required
 * (`messages.groupNameRequired`, `messages.groupDescriptionRequired`). Saves through POST or PUT
 * and toasts `messages.groupCreated` or `messages.groupUpdated`. Used inside the dialog and on
 * the create page.
 */
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { groupFormSchema, messages, type Group as GroupItem } from '@practica/contract';
import { isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { useSaveGroup } from '../api/save-group';

export interface GroupFormProps {
  /** The organization of a new group. */
  organizationId: number;
  /** The group to edit; absent to create one. */
  group?: GroupItem | undefined;
  onSaved: (group: GroupItem) => void;
  onCancel?: () => void;
}

/** Name and description of a group (000 §2.6). */
export function GroupForm({ organizationId, group, onSaved, onCancel }: GroupFormProps) {
  const mutation = useSaveGroup();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: group?.name ?? '', description: group?.description ?? '' },
    validate: schemaResolver(groupFormSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    const body = groupFormSchema.parse(values);
    mutation.mutate(
      { id: group?.id, body: { ...body, organizationId } },
      {
        onSuccess: (saved) => {
          toast.success(group ? messages.groupUpdated : messages.groupCreated);
          onSaved(saved);
        },
        onError: (error) => {
          if (isApiError(error)) form.setErrors(error.fieldErrors());
        },
      },
    );
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={group ? messages.editGroup : messages.createGroup}
    >
      <Stack gap="md">
        <TextInput
          label={messages.name}
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <Textarea
          label={messages.description}
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
              {messages.cancel}
            </Button>
          )}
          <Button type="submit" loading={mutation.isPending}>
            {messages.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface GroupFormModalProps extends Omit<GroupFormProps, 'onCancel'> {
  opened: boolean;
  onClose: () => void;
}

/** The Create/Edit Group dialog (000 §2.6). */
export function GroupFormModal({ opened, onClose, ...props }: GroupFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={props.group ? messages.editGroup : messages.createGroup}
    >
      <GroupForm {...props} onCancel={onClose} />
    </Modal>
  );
}
