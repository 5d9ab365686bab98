/**
 * The seats form of an organization (000 §2.9, §5): trainee seats and creator seats, whole
 * numbers 0..10000 (`messages.traineeSeatsMin`), with the usage under each. Read-only for
 * anyone the policy does not allow to change seats.
 */
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  messages,
  organizationSeatsBodySchema,
  seatsMax,
  seatsMin,
  type OrganizationDetail,
  type OrganizationSeatsBody,
} from '@practica/contract';
import { organizationText } from '../../../config/organization-text';
import { useCan } from '../../../lib/can';
import { toast } from '@shared/lib/toast';
import { useUpdateOrganizationSeats } from '../api/update-organization-seats';

interface SeatsValues {
  userSeats: number | string;
  creatorSeats: number | string;
}

/** Seats of one organization (000 §2.9). */
export function OrganizationSeatsForm({ organization }: { organization: OrganizationDetail }) {
  const mayEdit = useCan('organization:updateSeats', { organizationId: organization.id });
  const mutation = useUpdateOrganizationSeats(organization.id);
  const form = useForm<SeatsValues>({
    mode: 'controlled',
    initialValues: { userSeats: organization.userSeats, creatorSeats: organization.creatorSeats },
    validate: schemaResolver(organizationSeatsBodySchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const body: OrganizationSeatsBody = organizationSeatsBodySchema.parse(values);
    mutation.mutate(body, {
      onSuccess: (updated) => {
        toast.success(messages.organizationSeatsUpdated);
        form.resetDirty({ userSeats: updated.userSeats, creatorSeats: updated.creatorSeats });
      },
    });
  });

  return (
    <Paper p="lg" component="form" onSubmit={submit} noValidate aria-label={organizationText.seats}>
      <Stack gap="md">
        <div>
          <Title order={2}>{organizationText.seats}</Title>
          <Text size="sm" c="dimmed" mt={2}>
            {organizationText.seatsHint}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={organizationText.traineeSeats}
            description={organizationText.seatsInUse(
              organization.seatsUsed,
              organization.userSeats,
            )}
            min={seatsMin}
            max={seatsMax}
            allowDecimal={false}
            allowNegative
            clampBehavior="none"
            readOnly={!mayEdit}
            {...form.getInputProps('userSeats')}
          />
          <NumberInput
            label={organizationText.creatorSeats}
            description={organizationText.creatorsInUse(
              organization.creatorsCount,
              organization.creatorSeats,
            )}
            min={seatsMin}
            max={seatsMax}
            allowDecimal={false}
            allowNegative
            clampBehavior="none"
            readOnly={!mayEdit}
            {...form.getInputProps('creatorSeats')}
          />
        </SimpleGrid>
        {mayEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
              {messages.save}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
