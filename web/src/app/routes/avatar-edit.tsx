/** /dbl/avatars/create and /dbl/avatars/{id}/edit (001 §2 'Avatars and environments'). */
import { AssetEditPage } from './asset-edit-page';

export default function AvatarEditPage() {
  return <AssetEditPage kind="avatars" />;
}
