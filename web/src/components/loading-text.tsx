/**
 * The shared loading indicator of lists and panels (000 §2.4): a small spinner beside
 * `messages.loading`. The caller places it (a centred `role="status"` box, a table cell…).
 */
import { Group, Loader, Text } from '@mantine/core';
import { messages } from '@practica/contract';

/** A spinner and the loading text, on one line. */
export function LoadingText() {
  return (
    <Group gap="xs">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {messages.loading}
      </Text>
    </Group>
  );
}
