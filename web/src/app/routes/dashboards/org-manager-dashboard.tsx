/**
 * /dbl/org-manager/dashboard/org (000 §2.5): cards New Invite, Create Group, Seats Usage (active
 * trainees + pending trainee invites over trainee seats), Trainee Invites and Creators
 * (`messages.inactive` without creator seats), then the member tabs of the manager's organization.
 */
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useOrganization } from '../../../features/organizations/api/get-organization';
import {
  defaultMemberTab,
  OrganizationMembersTabs,
  type MemberTab,
} from '../../../features/organizations/components/members-tabs';
import { ManagerCards } from '../../../features/organizations/components/organization-cards';
import { useAuth } from '../../../lib/auth';

/** Organization manager dashboard (000 §2.5). */
export default function OrgManagerDashboard() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [tab, setTab] = useState<MemberTab>(defaultMemberTab);
  const orgId = user?.organizationId ?? null;
  const organization = useOrganization(orgId);
  const name = organization.data?.name ?? user?.organization?.name;
  return (
    <Stack gap="xl">
      {name && <PageTitle title={name} />}
      <ManagerCards
        organization={organization.data}
        invitesHref={paths.invites()}
        createGroupHref={paths.groupCreate(orgId ?? undefined)}
      />
      {orgId !== null && (
        <OrganizationMembersTabs
          organizationId={orgId}
          value={tab}
          onChange={setTab}
          onUserClick={(member) => void navigate(paths.userDetail(member.id))}
          onGroupClick={(group) => void navigate(paths.groupDetail(group.id, orgId))}
        />
      )}
    </Stack>
  );
}
