/**
 * The Add Admin modal (000 §2.9, §5): first name, last name and email, all required
 * (`addAdminBodySchema`). Success toasts `messages.userCreated`; a failure shows the server's text
 * (e.g. the 409 for a taken email, also under the email field) or `messages.failedToCreateAdmin`.
 */
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { addAdminBodySchema, messages, type User } from '@practica/contract';
import { userText } from '@shared/config/ui-text';
import { isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { useCreateAdmin } from '../api/create-admin';
import { failureText } from '../api/failure-text';

export interface AddAdminModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated?: (user: User) => void;
}

const empty = { firstName: '', lastName: '', email: '' };

/** Creates an admin (000 §2.9). */
export function AddAdminModal({ opened, onClose, onCreated }: AddAdminModalProps) {
  const mutation = useCreateAdmin();
  const form = useForm({
    mode: 'controlled',
    initialValues: empty,
    validate: schemaResolver(addAdminBodySchema, { sync: true }),
  });
  const busy = mutation.isPending;

  const close = () => {
    if (busy) return;
    form.reset();
    mutation.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const body = addAdminBodySchema.parse(values);
    mutation.mutate(body, {
      onSuccess: (user) => {
        toast.success(messages.userCreated);
        form.reset();
        onClose();
        onCreated?.(user);
      },
      onError: (error) => {
        const text = failureText(error, messages.failedToCreateAdmin);
        if (isApiError(error)) {
          if (error.status === 409) form.setFieldError('email', text);
          else form.setErrors(error.fieldErrors());
        }
        toast.error(text);
      },
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={messages.addAdmin}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      size="lg"
    >
      <form onSubmit={submit} noValidate aria-label={messages.addAdmin}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {userText.addAdminIntro}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={messages.firstName}
              autoComplete="off"
              withAsterisk
              data-autofocus
              disabled={busy}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={messages.lastName}
              autoComplete="off"
              withAsterisk
              disabled={busy}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            type="email"
            label={messages.email}
            autoComplete="off"
            inputMode="email"
            withAsterisk
            disabled={busy}
            {...form.getInputProps('email')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={busy}>
              {messages.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {messages.addAdmin}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
