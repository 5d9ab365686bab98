/**
 * /dbl/organizations/{id}/integrations (decisions.md#single-sign-on, decisions.md#api-tokens,
 * decisions.md#webhooks): an organization's "Sign-in and integrations" page, for an Admin (any
 * organization) or a Manager (their own; the route's `page:integrations`, each section its own
 * action for the organization): single sign-on, API tokens and webhooks, with a link back to the
 * organization's page. Someone the policy refuses for this organization, or an organization that
 * cannot be loaded, goes back.
 */
import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@shared/components/page-title';
import { paths } from '@shared/config/paths';
import { toast } from '@shared/lib/toast';
import { integrationsText } from '../../config/integrations-text';
import { ApiTokensSection } from '../../features/api-tokens';
import { useOrganization } from '../../features/organizations';
import { SsoSection } from '../../features/sso';
import { WebhooksSection } from '../../features/webhooks';
import { useCan } from '../../lib/can';
import { useGoBack } from './go-back';

/** Sign-in and integrations of one organization. */
export default function OrganizationIntegrationsPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const target = { organizationId: valid ? id : null };
  const mayManageWebhooks = useCan('webhook:manage', target);
  const mayManageApiTokens = useCan('apiToken:manage', target);
  const mayManageSso = useCan('sso:manage', target);
  const allowed = valid && (mayManageWebhooks || mayManageApiTokens || mayManageSso);
  const isAdminView = useCan('page:organizations');
  const query = useOrganization(allowed ? id : null);
  const goBack = useGoBack();

  const refused = valid && !allowed;
  const failed = !valid || refused || query.isError;
  useEffect(() => {
    if (refused) toast.error(messages.accessDenied);
    if (failed) goBack();
  }, [failed, refused, goBack]);

  const organization = query.data;
  if (!organization) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Skeleton h={88} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  const back = isAdminView
    ? paths.organizationDetail(organization.id)
    : paths.organizationDetails(organization.id);
  return (
    <Stack gap="lg">
      <PageTitle title={integrationsText.title} />
      <Paper p="lg">
        <Stack gap={6}>
          <Anchor component={Link} to={back} size="sm" w="fit-content">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden />
              {organization.name}
            </Group>
          </Anchor>
          <Text size="sm" c="dimmed">
            {integrationsText.intro}
          </Text>
        </Stack>
      </Paper>
      <SsoSection organizationId={organization.id} />
      {mayManageApiTokens && <ApiTokensSection organizationId={organization.id} />}
      {mayManageWebhooks && <WebhooksSection organizationId={organization.id} />}
    </Stack>
  );
}
