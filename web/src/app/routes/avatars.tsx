/** /dbl/avatars (001 §2 'Avatars and environments'): the admin's avatars. */
import { AssetsList } from '../../features/assets';

export default function AvatarsPage() {
  return <AssetsList kind="avatars" />;
}
