/**
 * The profile edit form of Settings and User detail (000 §2.8, §2.10, §5): first name, last name,
 * phone number, image and an optional new password with its repeat, validated with the contract's
 * `profileFormSchema`. A picked image uploads first with a visible progress bar; an upload failure
 * shows `messages.failedToUploadImage` (or the server's text) and aborts the save (000 §7 'Files').
 */
import {
  Button,
  Divider,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  MediaType,
  messages,
  passwordMaxLength,
  passwordMinLength,
  phoneLength,
  profileFormSchema,
  type UpdateUserBody,
  type User,
} from '@practica/contract';
import { useId, useState } from 'react';
import { UploadField } from '../../../components/upload-field';
import { userText } from '@shared/config/ui-text';
import { isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { uploadFile } from '../../../lib/upload';
import { failureText } from '../api/failure-text';
import { useUpdateUser } from '../api/update-user';
import { initialsOf } from './initials';

interface Values {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  password: string;
  repeatPassword: string;
}

const valuesOf = (user: User): Values => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phoneNumber: user.phoneNumber ?? '',
  password: '',
  repeatPassword: '',
});

export interface UserEditFormProps {
  user: User;
  /** Shows the values without letting them change (no right to edit, or a deleted user). */
  readOnly?: boolean;
}

/** Names, phone, image and new password of one user (000 §2.8, §2.10). */
export function UserEditForm({ user, readOnly = false }: UserEditFormProps) {
  const mutation = useUpdateUser();
  const passwordHintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(user),
    validate: schemaResolver(profileFormSchema, { sync: true }),
  });

  const busy = progress !== null || mutation.isPending;
  const changed = form.isDirty() || file !== null || removed;

  const submit = form.onSubmit(async (values) => {
    const parsed = profileFormSchema.parse(values);
    setUploadError(null);
    let imageId: number | null | undefined;
    if (file) {
      setProgress(0);
      try {
        imageId = (await uploadFile(file, MediaType.Image, { onProgress: setProgress })).id;
      } catch (error) {
        const text = failureText(error, messages.failedToUploadImage);
        setUploadError(text);
        toast.error(text);
        return; // 000 §7: if the upload fails, the save is aborted
      } finally {
        setProgress(null);
      }
    } else if (removed) {
      imageId = null;
    }
    const body: UpdateUserBody = {
      firstName: parsed.firstName,
      lastName: parsed.lastName,
      phoneNumber: parsed.phoneNumber ?? null,
      ...(imageId !== undefined ? { imageId } : {}),
      ...(parsed.password ? { password: parsed.password } : {}),
    };
    mutation.mutate(
      { id: user.id, body },
      {
        onSuccess: (saved) => {
          toast.success(messages.userUpdated);
          if (body.password) toast.success(messages.passwordUpdated);
          const next = valuesOf(saved);
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
          setFile(null);
          setRemoved(false);
        },
        onError: (error) => {
          if (isApiError(error)) form.setErrors(error.fieldErrors());
          toast.error(failureText(error, messages.somethingWentWrongTryLater));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={userText.editProfile}>
      <Stack gap="md">
        {!readOnly && (
          <UploadField
            label={userText.profileImage}
            currentUrl={user.image?.url ?? null}
            file={file}
            onFileChange={(picked) => {
              setFile(picked);
              setUploadError(null);
            }}
            removed={removed}
            onRemove={() => setRemoved(true)}
            progress={progress}
            error={uploadError}
            disabled={busy}
            placeholder={initialsOf(user.firstName, user.lastName)}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={messages.firstName}
            autoComplete="given-name"
            withAsterisk={!readOnly}
            readOnly={readOnly}
            disabled={busy}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={messages.lastName}
            autoComplete="family-name"
            withAsterisk={!readOnly}
            readOnly={readOnly}
            disabled={busy}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          type="tel"
          label={messages.phoneNumber}
          description={readOnly ? undefined : userText.phoneHint(phoneLength)}
          autoComplete="tel"
          inputMode="tel"
          maxLength={phoneLength + 4}
          readOnly={readOnly}
          disabled={busy}
          {...form.getInputProps('phoneNumber')}
        />
        {!readOnly && (
          <>
            <Divider label={userText.changePassword} labelPosition="left" mt="xs" />
            <Text size="xs" c="dimmed" mt={-8} id={passwordHintId}>
              {userText.passwordHint(passwordMinLength, passwordMaxLength)}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PasswordInput
                label={userText.newPassword}
                aria-describedby={passwordHintId}
                autoComplete="new-password"
                disabled={busy}
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label={messages.repeatPassword}
                autoComplete="new-password"
                disabled={busy}
                {...form.getInputProps('repeatPassword')}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                disabled={busy || !changed}
                onClick={() => {
                  form.reset();
                  setFile(null);
                  setRemoved(false);
                  setUploadError(null);
                }}
              >
                {messages.cancel}
              </Button>
              <Button type="submit" loading={busy} disabled={!changed}>
                {messages.save}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}
