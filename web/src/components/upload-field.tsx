/**
 * The image field of the profile forms (000 §2.8, §2.10, §5; 000 §7 'Files'): the current image
 * (or initials), a button to choose a new one, a remove button, and a progress bar while the
 * picked file uploads. A file over the media type's limit is refused at once with the contract's
 * message ('File size exceeds 300KB…' for images); the upload itself happens when the form saves.
 */
import { Avatar, Box, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { imageMaxBytes, MediaType, type MediaTypeId } from '@practica/contract';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { userText } from '@shared/config/ui-text';
import { acceptFor, checkUpload } from '../lib/upload';

export interface UploadFieldProps {
  label: string;
  /** URL of the stored image, or null when there is none. */
  currentUrl: string | null;
  /** The picked file, not uploaded yet; null when none was picked. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The stored image is to be removed at the next save. */
  removed?: boolean;
  /** Offers the remove button when given. */
  onRemove?: () => void;
  /** 0..100 while uploading; null otherwise. */
  progress?: number | null;
  /** An error from outside (e.g. the upload failed). */
  error?: string | null;
  disabled?: boolean;
  /** What the preview shows when there is no image (e.g. initials). */
  placeholder?: ReactNode;
  fileTypeId?: MediaTypeId;
}

/** Object URL of a picked file for the preview, revoked when it changes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** An image picker with preview and upload progress. */
export function UploadField({
  label,
  currentUrl,
  file,
  onFileChange,
  removed = false,
  onRemove,
  progress = null,
  error = null,
  disabled = false,
  placeholder,
  fileTypeId = MediaType.Image,
}: UploadFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const preview = usePreview(file);
  const shown = preview ?? (removed ? null : currentUrl);
  const uploading = progress !== null;
  const message = problem ?? error;

  const pick = (picked: File | null) => {
    resetRef.current?.(); // the same file may be picked again after an error
    if (!picked) return;
    const refused = checkUpload(picked, fileTypeId);
    if (refused) {
      setProblem(refused.message);
      return;
    }
    setProblem(null);
    onFileChange(picked);
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar src={shown} size={72} radius="xl" color="brand" variant="light" alt="">
          {placeholder}
        </Avatar>
        <Box miw={0}>
          <Group gap="xs">
            <FileButton
              onChange={pick}
              accept={acceptFor(fileTypeId)}
              disabled={disabled || uploading}
              resetRef={resetRef}
              inputProps={{ 'aria-label': label }}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="xs"
                  leftSection={<IconPhotoUp size={16} aria-hidden />}
                  disabled={disabled || uploading}
                  aria-describedby={message ? `${hintId} ${errorId}` : hintId}
                >
                  {userText.chooseImage}
                </Button>
              )}
            </FileButton>
            {onRemove && (file || (currentUrl && !removed)) && (
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                leftSection={<IconTrash size={16} aria-hidden />}
                disabled={disabled || uploading}
                onClick={() => {
                  setProblem(null);
                  if (file) onFileChange(null);
                  else onRemove();
                }}
              >
                {userText.removeImage}
              </Button>
            )}
          </Group>
          <Text id={hintId} size="xs" c="dimmed" mt={6}>
            {file ? userText.imagePicked(file.name) : userText.imageHint(imageMaxBytes / 1024)}
          </Text>
        </Box>
      </Group>
      {uploading && (
        <Group gap="sm" wrap="nowrap" maw={420}>
          <Progress
            value={progress}
            size="sm"
            flex={1}
            striped
            animated={progress < 100}
            aria-label={userText.uploadProgress}
            transitionDuration={150}
          />
          <Text size="xs" c="dimmed" miw={90} aria-hidden data-testid="upload-percent">
            {userText.uploading(progress)}
          </Text>
        </Group>
      )}
      {message && (
        <Text id={errorId} size="xs" c="red.7" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}
