/**
 * Profile information (000 §2.8; also the head of User detail, 000 §2.10): the avatar image (or
 * initials), the name with the role label under it ('Creator &' before it for a creator, 000 §2.4),
 * then email, phone and organization. Optional badges and actions sit beside the name.
 */
import { Avatar, Box, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { displayRoleLabel, messages, type RoleId } from '@practica/contract';
import type { ReactNode } from 'react';
import { userText } from '@shared/config/ui-text';
import { initialsOf } from './initials';

export interface ProfilePerson {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  roleId: RoleId;
  creator: boolean;
  imageUrl: string | null;
  /** The organization's name; null for none (admins); left out when not known. */
  organizationName?: string | null;
}

export interface ProfileCardProps {
  person: ProfilePerson;
  /** Heading level of the name (2 inside the shell). */
  order?: 2 | 3;
  badges?: ReactNode;
  actions?: ReactNode;
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {value || userText.notSet}
      </Text>
    </div>
  );
}

/** The card with a person's profile information (000 §2.8). */
export function ProfileCard({ person, order = 2, badges, actions }: ProfileCardProps) {
  const name = `${person.firstName} ${person.lastName}`.trim();
  return (
    <Paper p="lg" component="section" aria-label={userText.profileInformation}>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Avatar
            src={person.imageUrl}
            alt={name}
            size={72}
            radius="xl"
            color="brand"
            variant="light"
            data-testid="profile-avatar"
          >
            {initialsOf(person.firstName, person.lastName)}
          </Avatar>
          <Box miw={0}>
            <Title order={order} data-testid="profile-name">
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {displayRoleLabel(person.roleId, person.creator)}
            </Text>
            {badges && (
              <Group gap={6} mt={6}>
                {badges}
              </Group>
            )}
          </Box>
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" mt="lg">
        <Fact label={messages.email} value={person.email} />
        <Fact label={messages.phoneNumber} value={person.phoneNumber} />
        {person.organizationName !== undefined && (
          <Fact label={messages.organization} value={person.organizationName} />
        )}
      </SimpleGrid>
    </Paper>
  );
}
