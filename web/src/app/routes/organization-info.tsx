/**
 * /dbl/organization/{id}/details (000 §2.9 'Manager organization info page'): the manager's
 * organization: the contact form read-only and the avatars and environments it may use,
 * read-only, and a card linking to its "Sign-in and integrations" page (single sign-on, API tokens,
 * webhooks: organization-integrations.tsx). An organization that cannot be loaded navigates back.
 */
import { Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { messages } from '@practica/contract';
import { useEffect, useState } from 'react';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@shared/components/page-title';
import { paths } from '@shared/config/paths';
import { integrationsText } from '../../config/integrations-text';
import { OrganizationAssetsTab } from '../../features/assets';
import { type AssetTab, OrganizationForm, useOrganization } from '../../features/organizations';
import { useCan } from '../../lib/can';
import { useGoBack } from './go-back';

/** Manager organization info (000 §2.9). */
export default function OrganizationInfoPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useOrganization(valid ? id : null);
  const goBack = useGoBack();
  const [assetTab, setAssetTab] = useState<AssetTab>('avatars');
  const mayOpenIntegrations = useCan('webhook:manage', { organizationId: valid ? id : null });
  const failed = !valid || query.isError;
  useEffect(() => {
    if (failed) goBack();
  }, [failed, goBack]);

  const organization = query.data;
  if (!organization) {
    return (
      <Grid gap="lg" aria-busy="true">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Skeleton h={420} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Skeleton h={300} radius="md" />
        </Grid.Col>
      </Grid>
    );
  }
  return (
    <Grid gap="lg" align="flex-start">
      <PageTitle title={organization.name} />
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <OrganizationForm mode="view" organization={organization} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Paper p="lg">
          <Stack gap="md">
            <Title order={2}>{messages.assets}</Title>
            <OrganizationAssetsTab
              organizationId={organization.id}
              value={assetTab}
              onChange={setAssetTab}
              readOnly
            />
          </Stack>
        </Paper>
      </Grid.Col>
      {mayOpenIntegrations && (
        <Grid.Col span={12}>
          <Paper p="lg" component="section" aria-labelledby="integrations-title">
            <Group justify="space-between" gap="md">
              <Stack gap={4} maw={640}>
                <Title order={2} id="integrations-title">
                  {integrationsText.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {integrationsText.intro}
                </Text>
              </Stack>
              <Button
                component={Link}
                to={paths.organizationIntegrations(organization.id)}
                variant="light"
                leftSection={<IconPlugConnected size={16} aria-hidden />}
              >
                {integrationsText.manage}
              </Button>
            </Group>
          </Paper>
        </Grid.Col>
      )}
    </Grid>
  );
}
