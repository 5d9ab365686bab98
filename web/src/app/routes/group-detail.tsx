/**
 * /dbl/groups/create and /dbl/groups/{id} (000 §2.2, §2.6; admin and manager): with the id 'new'
 * or on /create, the Create Group form for the organization of the `orgId` query parameter (an
 * admin's) or of the user, then the new group; otherwise the group panel. A group or organization
 * that cannot be found navigates back.
 */
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { messages, Role } from '@practica/contract';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '@shared/components/page-title';
import { paths, queryParams } from '@shared/config/paths';
import { groupText } from '../../config/organization-text';
import { GroupForm, GroupPanel, useGroup } from '../../features/groups';
import { useAuth } from '../../lib/auth';
import { useAfterGroupDeleted } from './group-navigation';
import { useGoBack } from './go-back';

/** 000 §2.2: the id 'new' creates. */
const newGroupId = 'new';

/** The organization of a new group: the query's for an admin, else the user's. */
function useNewGroupOrganization(): number | null {
  const { user } = useAuth();
  const [search] = useSearchParams();
  if (!user) return null;
  if (user.roleId !== Role.Admin) return user.organizationId;
  const orgId = Number(search.get(queryParams.orgId));
  return Number.isInteger(orgId) && orgId > 0 ? orgId : null;
}

function CreateGroup() {
  const orgId = useNewGroupOrganization();
  const navigate = useNavigate();
  const goBack = useGoBack();
  useEffect(() => {
    if (orgId === null) goBack();
  }, [orgId, goBack]);
  if (orgId === null) return null;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 8, lg: 6 }}>
        <Paper p="lg">
          <Stack gap="md">
            <div>
              <Title order={2}>{messages.createGroup}</Title>
              <Text size="sm" c="dimmed" mt={2}>
                {groupText.createHint}
              </Text>
            </div>
            <GroupForm
              organizationId={orgId}
              onSaved={(group) =>
                void navigate(paths.groupDetail(group.id, orgId), { replace: true })
              }
              onCancel={goBack}
            />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function GroupDetail({ id }: { id: number }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const afterDeleted = useAfterGroupDeleted();
  const query = useGroup(id);
  useEffect(() => {
    if (query.isError) goBack();
  }, [query.isError, goBack]);
  return (
    <>
      {query.data && <PageTitle title={query.data.name} />}
      <GroupPanel
        groupId={id}
        showOrganization={user?.roleId === Role.Admin}
        onDeleted={afterDeleted}
        onUserClick={(userId) => void navigate(paths.userDetail(userId))}
      />
    </>
  );
}

/** Group detail or creation (000 §2.6). */
export default function GroupDetailPage() {
  const raw = useParams().id;
  const goBack = useGoBack();
  const id = Number(raw);
  const creating = raw === undefined || raw === newGroupId;
  const valid = creating || (Number.isInteger(id) && id > 0);
  useEffect(() => {
    if (!valid) goBack();
  }, [valid, goBack]);
  if (creating) return <CreateGroup />;
  return valid ? <GroupDetail key={id} id={id} /> : null;
}
