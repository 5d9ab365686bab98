/**
 * A single avatar choice (001 §2 roles and audio rows): a select of the avatars available to the
 * viewer, with the chosen avatar's image. Stand-in for the assets feature's picker dialog, which
 * app/ may compose instead.
 */
import { Avatar, Group, Select, Text } from '@mantine/core';
import type { Asset } from '@practica/contract';
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

/** Picks one avatar. */
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
  const byId = new Map(avatars.map((a) => [String(a.id), a]));
  const chosen = value ? byId.get(String(value)) : undefined;
  return (
    <Select
      label={hideLabel ? undefined : label}
      aria-label={label}
      placeholder={contentText.noAvatar}
      data={avatars
        .filter((a) => a.id === value || !exclude.includes(a.id))
        .map((a) => ({ value: String(a.id), label: a.name }))}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      clearable
      searchable
      disabled={disabled}
      error={error}
      leftSection={chosen ? <Avatar size={20} src={chosen.image?.url ?? null} alt="" /> : undefined}
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap">
          <Avatar size={24} src={byId.get(option.value)?.image?.url ?? null} alt="" />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
    />
  );
}
