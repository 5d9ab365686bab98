/**
 * The assets feature (001 §2 'Avatars and environments', 'Organization content views'): what app/
 * routes compose. Other features never import it.
 */
export { AssetsList } from './components/assets-list';
export { AssetForm } from './components/asset-form';
export { OrganizationAssetsTab } from './components/organization-assets-tab';
export { useAsset } from './api/get-asset';
export { assetKinds, type AssetKind } from './kinds';
