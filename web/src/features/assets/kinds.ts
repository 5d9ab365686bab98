/**
 * The two asset kinds of 001 §3 'Asset' (Avatar 1, Environment 2) and what differs between their
 * screens (001 §2 'Avatars and environments'): the name field (avatar Name, environment Title),
 * the titles, the routes and the delete failure message (001 §8).
 */
import {
  AssetType,
  assetDeleteFailedMessages,
  assetTypeLabels,
  messages,
  type AssetTypeId,
} from '@practica/contract';
import { paths } from '@shared/config/paths';
import { assetText } from '@shared/config/ui-text';

export const assetKindNames = ['avatars', 'environments'] as const;
/** An asset kind as the console names it (also the organization's Assets sub-tab). */
export type AssetKind = (typeof assetKindNames)[number];

export interface AssetKindInfo {
  typeId: AssetTypeId;
  /** 'Avatar' / 'Environment' (001 §8 '{type} added/removed organization!'). */
  label: string;
  /** 'Avatars' / 'Environments'. */
  plural: string;
  /** The name field: 'Name' for an avatar, 'Title' for an environment (001 §5). */
  nameLabel: string;
  intro: string;
  newLabel: string;
  deleteFailed: string;
  listPath: () => string;
  createPath: () => string;
  editPath: (id: number) => string;
}

export const assetKinds: Record<AssetKind, AssetKindInfo> = {
  avatars: {
    typeId: AssetType.Avatar,
    label: assetTypeLabels[AssetType.Avatar],
    plural: messages.avatars,
    nameLabel: messages.name,
    intro: assetText.avatarsIntro,
    newLabel: assetText.newAvatar,
    deleteFailed: assetDeleteFailedMessages[AssetType.Avatar],
    listPath: paths.avatars,
    createPath: paths.avatarCreate,
    editPath: paths.avatarEdit,
  },
  environments: {
    typeId: AssetType.Environment,
    label: assetTypeLabels[AssetType.Environment],
    plural: messages.environments,
    nameLabel: messages.title,
    intro: assetText.environmentsIntro,
    newLabel: assetText.newEnvironment,
    deleteFailed: assetDeleteFailedMessages[AssetType.Environment],
    listPath: paths.environments,
    createPath: paths.environmentCreate,
    editPath: paths.environmentEdit,
  },
};
