/**
 * The banner of the avatar and environment screens (001 §2 'Avatars and environments'): the
 * mobile avatars and environments are fixed and must not be created or edited.
 */
import { Alert } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconAlertTriangle } from '@tabler/icons-react';

export function MobileAssetsBanner() {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
      {messages.mobileAssetsBanner}
    </Alert>
  );
}
