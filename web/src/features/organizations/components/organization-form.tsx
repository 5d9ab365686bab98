/**
 * The organization contact form (000 §2.9, §5): name (3..50), address (3..100), the contact
 * person (first and last name 3..50, email, phone of exactly 10 characters) and the image.
 * 'create': everything editable; 'edit' (admin on the detail page): the contact person is
 * read-only — it is editable only at creation; 'view' (manager's organization info): read-only.
 * Validation uses the contract's schemas, so every §5 message shows under its field. The image
 * (at most 300 KB, checked by the shared upload field) is uploaded when the form saves; a failed
 * upload aborts the save (000 §7) with the server's message or `messages.failedToUploadImage`.
 */
import {
  Avatar,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  MediaType,
  messages,
  organizationBodySchema,
  phoneLength,
  updateOrganizationBodySchema,
  type Organization,
  type OrganizationBody,
} from '@practica/contract';
import { useState } from 'react';
import { UploadField } from '../../../components/upload-field';
import { organizationText } from '../../../config/organization-text';
import { isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { uploadFile } from '../../../lib/upload';

export type OrganizationFormMode = 'create' | 'edit' | 'view';

export interface OrganizationFormValues {
  name: string;
  address: string;
  contact: { firstName: string; lastName: string; email: string; phoneNumber: string };
}

export interface OrganizationFormProps {
  mode: OrganizationFormMode;
  organization?: Organization | undefined;
  /**
   * Called with the parsed body (trimmed, lower-cased email); `imageId` is absent when the image
   * did not change. Resolves when saved; a rejection keeps the form as it is.
   */
  onSubmit?: (body: OrganizationBody) => Promise<unknown>;
  busy?: boolean;
}

const emptyValues: OrganizationFormValues = {
  name: '',
  address: '',
  contact: { firstName: '', lastName: '', email: '', phoneNumber: '' },
};

function valuesOf(organization: Organization | undefined): OrganizationFormValues {
  if (!organization) return emptyValues;
  return {
    name: organization.name,
    address: organization.address,
    contact: { ...organization.contact },
  };
}

const uploadFailure = (error: unknown) =>
  isApiError(error) && error.fromServer ? error.message : messages.failedToUploadImage;

/** Contact form of an organization (000 §2.9). */
export function OrganizationForm({
  mode,
  organization,
  onSubmit,
  busy = false,
}: OrganizationFormProps) {
  const schema = mode === 'create' ? organizationBodySchema : updateOrganizationBodySchema;
  const form = useForm<OrganizationFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(organization),
    validate: schemaResolver(schema, { sync: true }),
  });
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const detailsLocked = mode === 'view';
  const contactLocked = mode !== 'create';
  const working = busy || progress !== null;
  const changed = mode === 'create' || form.isDirty() || file !== null || removed;

  const submit = form.onSubmit(async (values) => {
    const parsed = schema.parse(values);
    // The contact is sent only at creation; afterwards it is read-only and the server ignores it.
    const contact =
      mode === 'create' ? organizationBodySchema.parse(values).contact : values.contact;
    setUploadError(null);
    let imageId: number | null | undefined;
    if (file) {
      setProgress(0);
      try {
        imageId = (await uploadFile(file, MediaType.Image, { onProgress: setProgress })).id;
      } catch (error) {
        const text = uploadFailure(error);
        setUploadError(text);
        toast.error(text);
        return; // 000 §7: if the upload fails, the save is aborted
      } finally {
        setProgress(null);
      }
    } else if (removed) {
      imageId = null;
    }
    try {
      await onSubmit?.({
        name: parsed.name,
        address: parsed.address,
        contact,
        ...(imageId !== undefined ? { imageId } : {}),
      });
    } catch (error) {
      if (isApiError(error)) form.setErrors(error.fieldErrors());
      return;
    }
    form.resetDirty();
    setFile(null);
    setRemoved(false);
  });

  const initial = (organization?.name ?? form.values.name).trim().charAt(0).toUpperCase();

  return (
    <Paper p="lg" component="form" onSubmit={submit} noValidate aria-label={messages.organization}>
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={2}>{organizationText.details}</Title>
          {detailsLocked ? (
            <Group gap="sm">
              <Avatar
                src={organization?.image?.url ?? null}
                alt={organizationText.image}
                size={64}
                radius="md"
                color="brand"
              >
                {initial}
              </Avatar>
            </Group>
          ) : (
            <UploadField
              label={organizationText.image}
              currentUrl={organization?.image?.url ?? null}
              file={file}
              onFileChange={(picked) => {
                setFile(picked);
                setUploadError(null);
              }}
              removed={removed}
              {...(organization?.image ? { onRemove: () => setRemoved(true) } : {})}
              progress={progress}
              error={uploadError}
              disabled={working}
              placeholder={initial}
            />
          )}
          <TextInput
            label={messages.name}
            withAsterisk={!detailsLocked}
            readOnly={detailsLocked}
            variant={detailsLocked ? 'filled' : 'default'}
            disabled={working}
            data-autofocus={mode === 'create' || undefined}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={organizationText.address}
            withAsterisk={!detailsLocked}
            readOnly={detailsLocked}
            variant={detailsLocked ? 'filled' : 'default'}
            disabled={working}
            {...form.getInputProps('address')}
          />
        </Stack>
        <Divider />
        <Stack gap="sm">
          <div>
            <Title order={2}>{organizationText.contactPerson}</Title>
            {mode === 'edit' && (
              <Text size="sm" c="dimmed" mt={2}>
                {organizationText.contactLockedHint}
              </Text>
            )}
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={messages.firstName}
              withAsterisk={!contactLocked}
              readOnly={contactLocked}
              variant={contactLocked ? 'filled' : 'default'}
              disabled={working}
              autoComplete="off"
              {...form.getInputProps('contact.firstName')}
            />
            <TextInput
              label={messages.lastName}
              withAsterisk={!contactLocked}
              readOnly={contactLocked}
              variant={contactLocked ? 'filled' : 'default'}
              disabled={working}
              autoComplete="off"
              {...form.getInputProps('contact.lastName')}
            />
            <TextInput
              type="email"
              inputMode="email"
              label={messages.email}
              withAsterisk={!contactLocked}
              readOnly={contactLocked}
              variant={contactLocked ? 'filled' : 'default'}
              disabled={working}
              autoComplete="off"
              {...form.getInputProps('contact.email')}
            />
            <TextInput
              type="tel"
              inputMode="tel"
              label={messages.phoneNumber}
              withAsterisk={!contactLocked}
              readOnly={contactLocked}
              variant={contactLocked ? 'filled' : 'default'}
              disabled={working}
              maxLength={phoneLength + 4}
              autoComplete="off"
              {...form.getInputProps('contact.phoneNumber')}
            />
          </SimpleGrid>
        </Stack>
        {mode !== 'view' && (
          <Group justify="flex-end">
            <Button type="submit" loading={working} disabled={!changed}>
              {mode === 'create' ? organizationText.create : messages.save}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
