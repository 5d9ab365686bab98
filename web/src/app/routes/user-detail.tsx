/**
 * /dbl/user-detail/{id} (000 §2.10): the user's profile head with delete / restore / erase, the
 * role with the active and creator toggles, the edit form (names, phone, new and repeat password,
 * image) and the email change, each shown or editable as the policy allows. A user that cannot be
 * loaded navigates back (000 §8). Below, the tabs area (Assignments, Groups).
 */
import { Alert, Badge, Grid, Paper, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { messages, type User } from '@practica/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import { userText } from '@shared/config/ui-text';
import {
  EmailChangeForm,
  forgetUser,
  ProfileCard,
  UserAccessCard,
  UserActions,
  UserEditForm,
  userTarget,
  useUser,
} from '../../features/users';
import { UserAssignmentsTab } from '../../features/assignments';
import { UserGroupsTab } from '../../features/groups';
import { hasTraineeProgress, TraineeProgressTab } from '../../features/insights';
import { insightsText } from '../../config/insights-text';
import { roleHome, useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { useHasHistory } from '../route-guard';

/** One tab of the user-detail tabs area: its label and the component showing it for the user. */
export interface UserDetailTab {
  value: string;
  label: string;
  Component: ComponentType<{ user: User }>;
  /** Whether the user has this tab (all users when absent). */
  shows?: (user: User) => boolean;
}

/**
 * TABS AREA (000 §2.10 'Tabs for assignments and groups'). Only the tabs listed here render; with
 * none, the area is hidden. To add one, import its component from its feature and list it, e.g.
 *   { value: 'assignments', label: messages.assignments, Component: UserAssignmentsTab },
 *   { value: 'groups', label: messages.groups, Component: UserGroupsTab },
 * The component receives the loaded `user`.
 */
export const userDetailTabs: UserDetailTab[] = [
  { value: 'assignments', label: messages.assignments, Component: UserAssignmentsTab },
  { value: 'groups', label: messages.groups, Component: UserGroupsTab },
  // decisions.md#insights-and-administration §1: a trainee's scores per criterion over time and practice counts.
  {
    value: 'progress',
    label: insightsText.progressTab,
    Component: TraineeProgressTab,
    shows: hasTraineeProgress,
  },
];

/** The user detail page (000 §2.10). */
export default function UserDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const [erased, setErased] = useState(false);
  const query = useUser(valid && !erased ? id : 0);
  const navigate = useNavigate();
  const hasHistory = useHasHistory();
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const left = useRef(false);

  const leave = () => {
    if (left.current || !me) return;
    left.current = true;
    if (hasHistory) void navigate(-1);
    else void navigate(roleHome(me.roleId), { replace: true });
  };

  // 000 §8: a missing loaded entity navigates back.
  const failed = !valid || (query.isError && !erased);
  useEffect(() => {
    if (failed) leave();
  });

  // An erased user's cache entry goes when its page closes.
  useEffect(
    () => () => {
      if (erased) forgetUser(queryClient, id);
    },
    [erased, id, queryClient],
  );

  const user = query.data;
  const target = user ? userTarget(user) : undefined;
  const mayUpdate = useCan('user:update', target);
  const mayUpdateEmail = useCan('user:updateEmail', target);

  if (!user || failed || erased) return <UserDetailSkeleton />;

  const deleted = user.deletedAt !== null;
  const tabs = userDetailTabs.filter((tab) => !tab.shows || tab.shows(user));
  return (
    <Stack gap="lg">
      <ProfileCard
        person={{ ...user, imageUrl: user.image?.url ?? null }}
        badges={
          deleted || !user.active ? (
            <>
              {deleted && (
                <Badge color="red" variant="light">
                  {messages.deleted}
                </Badge>
              )}
              {!user.active && (
                <Badge color="gray" variant="light">
                  {messages.inactive}
                </Badge>
              )}
            </>
          ) : undefined
        }
        actions={
          <UserActions
            user={user}
            onErased={() => {
              setErased(true);
              leave();
            }}
          />
        }
      />
      {deleted && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {userText.userIsDeleted}
        </Alert>
      )}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Paper p="lg" component="section" aria-labelledby="user-edit-title">
              <Title order={2} id="user-edit-title" mb="md">
                {userText.profile}
              </Title>
              <UserEditForm key={user.id} user={user} readOnly={!mayUpdate || deleted} />
            </Paper>
            <Paper p="lg" component="section" aria-labelledby="user-email-title">
              <Title order={2} id="user-email-title" mb="md">
                {messages.email}
              </Title>
              <EmailChangeForm user={user} readOnly={!mayUpdateEmail || deleted} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <UserAccessCard user={user} />
        </Grid.Col>
      </Grid>
      {tabs.length > 0 && (
        <Paper p="lg" component="section">
          <Tabs defaultValue={tabs[0]!.value} keepMounted={false}>
            <Tabs.List>
              {tabs.map((tab) => (
                <Tabs.Tab key={tab.value} value={tab.value}>
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map(({ value, Component }) => (
              <Tabs.Panel key={value} value={value} pt="md">
                <Component user={user} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Paper>
      )}
    </Stack>
  );
}

/** The page's shape while the user loads. */
function UserDetailSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={170} radius="md" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={420} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={220} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
