/**
 * The sidebar (000 §2.4): the role's entries, then the settings and logout icons at the bottom.
 * Choosing an entry remembers it as the root page (000 §2.2).
 */
import {
  ActionIcon,
  AppShell,
  CloseButton,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Tooltip,
} from '@mantine/core';
import { messages } from '@practica/contract';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@shared/config/paths';
import { uiText } from '@shared/config/ui-text';
import { BrandMark } from '@shared/components/brand-mark';
import type { NavItem } from './nav-items';

export interface SidebarProps {
  items: readonly NavItem[];
  /** The entry to highlight (the current root page). */
  activePath: string | null;
  settingsActive: boolean;
  onNavigate: (item: NavItem) => void;
  onLogout: () => void;
  /** Closes the navigation on small screens, where it covers the page. */
  onClose: () => void;
}

/** Navigation of the console (000 §2.4). */
export function Sidebar({
  items,
  activePath,
  settingsActive,
  onNavigate,
  onLogout,
  onClose,
}: SidebarProps) {
  return (
    <>
      <AppShell.Section px="md" pt="md" pb="lg">
        <Group justify="space-between" wrap="nowrap">
          <BrandMark caption={uiText.staffConsole} />
          <CloseButton hiddenFrom="sm" onClick={onClose} aria-label={uiText.closeNavigation} />
        </Group>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm">
        <nav aria-label={uiText.mainNavigation}>
          <Stack gap={4}>
            {items.map((item) => {
              const active = item.to === activePath;
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={() => onNavigate(item)}
                  variant="light"
                  fw={500}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </Stack>
        </nav>
      </AppShell.Section>
      <AppShell.Section p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Group gap="xs">
          <Tooltip label={messages.settings} position="top">
            <ActionIcon
              component={Link}
              to={paths.settings()}
              variant={settingsActive ? 'light' : 'subtle'}
              color={settingsActive ? undefined : 'gray'}
              size="lg"
              aria-label={messages.settings}
              aria-current={settingsActive ? 'page' : undefined}
              onClick={onClose}
            >
              <IconSettings size={20} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={messages.logout} position="top">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={messages.logout}
              onClick={onLogout}
            >
              <IconLogout size={20} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </AppShell.Section>
    </>
  );
}
