/**
 * The audio rows of an interview question (001 §2 'audio/avatar assignment', §5, §9): up to 4 rows,
 * each an mp3 of at most 500 KB uploaded through the file flow with a progress bar (the client
 * checks give messages.audioMustBeMp3 and 'File size exceeds 500KB. Please choose a smaller
 * file.') and the avatar that speaks it; an avatar chosen in one row leaves the other rows. A new
 * row starts with `defaultAvatarId`, the avatar of the question's role (decisions.md#console-flows §8), unless
 * another row already has it.
 */
import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { maxAudiosPerQuestion, MediaType, messages, type Asset } from '@practica/contract';
import { IconMusic, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { contentText } from '../../../config/content-text';
import { isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { acceptFor, checkUpload, uploadFile } from '../../../lib/upload';
import { AvatarSelect } from './avatar-select';

/** One audio row as the form holds it (`fileName`, `progress` are local only). */
export interface AudioRow {
  id: number | null;
  audioId: number;
  avatarId: number | null;
  fileName: string;
  url: string | null;
  /** 0..100 while uploading, null otherwise. */
  progress: number | null;
}

export interface AudioRowsProps {
  rows: AudioRow[];
  onChange: (update: (rows: AudioRow[]) => AudioRow[]) => void;
  avatars: readonly Asset[];
  errorOf: (index: number) => string | undefined;
  disabled?: boolean;
  /** The avatar a new row starts with (the question role's); null or absent: none. */
  defaultAvatarId?: number | null | undefined;
}

/** The question's audio rows with upload and avatar. */
export function AudioRows({
  rows,
  onChange,
  avatars,
  errorOf,
  disabled,
  defaultAvatarId,
}: AudioRowsProps) {
  const patch = (index: number, part: Partial<AudioRow>) =>
    onChange((current) => current.map((row, i) => (i === index ? { ...row, ...part } : row)));

  const pick = async (index: number, file: File | null) => {
    if (!file) return;
    const problem = checkUpload(file, MediaType.Audio);
    if (problem) {
      toast.error(problem.message);
      return;
    }
    patch(index, { progress: 0, fileName: file.name });
    try {
      const stored = await uploadFile(file, MediaType.Audio, {
        onProgress: (percent) => patch(index, { progress: percent }),
      });
      patch(index, { audioId: stored.id, url: stored.url, progress: null });
    } catch (error) {
      patch(index, { progress: null, fileName: '' });
      toast.error(
        isApiError(error) && error.fromServer ? error.message : messages.failedToUploadAvatarAudio,
      );
    }
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {contentText.audios}
        </Text>
        <Text size="xs" c="dimmed">
          {contentText.optionsCount(rows.length, maxAudiosPerQuestion)}
        </Text>
      </Group>
      {rows.map((row, i) => {
        const others = rows.filter((_, j) => j !== i).map((r) => r.avatarId);
        const error = errorOf(i);
        return (
          <Stack
            key={i}
            gap={4}
            p="xs"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
          >
            <Group gap="xs" wrap="nowrap">
              <IconMusic size={16} aria-hidden />
              <Text size="sm" style={{ flex: 1 }} truncate>
                {row.fileName || contentText.audioFile(i + 1)}
              </Text>
              <FileButton
                accept={acceptFor(MediaType.Audio)}
                onChange={(file) => void pick(i, file)}
                disabled={disabled || row.progress !== null}
              >
                {(props) => (
                  <Button
                    {...props}
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconUpload size={12} aria-hidden />}
                    aria-label={`${row.audioId ? contentText.replaceMp3 : contentText.chooseMp3} (${contentText.audioFile(i + 1)})`}
                  >
                    {row.audioId ? contentText.replaceMp3 : contentText.chooseMp3}
                  </Button>
                )}
              </FileButton>
              {!disabled && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={contentText.removeAudio(i + 1)}
                  onClick={() => onChange((current) => current.filter((_, j) => j !== i))}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              )}
            </Group>
            {row.progress !== null && (
              <Progress value={row.progress} size="sm" aria-label={contentText.uploadProgress} />
            )}
            {row.url && row.progress === null && (
              <audio controls src={row.url} style={{ width: '100%', height: 32 }} />
            )}
            <AvatarSelect
              avatars={avatars}
              value={row.avatarId}
              exclude={others.filter((id): id is number => id !== null)}
              onChange={(id) => patch(i, { avatarId: id })}
              label={contentText.avatarOf(i + 1)}
              hideLabel
              disabled={disabled}
            />
            {error && (
              <Text c="red" size="xs" role="alert">
                {error}
              </Text>
            )}
          </Stack>
        );
      })}
      {!disabled && rows.length < maxAudiosPerQuestion && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() =>
              onChange((current) => [
                ...current,
                {
                  id: null,
                  audioId: 0,
                  avatarId:
                    defaultAvatarId != null &&
                    avatars.some((a) => a.id === defaultAvatarId) &&
                    !current.some((r) => r.avatarId === defaultAvatarId)
                      ? defaultAvatarId
                      : null,
                  fileName: '',
                  url: null,
                  progress: null,
                },
              ])
            }
          >
            {contentText.addAudio}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
