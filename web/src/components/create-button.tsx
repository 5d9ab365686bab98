/**
 * The console's one create button (decisions.md#console-flows §12): a filled brand button with a plus icon,
 * placed at the right of a page's or a tab's title row. Either a link (`to`, for create pages)
 * or a button (`onClick`, for create dialogs). Use it for every "New …", "Add …" and "Create …"
 * that makes a new record; row-level and in-form adders (add an option, add a role) stay subtle.
 */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type CreateButtonProps = {
  children: ReactNode;
  /** Accessible name when the visible text is not enough. */
  'aria-label'?: string;
  disabled?: boolean;
} & ({ to: string; onClick?: never } | { onClick: () => void; to?: never });

/** A filled "+ label" button; a router link when `to` is given. */
export function CreateButton({ children, to, onClick, ...rest }: CreateButtonProps) {
  const icon = <IconPlus size={16} aria-hidden />;
  if (to !== undefined)
    return (
      <Button component={Link} to={to} leftSection={icon} {...rest}>
        {children}
      </Button>
    );
  return (
    <Button leftSection={icon} onClick={onClick} {...rest}>
      {children}
    </Button>
  );
}
