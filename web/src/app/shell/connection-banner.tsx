/**
 * The network message inside the shell (decisions.md#console-flows §4): while the server is unreachable, a
 * banner above the page says `messages.checkInternetConnection` and that the console continues by
 * itself; Try again asks the server at once. Nothing is shown while the connection is fine.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { shellText } from '../../config/shell-text';

export interface ConnectionBannerProps {
  reachable: boolean;
  onRetry: () => void;
}

/** The banner; renders nothing while `reachable`. */
export function ConnectionBanner({ reachable, onRetry }: ConnectionBannerProps) {
  if (reachable) return null;
  return (
    <Alert
      role="alert"
      color="orange"
      variant="light"
      icon={<IconWifiOff size={20} aria-hidden />}
      title={messages.checkInternetConnection}
      mb="md"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{shellText.reconnecting}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          {shellText.tryAgain}
        </Button>
      </Group>
    </Alert>
  );
}
