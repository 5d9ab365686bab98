/** /dbl/environments/create and /dbl/environments/{id}/edit (001 §2 'Avatars and environments'). */
import { AssetEditPage } from './asset-edit-page';

export default function EnvironmentEditPage() {
  return <AssetEditPage kind="environments" />;
}
