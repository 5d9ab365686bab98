/**
 * The dashboard card (000 §2.4, §2.5): a title, an icon, a count and an optional button.
 * A count not known yet shows a dash.
 */
import { Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { uiText } from '../config/ui-text';

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
  const shown = count === null ? uiText.noCount : count;
  return (
    <Card component="section" aria-label={title} h="100%">
      <Stack gap="sm" h="100%" justify="space-between">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text size="sm" fw={600} c="dimmed">
            {title}
          </Text>
          <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
        </Group>
        <div>
          {shown !== undefined && (
            <Text fz={30} fw={700} lh={1.1} data-testid="dashboard-card-count">
              {shown}
            </Text>
          )}
          {hint && (
            <Text size="xs" c="dimmed" mt={4}>
              {hint}
            </Text>
          )}
        </div>
        {action &&
          (action.to ? (
            <Button component={Link} to={action.to} variant="light" size="xs" fullWidth>
              {action.label}
            </Button>
          ) : (
            <Button variant="light" size="xs" fullWidth onClick={action.onClick}>
              {action.label}
            </Button>
          ))}
      </Stack>
    </Card>
  );
}
