/**
 * Props for a control inside a clickable table row: its click runs `handler`, and neither the
 * click nor its keys reach the row (which would open the row's page).
 */
import type { KeyboardEvent, MouseEvent } from 'react';

export function rowAction(handler: () => void) {
  return {
    onClick: (event: MouseEvent) => {
      event.stopPropagation();
      handler();
    },
    onKeyDown: (event: KeyboardEvent) => event.stopPropagation(),
  };
}
