/**
 * The top bar (000 §2.4): a back button when not on a root page, the page title, the user's first
 * and last name, the role label (prefixed by `messages.creatorAmpersand` for a creator) and the avatar image
 * (initials when there is none).
 */
import { ActionIcon, Avatar, Burger, Group, Text, Title, Tooltip } from '@mantine/core';
import { displayRoleLabel, messages, type SessionUser } from '@practica/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { uiText } from '@shared/config/ui-text';

export interface TopBarProps {
  user: SessionUser;
  title: string;
  showBack: boolean;
  onBack: () => void;
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Initials of a name, for the avatar fallback. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/** Header of the console (000 §2.4). */
export function TopBar({ user, title, showBack, onBack, navOpened, onToggleNav }: TopBarProps) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Group h="100%" px="lg" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={uiText.toggleNavigation}
        />
        {showBack && (
          <Tooltip label={messages.back}>
            <ActionIcon
              variant="default"
              size="lg"
              radius="md"
              onClick={onBack}
              aria-label={messages.back}
            >
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <Title order={1} lineClamp={1}>
          {title}
        </Title>
      </Group>
      <Group gap="sm" wrap="nowrap" aria-label={uiText.userMenu} role="group">
        <div style={{ textAlign: 'right' }}>
          <Text size="sm" fw={600} lh={1.25} data-testid="top-bar-name" visibleFrom="xs">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" lh={1.25} data-testid="top-bar-role" visibleFrom="xs">
            {displayRoleLabel(user.roleId, user.creator)}
          </Text>
        </div>
        <Avatar
          src={user.imageUrl ?? null}
          alt={fullName}
          radius="xl"
          color="brand"
          variant="light"
        >
          {initials(user.firstName, user.lastName)}
        </Avatar>
      </Group>
    </Group>
  );
}
