/**
 * Placeholder of a guarded screen not built yet: a calm card with the page title, so every route
 * of 000 §2.2 and 001 §2 exists with its guard until the screen is built.
 */
import { Badge, Paper } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { StatusMessage } from '@shared/components/status-message';
import { uiText } from '@shared/config/ui-text';
import type { RouteHandle } from '../router';

/** Coming-soon page titled after its route. */
export default function ComingSoonPage() {
  const matches = useMatches();
  const title =
    [...matches]
      .reverse()
      .map((m) => (m.handle as RouteHandle | undefined)?.title)
      .find(Boolean) ?? uiText.comingSoonTitle;
  return (
    <Paper p={48} data-testid="coming-soon">
      <StatusMessage
        icon={<IconTools size={28} />}
        title={title}
        action={
          <Badge variant="light" color="gray" mt={4}>
            {uiText.comingSoonTitle}
          </Badge>
        }
      >
        {uiText.comingSoonBody}
      </StatusMessage>
    </Paper>
  );
}
