/**
 * The avatar picker dialog (001 §2 'Avatars and environments'): a two-column grid of avatars with
 * their names, single or multiple selection, Save and Cancel. One component for the question audio
 * rows, the wizard's role step and anywhere else an avatar is chosen.
 */
import {
  Avatar,
  Button,
  Group,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { messages } from '@practica/contract';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { assetText } from '@shared/config/ui-text';
import classes from './avatar-picker-dialog.module.css';

/** What the picker shows of an avatar (an `Asset` fits). */
export interface PickerAvatar {
  id: number;
  name: string;
  image: { url: string } | null;
}

export interface AvatarPickerDialogProps {
  opened: boolean;
  onClose: () => void;
  avatars: readonly PickerAvatar[];
  /** The avatars chosen when the dialog opens. */
  selectedIds: readonly number[];
  /** Several avatars may be chosen; one otherwise (a click replaces the choice). */
  multiple?: boolean;
  /** Called with the chosen ids on Save; the dialog then closes. */
  onSave: (ids: number[]) => void;
  title?: string;
}

/** The avatar picker (001 §2). */
export function AvatarPickerDialog({
  opened,
  onClose,
  title,
  multiple = false,
  ...props
}: AvatarPickerDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title ?? (multiple ? assetText.pickerTitleMany : assetText.pickerTitle)}
      size="lg"
    >
      <PickerBody {...props} multiple={multiple} onClose={onClose} />
    </Modal>
  );
}

/** The grid and the buttons; mounted while the dialog is open, so the choice starts afresh. */
function PickerBody({
  avatars,
  selectedIds,
  multiple,
  onSave,
  onClose,
}: Omit<AvatarPickerDialogProps, 'opened' | 'title'> & { multiple: boolean }) {
  const [chosen, setChosen] = useState<number[]>(() =>
    multiple ? [...selectedIds] : selectedIds.slice(0, 1),
  );
  const toggle = (id: number) =>
    setChosen((current) => {
      if (!multiple) return [id];
      return current.includes(id) ? current.filter((c) => c !== id) : [...current, id];
    });

  return (
    <Stack gap="md">
      {avatars.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          {assetText.pickerEmpty}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="60vh" offsetScrollbars>
          <SimpleGrid
            cols={2}
            spacing="sm"
            role={multiple ? 'group' : 'radiogroup'}
            aria-label={messages.avatars}
          >
            {avatars.map((avatar) => {
              const on = chosen.includes(avatar.id);
              return (
                <UnstyledButton
                  key={avatar.id}
                  className={classes.item}
                  data-checked={on || undefined}
                  role={multiple ? 'checkbox' : 'radio'}
                  aria-checked={on}
                  aria-label={avatar.name}
                  onClick={() => toggle(avatar.id)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={avatar.image?.url ?? null} alt="" size={56} radius="xl">
                      {avatar.name.charAt(0).toUpperCase()}
                    </Avatar>
                    <Text fw={500} size="sm" flex={1} lineClamp={2}>
                      {avatar.name}
                    </Text>
                    {on && (
                      <IconCircleCheckFilled
                        size={20}
                        color="var(--mantine-primary-color-filled)"
                        aria-hidden
                      />
                    )}
                  </Group>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </ScrollArea.Autosize>
      )}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {multiple ? assetText.selectedCount(chosen.length) : ''}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {messages.cancel}
          </Button>
          <Button
            onClick={() => {
              onSave(chosen);
              onClose();
            }}
          >
            {messages.save}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
