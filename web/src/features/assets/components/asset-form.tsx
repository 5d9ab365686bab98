/**
 * The create/edit form of an avatar or environment (001 §2 'Avatars and environments', §5): the
 * banner that the mobile assets are fixed, the name ('Avatar name is required!') or title
 * ('Environment title is required!'), the description and the image (≤ 300 KB, 'File size exceeds
 * 300KB…'). A picked image uploads first (POST /files/upload, then the bytes); a failed upload
 * aborts the save (messages.failedToUploadImage). Saves with messages.assetCreated or
 * messages.assetUpdated (001 §8).
 */
import { Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  assetDescriptionMaxLength,
  assetDescriptionSchema,
  assetNameMaxLength,
  assetNameSchema,
  MediaType,
  messages,
  type Asset,
} from '@practica/contract';
import { useState } from 'react';
import { UploadField } from '../../../components/upload-field';
import { assetText } from '@shared/config/ui-text';
import { isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { uploadFile } from '../../../lib/upload';
import { useSaveAsset } from '../api/save-asset';
import { assetKinds, type AssetKind } from '../kinds';
import { MobileAssetsBanner } from './mobile-assets-banner';

export interface AssetFormProps {
  kind: AssetKind;
  /** The asset to edit; absent to create one. */
  asset?: Asset | undefined;
  onSaved: (asset: Asset) => void;
  onCancel: () => void;
}

/** The first message of a failed parse, or null. */
function problemOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? messages.validationFailed);
}

/** Name, description and image of an avatar or environment (001 §2). */
export function AssetForm({ kind, asset, onSaved, onCancel }: AssetFormProps) {
  const info = assetKinds[kind];
  const save = useSaveAsset();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: asset?.name ?? '', description: asset?.description ?? '' },
    validate: {
      name: (value) => problemOf(assetNameSchema(info.typeId).safeParse(value)),
      description: (value) => problemOf(assetDescriptionSchema.safeParse(value)),
    },
  });
  const busy = save.isPending || progress !== null;

  const submit = form.onSubmit(async (values) => {
    const hasImage = file !== null || Boolean(asset?.imageId);
    if (!hasImage) {
      setImageError(assetText.imageRequired);
      return;
    }
    let imageId = asset?.imageId ?? 0;
    if (file) {
      try {
        setProgress(0);
        imageId = (await uploadFile(file, MediaType.Image, { onProgress: setProgress })).id;
      } catch (error) {
        const text =
          isApiError(error) && error.fromServer ? error.message : messages.failedToUploadImage;
        setImageError(text);
        toast.error(text);
        return;
      } finally {
        setProgress(null);
      }
    }
    const body = {
      name: values.name.trim(),
      description: values.description.trim(),
      imageId,
    };
    save.mutate(
      { id: asset?.id, typeId: info.typeId, body },
      {
        onSuccess: (saved) => {
          toast.success(asset ? messages.assetUpdated : messages.assetCreated);
          setFile(null);
          onSaved(saved);
        },
        onError: (error) => {
          if (isApiError(error)) {
            form.setErrors(error.fieldErrors());
            toast.error(error.message);
          } else {
            toast.error(messages.somethingWentWrongTryLater);
          }
        },
      },
    );
  });

  return (
    <Stack gap="md" maw={720}>
      <MobileAssetsBanner />
      <Paper p="lg">
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={asset ? asset.name : info.newLabel}
        >
          <Stack gap="md">
            <UploadField
              label={assetText.image}
              currentUrl={asset?.image?.url ?? null}
              file={file}
              onFileChange={(next) => {
                setFile(next);
                setImageError(null);
              }}
              progress={progress}
              error={imageError}
              disabled={busy}
              placeholder={form.values.name.charAt(0).toUpperCase() || undefined}
            />
            <TextInput
              label={info.nameLabel}
              withAsterisk
              autoComplete="off"
              maxLength={assetNameMaxLength}
              disabled={busy}
              {...form.getInputProps('name')}
            />
            <Textarea
              label={messages.description}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={assetDescriptionMaxLength}
              disabled={busy}
              {...form.getInputProps('description')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel} disabled={busy}>
                {messages.cancel}
              </Button>
              <Button type="submit" loading={busy}>
                {messages.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
