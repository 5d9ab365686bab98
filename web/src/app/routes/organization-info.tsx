/**
 * /dbl/organization/{id}/details (000 §2.9 'Manager organization info page'): the manager's
 * organization: the contact form read-only and the avatars and environments it may use,
 * read-only, and its API tokens (decisions.md#api-tokens). An organization that cannot be loaded
 * navigates back.
 */
import { Grid, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { messages } from '@practica/contract';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '@shared/components/page-title';
import { ApiTokensSection } from '../../features/api-tokens';
import { SsoSection } from '../../features/sso';
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
  const mayManageApiTokens = useCan('apiToken:manage', { organizationId: valid ? id : null });
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
      {mayManageApiTokens && (
        <Grid.Col span={12}>
          <ApiTokensSection organizationId={organization.id} />
        </Grid.Col>
      )}
      <Grid.Col span={12}>
        <SsoSection organizationId={organization.id} />
      </Grid.Col>
    </Grid>
  );
}
