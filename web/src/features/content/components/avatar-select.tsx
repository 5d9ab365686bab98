/**
 * A single avatar choice (001 §2 interview roles and question audio rows): the chosen avatar with
 * its image and a button that opens the shared avatar picker dialog (single selection). Avatars
 * chosen elsewhere (`exclude`, the other audio rows — 001 §5) are left out of the picker.
 */
import { ActionIcon, Avatar, Button, Group, Input, Text } from '@mantine/core';
import { messages, type Asset } from '@practica/contract';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { AvatarPickerDialog } from '../../../components/avatar-picker-dialog';
import { contentText } from '../../../config/content-text';

export interface AvatarSelectProps {
  avatars: readonly Asset[];
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  label: string;
  /** Ids chosen elsewhere, left out of the choices (001 §5 audio rows). */
  exclude?: readonly number[];
  disabled?: boolean;
  error?: string | undefined;
  hideLabel?: boolean;
}

/** Picks one avatar through the picker dialog. */
export function AvatarSelect({
  avatars,
  value,
  onChange,
  label,
  exclude = [],
  disabled,
  error,
  hideLabel,
}: AvatarSelectProps) {
  const [opened, setOpened] = useState(false);
  const chosen = value ? avatars.find((a) => a.id === value) : undefined;
  const choices = avatars.filter((a) => a.id === value || !exclude.includes(a.id));
  return (
    <Input.Wrapper label={hideLabel ? undefined : label} error={error}>
      <Group gap="xs" wrap="nowrap">
        <Avatar size={28} src={chosen?.image?.url ?? null} alt="" />
        <Text size="sm" c={chosen ? undefined : 'dimmed'} style={{ flex: 1 }} truncate>
          {chosen?.name ?? contentText.noAvatar}
        </Text>
        {chosen && !disabled && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${label}: ${messages.remove}`}
            onClick={() => onChange(null)}
          >
            <IconX size={14} />
          </ActionIcon>
        )}
        <Button
          size="xs"
          variant="light"
          aria-label={`${label}: ${messages.select}`}
          disabled={disabled}
          onClick={() => setOpened(true)}
        >
          {messages.select}
        </Button>
      </Group>
      <AvatarPickerDialog
        opened={opened}
        onClose={() => setOpened(false)}
        avatars={choices}
        selectedIds={value ? [value] : []}
        onSave={(ids) => onChange(ids[0] ?? null)}
        title={label}
      />
    </Input.Wrapper>
  );
}
