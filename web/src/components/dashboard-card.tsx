/**
 * The dashboard card (000 §2.4, §2.5): a title, an icon, a count and an optional button.
 * A count not known yet shows a dimmed dash.
 */
import { Box, Button, Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { uiText } from '@shared/config/ui-text';

export interface DashboardCardProps {
  title: string;
  icon: ReactNode;
  /** The figure; null while unknown (shows a dash); omitted for a pure action card. */
  count?: number | string | null;
  /** Optional action: a link (`to`) or a handler. */
  action?: { label: string; to?: string; onClick?: () => void };
  /** Small print under the count. */
  hint?: ReactNode;
}

/** One figure of a dashboard (000 §2.5). */
export function DashboardCard({ title, icon, count, action, hint }: DashboardCardProps) {
  const unknown = count === null;
  return (
    <Card
      component="section"
      aria-label={title}
      h="100%"
      padding="md"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} c="dimmed" lh={1.3}>
          {title}
        </Text>
        <ThemeIcon variant="light" size={34} radius="md" aria-hidden style={{ flexShrink: 0 }}>
          {icon}
        </ThemeIcon>
      </Group>
      {count !== undefined && (
        <Text
          fz={28}
          fw={700}
          lh={1.2}
          mt="xs"
          c={unknown ? 'gray.4' : undefined}
          data-testid="dashboard-card-count"
        >
          {unknown ? uiText.noCount : count}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
      {action && (
        <Box mt="auto" pt="md">
          {action.to ? (
            <Button component={Link} to={action.to} variant="light" size="xs" fullWidth>
              {action.label}
            </Button>
          ) : (
            <Button variant="light" size="xs" fullWidth onClick={action.onClick}>
              {action.label}
            </Button>
          )}
        </Box>
      )}
    </Card>
  );
}
