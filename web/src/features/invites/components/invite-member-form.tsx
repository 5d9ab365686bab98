/**
 * The Invite Member form (000 §2.7, §5): first name, last name and email (required, with the
 * spec's messages), the role (never Admin; instructors invite trainees only) and the optional
 * group, offered only for trainees and instructors. Success shows `format.roleSuccessfullyInvited`;
 * a refusal such as `messages.noTraineeSeatsLeft` shows the server's message as given.
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  format,
  inviteBodySchema,
  inviteTokenLifetimeMs,
  messages,
  roleLabels,
  type RoleId,
} from '@practica/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { inviteText } from '../../../config/organization-text';
import { isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { useCreateInvite } from '../api/create-invite';
import { inviteOffersGroup, inviteRoleChoices } from './invite-role-choices';

const dayMs = 24 * 60 * 60 * 1000;

export interface InviteMemberFormProps {
  organizationId: number;
  /** The inviting role (000 §2.7: from the query for admins, else the user's). */
  roleType: RoleId;
  /** The organization's groups, for the optional group. */
  groups: readonly { id: number; name: string }[];
  /** The role chosen at first, when the inviting role may invite it. */
  initialRoleId?: RoleId | undefined;
}

interface Values {
  organizationId: number;
  roleId: RoleId;
  firstName: string;
  lastName: string;
  email: string;
  groupId: number | null;
}

/** Invite Member form (000 §2.7). */
export function InviteMemberForm({
  organizationId,
  roleType,
  groups,
  initialRoleId,
}: InviteMemberFormProps) {
  const choices = inviteRoleChoices(roleType);
  const firstChoice = initialRoleId && choices.includes(initialRoleId) ? initialRoleId : choices[0];
  const mutation = useCreateInvite();
  const roleLabelId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      organizationId,
      roleId: firstChoice ?? choices[0]!,
      firstName: '',
      lastName: '',
      email: '',
      groupId: null,
    },
    validate: schemaResolver(inviteBodySchema, { sync: true }),
    // A refusal of the server (e.g. the email is a user's) is about the values sent: it goes as
    // soon as one changes (decisions.md#console-flows §10); field errors clear with their field.
    onValuesChange: () => setRefusal(null),
  });

  if (!firstChoice) return null;
  const roleId = form.values.roleId;
  const offersGroup = inviteOffersGroup(roleId);

  const submit = form.onSubmit((values) => {
    setRefusal(null);
    const body = inviteBodySchema.parse({
      ...values,
      groupId: inviteOffersGroup(values.roleId) ? values.groupId : null,
    });
    mutation.mutate(body, {
      onSuccess: (invite) => {
        toast.success(format.roleSuccessfullyInvited(roleLabels[invite.roleId]));
        form.reset();
        form.setFieldValue('roleId', values.roleId);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) setRefusal(error.message);
        form.setErrors(isApiError(error) ? error.fieldErrors() : {});
      },
    });
  });

  return (
    <Paper p="lg" component="form" onSubmit={submit} noValidate aria-label={messages.inviteMember}>
      <Stack gap="md">
        <div>
          <Title order={2}>{messages.inviteMember}</Title>
          <Text size="sm" c="dimmed" mt={2}>
            {inviteText.formHint(Math.round(inviteTokenLifetimeMs / dayMs))}
          </Text>
        </div>
        <Stack gap={6}>
          <Text size="sm" fw={500} id={roleLabelId}>
            {messages.role}
          </Text>
          <SegmentedControl
            aria-labelledby={roleLabelId}
            fullWidth
            value={String(roleId)}
            onChange={(value) => {
              const next = choices.find((c) => String(c) === value);
              if (!next) return;
              form.setFieldValue('roleId', next);
              if (!inviteOffersGroup(next)) form.setFieldValue('groupId', null);
            }}
            data={choices.map((c) => ({ value: String(c), label: roleLabels[c] }))}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={messages.firstName}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={messages.lastName}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          type="email"
          inputMode="email"
          label={messages.email}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        {offersGroup && (
          <Select
            label={inviteText.group}
            placeholder={inviteText.noGroup}
            data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
            value={form.values.groupId === null ? null : String(form.values.groupId)}
            onChange={(value) => form.setFieldValue('groupId', value ? Number(value) : null)}
            error={form.errors.groupId}
            clearable
            searchable
            nothingFoundMessage={messages.noRecordsFound}
          />
        )}
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            {inviteText.sendInvite}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
