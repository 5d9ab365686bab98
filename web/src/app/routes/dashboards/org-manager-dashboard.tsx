/**
 * /dbl/org-manager/dashboard/org (000 §2.5): cards New Invite, Create Group, Seats Usage (active
 * trainees + pending trainee invites over trainee seats), Trainee Invites and Creators
 * (`messages.inactive` without creator seats), the Awaiting approval card (decisions.md#console-flows §7: the
 * organization's items in Review, per type, with 'Review items' opening the organization contents
 * filtered to Review on the first type that has some), then the member tabs of the organization.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { ContentStatus, ContentType, type AssignmentDashboard } from '@practica/contract';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DashboardCard } from '../../../components/dashboard-card';
import { PageTitle } from '@shared/components/page-title';
import { contentApprovalText } from '../../../config/content-approval-text';
import { paths } from '@shared/config/paths';
import { useAssignmentDashboard } from '../../../features/assignments';
import { organizationContentsSearch } from '../../../features/content';
import {
  defaultMemberTab,
  ManagerCards,
  type MemberTab,
  OrganizationMembersTabs,
  useOrganization,
} from '../../../features/organizations';
import { useAuth } from '../../../lib/auth';

/** The card of the items awaiting approval (decisions.md#console-flows §7); `figures` undefined while loading. */
function ApprovalCard({
  figures,
  organizationId,
}: {
  figures: AssignmentDashboard | undefined;
  organizationId: number;
}) {
  const total = figures ? (figures.awaitingApproval ?? 0) : null;
  const byType = figures?.awaitingApprovalByType;
  const counts = byType
    ? ([
        [ContentType.Interview, byType.interviews],
        [ContentType.RatingScale, byType.ratingScales],
        [ContentType.Feedback, byType.feedbackForms],
      ] as const)
    : [];
  const first = counts.find(([, n]) => n > 0)?.[0];
  const hint =
    total === null
      ? undefined
      : total === 0
        ? contentApprovalText.awaitingApprovalNone
        : counts
            .filter(([, n]) => n > 0)
            .map(([type, n]) => contentApprovalText.awaitingApprovalByType(type, n))
            .join(' · ');
  return (
    <DashboardCard
      title={contentApprovalText.awaitingApproval}
      icon={<IconChecklist size={20} />}
      count={total}
      hint={hint}
      action={
        first !== undefined
          ? {
              label: contentApprovalText.reviewItems,
              to: `${paths.organizationContents(organizationId)}?${organizationContentsSearch({
                contentTypeId: first,
                side: 'organization',
                statusId: ContentStatus.Review,
              })}`,
            }
          : undefined
      }
    />
  );
}

/** Organization manager dashboard (000 §2.5). */
export default function OrgManagerDashboard() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [tab, setTab] = useState<MemberTab>(defaultMemberTab);
  const orgId = user?.organizationId ?? null;
  const organization = useOrganization(orgId);
  const figures = useAssignmentDashboard().data;
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
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="lg">
          <ApprovalCard figures={figures} organizationId={orgId} />
        </SimpleGrid>
      )}
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
