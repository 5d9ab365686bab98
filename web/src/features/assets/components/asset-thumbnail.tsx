/** An asset's image as a small thumbnail (001 §2 'Avatars and environments' lists), or its initial. */
import { Avatar } from '@mantine/core';
import type { AssetKind } from '../kinds';

export function AssetThumbnail({
  kind,
  name,
  url,
  size = 44,
}: {
  kind: AssetKind;
  name: string;
  url: string | null | undefined;
  size?: number;
}) {
  return (
    <Avatar
      src={url ?? null}
      alt=""
      size={size}
      radius={kind === 'avatars' ? 'xl' : 'md'}
      color="brand"
      variant="light"
    >
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}
