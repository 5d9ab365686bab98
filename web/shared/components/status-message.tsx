/** An icon, a heading and a line of text: used by result pages, empty states and placeholders. */
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatusMessageProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  color?: string;
  /** Heading level; 1 on public pages, 2 inside the shell (the top bar holds the h1). */
  order?: 1 | 2 | 3;
  action?: ReactNode;
}

/** Centred status block. */
export function StatusMessage({
  icon,
  title,
  children,
  color = 'brand',
  order = 2,
  action,
}: StatusMessageProps) {
  return (
    <Stack align="center" gap="sm" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={order}>{title}</Title>
      {children && (
        <Text c="dimmed" size="sm" maw={420}>
          {children}
        </Text>
      )}
      {action}
    </Stack>
  );
}
