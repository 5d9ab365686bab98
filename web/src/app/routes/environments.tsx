/** /dbl/environments (001 §2 'Avatars and environments'): the admin's environments. */
import { AssetsList } from '../../features/assets';

export default function EnvironmentsPage() {
  return <AssetsList kind="environments" />;
}
