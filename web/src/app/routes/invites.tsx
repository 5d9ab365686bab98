/**
 * /dbl/invites (000 §2.7): the pending invites table and the Invite Member form. The organization
 * id and role type come from the query parameters for admins, otherwise from the user; the screen
 * goes back when either is missing or the organization cannot be loaded (the server's message,
 * else `messages.somethingWentWrongNoOrganization`). The title is `format.invitesTitle`, with the
 * organization's name for admins.
 */
import { Button, Grid, Group, Skeleton, Stack, Title } from '@mantine/core';
import {
  format,
  messages,
  pageSizeOptions,
  Role,
  roleIdSchema,
  type RoleId,
} from '@practica/contract';
import { IconFileImport } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@shared/components/page-title';
import { queryParams } from '@shared/config/paths';
import { inviteImportText } from '../../config/invite-import-text';
import { inviteText } from '../../config/organization-text';
import { InviteImportDialog, InviteMemberForm, InvitesTable } from '../../features/invites';
import {
  useAllOrganizationGroups,
  useOrganization,
  useOrganizationGroups,
} from '../../features/organizations';
import { isApiError } from '@shared/lib/api-client';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { toast } from '@shared/lib/toast';
import { useGoBack } from './go-back';

/** 000 §2.7: where the organization and the role type come from. */
function useInviteContext(): { orgId: number | null; roleType: RoleId | null; admin: boolean } {
  const { user } = useAuth();
  const [search] = useSearchParams();
  const admin = user?.roleId === Role.Admin;
  if (!user) return { orgId: null, roleType: null, admin };
  if (!admin) return { orgId: user.organizationId, roleType: user.roleId, admin };
  const orgId = Number(search.get(queryParams.orgId));
  const role = roleIdSchema.safeParse(Number(search.get(queryParams.roleType)));
  return {
    orgId: Number.isInteger(orgId) && orgId > 0 ? orgId : null,
    roleType: role.success ? role.data : null,
    admin,
  };
}

/** The Invites screen (000 §2.7). */
export default function InvitesPage() {
  const { orgId, roleType, admin } = useInviteContext();
  const goBack = useGoBack();
  const organization = useOrganization(orgId, { silent: true });
  // The Invite Member form offers the organization's groups (the largest page of them).
  const groups = useOrganizationGroups(orgId ?? 0, 1, pageSizeOptions[2], organization.isSuccess);
  // decisions.md#insights-and-administration §2: 'Import CSV' for Admins and Managers (not instructors).
  const canImport = useCan('invite:import', { organizationId: orgId });
  const [importing, setImporting] = useState(false);
  // The CSV import matches group names against every group of the organization, read when it opens.
  const allGroups = useAllOrganizationGroups(orgId ?? 0, importing);

  const missing = orgId === null || roleType === null;
  const failed = organization.isError;
  const reported = useRef(false);
  useEffect(() => {
    if (failed && !reported.current) {
      reported.current = true;
      const error = organization.error;
      toast.error(
        isApiError(error) && error.fromServer
          ? error.message
          : messages.somethingWentWrongNoOrganization,
      );
    }
    if (missing || failed) goBack();
  }, [missing, failed, organization.error, goBack]);

  if (missing || !organization.data) {
    return (
      <Grid gap="lg" aria-busy="true">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Skeleton h={320} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Skeleton h={420} radius="md" />
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Grid gap="lg" align="flex-start">
      <PageTitle title={format.invitesTitle(admin ? organization.data.name : null)} />
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Title order={2}>{inviteText.pendingInvites}</Title>
            {canImport && (
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} aria-hidden />}
                onClick={() => setImporting(true)}
              >
                {inviteImportText.importCsv}
              </Button>
            )}
          </Group>
          <InvitesTable organizationId={orgId} />
          {canImport && (
            <InviteImportDialog
              opened={importing}
              onClose={() => setImporting(false)}
              organizationId={orgId}
              groups={allGroups.data ?? groups.data?.list ?? []}
            />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <InviteMemberForm
          organizationId={orgId}
          roleType={roleType}
          groups={groups.data?.list ?? []}
        />
      </Grid.Col>
    </Grid>
  );
}
