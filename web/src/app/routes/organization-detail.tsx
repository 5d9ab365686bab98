/**
 * /dbl/organizations/{id} (000 §2.9): the organization's head with the active toggle
 * (decisions.md) and the buttons Invites and Deleted Users, the stat cards, the contact form (the
 * contact person read-only: editable only at creation), the seats form, and the tabs Members
 * (Trainees, Instructors, Groups, Managers with counts), Content (001 §2 'Organization content
 * views': Interviews, Rating scales, Feedback forms with the General/Organization switch and the
 * status filters) and Assets, and a link to its "Sign-in and integrations" page (single sign-on, API
 * tokens, webhooks: organization-integrations.tsx). The chosen tabs are remembered for the session (000 §9). An
 * organization that cannot be loaded navigates back.
 */
import {
  Avatar,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { ContentType, messages, Role, type ContentTypeId } from '@practica/contract';
import {
  IconChartBar,
  IconClipboardCheck,
  IconMail,
  IconPlugConnected,
  IconTrashX,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CreateButton } from '../../components/create-button';
import { PageTitle } from '@shared/components/page-title';
import { insightsText } from '../../config/insights-text';
import { integrationsText } from '../../config/integrations-text';
import { paths } from '@shared/config/paths';
import { reviewInboxText } from '../../config/review-inbox-text';
import { OrganizationAssetsTab } from '../../features/assets';
import { OrganizationContents } from '../../features/content';
import {
  ActiveBadge,
  type ContentTab,
  contentTabs,
  detailTabs,
  type DetailTabState,
  OrganizationActiveSwitch,
  OrganizationForm,
  OrganizationMembersTabs,
  OrganizationSeatsForm,
  OrganizationStatCards,
  readDetailTabs,
  useOrganization,
  useUpdateOrganization,
  writeDetailTabs,
} from '../../features/organizations';
import { DeletedUsersModal } from '../../features/users';
import { useCan } from '../../lib/can';
import { toast } from '@shared/lib/toast';
import { useGoBack } from './go-back';

const tabLabels = {
  members: messages.members,
  content: messages.content,
  assets: messages.assets,
} as const;

/** The content type of each remembered Content sub-tab (001 §2: Interviews by default). */
const contentTypeOfTab: Record<ContentTab, ContentTypeId> = {
  interviews: ContentType.Interview,
  ratings: ContentType.RatingScale,
  feedback: ContentType.Feedback,
};

/** The Content sub-tab of a content type. */
function contentTabOf(type: ContentTypeId): ContentTab {
  return contentTabs.find((tab) => contentTypeOfTab[tab] === type) ?? 'interviews';
}

/** Remembered tabs of the detail page (000 §2.9, §9). */
function useDetailTabs() {
  const [state, setState] = useState<DetailTabState>(readDetailTabs);
  const update = (patch: Partial<DetailTabState>) =>
    setState((current) => {
      const next = { ...current, ...patch };
      writeDetailTabs(next);
      return next;
    });
  return [state, update] as const;
}

/** Organization detail (000 §2.9). */
export default function OrganizationDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useOrganization(valid ? id : null);
  const update = useUpdateOrganization(valid ? id : 0);
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [tabs, setTabs] = useDetailTabs();
  const [deletedOpen, setDeletedOpen] = useState(false);
  const organization = query.data;
  const target = { organizationId: valid ? id : null };
  const mayUpdate = useCan('organization:update', target);
  const maySetActive = useCan('organization:setActive', target);
  const mayViewDeleted = useCan('user:viewDeleted', target);
  const mayReview = useCan('answer:review', target);
  const mayOpenIntegrations = useCan('webhook:manage', target);
  const mayReadConsistency = useCan('organization:reviewerConsistency', target);
  const mayCreateGroup = useCan('group:create', target);

  // 000 §8: a missing loaded entity navigates back.
  const failed = !valid || query.isError;
  useEffect(() => {
    if (failed) goBack();
  }, [failed, goBack]);

  if (!organization) return <DetailSkeleton />;

  return (
    <Stack gap="lg">
      <PageTitle title={organization.name} />
      <Paper p="lg">
        <Group justify="space-between" gap="md">
          <Group gap="md" wrap="nowrap">
            <Avatar
              src={organization.image?.url ?? null}
              alt=""
              size={56}
              radius="md"
              color="brand"
            >
              {organization.name.charAt(0).toUpperCase()}
            </Avatar>
            <div>
              <Group gap="xs">
                <Title order={2}>{organization.name}</Title>
                <ActiveBadge active={organization.active} />
              </Group>
              <Text size="sm" c="dimmed">
                {organization.address}
              </Text>
            </div>
          </Group>
          <Group gap="sm">
            {maySetActive && <OrganizationActiveSwitch organization={organization} />}
            {mayReview && (
              <Button
                component={Link}
                to={paths.reviewInbox(`organizationId=${organization.id}`)}
                variant="light"
                leftSection={<IconClipboardCheck size={16} aria-hidden />}
              >
                {reviewInboxText.navLabel}
              </Button>
            )}
            {mayReadConsistency && (
              <Button
                component={Link}
                to={paths.reviewerConsistency(organization.id)}
                variant="light"
                leftSection={<IconChartBar size={16} aria-hidden />}
              >
                {insightsText.consistencyOpen}
              </Button>
            )}
            {mayOpenIntegrations && (
              <Button
                component={Link}
                to={paths.organizationIntegrations(organization.id)}
                variant="light"
                leftSection={<IconPlugConnected size={16} aria-hidden />}
              >
                {integrationsText.open}
              </Button>
            )}
            <Button
              component={Link}
              to={paths.invites({ orgId: organization.id, roleType: Role.Admin })}
              variant="light"
              leftSection={<IconMail size={16} aria-hidden />}
            >
              {messages.invites}
            </Button>
            {mayViewDeleted && (
              <Button
                variant="default"
                leftSection={<IconTrashX size={16} aria-hidden />}
                onClick={() => setDeletedOpen(true)}
              >
                {messages.deletedUsers}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
      <OrganizationStatCards organization={organization} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <OrganizationForm
            key={organization.id}
            mode={mayUpdate ? 'edit' : 'view'}
            organization={organization}
            busy={update.isPending}
            onSubmit={async (body) => {
              await update.mutateAsync({
                name: body.name,
                address: body.address,
                ...(body.imageId !== undefined ? { imageId: body.imageId } : {}),
              });
              toast.success(messages.organizationUpdated);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <OrganizationSeatsForm key={organization.id} organization={organization} />
        </Grid.Col>
      </Grid>
      <Paper p="lg">
        <Tabs
          value={tabs.tab}
          onChange={(value) => {
            const tab = detailTabs.find((t) => t === value);
            if (tab) setTabs({ tab });
          }}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            {detailTabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {tabLabels[tab]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="members">
            <OrganizationMembersTabs
              organizationId={organization.id}
              value={tabs.members}
              onChange={(members) => setTabs({ members })}
              onUserClick={(user) => void navigate(paths.userDetail(user.id))}
              onGroupClick={(group) => void navigate(paths.groupDetail(group.id, organization.id))}
              groupsAction={
                mayCreateGroup && (
                  <CreateButton to={paths.groupCreate(organization.id)}>
                    {messages.createGroup}
                  </CreateButton>
                )
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="content">
            <OrganizationContents
              key={organization.id}
              organizationId={organization.id}
              embedded
              contentType={contentTypeOfTab[tabs.content]}
              onContentTypeChange={(type) => setTabs({ content: contentTabOf(type) })}
              editPath={(type, contentId) =>
                type === ContentType.Interview
                  ? paths.interviewEdit(contentId)
                  : paths.evaluationEdit(type, contentId)
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="assets">
            <OrganizationAssetsTab
              organizationId={organization.id}
              value={tabs.assets}
              onChange={(assets) => setTabs({ assets })}
            />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      {mayViewDeleted && (
        <DeletedUsersModal
          opened={deletedOpen}
          onClose={() => setDeletedOpen(false)}
          organizationId={organization.id}
          onOpenUser={(user) => void navigate(paths.userDetail(user.id))}
        />
      )}
    </Stack>
  );
}

/** The page's shape while the organization loads. */
function DetailSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={96} radius="md" />
      <Skeleton h={110} radius="md" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Skeleton h={420} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Skeleton h={240} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
