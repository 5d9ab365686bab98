/**
 * /dbl/organizations/create (000 §2.9): the contact form with every field editable (the contact
 * person can be set only here) and the image. Saving shows `messages.organizationCreated` and
 * opens the new organization, where the seats are set.
 */
import { Grid, Stack, Text } from '@mantine/core';
import { messages } from '@practica/contract';
import { useNavigate } from 'react-router';
import { paths } from '@shared/config/paths';
import { organizationText } from '../../config/organization-text';
import { OrganizationForm, useCreateOrganization } from '../../features/organizations';
import { toast } from '@shared/lib/toast';

/** Organization creation (000 §2.9). */
export default function OrganizationCreatePage() {
  const navigate = useNavigate();
  const mutation = useCreateOrganization();
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {organizationText.createHint}
          </Text>
          <OrganizationForm
            mode="create"
            busy={mutation.isPending}
            onSubmit={async (body) => {
              const created = await mutation.mutateAsync({
                ...body,
                userSeats: 0,
                creatorSeats: 0,
              });
              toast.success(messages.organizationCreated);
              void navigate(paths.organizationDetail(created.id), { replace: true });
            }}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
