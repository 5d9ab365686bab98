/**
 * /dbl/groups (000 §2.6): the user's groups on the left (Name, Trainees, Instructors) and the
 * chosen group's panel on the right, or `messages.noGroupSelected`. The chosen group is kept in
 * the `id` query parameter, so the back button and a reload keep it. Managers create groups here.
 */
import { Grid, Group, Paper, Stack } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CreateButton } from '../../components/create-button';
import { StatusMessage } from '@shared/components/status-message';
import { paths, queryParams } from '@shared/config/paths';
import { groupText } from '../../config/organization-text';
import { GroupFormModal, GroupPanel, GroupsList } from '../../features/groups';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { useAfterGroupDeleted } from './group-navigation';

/** The groups screen (000 §2.6). */
export default function GroupsPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const afterDeleted = useAfterGroupDeleted();
  const orgId = user?.organizationId ?? null;
  const mayCreate = useCan('group:create', { organizationId: orgId }) && orgId !== null;
  const raw = Number(search.get(queryParams.id));
  const selectedId = Number.isInteger(raw) && raw > 0 ? raw : null;

  const select = (id: number) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set(queryParams.id, String(id));
      return next;
    });

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Stack gap="sm">
          {mayCreate && (
            <Group justify="flex-end">
              <CreateButton onClick={() => setCreating(true)}>{messages.createGroup}</CreateButton>
            </Group>
          )}
          <GroupsList
            selectedId={selectedId}
            onSelect={(group) => select(group.id)}
            page={page}
            onPageChange={setPage}
            showOrganization={user?.organizationId === null}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        {selectedId ? (
          <GroupPanel
            key={selectedId}
            groupId={selectedId}
            showOrganization={user?.organizationId === null}
            onDeleted={afterDeleted}
            onUserClick={(id) => void navigate(paths.userDetail(id))}
          />
        ) : (
          <Paper p={48}>
            <StatusMessage icon={<IconUsersGroup size={28} />} title={messages.noGroupSelected}>
              {groupText.noGroupSelectedHint}
            </StatusMessage>
          </Paper>
        )}
      </Grid.Col>
      {mayCreate && orgId !== null && (
        <GroupFormModal
          opened={creating}
          onClose={() => setCreating(false)}
          organizationId={orgId}
          onSaved={(group) => {
            setCreating(false);
            select(group.id);
          }}
        />
      )}
    </Grid>
  );
}
