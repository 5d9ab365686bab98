/** The active / inactive badge of an organization (000 §2.5 status column, decisions.md active flag). */
import { Badge } from '@mantine/core';
import { messages } from '@practica/contract';

/** Green when active, grey when not. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} radius="sm">
      {active ? messages.active : messages.inactive}
    </Badge>
  );
}
