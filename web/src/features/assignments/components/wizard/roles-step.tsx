/**
 * Wizard step 'Select roles' (001 §2): a table Role, Questions (the numbers of that role's
 * questions) and Avatar, where 'Select' or the avatar opens the single-selection avatar picker
 * (given by the page); on the right the environment thumbnails, the chosen one with a highlighted
 * border.
 */
import {
  Avatar,
  Button,
  Grid,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { messages, stepperColors, type Asset, type Questionnaire } from '@practica/contract';
import { useState, type ReactNode } from 'react';
import { assignmentText } from '../../../../config/assignment-text';
import { useAssignmentAvatars, useAssignmentEnvironments } from '../../api/list-wizard-sources';
import type { WizardRole } from './wizard-form';

/** What the page's avatar picker receives (the assets feature's dialog fits). */
export interface AvatarPickerSlotProps {
  opened: boolean;
  onClose: () => void;
  avatars: readonly Asset[];
  selectedIds: readonly number[];
  onSave: (ids: number[]) => void;
}

export type RenderAvatarPicker = (props: AvatarPickerSlotProps) => ReactNode;

export interface RolesStepProps {
  /** The assignment's organization: the avatars and environments available to it are offered. */
  organizationId: number | null;
  interview: Questionnaire | undefined;
  roles: WizardRole[];
  environmentId: number | null;
  onRolesChange: (roles: WizardRole[]) => void;
  onEnvironmentChange: (id: number) => void;
  renderAvatarPicker: RenderAvatarPicker;
}

/** Step 3 of the wizard. */
export function RolesStep({
  organizationId,
  interview,
  roles,
  environmentId,
  onRolesChange,
  onEnvironmentChange,
  renderAvatarPicker,
}: RolesStepProps) {
  const avatars = useAssignmentAvatars(organizationId).data?.list ?? [];
  const environments = useAssignmentEnvironments(organizationId).data?.list ?? [];
  const [picking, setPicking] = useState<number | null>(null);
  const numbersOf = (roleId: number) =>
    (interview?.questions ?? [])
      .map((q, index) => (q.interviewRoleId === roleId ? index + 1 : null))
      .filter((n): n is number => n !== null)
      .join(', ');
  const current = roles.find((r) => r.roleId === picking);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md">
          <Table aria-label={messages.stepSelectRoles}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{messages.role}</Table.Th>
                <Table.Th>{messages.questions}</Table.Th>
                <Table.Th>{messages.avatar}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.map((role) => {
                const avatar = avatars.find((a) => a.id === role.avatarId);
                return (
                  <Table.Tr key={role.roleId}>
                    <Table.Td>{role.name}</Table.Td>
                    <Table.Td>{numbersOf(role.roleId) || messages.noDate}</Table.Td>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <UnstyledButton
                          aria-label={`${messages.avatar} ${role.name}`}
                          onClick={() => setPicking(role.roleId)}
                        >
                          <Avatar src={avatar?.image?.url ?? null} alt="" radius="xl" />
                        </UnstyledButton>
                        <Text size="sm">{avatar?.name ?? assignmentText.noAvatar}</Text>
                        <Button size="xs" variant="light" onClick={() => setPicking(role.roleId)}>
                          {messages.select}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          <Title order={4}>{messages.environment}</Title>
          <SimpleGrid cols={2} spacing="sm">
            {environments.map((env) => {
              const chosen = env.id === environmentId;
              return (
                <UnstyledButton
                  key={env.id}
                  aria-pressed={chosen}
                  aria-label={env.name}
                  onClick={() => onEnvironmentChange(env.id)}
                  style={{
                    border: `3px solid ${chosen ? stepperColors.active : stepperColors.inactive}`,
                    borderRadius: 8,
                    padding: 4,
                  }}
                >
                  <Image src={env.image?.url ?? null} h={90} radius="sm" alt="" fit="cover" />
                  <Text size="sm" ta="center" mt={4} fw={chosen ? 700 : 400}>
                    {env.name}
                  </Text>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Stack>
      </Grid.Col>
      {renderAvatarPicker({
        opened: picking !== null,
        onClose: () => setPicking(null),
        avatars,
        selectedIds: current?.avatarId ? [current.avatarId] : [],
        onSave: (ids) => {
          const id = ids[0] ?? null;
          onRolesChange(roles.map((r) => (r.roleId === picking ? { ...r, avatarId: id } : r)));
          setPicking(null);
        },
      })}
    </Grid>
  );
}
